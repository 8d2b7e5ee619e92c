import { Alert, Descriptions, Skeleton, Typography } from 'antd';
import { mensajeDeError } from '../../../lib/api-error';
import { useDatosDeposito } from '../api/datos-deposito';

/** Where to deposit or transfer before uploading the voucher (the provider's data). */
export function DatosDeposito() {
  const datos = useDatosDeposito();
  if (datos.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (datos.isError) return <Alert type="error" showIcon title={mensajeDeError(datos.error)} style={{ marginBottom: 12 }} />;
  const d = datos.data;
  if (!d?.Configurado)
    return <Alert type="info" showIcon title="El proveedor aún no publicó sus cuentas para depósitos. Comuníquese con soporte para conocerlas." style={{ marginBottom: 12 }} />;
  const copiable = (t: string | null) => (t ? <Typography.Text copyable={{ text: t, tooltips: ['Copiar', 'Copiado'] }}>{t}</Typography.Text> : null);
  return (
    <div data-testid="datos-deposito" style={{ marginBottom: 12 }}>
      <Typography.Paragraph style={{ marginBottom: 8 }}>Deposite o transfiera el monto a esta cuenta y luego suba su comprobante:</Typography.Paragraph>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Banco">{d.Banco}</Descriptions.Item>
        <Descriptions.Item label="Número de cuenta">{copiable(d.NumeroCuenta)}</Descriptions.Item>
        {d.Cci && <Descriptions.Item label="CCI">{copiable(d.Cci)}</Descriptions.Item>}
        <Descriptions.Item label="Titular">{d.Titular}</Descriptions.Item>
        {d.Yape && <Descriptions.Item label="Yape / Plin">{copiable(d.Yape)}</Descriptions.Item>}
      </Descriptions>
    </div>
  );
}
