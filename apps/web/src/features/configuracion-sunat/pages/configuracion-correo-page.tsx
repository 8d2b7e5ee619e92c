import type { TConfiguracionCorreoGuardar } from '@yupana/contracts';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Skeleton, Switch } from 'antd';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useConfiguracionCorreo, useGuardarConfiguracionCorreo } from '../api/configuracion-correo';

/** SMTP server the company sends its documents from. The password goes in and never comes back. */
export function ConfiguracionCorreoPage() {
  const config = useConfiguracionCorreo();
  const guardar = useGuardarConfiguracionCorreo();
  const { message } = App.useApp();
  if (config.isError) return <Alert type="error" showIcon title="No se pudo cargar la configuración de correo" description={mensajeDeError(config.error)} />;
  if (config.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  const c = config.data;
  const errores = guardar.error instanceof ApiError ? guardar.error.errores : {};
  const campo = (n: string) => (errores[n] ? { validateStatus: 'error' as const, help: errores[n] } : {});

  return (
    <Card size="small" title="Servidor de correo (SMTP)" style={{ maxWidth: 760 }} data-testid="pagina-configuracion-correo">
      {!c && <Alert type="info" showIcon title="Configure el servidor de correo para enviar comprobantes a sus clientes" style={{ marginBottom: 16 }} />}
      <Form<TConfiguracionCorreoGuardar>
        layout="vertical"
        initialValues={c ? { ...c, Usuario: c.Usuario ?? undefined, NombreRemitente: c.NombreRemitente ?? undefined } : { Puerto: 587, Seguro: false }}
        onFinish={(v) =>
          void guardar.mutateAsync({ ...v, Clave: v.Clave || undefined }).then(() => void message.success('Servidor de correo guardado'), () => undefined)
        }
      >
        <Row gutter={12}>
          <Col xs={24} sm={14}>
            <Form.Item label="Servidor SMTP" name="Host" rules={[{ required: true, whitespace: true, message: 'Indique el servidor SMTP' }]} {...campo('Host')}>
              <Input placeholder="smtp.gmail.com" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={5}>
            <Form.Item label="Puerto" name="Puerto" rules={[{ required: true, message: 'Indique el puerto' }]} {...campo('Puerto')}>
              <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={5}>
            <Form.Item label="TLS directo" name="Seguro" valuePropName="checked" tooltip="Actívelo para el puerto 465; con 587 se usa STARTTLS">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Usuario" name="Usuario" {...campo('Usuario')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Contraseña" name="Clave" extra={c?.TieneClave ? 'Déjela vacía para conservar la guardada' : undefined} {...campo('Clave')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Correo del remitente" name="Remitente" rules={[{ required: true, type: 'email', message: 'Correo del remitente no válido' }]} {...campo('Remitente')}>
              <Input inputMode="email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Nombre del remitente" name="NombreRemitente" {...campo('NombreRemitente')}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        {guardar.error ? <Alert type="error" showIcon title={mensajeDeError(guardar.error)} style={{ marginBottom: 12 }} /> : null}
        <Button type="primary" htmlType="submit" loading={guardar.isPending}>
          Guardar
        </Button>
      </Form>
    </Card>
  );
}
