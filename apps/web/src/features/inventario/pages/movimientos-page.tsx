import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, DatePicker, Divider, Empty, Form, Input, Modal, Radio, Row, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ClasesMovimiento, OperacionesIngreso, OperacionesSalida, type TMovimiento, type TMovimientoGuardar, TiposOperacionInventario } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useAlmacenes, useEmitirGuiaTraslado, useMovimientos, useRegistrarMovimiento } from '../api/inventario';
import { aGuiaTraslado, CamposGuiaTraslado, type TGuiaForm } from '../components/campos-guia-traslado';
import { SelectorBien } from '../components/selector-bien';
import { CamposLote, controlDe, type TControl } from '../../../components/campos-lote';

const nombreOperacion = (c: string) => `${c} ${TiposOperacionInventario[c as keyof typeof TiposOperacionInventario] ?? ''}`;

/** The movement ledger: manual entries, exits and transfers, and those issued documents posted. */
export function MovimientosPage() {
  const [params, setParams] = useSearchParams();
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const consulta = useMovimientos(pagina);
  const almacenes = useAlmacenes();
  const nombreAlmacen = (id: number | null) => almacenes.data?.Data.find((a) => a.Id === id)?.Nombre ?? '';
  const [abierto, setAbierto] = useState(false);
  const [paraGuia, setParaGuia] = useState<Omit<TMovimiento, 'Detalle'> | null>(null);
  const sucursalDe = (id: number | null) => almacenes.data?.Data.find((a) => a.Id === id)?.IdSucursal;
  // A guide is between establishments: other branches, or a warehouse with an address of its own (branch guiaalm;
  // the server checks the addresses and codes and explains what is missing).
  const entreEstablecimientos = (m: Omit<TMovimiento, 'Detalle'>) =>
    sucursalDe(m.IdAlmacen) !== sucursalDe(m.IdAlmacenDestino) || (almacenes.data?.Data ?? []).some((a) => (a.Id === m.IdAlmacen || a.Id === m.IdAlmacenDestino) && a.Direccion);

  return (
    <Card data-testid="pagina-movimientos">
      <Space style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAbierto(true)}>
          Nuevo movimiento
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<Omit<TMovimiento, 'Detalle'>>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 800 }}
        locale={{ emptyText: <Empty description="Aún no hay movimientos" /> }}
        pagination={{ current: pagina, pageSize: 20, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => setParams({ pagina: String(p) }, { replace: true }) }}
        columns={[
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => dayjs(v).format('DD/MM/YYYY') },
          { title: 'Número', key: 'n', render: (_, m) => (m.Numero ? `MOV-${m.Numero}` : (m.Glosa ?? 'Documento')) },
          { title: 'Clase', dataIndex: 'Clase', render: (v: keyof typeof ClasesMovimiento) => <Tag color={v === 'I' ? 'green' : v === 'S' ? 'red' : 'blue'}>{ClasesMovimiento[v]}</Tag> },
          { title: 'Tipo de operación', dataIndex: 'TipoOperacion', render: nombreOperacion },
          { title: 'Almacén', dataIndex: 'Almacen' },
          { title: 'Destino', dataIndex: 'IdAlmacenDestino', render: (v: number | null) => nombreAlmacen(v) },
          { title: 'Glosa', dataIndex: 'Glosa', render: (v: string | null, m) => (m.Numero ? v : '') },
          {
            title: 'Guía',
            key: 'guia',
            render: (_, m) => (
              <Space direction="vertical" size={2}>
                {m.IdGuia && (
                  <Space size={4}>
                    <Link to={`/admin/documentos/${m.IdGuia}`} data-testid={`guia-${m.Id}`}>
                      {m.GuiaSerieNumero}
                    </Link>
                    {m.GuiaLibre && <Tag color="red">{m.Guias.find((g) => g.IdGuia === m.IdGuia)?.EstadoSunat}</Tag>}
                  </Space>
                )}
                {/* Branch logpres: the earlier guides of the transfer (rejected or voided), each with its state. */}
                {m.Guias.filter((g) => g.IdGuia !== m.IdGuia).map((g) => (
                  <Typography.Text key={g.IdGuia} type="secondary" style={{ fontSize: 12 }} data-testid={`guia-anterior-${g.IdGuia}`}>
                    Antes: <Link to={`/admin/documentos/${g.IdGuia}`}>{g.SerieNumero}</Link> ({g.EstadoSunat})
                  </Typography.Text>
                ))}
                {m.GuiaLibre && m.Numero && entreEstablecimientos(m) && (
                  <Button size="small" onClick={() => setParaGuia(m)} data-testid={`emitir-guia-${m.Id}`}>
                    {m.IdGuia ? 'Emitir otra guía' : 'Emitir guía'}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <NuevoMovimiento abierto={abierto} onCerrar={() => setAbierto(false)} />
      {paraGuia && <EmitirGuia movimiento={paraGuia} idSucursal={sucursalDe(paraGuia.IdAlmacen)} onCerrar={() => setParaGuia(null)} />}
    </Card>
  );
}

const guiaInicial = () => ({ FechaTraslado: dayjs(), ModalidadTraslado: '02' as const });

/** Shows the API's field errors on the form, and all of them in a message (some, like the branch's address, have no field here). */
function mostrarErrores(form: ReturnType<typeof Form.useForm>[0], e: unknown, message: { error: (t: string) => void }) {
  if (e instanceof ApiError && Object.keys(e.errores).length) {
    form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never, errors: [error] })));
    message.error(Object.values(e.errores).join(' · '));
  } else message.error(mensajeDeError(e));
}

