import { SafetyCertificateOutlined } from '@ant-design/icons';
import { AmbientesSunat, type TConfiguracionSunatGuardar } from '@yupana/contracts';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Select, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { fecha } from '../../../lib/formato';
import { useAmbienteSunat } from '../../../lib/api/ambiente-sunat';
import { CamposCredencialesSunat, cuerpoCredenciales, ProbarConexionSunat, type TValoresCredenciales } from '../../../components/sunat/credenciales-sunat';
import { useConfiguracionSunat, useGuardarConfiguracionSunat } from '../../../lib/api/configuracion-sunat';

const NOMBRE_AMBIENTE: Record<string, string> = {
  SIMULADOR: 'Simulador local (pruebas)',
  BETA: 'SUNAT Beta (pruebas)',
  PRODUCCION: 'SUNAT Producción',
  OSE: 'Operador de servicios electrónicos (OSE)',
};

type TValores = TValoresCredenciales & { Ambiente: TConfiguracionSunatGuardar['Ambiente']; UrlOse?: string };

/** Company SUNAT settings: certificate, usuario/clave SOL and environment. Secrets go in and never come back. */
export function ConfiguracionSunatPage() {
  const config = useConfiguracionSunat();
  const ambiente = useAmbienteSunat();
  const guardar = useGuardarConfiguracionSunat();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [form] = Form.useForm<TValores>();
  const elegido = Form.useWatch('Ambiente', form);
  const { message } = App.useApp();

  if (config.isError) return <Alert type="error" showIcon title="No se pudo cargar la configuración" description={mensajeDeError(config.error)} />;
  if (!config.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const c = config.data;
  const errores = guardar.error instanceof ApiError ? guardar.error.errores : {};

  async function enviar(v: TValores) {
    const cuerpo: TConfiguracionSunatGuardar = { Ambiente: v.Ambiente, UrlOse: v.Ambiente === 'OSE' ? v.UrlOse : undefined, ...(await cuerpoCredenciales(v, archivo)) };
    await guardar.mutateAsync(cuerpo);
    setArchivo(null);
    form.resetFields(['ClaveCertificado', 'UsuarioSol', 'ClaveSol']);
    void message.success('Configuración de SUNAT guardada');
  }

  const campo = (n: string) => (errores[n] ? { validateStatus: 'error' as const, help: errores[n] } : {});

  return (
    <Row gutter={[16, 16]} data-testid="pagina-configuracion-sunat">
      <Col xs={24} lg={10}>
        <Card title="Estado actual" size="small">
          <Descriptions size="small" column={1} colon={false} layout="vertical">
            <Descriptions.Item label="Ambiente">
              <Tag color={ambiente.data?.EsPrueba ? 'green' : 'red'} data-testid="ambiente-actual">
                {NOMBRE_AMBIENTE[c.Ambiente] ?? c.Ambiente}
              </Tag>
              {c.UrlOse && <div style={{ fontSize: 12 }}>{c.UrlOse}</div>}
            </Descriptions.Item>
            <Descriptions.Item label="Usuario y clave SOL">{c.TieneCredencialesSol ? <Tag color="green">Registrados</Tag> : <Tag color="gold">Sin registrar</Tag>}</Descriptions.Item>
            <Descriptions.Item label="Certificado digital">
              {c.Certificado ? (
                <div data-testid="certificado">
                  <div>
                    <SafetyCertificateOutlined /> {c.Certificado.Sujeto}
                  </div>
                  <div style={{ fontSize: 12, color: '#64748b' }}>Emitido por: {c.Certificado.Emisor}</div>
                  <div style={{ fontSize: 12 }}>
                    Vigente del {fecha(c.Certificado.ValidoDesde)} al {fecha(c.Certificado.ValidoHasta)}
                  </div>
                  {c.Certificado.Vencido ? (
                    <Alert type="error" showIcon title="El certificado está vencido: SUNAT rechazará los comprobantes firmados con él" style={{ marginTop: 8 }} />
                  ) : c.Certificado.PorVencer ? (
                    <Alert type="warning" showIcon title={`El certificado vence en ${c.Certificado.DiasRestantes} días`} style={{ marginTop: 8 }} />
                  ) : null}
                </div>
              ) : (
                <Tag color="gold">Sin certificado</Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
          <ProbarConexionSunat />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title="Cambiar configuración" size="small">
          <Form<TValores> form={form} layout="vertical" initialValues={{ Ambiente: c.Ambiente, UrlOse: c.UrlOse ?? undefined }} onFinish={(v) => void enviar(v).catch(() => undefined)}>
            <Form.Item label="Ambiente de envío" name="Ambiente" rules={[{ required: true }]} {...campo('Ambiente')}>
              <Select options={AmbientesSunat.map((a) => ({ value: a, label: NOMBRE_AMBIENTE[a] ?? a }))} />
            </Form.Item>
            {elegido === 'OSE' && (
              <Form.Item label="URL del OSE" name="UrlOse" rules={[{ required: true, type: 'url', message: 'URL no válida' }]} {...campo('UrlOse')}>
                <Input placeholder="https://" />
              </Form.Item>
            )}
            <CamposCredencialesSunat archivo={archivo} onArchivo={setArchivo} errores={errores} />
            {guardar.error ? <Alert type="error" showIcon title={mensajeDeError(guardar.error)} style={{ marginBottom: 12 }} /> : null}
            <Space>
              <Button type="primary" htmlType="submit" loading={guardar.isPending}>
                Guardar
              </Button>
            </Space>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
