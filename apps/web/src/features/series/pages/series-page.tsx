import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { NombreTipoDocumento, type TSerieDocumento, type TSerieGuardar } from '@yupana/contracts';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useEliminarSerie, useGuardarSerie, useSeries, type TFiltroSeries } from '../api/series';

const TIPOS = Object.entries(NombreTipoDocumento).map(([value, label]) => ({ value: Number(value), label }));
const ORIGENES = [
  { value: 1, label: 'Sunat' },
  { value: 2, label: 'Ventas' },
  { value: 3, label: 'Otros' },
];
/** The series letter SUNAT expects for each type (notes take their document's letter). */
const LETRA: Record<number, RegExp> = { 1003: /^F/, 1004: /^B/, 1005: /^[FB]/, 1006: /^[FB]/, 1007: /^T/, 3005: /^V/ };
const AYUDA_LETRA: Record<number, string> = { 1003: 'F001', 1004: 'B001', 1005: 'FC01 o BC01', 1006: 'FD01 o BD01', 1007: 'T001', 3005: 'V001' };

function SerieModal({ serie, onCerrar }: { serie: Partial<TSerieDocumento> | null; onCerrar: () => void }) {
  const [form] = Form.useForm<TSerieGuardar>();
  const guardar = useGuardarSerie();
  const sucursales = useUsuarioActual().data?.Sucursales ?? [];
  const tipo = Form.useWatch('IdTipoDocumento', form);
  const { message } = App.useApp();
  const errores = guardar.error instanceof ApiError ? guardar.error.errores : {};
  return (
    <Modal open title={serie?.Id ? `Editar serie ${serie.Serie}` : 'Nueva serie'} footer={null} onCancel={onCerrar} destroyOnHidden>
      <Form<TSerieGuardar>
        form={form}
        layout="vertical"
        initialValues={{ TipoSerie: 1, IdSucursal: sucursales[0]?.Id, ...serie, IdTipoDocumentoReferencia: serie?.IdTipoDocumentoReferencia ?? undefined, Descripcion: serie?.Descripcion ?? undefined }}
        onFinish={(v) =>
          void guardar.mutateAsync({ ...v, Id: serie?.Id, Serie: v.Serie.toUpperCase() }).then(() => {
            void message.success('Serie guardada');
            onCerrar();
          }, () => undefined)
        }
      >
        <Form.Item label="Sucursal" name="IdSucursal" rules={[{ required: true, message: 'Seleccione la sucursal' }]} validateStatus={errores.IdSucursal ? 'error' : undefined} help={errores.IdSucursal}>
          <Select options={sucursales.map((s) => ({ value: s.Id, label: s.Descripcion || s.RazonSocial }))} />
        </Form.Item>
        <Form.Item label="Tipo de documento" name="IdTipoDocumento" rules={[{ required: true, message: 'Seleccione el tipo de documento' }]}>
          <Select options={TIPOS} disabled={!!serie?.Id} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              label="Serie"
              name="Serie"
              normalize={(v: string) => v?.toUpperCase()}
              extra={tipo && AYUDA_LETRA[tipo] ? `Ejemplo: ${AYUDA_LETRA[tipo]}` : undefined}
              validateStatus={errores.Serie ? 'error' : undefined}
              help={errores.Serie}
              rules={[
                { required: true, pattern: /^[A-Z0-9]{4}$/, message: 'La serie tiene 4 caracteres' },
                ({ getFieldValue }) => ({
                  validator: async (_, v: string) => {
                    const t = getFieldValue('IdTipoDocumento') as number;
                    if (v && LETRA[t] && !LETRA[t].test(v)) throw new Error(`Para este tipo la serie empieza como ${AYUDA_LETRA[t]}`);
                  },
                }),
              ]}
            >
              <Input maxLength={4} disabled={!!serie?.Id} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Origen" name="TipoSerie">
              <Select options={ORIGENES} />
            </Form.Item>
          </Col>
        </Row>
        {(tipo === 1005 || tipo === 1006) && (
          <Form.Item label="Documentos que modifica" name="IdTipoDocumentoReferencia" rules={[{ required: true, message: 'Seleccione facturas o boletas' }]}>
            <Select options={[{ value: 1003, label: 'Facturas' }, { value: 1004, label: 'Boletas' }]} />
          </Form.Item>
        )}
        <Form.Item label="Descripción" name="Descripcion">
          <Input maxLength={150} />
        </Form.Item>
        {!serie?.Id && (
          <Form.Item label="Último número usado en otro sistema" name="CorrelativoInicial" tooltip="Solo si continúa una serie que ya usó en otro sistema de facturación">
            <InputNumber min={0} max={99999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {guardar.error ? <Alert type="error" showIcon title={mensajeDeError(guardar.error)} style={{ marginBottom: 12 }} /> : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={guardar.isPending}>
            Guardar
          </Button>
          <Button onClick={onCerrar}>Cancelar</Button>
        </Space>
      </Form>
    </Modal>
  );
}

/** /admin/series: the company's series per branch and document type. */
export function SeriesPage() {
  const [filtro, setFiltro] = useState<TFiltroSeries>({ nropagina: 1, regxpagina: 10 });
  const lista = useSeries(filtro);
  const eliminar = useEliminarSerie();
  const [editando, setEditando] = useState<Partial<TSerieDocumento> | null | undefined>(undefined);
  const { message } = App.useApp();
  const sucursales = useUsuarioActual().data?.Sucursales ?? [];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="pagina-series">
      <Card size="small">
        <Space wrap>
          <Select
            allowClear
            placeholder="Tipo de documento"
            style={{ minWidth: 220 }}
            options={TIPOS}
            onChange={(v?: number) => setFiltro((f) => ({ ...f, idtipodocumento: v, nropagina: 1 }))}
          />
          <Input.Search placeholder="Buscar serie" allowClear onSearch={(t) => setFiltro((f) => ({ ...f, filtro: t.trim() || undefined, nropagina: 1 }))} style={{ width: 200 }} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando(null)}>
            Nueva serie
          </Button>
        </Space>
      </Card>
      {lista.isError && <Alert type="error" showIcon title={mensajeDeError(lista.error)} />}
      <Card size="small">
        <Table<TSerieDocumento>
          rowKey="Id"
          size="small"
          scroll={{ x: 640 }}
          loading={lista.isFetching && !lista.data}
          dataSource={lista.data?.Data ?? []}
          locale={{ emptyText: 'No hay series registradas' }}
          pagination={{
            current: filtro.nropagina,
            pageSize: filtro.regxpagina,
            total: lista.data?.Count ?? 0,
            onChange: (nropagina, regxpagina) => setFiltro((f) => ({ ...f, nropagina, regxpagina })),
          }}
          columns={[
            { title: 'Serie', dataIndex: 'Serie', render: (s: string) => <strong>{s}</strong> },
            { title: 'Tipo', dataIndex: 'TipoDocumento' },
            { title: 'Sucursal', dataIndex: 'IdSucursal', responsive: ['md'], render: (id: number) => sucursales.find((s) => s.Id === id)?.Descripcion ?? id },
            { title: 'Origen', dataIndex: 'TipoSerie', responsive: ['md'], render: (t: number) => ORIGENES.find((o) => o.value === t)?.label ?? t },
            { title: 'Último número', dataIndex: 'Correlativo', align: 'right' },
            { title: 'Estado', dataIndex: 'LogEstado', render: (e: number) => (e === 1 ? <Tag color="green">Activa</Tag> : <Tag>Inactiva</Tag>) },
            {
              title: '',
              key: 'acciones',
              width: 96,
              render: (_, s) => (
                <Space>
                  <Button size="small" icon={<EditOutlined />} aria-label={`Editar ${s.Serie}`} onClick={() => setEditando(s)} />
                  <Popconfirm
                    title={`¿Eliminar la serie ${s.Serie}?`}
                    okText="Eliminar"
                    cancelText="Cancelar"
                    onConfirm={() => eliminar.mutateAsync(s.Id).then(() => void message.success('Serie eliminada'), (e: unknown) => void message.error(mensajeDeError(e)))}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${s.Serie}`} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editando !== undefined && <SerieModal serie={editando} onCerrar={() => setEditando(undefined)} />}
    </Space>
  );
}
