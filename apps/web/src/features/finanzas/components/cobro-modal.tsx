import { Alert, App, Button, Form, Input, Modal, Radio, Result, Select, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MediosPagoBancarios } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import {
  abrirRecibo,
  abrirReciboPago,
  useAplicarSaldoAFavor,
  useAplicarSaldoAFavorProveedor,
  useCuentasFinancieras,
  useRegistrarCobro,
  useRegistrarPago,
  useSaldoAFavor,
  useSaldoAFavorProveedor,
} from '../api/finanzas';
import { useAgenteRetencion, useCalculoRetencion } from '../api/retenciones';
import { dinero, fechaPe, NOMBRE_MONEDA } from '../formato';

type TValores = { IdCuentaFinanciera?: number; MedioPago?: string; NumeroOperacion?: string; Observacion?: string };
const MONTO = /^\d{1,12}(\.\d{1,2})?$/;

/** The dues of a receivable or a payable document (both have this shape). */
type TDocumentoConCuotas = { SerieNumero: string; IdMoneda: number; Cuotas: { IdCuota: number; NumeroCuota: number; FechaVencimiento: string; Saldo: string; Detraccion?: boolean }[] };
type TRegistrado = { Id: number; NumeroRecibo: string; Monto: string; IdMoneda: number; CuentaFinanciera: string; Tipo: string };

// What changes between collecting from a customer and paying a supplier: the words, the call and the receipt.
const TEXTOS = {
  cobro: { saldo: 'Saldo a favor del cliente', origenSaldo: 'Se aplica el crédito que dejaron las notas de crédito del cliente: no ingresa dinero a ninguna caja ni cuenta.', verbo: 'Cobrar', registrar: 'Registrar cobro', registrado: 'Cobro registrado', nombre: 'Cobro', forma: 'Forma de cobro', cuenta: 'Seleccione la cuenta que recibe el cobro', monto: 'Monto a cobrar', ninguno: 'Indique el monto a cobrar de al menos una cuota', hacia: 'a' },
  pago: { saldo: 'Saldo a favor del proveedor', origenSaldo: 'Se aplica el crédito de las notas de crédito del proveedor registradas en compras: no sale dinero de ninguna caja ni cuenta.', verbo: 'Pagar', registrar: 'Registrar pago', registrado: 'Pago registrado', nombre: 'Pago', forma: 'Forma de pago', cuenta: 'Seleccione la cuenta de la que sale el pago', monto: 'Monto a pagar', ninguno: 'Indique el monto a pagar de al menos una cuota', hacia: 'desde' },
} as const;

/**
 * Collect (or pay) one or several open dues of a document, in cash (a caja) or through the bank; then its receipt.
 * It may also use the third party's credit in favour (`numeroTercero` given: the available amount is shown): the
 * customer's credit notes for a collection, the supplier's credit notes (purchases of type 07) for a payment.
 * `modo` 'pago' pays a supplier's purchase with the same form.
 */
