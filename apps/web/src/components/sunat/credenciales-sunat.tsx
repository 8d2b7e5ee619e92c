import { ApiOutlined, UploadOutlined } from '@ant-design/icons';
import type { TConfiguracionSunatGuardar, TPruebaConexionSunat } from '@yupana/contracts';
import { Alert, Button, Col, Form, Input, Row, Upload } from 'antd';
import { mensajeDeError } from '../../lib/api-error';
import { archivoABase64, useProbarConexionSunat } from '../../lib/api/configuracion-sunat';

/** The form values the credential fields add (inside the caller's antd Form). */
export type TValoresCredenciales = { ClaveCertificado?: string; UsuarioSol?: string; ClaveSol?: string };

/**
 * Certificate (.pfx/.p12 and its password) and usuario/clave SOL: shared by the SUNAT settings page and the setup
 * wizard's SUNAT link step. `obligatorio`: the wizard asks for all of them; the settings page keeps what is not sent.
 */
export function CamposCredencialesSunat(p: {
  archivo: File | null;
  onArchivo: (f: File | null) => void;
  errores?: Record<string, string>;
  obligatorio?: boolean;
}) {
  const campo = (n: string) => (p.errores?.[n] ? { validateStatus: 'error' as const, help: p.errores[n] } : {});
  return (
    <>
      <Form.Item
        label="Certificado digital (.pfx o .p12)"
        required={p.obligatorio}
        extra={p.obligatorio ? 'El certificado con el que SUNAT reconoce la firma de sus comprobantes.' : 'Déjelo vacío para conservar el certificado actual.'}
        {...campo('CertificadoBase64')}
      >
        <Upload
          accept=".pfx,.p12,application/x-pkcs12"
          maxCount={1}
          beforeUpload={(f) => {
            p.onArchivo(f);
            return false;
          }}
          onRemove={() => p.onArchivo(null)}
          fileList={p.archivo ? [{ uid: '1', name: p.archivo.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />}>Seleccionar certificado</Button>
        </Upload>
      </Form.Item>
      {p.archivo && (
        <Form.Item label="Contraseña del certificado" name="ClaveCertificado" rules={[{ required: true, message: 'Indique la contraseña del certificado' }]} {...campo('ClaveCertificado')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Usuario SOL"
            name="UsuarioSol"
            extra="Sin el RUC delante"
            rules={p.obligatorio ? [{ required: true, message: 'Indique su usuario SOL' }] : []}
            {...campo('UsuarioSol')}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Clave SOL"
            name="ClaveSol"
            dependencies={['UsuarioSol']}
            {...campo('ClaveSol')}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, v?: string) => {
                  if (p.obligatorio && !v) throw new Error('Indique su clave SOL');
                  if (!!getFieldValue('UsuarioSol') !== !!v) throw new Error('Indique el usuario y la clave SOL juntos');
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** The part of the settings body the credential fields fill (nothing when left empty). */
export async function cuerpoCredenciales(v: TValoresCredenciales, archivo: File | null): Promise<Partial<TConfiguracionSunatGuardar>> {
  const cuerpo: Partial<TConfiguracionSunatGuardar> = {};
  if (archivo) {
    cuerpo.CertificadoBase64 = await archivoABase64(archivo);
    cuerpo.ClaveCertificado = v.ClaveCertificado ?? '';
  }
  if (v.UsuarioSol || v.ClaveSol) {
    cuerpo.UsuarioSol = v.UsuarioSol?.trim();
    cuerpo.ClaveSol = v.ClaveSol;
  }
  return cuerpo;
}

/** The result of a connection test, in Spanish. */
export function ResultadoConexionSunat({ r }: { r: TPruebaConexionSunat }) {
  return (
    <Alert
      data-testid="resultado-conexion-sunat"
      type={r.Correcta ? 'success' : 'error'}
      showIcon
      title={r.Correcta ? 'Conexión con SUNAT correcta' : 'La conexión con SUNAT no se pudo comprobar'}
      description={r.Mensaje}
      style={{ marginBottom: 12 }}
    />
  );
}

/** "Probar conexión" with the saved settings, and its result. */
export function ProbarConexionSunat({ deshabilitado }: { deshabilitado?: boolean }) {
  const probar = useProbarConexionSunat();
  return (
    <div>
      {probar.data && <ResultadoConexionSunat r={probar.data} />}
      {probar.error ? <Alert type="error" showIcon title={mensajeDeError(probar.error)} style={{ marginBottom: 12 }} /> : null}
      <Button icon={<ApiOutlined />} onClick={() => probar.mutate()} loading={probar.isPending} disabled={deshabilitado}>
        Probar conexión con SUNAT
      </Button>
    </div>
  );
}
