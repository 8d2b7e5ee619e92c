import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { TDocumentoPorPagar, TLetraPagar } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useOperacionLetra } from '../api/finanzas';
import { dinero, fechaPe } from '../formato';

type TLetraNueva = { NumeroGirador: string; FechaVencimiento: string; Monto: string };

/**
 * Canje on the payables side: the open dues of a purchase (one supplier, one currency) replaced by one or more letras
 * the company accepts (the supplier draws them); their total must be the balance taken. By default one letra per due.
 */
export function CanjeLetrasPagarModal({ documento, onCerrar }: { documento: TDocumentoPorPagar; onCerrar: () => void }) {
  const { message } = App.useApp();
  // The detracción due is deposited into the supplier's Banco de la Nación account: never a letra (the server refuses it).
  const abiertas = documento.Cuotas.filter((c) => Number(c.Saldo) > 0 && !c.Detraccion);
  const [letras, setLetras] = useState<TLetraNueva[]>(abiertas.map((c) => ({ NumeroGirador: '', FechaVencimiento: c.FechaVencimiento, Monto: c.Saldo })));
  const [lugarGiro, setLugarGiro] = useState('Lima');
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
        ruta: '/proveedores/documentos/pagares',
        datos: {
          LugarGiro: lugarGiro || null,
          Cuotas: abiertas.map((c) => ({ IdCuota: c.IdCuota, Monto: c.Saldo })),
          Letras: letras.map((l) => ({ NumeroGirador: l.NumeroGirador || null, FechaVencimiento: l.FechaVencimiento, Monto: l.Monto })),
        },
      })) as { Letras: TLetraPagar[] };
      message.success(`Canje registrado: letras por pagar ${r.Letras.map((l) => l.Numero).join(', ')}`);
      onCerrar();
    } catch (e) {
      setError(mensajeDeError(e));
    }
  };
  return (
    <Modal open title={`Canje por letras de ${documento.SerieNumero}`} onCancel={onCerrar} width={780} destroyOnHidden
      footer={[
        <Button key="c" onClick={onCerrar}>Cancelar</Button>,
        <Button key="ok" type="primary" loading={op.isPending} onClick={canjear}>Registrar canje</Button>,
      ]}>
      <p>
        Proveedor (girador): <strong>{documento.RazonSocialProveedor}</strong> ({documento.NumeroDocumentoProveedor}). Aceptante: nuestra empresa. Saldo a canjear:{' '}
        <strong data-testid="total-canje-pagar">{dinero(aTexto(total), documento.IdMoneda)}</strong>
      </p>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form layout="vertical">
        <Form.Item label="Lugar de giro"><Input aria-label="Lugar de giro" value={lugarGiro} onChange={(e) => setLugarGiro(e.target.value)} style={{ width: 240 }} /></Form.Item>
      </Form>
      <Table
        rowKey={(_, i) => String(i)}
        size="small"
        pagination={false}
        dataSource={letras}
        columns={[
          { title: 'Letra', key: 'n', render: (_, __, i) => i + 1 },
          {
            title: 'N.º del proveedor', key: 'g',
            render: (_, l, i) => <Input aria-label={`Número del proveedor de la letra ${i + 1}`} placeholder="Opcional" value={l.NumeroGirador} onChange={(e) => cambiar(i, { NumeroGirador: e.target.value })} style={{ width: 140 }} />,
          },
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
        <Button onClick={() => setLetras((ls) => [...ls, { NumeroGirador: '', FechaVencimiento: ls[ls.length - 1]?.FechaVencimiento ?? dayjs().format('YYYY-MM-DD'), Monto: '' }])}>Agregar letra</Button>
        <span data-testid="suma-letras-pagar">Total de las letras: {dinero(aTexto(suma), documento.IdMoneda)}{suma === total ? '' : ' (debe ser igual al saldo a canjear)'}</span>
      </Space>
      <p style={{ marginTop: 8, color: '#888' }}>Vencimiento de las cuotas: {abiertas.map((c) => fechaPe(c.FechaVencimiento)).join(', ')}</p>
    </Modal>
  );
}
/** Money as integer cents (exact: the amounts have at most two decimals). */
const centimos = (v: string) => {
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(v)) return 0;
  const [e, d = ''] = v.split('.');
  return Number(e) * 100 + Number(`${d}00`.slice(0, 2));
};
const aTexto = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
