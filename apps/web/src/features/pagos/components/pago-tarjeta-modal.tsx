import { CreditCardOutlined } from '@ant-design/icons';
import { Alert, App, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { TARJETAS_PRUEBA, type TPrepago, type TTarjetaTokenizar } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { usePagarConTarjeta, usePasarela } from '../api/pasarela';

/** Paying a pending package by card through the gateway; the sandbox says it is one and lists its test cards. */
export function PagoTarjetaModal({ pago, onCerrar }: { pago: TPrepago | null; onCerrar: () => void }) {
  const [form] = Form.useForm<TTarjetaTokenizar>();
  const [error, setError] = useState<string | null>(null);
  const pasarela = usePasarela(pago !== null);
  const pagar = usePagarConTarjeta();
  const { message } = App.useApp();

  const cerrar = () => {
    form.resetFields();
    setError(null);
    onCerrar();
  };

  async function enviar(tarjeta: TTarjetaTokenizar) {
    if (!pago || !pasarela.data) return;
    setError(null);
    try {
      const r = await pagar.mutateAsync({ idPago: pago.IdPrepago, urlTokens: pasarela.data.UrlTokens, tarjeta });
      message.success(`Pago aprobado con ${r.Marca} terminada en ${r.Ultimos4}. Su saldo ya fue actualizado.`);
      cerrar();
    } catch (e) {
      if (e instanceof ApiError && e.cuerpo?.Errores && Object.keys(e.cuerpo.Errores).length)
        form.setFields(Object.entries(e.cuerpo.Errores).map(([name, msg]) => ({ name: name as keyof TTarjetaTokenizar, errors: [String(msg)] })));
      else setError(mensajeDeError(e));
    }
  }

  return (
    <Modal
      open={pago !== null}
      title={
        <>
          <CreditCardOutlined /> Pagar con tarjeta
        </>
      }
      onCancel={cerrar}
      okText={pago ? `Pagar ${pago.Moneda} ${pago.Monto}` : 'Pagar'}
      cancelText="Cancelar"
      okButtonProps={{ loading: pagar.isPending, disabled: !pasarela.data, 'data-testid': 'pagar-tarjeta' } as ButtonProps}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {pago && <Typography.Paragraph>Pago de: {pago.NombrePaquete}</Typography.Paragraph>}
      {pasarela.data?.Sandbox && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="Pasarela de pruebas: no se hace ningún cargo real"
          description={
            <>
              Use una tarjeta de prueba, cualquier vencimiento futuro y cualquier CVV:
              <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                {TARJETAS_PRUEBA.map((t) => (
                  <li key={t.Numero}>
                    {t.Numero} ({t.Marca}): {t.Resultado}
                  </li>
                ))}
              </ul>
            </>
          }
        />
      )}
      <Form form={form} layout="vertical" onFinish={(v) => void enviar(v)} requiredMark={false}>
        <Form.Item label="Número de tarjeta" name="NumeroTarjeta" rules={[{ required: true, message: 'Ingrese el número de la tarjeta' }]}>
          <Input inputMode="numeric" autoComplete="cc-number" maxLength={23} placeholder="4111 1111 1111 1111" />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item label="Vencimiento" name="Vencimiento" style={{ flex: 1 }} rules={[{ required: true, pattern: /^(0[1-9]|1[0-2])\/\d{2}$/, message: 'Vencimiento con formato MM/AA' }]}>
            <Input autoComplete="cc-exp" maxLength={5} placeholder="MM/AA" />
          </Form.Item>
          <Form.Item label="CVV" name="Cvv" style={{ flex: 1 }} rules={[{ required: true, pattern: /^\d{3,4}$/, message: 'CVV de 3 o 4 dígitos' }]}>
            <Input.Password autoComplete="cc-csc" inputMode="numeric" maxLength={4} />
          </Form.Item>
        </div>
        <Form.Item label="Correo" name="Correo" rules={[{ required: true, type: 'email', message: 'Correo no válido' }]}>
          <Input autoComplete="email" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
