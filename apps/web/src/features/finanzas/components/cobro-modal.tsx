import { Alert, App, Button, Form, Input, Modal, Radio, Result, Select, Table } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MediosPagoBancarios, type TCobro, type TDocumentoPorCobrar } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { abrirRecibo, useCuentasFinancieras, useRegistrarCobro } from '../api/finanzas';
import { dinero, fechaPe, NOMBRE_MONEDA } from '../formato';

type TValores = { IdCuentaFinanciera?: number; MedioPago?: string; NumeroOperacion?: string; Observacion?: string };
const MONTO = /^\d{1,12}(\.\d{1,2})?$/;

/** Collect one or several open dues of a document, in cash (into a caja) or through the bank; then its receipt. */
export function CobroModal({ documento, onCerrar }: { documento: TDocumentoPorCobrar; onCerrar: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TValores>();
  const [tipo, setTipo] = useState<1 | 2>(1);
  const abiertas = documento.Cuotas.filter((c) => Number(c.Saldo) > 0);
  const [montos, setMontos] = useState<Record<number, string>>(() => Object.fromEntries(abiertas.map((c) => [c.IdCuota, c.Saldo])));
  const [erroresMonto, setErroresMonto] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [hecho, setHecho] = useState<TCobro | null>(null);
  const cuentas = useCuentasFinancieras(1);
  const registrar = useRegistrarCobro();
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
    if (!detalle.length) return setError('Indique el monto a cobrar de al menos una cuota');
    try {
      const c = await registrar.mutateAsync({
        tipo,
        datos: {
          IdCuentaFinanciera: v.IdCuentaFinanciera!,
          Detalle: detalle,
          Observacion: v.Observacion || undefined,
          ...(tipo === 2 ? { MedioPago: v.MedioPago as '001', NumeroOperacion: v.NumeroOperacion } : {}),
        },
      });
      message.success(`Cobro ${c.NumeroRecibo} registrado`);
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
      <Modal open title="Cobro registrado" onCancel={onCerrar} footer={<Button onClick={onCerrar}>Listo</Button>} destroyOnHidden>
        <Result
          status="success"
          title={`Recibo ${hecho.NumeroRecibo}`}
          subTitle={`${hecho.TipoCobro} de ${dinero(hecho.Monto, hecho.IdMoneda)} a ${hecho.CuentaFinanciera}`}
          extra={
            <Button type="primary" onClick={() => abrirRecibo(hecho.Id).catch((e: unknown) => message.error(mensajeDeError(e)))}>
              Ver recibo
            </Button>
          }
        />
      </Modal>
    );

  return (
    <Modal
      open
      title={`Cobrar ${documento.SerieNumero} · ${documento.RazonSocialCliente}`}
      okText="Registrar cobro"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      confirmLoading={registrar.isPending}
      onCancel={onCerrar}
      width={760}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="error-cobro" />}
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ MedioPago: '003' }}>
        <Form.Item label="Forma de cobro">
          <Radio.Group
            value={tipo}
            onChange={(e) => {
              setTipo(e.target.value as 1 | 2);
              form.setFieldValue('IdCuentaFinanciera', undefined);
            }}
            options={[{ value: 1, label: 'Efectivo' }, { value: 2, label: 'Bancarizado (depósito o transferencia)' }]}
          />
        </Form.Item>
        <Form.Item
          name="IdCuentaFinanciera"
          label={tipo === 1 ? 'Caja' : 'Cuenta bancaria'}
          rules={[{ required: true, message: 'Seleccione la cuenta que recibe el cobro' }]}
          extra={!cuentas.isLoading && opciones.length === 0 ? <Link to="/admin/finanzas/maestros">Registre primero una {tipo === 1 ? 'caja' : 'cuenta bancaria'} en Datos maestros</Link> : undefined}
        >
          <Select options={opciones} loading={cuentas.isLoading} placeholder="Seleccione" />
        </Form.Item>
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
        <Table
          rowKey="IdCuota"
          size="small"
          pagination={false}
          dataSource={abiertas}
          style={{ marginBottom: 12 }}
          columns={[
            { title: 'Cuota', dataIndex: 'NumeroCuota' },
            { title: 'Vencimiento', dataIndex: 'FechaVencimiento', render: (v: string) => fechaPe(v) },
            { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string) => dinero(v, documento.IdMoneda) },
            {
              title: `Monto a cobrar (${documento.IdMoneda === 2 ? 'US$' : 'S/'})`,
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
        <Form.Item name="Observacion" label="Observación">
          <Input maxLength={250} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
