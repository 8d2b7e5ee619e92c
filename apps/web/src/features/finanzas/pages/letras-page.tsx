import { Alert, App, Button, Card, DatePicker, Empty, Form, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EstadosLetra, MediosPagoBancarios, type TLetra } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { abrirPdfLetra, useCuentasFinancieras, useLetras, useOperacionLetra } from '../api/finanzas';
import { dinero, fechaPe } from '../formato';
import { TablaAdaptable } from '../../../components/tabla-adaptable';

const COLOR_ESTADO: Record<number, string> = { 1: 'blue', 2: 'geekblue', 3: 'purple', 4: 'green', 5: 'red', 6: 'default', 7: 'default' };
type TAccion = 'cobrar' | 'cobranza' | 'descuento' | 'protesto' | 'renovacion' | 'anular';
const TITULO: Record<TAccion, string> = {
  cobrar: 'Cobrar letra', cobranza: 'Enviar a cobranza', descuento: 'Descontar en el banco', protesto: 'Protestar letra', renovacion: 'Renovar letra', anular: 'Anular canje',
};

/** Letras de cambio por cobrar: list by state and customer; collect, send to a bank, protest, renew, void, PDF. */
export function LetrasPage() {
  const [params, setParams] = useSearchParams();
  const filtro = { estado: Number(params.get('estado') ?? 0) || 0, cliente: params.get('cliente') ?? '', pagina: Math.max(1, Number(params.get('pagina') ?? 1) || 1) };
  const [texto, setTexto] = useState(filtro.cliente);
  const consulta = useLetras(filtro);
  const [accion, setAccion] = useState<{ letra: TLetra; tipo: TAccion } | null>(null);
  const cambiar = (cambios: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(cambios)) if (v) p.set(k, v); else p.delete(k);
    if (!('pagina' in cambios)) p.delete('pagina');
    setParams(p, { replace: true });
  };
  const abierta = (l: TLetra) => [1, 2, 3, 5].includes(l.Estado);
  return (
    <Card data-testid="pagina-letras">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search aria-label="Cliente" placeholder="RUC, DNI o nombre del cliente" allowClear value={texto} onChange={(e) => setTexto(e.target.value)} onSearch={(v) => cambiar({ cliente: v.trim() })} style={{ width: 280 }} />
        <Select
          aria-label="Estado"
          value={filtro.estado}
          style={{ width: 180 }}
          onChange={(v) => cambiar({ estado: v ? String(v) : '' })}
          options={[{ value: 0, label: 'Todos los estados' }, ...Object.entries(EstadosLetra).map(([k, v]) => ({ value: Number(k), label: v }))]}
        />
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <TablaAdaptable<TLetra>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <Empty description="No hay letras. Se crean con «Canjear por letras» en Cuentas por cobrar." /> }}
        pagination={{ current: filtro.pagina, pageSize: 20, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => cambiar({ pagina: String(p) }) }}
        columns={[
          { title: 'Letra', dataIndex: 'Numero' },
          { title: 'Cliente', key: 'cliente', render: (_, l) => `${l.RazonSocialCliente} (${l.NumeroDocumentoCliente})` },
          { title: 'Canje de', dataIndex: 'Documentos' },
          { title: 'Giro', dataIndex: 'FechaGiro', render: (v: string) => fechaPe(v) },
          { title: 'Vencimiento', dataIndex: 'FechaVencimiento', render: (v: string, l) => (l.DiasVencido > 0 ? <Tag color="red">{fechaPe(v)} ({l.DiasVencido} d)</Tag> : fechaPe(v)) },
          { title: 'Importe', dataIndex: 'Monto', align: 'right', render: (v: string, l) => dinero(v, l.IdMoneda) },
          { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string, l) => <strong>{dinero(v, l.IdMoneda)}</strong> },
          { title: 'Estado', key: 'estado', render: (_, l) => <Tag color={COLOR_ESTADO[l.Estado]}>{l.EstadoNombre}{l.CuentaFinanciera ? ` · ${l.CuentaFinanciera}` : ''}</Tag> },
          {
            title: 'Acciones',
            key: 'acciones',
            fixed: 'right',
            render: (_, l) => (
              <Space size={0} wrap>
                {abierta(l) && <Button type="link" aria-label={`Cobrar ${l.Numero}`} onClick={() => setAccion({ letra: l, tipo: 'cobrar' })}>Cobrar</Button>}
                {[1, 5].includes(l.Estado) && <Button type="link" aria-label={`Cobranza ${l.Numero}`} onClick={() => setAccion({ letra: l, tipo: 'cobranza' })}>A cobranza</Button>}
                {[1, 5].includes(l.Estado) && <Button type="link" aria-label={`Descontar ${l.Numero}`} onClick={() => setAccion({ letra: l, tipo: 'descuento' })}>Descontar</Button>}
                {[1, 2, 3].includes(l.Estado) && l.DiasVencido > 0 && <Button type="link" aria-label={`Protestar ${l.Numero}`} onClick={() => setAccion({ letra: l, tipo: 'protesto' })}>Protestar</Button>}
                {[1, 5].includes(l.Estado) && <Button type="link" aria-label={`Renovar ${l.Numero}`} onClick={() => setAccion({ letra: l, tipo: 'renovacion' })}>Renovar</Button>}
                {l.Estado === 1 && <Button type="link" danger aria-label={`Anular ${l.Numero}`} onClick={() => setAccion({ letra: l, tipo: 'anular' })}>Anular</Button>}
                <Button type="link" aria-label={`PDF de ${l.Numero}`} onClick={() => void abrirPdfLetra(l.Id)}>PDF</Button>
              </Space>
            ),
          },
        ]}
      />
      {accion && <AccionLetraModal letra={accion.letra} tipo={accion.tipo} onCerrar={() => setAccion(null)} />}
    </Card>
  );
}

