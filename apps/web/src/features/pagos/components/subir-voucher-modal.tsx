import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { mensajeDeError } from '../../../lib/api-error';
import { useSubirVoucher, validarVoucher } from '../api/subir-voucher';
import { DatosDeposito } from './datos-deposito';

/** Upload of the payment voucher (image or PDF up to 2 MB) that the provider then approves. */
export function SubirVoucherModal({ idPago, concepto, onCerrar }: { idPago: number | null; concepto?: string; onCerrar: () => void }) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [operacion, setOperacion] = useState('');
  const subir = useSubirVoucher();
  const { message } = App.useApp();

  const cerrar = () => {
    setArchivo(null);
    setError(null);
    setOperacion('');
    onCerrar();
  };

  return (
    <Modal
      open={idPago !== null}
      title="Subir comprobante de pago"
      onCancel={cerrar}
      okText="Subir"
      cancelText="Cancelar"
      okButtonProps={{ disabled: !archivo, loading: subir.isPending }}
      onOk={() =>
        archivo &&
        idPago !== null &&
        subir
          .mutateAsync({ idPago, archivo, numeroOperacion: operacion.trim() })
          .then(() => {
            message.success('Comprobante de pago enviado. Le avisaremos cuando sea aprobado.');
            cerrar();
          })
          .catch((e: unknown) => setError(mensajeDeError(e)))
      }
      destroyOnHidden
    >
      {concepto && <Typography.Paragraph>Pago de: {concepto}</Typography.Paragraph>}
      <DatosDeposito />
      <Form layout="vertical">
        <Form.Item label="Comprobante (imagen PNG/JPG o PDF, hasta 2 MB)" required>
          <Upload
            accept="image/png,image/jpeg,application/pdf"
            maxCount={1}
            beforeUpload={(f) => {
              const problema = validarVoucher(f);
              setError(problema);
              setArchivo(problema ? null : f);
              return false;
            }}
            onRemove={() => setArchivo(null)}
            showUploadList={!!archivo}
          >
            <Button icon={<UploadOutlined />}>Seleccionar archivo</Button>
          </Upload>
        </Form.Item>
        <Form.Item label="Número de operación (opcional)">
          <Input value={operacion} maxLength={40} onChange={(e) => setOperacion(e.target.value)} aria-label="Número de operación" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