export function CobroModal({
  documento,
  tercero,
  numeroTercero,
  onCerrar,
  modo = 'cobro',
}: {
  documento: TDocumentoConCuotas;
  tercero: string;
  numeroTercero?: string;
  onCerrar: () => void;
  modo?: 'cobro' | 'pago';
}) {
  const { message } = App.useApp();
  const T = TEXTOS[modo];
  const [form] = Form.useForm<TValores>();
  const [tipo, setTipo] = useState<1 | 2 | 3>(1);
  const abiertas = documento.Cuotas.filter((c) => Number(c.Saldo) > 0);
  // The detracción due is not prefilled: it is deposited in the Banco de la Nación (the Detracciones action), not paid
  // to the supplier nor collected from the customer. A user whose customer paid it all, or who pays it to the
  // supplier, types it.
  const [montos, setMontos] = useState<Record<number, string>>(() => Object.fromEntries(abiertas.map((c) => [c.IdCuota, c.Detraccion ? '' : c.Saldo])));
  const detraccion = abiertas.find((c) => c.Detraccion);
  const [erroresMonto, setErroresMonto] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [hecho, setHecho] = useState<TRegistrado | null>(null);
  const cuentas = useCuentasFinancieras(1);
  const registrarCobro = useRegistrarCobro();
  const registrarPago = useRegistrarPago();
  const aplicarSaldoCliente = useAplicarSaldoAFavor();
  const aplicarSaldoProveedor = useAplicarSaldoAFavorProveedor();
  const saldoCliente = useSaldoAFavor(modo === 'cobro' ? (numeroTercero ?? null) : null, documento.IdMoneda);
  const saldoProveedor = useSaldoAFavorProveedor(modo === 'pago' ? (numeroTercero ?? null) : null, documento.IdMoneda);
  const disponible = (modo === 'cobro' ? saldoCliente : saldoProveedor).data?.Disponible ?? '0.00';
  const aplicarSaldo = modo === 'cobro' ? aplicarSaldoCliente : aplicarSaldoProveedor;
  const registrar = tipo === 3 ? aplicarSaldo : modo === 'cobro' ? registrarCobro : registrarPago;
  // As retention agent, a payment shows what it will withhold (the server computes it with the payment's own rules).
  const agente = useAgenteRetencion(modo === 'pago');
  const idCuenta = Form.useWatch('IdCuentaFinanciera', form);
  const detalleRetencion = abiertas
    .filter((c) => MONTO.test((montos[c.IdCuota] ?? '').trim()) && Number(montos[c.IdCuota]) > 0)
    .map((c) => ({ IdCuota: c.IdCuota, Monto: montos[c.IdCuota].trim() }));
  const calculo = useCalculoRetencion(
    modo === 'pago' && tipo !== 3 && agente.data?.AgenteRetencionDesde && idCuenta && detalleRetencion.length ? { IdCuentaFinanciera: idCuenta, Detalle: detalleRetencion } : null,
  );
  const opciones = useMemo(
    () =>
      (cuentas.data?.Data ?? [])
        .filter((c) => (tipo === 1 ? c.IdTipoCuenta !== 3 : c.IdTipoCuenta === 3))
        .map((c) => ({ value: c.Id, label: `${c.Nombre} (${NOMBRE_MONEDA[c.IdMoneda]})` })),
    [cuentas.data, tipo],
  );

  async function enviar(v: TValores) {
    setError(null);
    const errores: Record<number, string> = {};
    const detalle = abiertas
      .filter((c) => (montos[c.IdCuota] ?? '').trim() !== '' && Number(montos[c.IdCuota]) !== 0)
      .map((c) => {
        const m = montos[c.IdCuota].trim();
        if (!MONTO.test(m)) errores[c.IdCuota] = 'Monto con hasta 2 decimales';
        return { IdCuota: c.IdCuota, Monto: m };
      });
    setErroresMonto(errores);
    if (Object.keys(errores).length) return;
    if (!detalle.length) return setError(T.ninguno);
    try {
      if (tipo === 3) {
        const datos = { Detalle: detalle, Observacion: v.Observacion || undefined };
        const x: TRegistrado =
          modo === 'cobro'
            ? await aplicarSaldoCliente.mutateAsync(datos).then((r) => ({ ...r, Tipo: r.TipoCobro }))
            : await aplicarSaldoProveedor.mutateAsync(datos).then((r) => ({ ...r, Tipo: r.TipoPago }));
        message.success(`Saldo a favor aplicado: ${x.NumeroRecibo}`);
        setHecho(x);
        return;
      }
      const datos = {
        IdCuentaFinanciera: v.IdCuentaFinanciera!,
        Detalle: detalle,
        Observacion: v.Observacion || undefined,
        ...(tipo === 2 ? { MedioPago: v.MedioPago as '001', NumeroOperacion: v.NumeroOperacion } : {}),
      };
      const c: TRegistrado =
        modo === 'cobro'
          ? await registrarCobro.mutateAsync({ tipo, datos }).then((x) => ({ ...x, Tipo: x.TipoCobro }))
          : await registrarPago.mutateAsync({ tipo, datos }).then((x) => ({ ...x, Tipo: x.TipoPago }));
      message.success(`${T.nombre} ${c.NumeroRecibo} registrado`);
      setHecho(c);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) {
        const porCuota: Record<number, string> = {};
        const campos: { name: keyof TValores; errors: string[] }[] = [];
        for (const [k, msg] of Object.entries(e.errores)) {
          const m = /^Detalle\.(\d+)\.Monto$/.exec(k);
          if (m) porCuota[detalle[Number(m[1])].IdCuota] = msg;
          else if (['IdCuentaFinanciera', 'MedioPago', 'NumeroOperacion', 'Observacion'].includes(k)) campos.push({ name: k as keyof TValores, errors: [msg] });
        }
        setErroresMonto(porCuota);
        form.setFields(campos);
        setError(e.message || mensajeDeError(e));
      } else setError(mensajeDeError(e));
    }
  }

  if (hecho)
    return (
      <Modal open title={T.registrado} onCancel={onCerrar} footer={<Button onClick={onCerrar}>Listo</Button>} destroyOnHidden>
        <Result
          status="success"
          title={`Recibo ${hecho.NumeroRecibo}`}
          subTitle={tipo === 3 ? `${hecho.Tipo}: ${dinero(hecho.Monto, hecho.IdMoneda)} del ${T.saldo.toLowerCase()}` : `${hecho.Tipo} de ${dinero(hecho.Monto, hecho.IdMoneda)} ${T.hacia} ${hecho.CuentaFinanciera}`}
          extra={
            <Button type="primary" onClick={() => (modo === 'cobro' ? abrirRecibo : abrirReciboPago)(hecho.Id).catch((e: unknown) => message.error(mensajeDeError(e)))}>
              Ver recibo
            </Button>
          }
        />
      </Modal>
    );

  return (
    <Modal
      open
      title={`${T.verbo} ${documento.SerieNumero} · ${tercero}`}
      okText={T.registrar}
      cancelText="Cancelar"
      onOk={() => form.submit()}
      confirmLoading={registrar.isPending}
      onCancel={onCerrar}
      width={760}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="error-cobro" />}
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ MedioPago: '003' }}>
        <Form.Item label={T.forma}>
          <Radio.Group
            value={tipo}
            onChange={(e) => {
              setTipo(e.target.value as 1 | 2 | 3);
              form.setFieldValue('IdCuentaFinanciera', undefined);
            }}
            options={[
              { value: 1, label: 'Efectivo' },
              { value: 2, label: 'Bancarizado (depósito o transferencia)' },
              ...(numeroTercero
                ? [{ value: 3, label: `${T.saldo} (disponible ${dinero(disponible, documento.IdMoneda)})`, disabled: !(Number(disponible) > 0) }]
                : []),
            ]}
          />
        </Form.Item>
        {tipo === 3 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="saldo-a-favor-disponible"
            title={`Saldo a favor disponible: ${dinero(disponible, documento.IdMoneda)}`}
            description={T.origenSaldo}
          />
        )}
        {tipo !== 3 && (
          <Form.Item
            name="IdCuentaFinanciera"
            label={tipo === 1 ? 'Caja' : 'Cuenta bancaria'}
            rules={[{ required: true, message: T.cuenta }]}
            extra={!cuentas.isLoading && opciones.length === 0 ? <Link to="/admin/finanzas/maestros">Registre primero una {tipo === 1 ? 'caja' : 'cuenta bancaria'} en Datos maestros</Link> : undefined}
          >
            <Select options={opciones} loading={cuentas.isLoading} placeholder="Seleccione" />
          </Form.Item>
        )}
        {tipo === 2 && (
          <>
            <Form.Item name="MedioPago" label="Medio de pago" rules={[{ required: true, message: 'Seleccione el medio de pago' }]}>
              <Select options={Object.entries(MediosPagoBancarios).map(([value, label]) => ({ value, label: `${value} ${label}` }))} />
            </Form.Item>
            <Form.Item name="NumeroOperacion" label="Número de operación" rules={[{ required: true, message: 'Indique el número de operación bancaria' }]}>
              <Input maxLength={30} />
            </Form.Item>
          </>
        )}
        {detraccion && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="aviso-cuota-detraccion"
            title={
              modo === 'pago'
                ? `La cuota de detracción (${dinero(detraccion.Saldo, documento.IdMoneda)}) se deposita en la cuenta del proveedor en el Banco de la Nación: regístrela con «Detracción». Escriba un monto solo si se la paga al proveedor.`
                : `La cuota de detracción (${dinero(detraccion.Saldo, documento.IdMoneda)}) la deposita el cliente en su cuenta del Banco de la Nación: regístrela con «Detracción / retención». Escriba un monto solo si el cliente se la pagó a usted.`
            }
          />
        )}
        <Table
          rowKey="IdCuota"
          size="small"
          pagination={false}
          dataSource={abiertas}
          style={{ marginBottom: 12 }}
          columns={[
            {
              title: 'Cuota',
              dataIndex: 'NumeroCuota',
              render: (n: number, c) =>
                c.Detraccion ? (
                  <Space size={4}>
                    {n}
                    <Tag color="purple">Detracción</Tag>
                  </Space>
                ) : (
                  n
                ),
            },
            { title: 'Vencimiento', dataIndex: 'FechaVencimiento', render: (v: string) => fechaPe(v) },
            { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string) => dinero(v, documento.IdMoneda) },
            {
              title: `${T.monto} (${documento.IdMoneda === 2 ? 'US$' : 'S/'})`,
              key: 'monto',
              render: (_, c) => (
                <Form.Item validateStatus={erroresMonto[c.IdCuota] ? 'error' : undefined} help={erroresMonto[c.IdCuota]} style={{ margin: 0 }}>
                  <Input
                    aria-label={`Monto de la cuota ${c.NumeroCuota}`}
                    value={montos[c.IdCuota] ?? ''}
                    inputMode="decimal"
                    onChange={(e) => setMontos((m) => ({ ...m, [c.IdCuota]: e.target.value }))}
                    style={{ width: 140, textAlign: 'right' }}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
        {calculo.data && (
          <Alert
            type={Number(calculo.data.TotalRetenido) > 0 ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="retencion-pago"
            title={
              Number(calculo.data.TotalRetenido) > 0
                ? `Retención del IGV (3 %): S/ ${calculo.data.TotalRetenido}. Sale de la cuenta ${calculo.data.MontoAPagar} de ${calculo.data.TotalCuenta}; se emitirá un comprobante de retención.`
                : `Sin retención: ${calculo.data.Lineas.map((l) => l.Motivo).filter(Boolean).join('; ')}`
            }
          />
        )}
        <Form.Item name="Observacion" label="Observación">
          <Input maxLength={250} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
