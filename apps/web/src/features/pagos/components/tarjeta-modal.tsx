import { CreditCardOutlined } from '@ant-design/icons';
import { Alert, Form, Input, Modal, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { TARJETAS_PRUEBA, type TTarjetaTokenizar } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { tokenizarTarjeta, usePasarela } from '../api/pasarela';

/**
 * The card form of the gateway: the card goes to the gateway's tokenization endpoint and only the single-use token
 * reaches `usarToken` (a payment, or saving the card for automatic charges). The sandbox says it is one and lists its
 * test cards.
 */
export function TarjetaModal({
  abierto,
  titulo,
  textoBoton,
  children,
  usarToken,
  onCerrar,
}: {
  abierto: boolean;
  titulo: string;
  textoBoton: string;
  children?: ReactNode;
  usarToken: (token: string) => Promise<void>;
  onCerrar: () => void;
}) {
  const [form] = Form.useForm<TTarjetaTokenizar>();
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const pasarela = usePasarela(abierto);

  const cerrar = () => {
    form.resetFields();
    setError(null);
    onCerrar();
  };

  async function enviar(tarjeta: TTarjetaTokenizar) {
    if (!pasarela.data) return;
    setError(null);
    setEnviando(true);
    try {
      const { Token } = await tokenizarTarjeta(pasarela.data.UrlTokens, tarjeta);
      await usarToken(Token);
      cerrar();
    } catch (e) {
      if (e instanceof ApiError && e.cuerpo?.Errores && Object.keys(e.cuerpo.Errores).length)
        form.setFields(Object.entries(e.cuerpo.Errores).map(([name, msg]) => ({ name: name as keyof TTarjetaTokenizar, errors: [String(msg)] })));
      else setError(mensajeDeError(e));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Modal
      open={abierto}
      title={
        <>
          <CreditCardOutlined /> {titulo}
        </>
      }
      onCancel={cerrar}
      okText={textoBoton}
      cancelText="Cancelar"
      okButtonProps={{ loading: enviando, disabled: !pasarela.data, 'data-testid': 'pagar-tarjeta' } as ButtonProps}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {children}
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
      <Form form={form} name="tarjeta" layout="vertical" onFinish={(v) => void enviar(v)} requiredMark={false}>
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
