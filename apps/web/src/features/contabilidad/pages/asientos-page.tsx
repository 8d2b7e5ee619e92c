import { DeleteOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DiariosContables, type TAsiento } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useAsientos, useCentrosDeCosto, useContabilizar, useCrearAsiento, useCuentas, useGuardarTipoCambio, usePendientes } from '../api/libros';
import { monto, nombrePeriodo, periodoActual, periodosRecientes } from '../formato';

const NOMBRE_ORIGEN: Record<TAsiento['Origen'], string> = { MANUAL: 'Manual', VENTA: 'Venta', ANULACION: 'Anulación', COBRO: 'Cobro', PAGO: 'Pago', CAJA: 'Caja', COSTO: 'Costo de ventas', COMPRA: 'Compra', PLANILLA: 'Planilla', CIERRE: 'Cierre', APERTURA: 'Apertura', LETRA: 'Letra de cambio', MOVIMIENTO: 'Movimiento de cuenta' };
const COLOR_ORIGEN: Record<TAsiento['Origen'], string | undefined> = { MANUAL: undefined, VENTA: 'blue', ANULACION: 'orange', COBRO: 'green', PAGO: 'lime', CAJA: 'cyan', COSTO: 'purple', COMPRA: 'geekblue', PLANILLA: 'magenta', CIERRE: 'red', APERTURA: 'gold', LETRA: 'volcano', MOVIMIENTO: 'gold' };

/** Journal entries of a month (manual and automatic) and the sales documents still waiting to be posted. */
export function AsientosPage() {
  const [params, setParams] = useSearchParams();
  const periodo = params.get('periodo') ?? periodoActual();
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const consulta = useAsientos({ periodo, pagina });
  const [creando, setCreando] = useState(false);
  const contabilizar = useContabilizar();
  const { message } = App.useApp();

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Pendientes />
      <Card data-testid="pagina-asientos">
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
          <Select
            aria-label="Periodo"
            value={periodo}
            style={{ width: 200 }}
            onChange={(v) => setParams({ periodo: v }, { replace: true })}
            options={periodosRecientes().map((p) => ({ value: p, label: nombrePeriodo(p) }))}
          />
          <Space wrap>
            <Button
              icon={<SyncOutlined />}
              loading={contabilizar.isPending}
              onClick={() =>
                contabilizar.mutateAsync().then(
                  (r) => message.success(`Ventas contabilizadas: ${r.Contabilizados}${r.Pendientes ? `; pendientes: ${r.Pendientes}` : ''}`),
                  (e: unknown) => message.error(mensajeDeError(e)),
                )
              }
            >
              Contabilizar ventas
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreando(true)}>
              Nuevo asiento
            </Button>
          </Space>
        </Space>
        {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
        <Table<TAsiento>
          rowKey="Id"
          size="middle"
          loading={consulta.isFetching}
          dataSource={consulta.data?.Data ?? []}
          scroll={{ x: 800 }}
          locale={{ emptyText: `No hay asientos en ${nombrePeriodo(periodo)}` }}
          pagination={{ current: pagina, pageSize: 10, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => setParams({ periodo, pagina: String(p) }, { replace: true }) }}
          expandable={{
            expandedRowRender: (a) => (
              <Table
                rowKey={(l) => `${l.IdCuenta}-${l.Debe}-${l.Haber}`}
                size="small"
                pagination={false}
                dataSource={a.Lineas}
                columns={[
                  { title: 'Cuenta', dataIndex: 'Codigo', width: 110 },
                  { title: 'Denominación', dataIndex: 'Cuenta' },
                  { title: 'Centro de costo', dataIndex: 'CentroCosto', width: 160, render: (v: string | null) => v ?? '' },
                  { title: 'Debe', dataIndex: 'Debe', align: 'right', render: (v: string) => (Number(v) ? monto(v) : '') },
                  { title: 'Haber', dataIndex: 'Haber', align: 'right', render: (v: string) => (Number(v) ? monto(v) : '') },
                ]}
              />
            ),
          }}
          columns={[
            { title: 'Número', dataIndex: 'Numero', width: 100 },
            { title: 'Fecha', dataIndex: 'Fecha', width: 110, render: (v: string) => dayjs(v).format('DD/MM/YYYY') },
            { title: 'Diario', dataIndex: 'Diario', width: 130 },
            { title: 'Glosa', dataIndex: 'Glosa' },
            { title: 'Origen', key: 'origen', width: 120, render: (_, a) => <Tag color={COLOR_ORIGEN[a.Origen]}>{`${NOMBRE_ORIGEN[a.Origen]} ${a.Documento ?? ''}`.trim()}</Tag> },
            { title: 'Importe', dataIndex: 'TotalDebe', align: 'right', width: 130, render: (v: string) => monto(v) },
          ]}
        />
      </Card>
      {creando && <NuevoAsiento periodo={periodo} onCerrar={() => setCreando(false)} />}
    </Space>
  );
}

