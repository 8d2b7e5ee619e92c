import type { TDatosDepositoGuardar } from '@yupana/contracts';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useDatosDepositoProveedor, useGuardarDatosDeposito } from '../api/datos-deposito';

type TValores = { Banco: string; NumeroCuenta: string; Cci?: string | null; Titular: string; Yape?: string | null };

/** The provider's deposit data (bank, account, CCI, holder, Yape/Plin), shown to customers who pay by deposit. */
export function DatosDepositoModal({ abierto, onCerrar }: { abierto: boolean; onCerrar: () => void }) {
  const [form] = Form.useForm<TValores>();
  const datos = useDatosDepositoProveedor(abierto);
  const guardar = useGuardarDatosDeposito();
  const { message } = App.useApp();

  useEffect(() => {
    if (abierto && datos.data?.Configurado) {
      const d = datos.data;
      form.setFieldsValue({ Banco: d.Banco ?? '', NumeroCuenta: d.NumeroCuenta ?? '', Cci: d.Cci, Titular: d.Titular ?? '', Yape: d.Yape });
    }
  }, [abierto, datos.data, form]);

  const enviar = async (v: TValores) => {
    try {
      await guardar.mutateAsync(v as TDatosDepositoGuardar);
      void message.success('Datos para depósitos guardados');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, m]) => ({ name: name as keyof TValores, errors: [m] })));
    }
  };

  return (
    <Modal
      open={abierto}
      title="Datos para depósitos"
      okText="Guardar"
      cancelText="Cancelar"
      onCancel={onCerrar}
      onOk={() => form.submit()}
      okButtonProps={{ loading: guardar.isPending }}
      destroyOnHidden
    >
      <Form<TValores> form={form} layout="vertical" onFinish={(v) => void enviar(v)} data-testid="form-datos-deposito">
        <Form.Item name="Banco" label="Banco" rules={[{ required: true, whitespace: true, message: 'Indique el banco' }]}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="NumeroCuenta" label="Número de cuenta" rules={[{ required: true, pattern: /^[0-9-]{6,30}$/, message: 'El número de cuenta tiene de 6 a 30 dígitos (puede llevar guiones)' }]}>
          <Input maxLength={30} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="Cci" label="CCI (código de cuenta interbancario)" rules={[{ pattern: /^\d{20}$/, message: 'El CCI tiene 20 dígitos' }]}>
          <Input maxLength={20} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="Titular" label="Titular de la cuenta" rules={[{ required: true, whitespace: true, message: 'Indique el titular de la cuenta' }]}>
          <Input maxLength={150} />
        </Form.Item>
        <Form.Item name="Yape" label="Celular Yape / Plin" rules={[{ pattern: /^9\d{8}$/, message: 'El número de Yape o Plin es un celular de 9 dígitos que empieza con 9' }]}>
          <Input maxLength={9} inputMode="numeric" />
        </Form.Item>
      </Form>
      {datos.isError && <Alert type="error" showIcon title={mensajeDeError(datos.error)} />}
      {guardar.error && !(guardar.error instanceof ApiError && Object.keys(guardar.error.errores).length) ? <Alert type="error" showIcon title={mensajeDeError(guardar.error)} /> : null}
    </Modal>
  );
}
