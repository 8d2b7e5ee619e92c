import { Alert, App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { TipoDocumentoContable, type TDocumentoContable } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useEnviarCorreo } from '../api/enviar-correo';

type TFormato = 'A4' | 'TICKET' | 'TICKET58';
const esTributario = (d: TDocumentoContable) => d.IdTipoDocumento !== TipoDocumentoContable.NOTA_VENTA;

/** E-mails a document (PDF in the chosen format, and its XML when it is a tax document), from its page or the point of sale. */
export function CorreoModal({ doc, formato, onCerrar }: { doc: TDocumentoContable; formato: TFormato; onCerrar: () => void }) {
  const correo = useEnviarCorreo(doc.Id);
  const { message } = App.useApp();
  return (
    <Modal open title={`Enviar ${doc.SerieNumero} por correo`} footer={null} onCancel={onCerrar} destroyOnHidden>
      <Form
        layout="vertical"
        initialValues={{ Correos: doc.Receptor.CorreoEntidadReceptor ? [doc.Receptor.CorreoEntidadReceptor] : [] }}
        onFinish={(v: { Correos: string[]; Mensaje?: string }) =>
          void correo.mutateAsync({ Destinatarios: v.Correos, Mensaje: v.Mensaje?.trim() || undefined, Formato: formato }).then(() => {
            void message.success(esTributario(doc) ? 'Correo enviado con el PDF y el XML' : 'Correo enviado con el PDF');
            onCerrar();
          }, () => undefined)
        }
      >
        <Form.Item
          label={esTributario(doc) ? 'Correos (PDF y XML adjuntos)' : 'Correos (PDF adjunto)'}
          name="Correos"
          rules={[
            { required: true, message: 'Indique al menos un correo' },
            {
              validator: async (_, v: string[]) => {
                const malo = (v ?? []).find((c) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c));
                if (malo) throw new Error(`Correo no válido: ${malo}`);
              },
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ', ';']} open={false} placeholder="cliente@correo.pe" />
        </Form.Item>
        <Form.Item label="Mensaje (opcional)" name="Mensaje">
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        {correo.error ? <Alert type="error" showIcon title={mensajeDeError(correo.error)} style={{ marginBottom: 12 }} /> : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={correo.isPending}>
            Enviar
          </Button>
          <Button onClick={onCerrar}>Cancelar</Button>
        </Space>
      </Form>
    </Modal>
  );
}
