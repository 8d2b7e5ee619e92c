import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { TDocumentoPorCobrar, TLetra } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useOperacionLetra } from '../api/finanzas';
import { dinero, fechaPe } from '../formato';

type TLetraNueva = { FechaVencimiento: string; Monto: string };

/**
 * Canje: the open dues of a credit document (one customer, one currency) replaced by one or more letras whose total is
 * the balance taken. By default one letra per due, for its balance and maturity; the user may change them.
 */
export function CanjeLetrasModal({ documento, onCerrar }: { documento: TDocumentoPorCobrar; onCerrar: () => void }) {
  const { message } = App.useApp();
  // The detracción due is deposited by the customer into our Banco de la Nación account: it is never exchanged.
  const abiertas = documento.Cuotas.filter((c) => Number(c.Saldo) > 0 && !c.Detraccion);
  const detraccion = documento.Cuotas.find((c) => c.Detraccion && Number(c.Saldo) > 0);
  const [letras, setLetras] = useState<TLetraNueva[]>(abiertas.map((c) => ({ FechaVencimiento: c.FechaVencimiento, Monto: c.Saldo })));
  const [lugarGiro, setLugarGiro] = useState('Lima');
  const [lugarPago, setLugarPago] = useState('');
  const [aval, setAval] = useState('');
  const [avalDoc, setAvalDoc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const op = useOperacionLetra();
  const total = abiertas.reduce((s, c) => s + centimos(c.Saldo), 0);
  const suma = letras.reduce((s, l) => s + centimos(l.Monto), 0);
  const cambiar = (i: number, c: Partial<TLetraNueva>) => setLetras((ls) => ls.map((l, j) => (j === i ? { ...l, ...c } : l)));
  const canjear = async () => {
    setError(null);
    try {
      const r = (await op.mutateAsync({
        metodo: 'post',
        ruta: '/entidades/documentos/pagares',
        datos: {
          LugarGiro: lugarGiro, LugarPago: lugarPago || null, AvalNombre: aval || null, AvalDocumento: avalDoc || null,
          Cuotas: abiertas.map((c) => ({ IdCuota: c.IdCuota, Monto: c.Saldo })),
          Letras: letras,
        },
      })) as { Letras: TLetra[] };
      message.success(`Canje registrado: ${r.Letras.map((l) => l.Numero).join(', ')}`);
      onCerrar();
    } catch (e) {
      setError(mensajeDeError(e));
    }
  };
  return (
    <Modal open title={`Canjear ${documento.SerieNumero} por letras`} onCancel={onCerrar} width={760} destroyOnHidden
      footer={[
        <Button key="c" onClick={onCerrar}>Cancelar</Button>,
        <Button key="ok" type="primary" loading={op.isPending} onClick={canjear}>Registrar canje</Button>,
      ]}>
      <p>
        Cliente: <strong>{documento.RazonSocialCliente}</strong> ({documento.NumeroDocumentoCliente}). Saldo a canjear: <strong data-testid="total-canje">{dinero(aTexto(total), documento.IdMoneda)}</strong>
      </p>
      {detraccion && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} data-testid="aviso-detraccion-canje"
          title={`La cuota de detracción (${dinero(detraccion.Saldo, documento.IdMoneda)}) no se canjea por letras: el cliente la deposita en la cuenta de detracciones del Banco de la Nación.`} />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form layout="vertical">
        <Space wrap>
          <Form.Item label="Lugar de giro"><Input aria-label="Lugar de giro" value={lugarGiro} onChange={(e) => setLugarGiro(e.target.value)} /></Form.Item>
          <Form.Item label="Lugar de pago"><Input aria-label="Lugar de pago" value={lugarPago} onChange={(e) => setLugarPago(e.target.value)} /></Form.Item>
          <Form.Item label="Aval (opcional)"><Input aria-label="Aval" value={aval} onChange={(e) => setAval(e.target.value)} /></Form.Item>
          <Form.Item label="DNI/RUC del aval"><Input aria-label="Documento del aval" value={avalDoc} onChange={(e) => setAvalDoc(e.target.value)} /></Form.Item>
        </Space>
      </Form>
      <Table
        rowKey={(_, i) => String(i)}
        size="small"
        pagination={false}
        dataSource={letras}
        columns={[
          { title: 'Letra', key: 'n', render: (_, __, i) => i + 1 },
          {
            title: 'Vencimiento', key: 'v',
            render: (_, l, i) => <DatePicker aria-label={`Vencimiento de la letra ${i + 1}`} format="DD/MM/YYYY" allowClear={false} value={dayjs(l.FechaVencimiento)} onChange={(d) => d && cambiar(i, { FechaVencimiento: d.format('YYYY-MM-DD') })} />,
          },
          {
            title: 'Importe', key: 'm',
            render: (_, l, i) => <InputNumber aria-label={`Importe de la letra ${i + 1}`} stringMode min="0.01" step="0.01" value={l.Monto} onChange={(v) => cambiar(i, { Monto: v ? String(v) : '' })} style={{ width: 140 }} />,
          },
          { title: '', key: 'x', render: (_, __, i) => letras.length > 1 && <Button type="link" danger onClick={() => setLetras((ls) => ls.filter((_, j) => j !== i))}>Quitar</Button> },
        ]}
      />
      <Space style={{ marginTop: 8 }}>
        <Button onClick={() => setLetras((ls) => [...ls, { FechaVencimiento: ls[ls.length - 1]?.FechaVencimiento ?? fechaHoy(), Monto: '' }])}>Agregar letra</Button>
        <span data-testid="suma-letras">Total de las letras: {dinero(aTexto(suma), documento.IdMoneda)}{suma === total ? '' : ' (debe ser igual al saldo a canjear)'}</span>
      </Space>
      <p style={{ marginTop: 8, color: '#888' }}>Vencimiento de las cuotas: {abiertas.map((c) => fechaPe(c.FechaVencimiento)).join(', ')}</p>
    </Modal>
  );
}
const fechaHoy = () => dayjs().format('YYYY-MM-DD');
/** Money as integer cents (exact: the amounts have at most two decimals). */
const centimos = (v: string) => {
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(v)) return 0;
  const [e, d = ''] = v.split('.');
  return Number(e) * 100 + Number(`${d}00`.slice(0, 2));
};
const aTexto = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