/** The GRE remitente (motivo 04) of a transfer already posted, from its row. */
function EmitirGuia({ movimiento, idSucursal, onCerrar }: { movimiento: Omit<TMovimiento, 'Detalle'>; idSucursal?: number; onCerrar: () => void }) {
  const [form] = Form.useForm<TGuiaForm>();
  const emitir = useEmitirGuiaTraslado();
  const { message } = App.useApp();
  async function enviar(v: TGuiaForm) {
    try {
      const m = await emitir.mutateAsync({ id: movimiento.Id, guia: aGuiaTraslado(v) });
      message.success(`Guía de remisión ${m.GuiaSerieNumero} emitida`);
      onCerrar();
    } catch (e) {
      mostrarErrores(form as never, e, message);
    }
  }
  return (
    <Modal open width={760} title={`Guía de remisión de la transferencia MOV-${movimiento.Numero}`} okText="Emitir guía" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={emitir.isPending} onCancel={onCerrar} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        Motivo 04, traslado entre establecimientos de la misma empresa: la empresa es el destinatario; la partida y la llegada son las direcciones de los almacenes (la propia, si la tienen, o la de su sucursal), con sus códigos de establecimiento.
      </Typography.Paragraph>
      <Form<TGuiaForm> form={form} layout="vertical" onFinish={enviar} initialValues={guiaInicial()}>
        <CamposGuiaTraslado prefijo={[]} idSucursal={idSucursal} />
      </Form>
    </Modal>
  );
}

type TForm = { EmitirGuia?: boolean; Guia?: TGuiaForm; Clase: 'I' | 'S' | 'T'; TipoOperacion?: string; Fecha: Dayjs; IdAlmacen: number; IdAlmacenDestino?: number; Glosa?: string; Lineas: { IdItem: number; Cantidad: string; CostoUnitario?: string; Control?: TControl; Lote?: string; FechaVencimiento?: Dayjs; Series?: string[] }[] };

