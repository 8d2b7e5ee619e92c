import { Alert, App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import type { TEntidadPagoGuardar } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useEntidadPago, useGuardarEntidadPago } from '../api/entidad-pago';

const TIPOS = [
  { value: 2, label: 'RUC' },
  { value: 1, label: 'DNI' },
  { value: 6, label: 'Sin documento' },
];

/** The company's billing data for the provider's receipts (the seed's payment entity): factura to a RUC, or boleta. */
export function DatosFacturacionModal({ abierto, onCerrar }: { abierto: boolean; onCerrar: () => void }) {
  const [form] = Form.useForm<TEntidadPagoGuardar>();
  const actual = useEntidadPago();
  const guardar = useGuardarEntidadPago();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const tipo = Form.useWatch('IdTipoDocumento', form);

  useEffect(() => {
    if (!abierto || !actual.data) return;
    const d = actual.data;
    form.setFieldsValue({
      RazonSocial: d.RazonSocial,
      IdTipoDocumento: d.IdTipoDocumento as 1 | 2 | 6,
      Documento: d.Documento ?? undefined,
      Direccion: d.Direccion ?? undefined,
      Correo: d.Correo ?? undefined,
      Telefono: d.Telefono ?? undefined,
      TipoComprobante: d.TipoComprobante,
    });
  }, [abierto, actual.data, form]);

  const cerrar = () => {
    setError(null);
    onCerrar();
  };

  async function enviar(v: TEntidadPagoGuardar) {
    setError(null);
    try {
      await guardar.mutateAsync(v);
      message.success('Datos de facturación guardados');
      cerrar();
    } catch (e) {
      if (e instanceof ApiError && e.cuerpo?.Errores && Object.keys(e.cuerpo.Errores).length)
        form.setFields(Object.entries(e.cuerpo.Errores).map(([name, msg]) => ({ name: name as keyof TEntidadPagoGuardar, errors: [String(msg)] })));
      else setError(mensajeDeError(e));
    }
  }

  return (
    <Modal
      open={abierto}
      title="Datos de facturación"
      okText="Guardar"
      cancelText="Cancelar"
      onCancel={cerrar}
      onOk={() => form.submit()}
      okButtonProps={{ loading: guardar.isPending, disabled: !actual.data }}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title="A nombre de quién emitimos los comprobantes de sus pagos. La factura requiere un RUC." />
      <Form form={form} name="datos-facturacion" layout="vertical" onFinish={(v) => void enviar(v)} requiredMark={false}>
        <Form.Item label="Comprobante" name="TipoComprobante">
          <Radio.Group>
            <Radio value="Factura">Factura</Radio>
            <Radio value="Boleta">Boleta</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="Razón social o nombre" name="RazonSocial" rules={[{ required: true, message: 'Ingrese la razón social o el nombre' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item label="Tipo de documento" name="IdTipoDocumento" style={{ width: 170 }}>
            <Select options={TIPOS} />
          </Form.Item>
          <Form.Item label="Número de documento" name="Documento" style={{ flex: 1 }}>
            <Input maxLength={15} inputMode="numeric" disabled={tipo === 6} />
          </Form.Item>
        </div>
        <Form.Item label="Dirección" name="Direccion">
          <Input maxLength={250} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item label="Correo" name="Correo" style={{ flex: 1 }}>
            <Input maxLength={120} autoComplete="email" />
          </Form.Item>
          <Form.Item label="Teléfono" name="Telefono" style={{ flex: 1 }}>
            <Input maxLength={16} inputMode="tel" />
          </Form.Item>
        </div>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