function Pendientes() {
  const consulta = usePendientes();
  const guardarTc = useGuardarTipoCambio();
  const contabilizar = useContabilizar();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Fecha: Dayjs; Compra: number; Venta: number }>();
  const datos = consulta.data?.Data ?? [];
  if (datos.length === 0) return null;
  return (
    <Card title="Documentos de venta pendientes de contabilizar" data-testid="pendientes-contables">
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="Estos documentos no se pudieron contabilizar. Corrija el motivo y vuelva a contabilizar; los demás documentos ya se contabilizaron." />
      <Table
        rowKey="IdDocumento"
        size="small"
        pagination={false}
        dataSource={datos}
        columns={[
          { title: 'Documento', dataIndex: 'Documento', width: 130 },
          { title: 'Emisión', dataIndex: 'FechaEmision', width: 110, render: (v: string) => dayjs(v).format('DD/MM/YYYY') },
          { title: 'Motivo', dataIndex: 'Motivo' },
        ]}
      />
      <Form
        form={form}
        layout="inline"
        style={{ marginTop: 12 }}
        onFinish={async (v) => {
          try {
            await guardarTc.mutateAsync({ Fecha: v.Fecha.format('YYYY-MM-DD'), Compra: String(v.Compra), Venta: String(v.Venta) });
            const r = await contabilizar.mutateAsync();
            message.success(`Tipo de cambio registrado. Ventas contabilizadas: ${r.Contabilizados}`);
            form.resetFields();
          } catch (e) {
            message.error(mensajeDeError(e));
          }
        }}
      >
        <Typography.Text style={{ marginRight: 8 }}>Tipo de cambio del dólar:</Typography.Text>
        <Form.Item name="Fecha" rules={[{ required: true, message: 'Fecha' }]}>
          <DatePicker format="DD/MM/YYYY" aria-label="Fecha del tipo de cambio" />
        </Form.Item>
        <Form.Item name="Compra" rules={[{ required: true, message: 'Compra' }]}>
          <InputNumber min={0.001} step={0.001} precision={3} placeholder="Compra" aria-label="Tipo de cambio compra" />
        </Form.Item>
        <Form.Item name="Venta" rules={[{ required: true, message: 'Venta' }]}>
          <InputNumber min={0.001} step={0.001} precision={3} placeholder="Venta" aria-label="Tipo de cambio venta" />
        </Form.Item>
        <Button htmlType="submit" loading={guardarTc.isPending || contabilizar.isPending}>
          Registrar y contabilizar
        </Button>
      </Form>
    </Card>
  );
}

type TLineaForm = { IdCuenta?: number; Debe?: string | number | null; Haber?: string | number | null; IdCentroCosto?: number | null };
type TAsientoForm = { IdDiario: number; Fecha: Dayjs; Glosa: string; Lineas: TLineaForm[] };

