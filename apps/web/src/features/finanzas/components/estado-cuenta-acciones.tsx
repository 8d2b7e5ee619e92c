import { FilePdfOutlined, FileExcelOutlined, MailOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import type { TEstadoCuenta } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { abrirEstadoCuentaPdf, descargarEstadoCuentaExcel, useEnviarEstadoCuenta } from '../api/reportes';
import { dinero, fechaPe } from '../formato';

const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());

/** The WhatsApp text of a statement: wa.me without a number lets the user pick the contact. */
export function mensajeWhatsAppEstado(e: TEstadoCuenta): string {
  return [
    `Estimado(a) ${e.RazonSocialCliente}:`,
    `Le compartimos su estado de cuenta al ${fechaPe(hoy())}.`,
    `Total cargado: ${dinero(e.TotalCargos, e.IdMoneda)}. Total abonado: ${dinero(e.TotalAbonos, e.IdMoneda)}.`,
    `Saldo pendiente: ${dinero(e.Saldo, e.IdMoneda)}.`,
  ].join('\n');
}

/** PDF, Excel, e-mail and WhatsApp for a customer's statement. */
export function EstadoCuentaAcciones({ estado }: { estado: TEstadoCuenta }) {
  const { message } = App.useApp();
  const [correo, setCorreo] = useState(false);
  const fallo = (e: unknown) => message.error(mensajeDeError(e));
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Button icon={<FilePdfOutlined />} onClick={() => abrirEstadoCuentaPdf(estado.NumeroDocumentoCliente, estado.IdMoneda).catch(fallo)}>
        PDF
      </Button>
      <Button icon={<FileExcelOutlined />} onClick={() => descargarEstadoCuentaExcel(estado.NumeroDocumentoCliente, estado.IdMoneda).catch(fallo)}>
        Excel
      </Button>
      <Button icon={<MailOutlined />} onClick={() => setCorreo(true)}>
        Enviar por correo
      </Button>
      <Button icon={<WhatsAppOutlined />} href={`https://wa.me/?text=${encodeURIComponent(mensajeWhatsAppEstado(estado))}`} target="_blank" rel="noopener noreferrer">
        WhatsApp
      </Button>
      <CorreoEstadoModal abierto={correo} estado={estado} onCerrar={() => setCorreo(false)} />
    </Space>
  );
}

function CorreoEstadoModal({ abierto, estado, onCerrar }: { abierto: boolean; estado: TEstadoCuenta; onCerrar: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Destinatarios: string[]; Mensaje?: string }>();
  const enviar = useEnviarEstadoCuenta();
  const [errores, setErrores] = useState<string | null>(null);
  const aceptar = async () => {
    const v = await form.validateFields();
    setErrores(null);
    try {
      const r = await enviar.mutateAsync({ Cliente: estado.NumeroDocumentoCliente, IdMoneda: estado.IdMoneda as 1 | 2, Destinatarios: v.Destinatarios, Mensaje: v.Mensaje || undefined });
      message.success(r.Mensaje);
      form.resetFields();
      onCerrar();
    } catch (e) {
      setErrores(mensajeDeError(e));
    }
  };
  return (
    <Modal open={abierto} title="Enviar estado de cuenta por correo" okText="Enviar" cancelText="Cancelar" onOk={aceptar} confirmLoading={enviar.isPending} onCancel={onCerrar} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="Destinatarios"
          label="Para"
          extra="Escriba cada correo y pulse Enter (hasta 10)."
          rules={[
            { required: true, message: 'Indique al menos un correo' },
            {
              validator: (_, v: string[] | undefined) =>
                (v ?? []).every((c) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c)) ? Promise.resolve() : Promise.reject(new Error('Hay un correo no válido')),
            },
          ]}
        >
          <Select aria-label="Correos de destino" mode="tags" open={false} tokenSeparators={[',', ' ', ';']} maxCount={10} />
        </Form.Item>
        <Form.Item name="Mensaje" label="Mensaje (opcional)" rules={[{ max: 2000, message: 'Máximo 2000 caracteres' }]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
      {errores && <div role="alert" style={{ color: '#cf1322' }}>{errores}</div>}
    </Modal>
  );
}
