import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { LOGO_MAXIMO_BYTES, type TFormatoImpresionEmpresa, type TPlantillaComprobanteGuardar } from '@yupana/contracts';
import { Alert, App, Button, Card, Col, Form, Image, Input, Radio, Row, Skeleton, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useGuardarPlantillaComprobante, usePlantillaComprobante } from '../../../lib/api/plantilla-comprobante';

type TValores = { Formato: TFormatoImpresionEmpresa; TextoAdicional?: string };
const TIPOS_LOGO = ['image/png', 'image/jpeg'];

function leerComoDataUrl(f: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error('No se pudo leer el archivo'));
    r.readAsDataURL(f);
  });
}

/** Invoice template of the company: logo, default print format (A4 or 80 mm ticket) and extra text on every document. */
export function ConfiguracionPlantillaPage() {
  const plantilla = usePlantillaComprobante();
  const guardar = useGuardarPlantillaComprobante();
  const [form] = Form.useForm<TValores>();
  // New logo chosen (data URL) or the stored one removed; undefined = unchanged.
  const [logoNuevo, setLogoNuevo] = useState<{ nombre: string; dataUrl: string } | null>(null);
  const [quitarLogo, setQuitarLogo] = useState(false);
  const [errorLogo, setErrorLogo] = useState<string | null>(null);
  const { message } = App.useApp();

  if (plantilla.isError) return <Alert type="error" showIcon title="No se pudo cargar la plantilla" description={mensajeDeError(plantilla.error)} />;
  if (!plantilla.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const p = plantilla.data;
  const errores = guardar.error instanceof ApiError ? guardar.error.errores : {};
  const campo = (n: string) => (errores[n] ? { validateStatus: 'error' as const, help: errores[n] } : {});
  const logoVisible = logoNuevo?.dataUrl ?? (quitarLogo ? null : p.Logo);

  async function elegirLogo(f: File) {
    setErrorLogo(null);
    if (!TIPOS_LOGO.includes(f.type)) return setErrorLogo('El logo debe ser una imagen PNG o JPG');
    if (f.size > LOGO_MAXIMO_BYTES) return setErrorLogo('El logo no debe superar los 300 KB');
    setLogoNuevo({ nombre: f.name, dataUrl: await leerComoDataUrl(f) });
    setQuitarLogo(false);
  }

  async function enviar(v: TValores) {
    const cuerpo: TPlantillaComprobanteGuardar = { Formato: v.Formato, TextoAdicional: v.TextoAdicional?.trim() ? v.TextoAdicional.trim() : null };
    if (logoNuevo) cuerpo.LogoBase64 = logoNuevo.dataUrl;
    else if (quitarLogo) cuerpo.QuitarLogo = true;
    await guardar.mutateAsync(cuerpo);
    setLogoNuevo(null);
    setQuitarLogo(false);
    void message.success('Plantilla de comprobantes guardada');
  }

  return (
    <Card size="small" data-testid="pagina-configuracion-plantilla">
      <Form<TValores>
        form={form}
        layout="vertical"
        initialValues={{ Formato: p.Formato, TextoAdicional: p.TextoAdicional ?? '' }}
        onFinish={(v) => void enviar(v).catch(() => undefined)}
      >
        <Row gutter={24}>
          <Col xs={24} lg={10}>
            <Form.Item label="Logo de la empresa" extra="PNG o JPG de hasta 300 KB. Se imprime en la cabecera de sus comprobantes." {...campo('LogoBase64')}>
              <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                <div style={{ minHeight: 90, border: '1px dashed #cbd5e1', borderRadius: 8, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 8, background: '#fff' }}>
                  {logoVisible ? (
                    <Image src={logoVisible} alt="Logo de la empresa" style={{ maxHeight: 80, maxWidth: '100%' }} preview={false} data-testid="logo-vista" />
                  ) : (
                    <Typography.Text type="secondary">Sin logo</Typography.Text>
                  )}
                </div>
                <Space wrap>
                  <Upload
                    accept="image/png,image/jpeg"
                    maxCount={1}
                    showUploadList={false}
                    beforeUpload={(f) => {
                      void elegirLogo(f);
                      return false;
                    }}
                  >
                    <Button icon={<UploadOutlined />} data-testid="elegir-logo">
                      Seleccionar logo
                    </Button>
                  </Upload>
                  {logoVisible && (
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => {
                        setLogoNuevo(null);
                        setQuitarLogo(true);
                      }}
                    >
                      Quitar logo
                    </Button>
                  )}
                </Space>
                {logoNuevo && <Typography.Text type="secondary">{logoNuevo.nombre} (se guardará al pulsar Guardar)</Typography.Text>}
                {errorLogo && <Alert type="error" showIcon title={errorLogo} />}
              </Space>
            </Form.Item>
          </Col>
          <Col xs={24} lg={14}>
            <Form.Item label="Formato de impresión por defecto" name="Formato" rules={[{ required: true }]} extra="Las guías de remisión siempre se imprimen en A4." {...campo('Formato')}>
              <Radio.Group optionType="button" buttonStyle="solid">
                <Radio.Button value="A4">A4</Radio.Button>
                <Radio.Button value="TICKET">Ticket 80 mm</Radio.Button>
              </Radio.Group>
            </Form.Item>
            <Form.Item
              label="Texto adicional"
              name="TextoAdicional"
              extra="Se imprime al pie de cada comprobante: cuentas bancarias, política de cambios, horario... Hasta 5 líneas."
              rules={[{ validator: async (_, v?: string) => { if (v && v.trim().split('\n').length > 5) throw new Error('Máximo 5 líneas'); } }]}
              {...campo('TextoAdicional')}
            >
              <Input.TextArea rows={5} maxLength={500} showCount data-testid="texto-adicional" />
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