/** Cents of an amount typed as text (exact, no floats). */
const centimos = (v: unknown): bigint => {
  const t = String(v ?? '').trim();
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return 0n;
  const [e, d = ''] = t.split('.');
  return BigInt(e) * 100n + BigInt(`${d}00`.slice(0, 2));
};
const texto = (c: bigint) => {
  const a = c < 0n ? -c : c;
  return `${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};
const suma = (ls: TLineaForm[] | undefined, k: 'Debe' | 'Haber') => (ls ?? []).reduce((s, l) => s + centimos(l?.[k]), 0n);

function NuevoAsiento({ periodo, onCerrar }: { periodo: string; onCerrar: () => void }) {
  const [form] = Form.useForm<TAsientoForm>();
  const cuentas = useCuentas({ movimiento: true });
  const centros = useCentrosDeCosto();
  const crear = useCrearAsiento();
  const { message } = App.useApp();
  const lineas = Form.useWatch('Lineas', form);
  const debe = suma(lineas, 'Debe');
  const haber = suma(lineas, 'Haber');
  const [error, setError] = useState<string | null>(null);
  const inicial = periodo === periodoActual() ? dayjs() : dayjs(`${periodo}-01`);

  const enviar = async (v: TAsientoForm) => {
    setError(null);
    try {
      const a = await crear.mutateAsync({
        IdDiario: v.IdDiario,
        Fecha: v.Fecha.format('YYYY-MM-DD'),
        Glosa: v.Glosa,
        Lineas: v.Lineas.map((l) => ({ IdCuenta: l.IdCuenta!, Debe: l.Debe ? String(l.Debe) : '0', Haber: l.Haber ? String(l.Haber) : '0', IdCentroCosto: l.IdCentroCosto ?? null })),
      });
      message.success(`Asiento ${a.Numero} registrado`);
      onCerrar();
    } catch (e) {
      const campos = e instanceof ApiError ? e.cuerpo?.Errores : undefined;
      setError(campos ? `${e instanceof ApiError ? e.message : ''} ${Object.values(campos).join('; ')}`.trim() : mensajeDeError(e));
    }
  };

  return (
    <Modal open width={980} title="Nuevo asiento" okText="Registrar" cancelText="Cancelar" onCancel={onCerrar} onOk={() => form.submit()} confirmLoading={crear.isPending} destroyOnHidden>
      <Form<TAsientoForm> form={form} layout="vertical" onFinish={enviar} initialValues={{ IdDiario: 5, Fecha: inicial, Lineas: [{}, {}] }}>
        <Space wrap>
          <Form.Item name="Fecha" label="Fecha" rules={[{ required: true, message: 'Ingrese la fecha' }]}>
            <DatePicker format="DD/MM/YYYY" />
          </Form.Item>
          <Form.Item name="IdDiario" label="Diario">
            <Select style={{ width: 180 }} options={Object.entries(DiariosContables).map(([value, label]) => ({ value: Number(value), label }))} />
          </Form.Item>
        </Space>
        <Form.Item name="Glosa" label="Glosa" rules={[{ required: true, message: 'Ingrese la glosa' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.List name="Lineas">
          {(campos, { add, remove }) => (
            <>
              {campos.map((c, i) => (
                <Space key={c.key} align="baseline" wrap>
                  <Form.Item name={[c.name, 'IdCuenta']} rules={[{ required: true, message: 'Elija la cuenta' }]}>
                    <Select
                      showSearch
                      aria-label={`Cuenta de la línea ${i + 1}`}
                      placeholder="Cuenta"
                      style={{ width: 300 }}
                      optionFilterProp="label"
                      loading={cuentas.isLoading}
                      options={(cuentas.data?.Data ?? []).map((x) => ({ value: x.Id, label: `${x.Codigo} ${x.Descripcion}` }))}
                    />
                  </Form.Item>
                  <Form.Item name={[c.name, 'Debe']}>
                    <InputNumber<string> stringMode min="0" precision={2} placeholder="Debe" aria-label={`Debe de la línea ${i + 1}`} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[c.name, 'Haber']}>
                    <InputNumber<string> stringMode min="0" precision={2} placeholder="Haber" aria-label={`Haber de la línea ${i + 1}`} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[c.name, 'IdCentroCosto']}>
                    <Select
                      allowClear
                      showSearch
                      optionFilterProp="label"
                      aria-label={`Centro de costo de la línea ${i + 1}`}
                      placeholder="Centro de costo"
                      style={{ width: 170 }}
                      loading={centros.isLoading}
                      options={(centros.data ?? []).map((x) => ({ value: x.Id, label: `${x.Codigo} ${x.Nombre}` }))}
                    />
                  </Form.Item>
                  {campos.length > 2 && <Button icon={<DeleteOutlined />} aria-label={`Quitar la línea ${i + 1}`} onClick={() => remove(c.name)} />}
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})}>
                Agregar línea
              </Button>
            </>
          )}
        </Form.List>
        <div style={{ marginTop: 12 }} data-testid="totales-asiento">
          Total debe: <b>{monto(texto(debe))}</b> · Total haber: <b>{monto(texto(haber))}</b>{' '}
          {debe === haber && debe !== 0n ? <Tag color="green">Cuadrado</Tag> : <Tag color="red">Descuadre {monto(texto(debe - haber))}</Tag>}
        </div>
        {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
      </Form>
    </Modal>
  );
}