type TValores = { IdCuentaFinanciera?: number; MedioPago?: string; NumeroOperacion?: string; Interes?: string; Gastos?: string; FechaVencimiento?: dayjs.Dayjs; Motivo?: string };

function AccionLetraModal({ letra, tipo, onCerrar }: { letra: TLetra; tipo: TAccion; onCerrar: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TValores>();
  const cuentas = useCuentasFinancieras(1);
  const op = useOperacionLetra();
  const [error, setError] = useState<string | null>(null);
  const idCuenta = Form.useWatch('IdCuentaFinanciera', form);
  const soloBancos = tipo === 'cobranza' || tipo === 'descuento';
  const opciones = (cuentas.data?.Data ?? []).filter((c) => c.IdMoneda === letra.IdMoneda && (!soloBancos || c.IdTipoCuenta === 3)).map((c) => ({ value: c.Id, label: c.Nombre, tipo: c.IdTipoCuenta }));
  const esBanco = opciones.find((o) => o.value === idCuenta)?.tipo === 3;
  const enviar = async (v: TValores) => {
    setError(null);
    const llamadas: Record<TAccion, () => { metodo: 'post' | 'put'; ruta: string; datos: unknown }> = {
      cobrar: () => ({ metodo: 'post', ruta: '/cobros/pagares', datos: { IdLetra: letra.Id, IdCuentaFinanciera: v.IdCuentaFinanciera, ...(esBanco ? { MedioPago: v.MedioPago, NumeroOperacion: v.NumeroOperacion } : {}) } }),
      cobranza: () => ({ metodo: 'post', ruta: '/ordenes/cobros/pagares', datos: { IdLetra: letra.Id, Tipo: 'COBRANZA', IdCuentaFinanciera: v.IdCuentaFinanciera } }),
      descuento: () => ({ metodo: 'post', ruta: '/ordenes/cobros/pagares', datos: { IdLetra: letra.Id, Tipo: 'DESCUENTO', IdCuentaFinanciera: v.IdCuentaFinanciera, Interes: v.Interes } }),
      protesto: () => ({ metodo: 'put', ruta: `/documentos/pagares/${letra.Id}/protestos`, datos: { Gastos: v.Gastos || undefined } }),
      renovacion: () => ({ metodo: 'post', ruta: `/documentos/pagares/${letra.Id}/renovaciones`, datos: { FechaVencimiento: v.FechaVencimiento?.format('YYYY-MM-DD'), Interes: v.Interes || undefined } }),
      anular: () => ({ metodo: 'put', ruta: `/documentos/pagares/${letra.Id}/anulaciones`, datos: { Motivo: v.Motivo } }),
    };
    try {
      await op.mutateAsync(llamadas[tipo]());
      message.success(`${TITULO[tipo]}: ${letra.Numero} registrado`);
      onCerrar();
    } catch (e) {
      setError(mensajeDeError(e));
    }
  };
  return (
    <Modal open title={`${TITULO[tipo]} ${letra.Numero}`} onCancel={onCerrar} okText="Registrar" confirmLoading={op.isPending} onOk={() => form.submit()} destroyOnHidden>
      <p>{letra.RazonSocialCliente} · vence {fechaPe(letra.FechaVencimiento)} · saldo <strong>{dinero(letra.Saldo, letra.IdMoneda)}</strong></p>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={enviar}>
        {(tipo === 'cobrar' || soloBancos) && (
          <Form.Item name="IdCuentaFinanciera" label={soloBancos ? 'Banco' : 'Cuenta que recibe el cobro'} rules={[{ required: true, message: 'Seleccione la cuenta' }]}>
            <Select aria-label="Cuenta" showSearch optionFilterProp="label" options={opciones} loading={cuentas.isLoading} />
          </Form.Item>
        )}
        {tipo === 'cobrar' && esBanco && (
          <>
            <Form.Item name="MedioPago" label="Medio de pago" rules={[{ required: true, message: 'Indique el medio de pago' }]}>
              <Select aria-label="Medio de pago" options={Object.entries(MediosPagoBancarios).map(([k, v]) => ({ value: k, label: `${k} ${v}` }))} />
            </Form.Item>
            <Form.Item name="NumeroOperacion" label="N.° de operación" rules={[{ required: true, message: 'Indique el número de operación' }]}>
              <Input aria-label="Número de operación" />
            </Form.Item>
          </>
        )}
        {(tipo === 'descuento' || tipo === 'renovacion') && (
          <Form.Item name="Interes" label={tipo === 'descuento' ? 'Interés que cobra el banco' : 'Interés de la renovación (opcional)'} rules={tipo === 'descuento' ? [{ required: true, message: 'Indique el interés' }] : []}>
            <InputNumber aria-label="Interés" stringMode min="0" step="0.01" style={{ width: 160 }} />
          </Form.Item>
        )}
        {tipo === 'renovacion' && (
          <Form.Item name="FechaVencimiento" label="Nuevo vencimiento" rules={[{ required: true, message: 'Indique el nuevo vencimiento' }]}>
            <DatePicker aria-label="Nuevo vencimiento" format="DD/MM/YYYY" />
          </Form.Item>
        )}
        {tipo === 'protesto' && (
          <Form.Item name="Gastos" label="Gastos de protesto (opcional)">
            <InputNumber aria-label="Gastos de protesto" stringMode min="0" step="0.01" style={{ width: 160 }} />
          </Form.Item>
        )}
        {tipo === 'anular' && (
          <Form.Item name="Motivo" label="Motivo" rules={[{ required: true, min: 3, message: 'Indique el motivo (mínimo 3 caracteres)' }]}>
            <Input aria-label="Motivo" />
          </Form.Item>
        )}
        {tipo === 'anular' && <Alert type="warning" showIcon title="Se anulan todas las letras del canje y las cuotas de los comprobantes recuperan su saldo." />}
      </Form>
    </Modal>
  );
}