function NuevoMovimiento({ abierto, onCerrar }: { abierto: boolean; onCerrar: () => void }) {
  const [form] = Form.useForm<TForm>();
  const clase = Form.useWatch('Clase', form) ?? 'I';
  const emitirGuia = Form.useWatch('EmitirGuia', form) ?? false;
  const idOrigen = Form.useWatch('IdAlmacen', form);
  const almacenes = useAlmacenes();
  const sucursalOrigen = almacenes.data?.Data.find((a) => a.Id === idOrigen)?.IdSucursal;
  const registrar = useRegistrarMovimiento();
  const { message } = App.useApp();
  const opcionesAlmacen = (almacenes.data?.Data ?? []).filter((a) => a.LogEstado === 1).map((a) => ({ value: a.Id, label: a.Nombre }));
  const predeterminado = almacenes.data?.Data.find((a) => a.EsPredeterminado)?.Id;
  const tipos = clase === 'I' ? OperacionesIngreso : OperacionesSalida;

  async function enviar(v: TForm) {
    const datos: TMovimientoGuardar = {
      Clase: v.Clase,
      ...(v.Clase !== 'T' ? { TipoOperacion: v.TipoOperacion } : { IdAlmacenDestino: v.IdAlmacenDestino }),
      Fecha: v.Fecha.format('YYYY-MM-DD'),
      IdAlmacen: v.IdAlmacen,
      ...(v.Glosa ? { Glosa: v.Glosa } : {}),
      Lineas: v.Lineas.map((l) => ({
        IdItem: l.IdItem, Cantidad: l.Cantidad, ...(v.Clase === 'I' ? { CostoUnitario: l.CostoUnitario } : {}),
        ...(l.Control === 'L' && l.Lote?.trim() ? { Lote: l.Lote.trim(), ...(l.FechaVencimiento ? { FechaVencimiento: l.FechaVencimiento.format('YYYY-MM-DD') } : {}) } : {}),
        ...(l.Control === 'S' && l.Series?.length ? { Series: l.Series } : {}),
      })),
      ...(v.Clase === 'T' && v.EmitirGuia && v.Guia ? { Guia: aGuiaTraslado(v.Guia) } : {}),
    };
    try {
      const m = await registrar.mutateAsync(datos);
      message.success(m.GuiaSerieNumero ? `Movimiento MOV-${m.Numero} registrado con la guía de remisión ${m.GuiaSerieNumero}` : `Movimiento MOV-${m.Numero} registrado`);
      form.resetFields();
      onCerrar();
    } catch (e) {
      mostrarErrores(form as never, e, message);
    }
  }

  return (
    <Modal open={abierto} width={820} title="Nuevo movimiento de inventario" okText="Registrar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={registrar.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form<TForm>
        form={form}
        layout="vertical"
        onFinish={enviar}
        initialValues={{ Clase: 'I', TipoOperacion: '02', Fecha: dayjs(), IdAlmacen: predeterminado, Lineas: [{}], EmitirGuia: false, Guia: guiaInicial() }}
        onValuesChange={(c: Partial<TForm>) => {
          if (c.Clase) form.setFieldValue('TipoOperacion', c.Clase === 'I' ? '02' : c.Clase === 'S' ? '99' : undefined);
        }}
      >
        <Form.Item name="Clase" label="Clase">
          <Radio.Group optionType="button" options={Object.entries(ClasesMovimiento).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Space wrap align="start">
          {clase !== 'T' && (
            <Form.Item name="TipoOperacion" label="Tipo de operación (tabla 12)" rules={[{ required: true, message: 'Seleccione el tipo de operación' }]}>
              <Select style={{ width: 260 }} options={tipos.map((c) => ({ value: c, label: nombreOperacion(c) }))} />
            </Form.Item>
          )}
          <Form.Item name="Fecha" label="Fecha" rules={[{ required: true, message: 'Indique la fecha' }]}>
            <DatePicker format="DD/MM/YYYY" />
          </Form.Item>
          <Form.Item name="IdAlmacen" label={clase === 'T' ? 'Almacén de origen' : 'Almacén'} rules={[{ required: true, message: 'Seleccione el almacén' }]}>
            <Select style={{ width: 240 }} options={opcionesAlmacen} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          {clase === 'T' && (
            <Form.Item name="IdAlmacenDestino" label="Almacén de destino" rules={[{ required: true, message: 'Seleccione el almacén de destino' }]}>
              <Select style={{ width: 240 }} options={opcionesAlmacen} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="Glosa" label="Glosa">
          <Input maxLength={250} />
        </Form.Item>
        <Form.List name="Lineas">
          {(campos, { add, remove }) => (
            <>
              {campos.map((campo, i) => (
                <Space key={campo.key} align="start" wrap>
                  <Form.Item name={[campo.name, 'IdItem']} label={i === 0 ? 'Producto' : undefined} rules={[{ required: true, message: 'Seleccione el producto' }]}>
                    <SelectorBien onElegir={(it) => form.setFieldValue(['Lineas', campo.name, 'Control'], controlDe(it))} />
                  </Form.Item>
                  <Form.Item name={[campo.name, 'Cantidad']} label={i === 0 ? 'Cantidad' : undefined} rules={[{ required: true, message: 'Indique la cantidad' }]}>
                    <Input aria-label="Cantidad" inputMode="decimal" style={{ width: 110 }} />
                  </Form.Item>
                  {clase === 'I' && (
                    <Form.Item name={[campo.name, 'CostoUnitario']} label={i === 0 ? 'Costo unitario (sin IGV)' : undefined} rules={[{ required: true, message: 'Indique el costo' }]}>
                      <Input aria-label="Costo unitario" inputMode="decimal" prefix="S/" style={{ width: 150 }} />
                    </Form.Item>
                  )}
                  <Form.Item name={[campo.name, 'Control']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate={(a: TForm, b: TForm) => a.Lineas?.[campo.name]?.Control !== b.Lineas?.[campo.name]?.Control || a.Clase !== b.Clase}>
                    {() => {
                      const control = form.getFieldValue(['Lineas', campo.name, 'Control']) as TControl;
                      return control ? (
                        <Row gutter={8} style={{ width: 360 }}>
                          <CamposLote nombre={[campo.name]} control={control} entrada={clase === 'I'} indice={i} compacto />
                        </Row>
                      ) : null;
                    }}
                  </Form.Item>
                  {campos.length > 1 && <Button aria-label="Quitar línea" icon={<DeleteOutlined />} onClick={() => remove(campo.name)} style={{ marginTop: i === 0 ? 30 : 0 }} />}
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})}>
                Agregar producto
              </Button>
            </>
          )}
        </Form.List>
        {clase === 'T' && (
          <>
            <Divider />
            <Form.Item name="EmitirGuia" valuePropName="checked">
              <Checkbox>Emitir guía de remisión (motivo 04: traslado entre establecimientos de la misma empresa)</Checkbox>
            </Form.Item>
            {emitirGuia && <CamposGuiaTraslado prefijo={['Guia']} idSucursal={sucursalOrigen} />}
          </>
        )}
      </Form>
    </Modal>
  );
}
