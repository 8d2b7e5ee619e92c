import { Alert, Button, Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RutasWizard, type TPruebaConexionSunat } from '@yupana/contracts';
import { CamposCredencialesSunat, cuerpoCredenciales, ResultadoConexionSunat, type TValoresCredenciales } from '../../../components/sunat/credenciales-sunat';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useConfiguracionSunat, useGuardarConfiguracionSunat, useProbarConexionSunat } from '../../../lib/api/configuracion-sunat';
import { useVinculacionSunat } from '../api/pasos';

type TValores = TValoresCredenciales & { Ambiente: 'SIMULADOR' | 'BETA' };

/**
 * Step 3 (companies with RUC): the SUNAT link. The certificate and usuario/clave SOL are saved with the SUNAT settings
 * calls and tested against the chosen test environment; the user may leave it for later ("Configurar después").
 * Production is chosen later in Configuración SUNAT, once the tests go well.
 */
export function VinculacionSunatPage() {
  const [form] = Form.useForm<TValores>();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [resultado, setResultado] = useState<TPruebaConexionSunat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const config = useConfiguracionSunat();
  const guardar = useGuardarConfiguracionSunat();
  const probar = useProbarConexionSunat();
  const cerrar = useVinculacionSunat();
  const navegar = useNavigate();
  const errores = guardar.error instanceof ApiError ? guardar.error.errores : {};

  const guardarYProbar = async (v: TValores) => {
    setError(null);
    setResultado(null);
    try {
      await guardar.mutateAsync({ Ambiente: v.Ambiente, ...(await cuerpoCredenciales(v, archivo)) });
      setResultado(await probar.mutateAsync());
    } catch (e) {
      setError(mensajeDeError(e));
    }
  };

  const continuar = async (omitir: boolean) => {
    setError(null);
    try {
      await cerrar.mutateAsync({ Omitir: omitir });
      navegar(RutasWizard.SERIES_ELECTRONICAS);
    } catch (e) {
      setError(mensajeDeError(e));
    }
  };

  const ambienteInicial = config.data?.Ambiente === 'BETA' ? 'BETA' : 'SIMULADOR';
  return (
    <div data-testid="paso-vinculacion-sunat">
      <Typography.Paragraph>
        Vincula tu empresa con SUNAT: sube tu certificado digital y registra tu usuario y clave SOL. Probaremos la conexión en un ambiente de pruebas
        antes de que emitas comprobantes reales.
      </Typography.Paragraph>
      {config.isLoading ? null : (
        <Form<TValores> form={form} layout="vertical" initialValues={{ Ambiente: ambienteInicial }} onFinish={(v) => void guardarYProbar(v)}>
          <Form.Item label="Ambiente de prueba" name="Ambiente" rules={[{ required: true }]}>
            <Select
              style={{ maxWidth: 320 }}
              options={[
                { value: 'SIMULADOR', label: 'Simulador local (pruebas)' },
                { value: 'BETA', label: 'SUNAT Beta (pruebas)' },
              ]}
            />
          </Form.Item>
          <CamposCredencialesSunat archivo={archivo} onArchivo={setArchivo} errores={errores} obligatorio />
          {resultado && <ResultadoConexionSunat r={resultado} />}
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
          <Space wrap>
            <Button htmlType="submit" type={resultado?.Correcta ? 'default' : 'primary'} loading={guardar.isPending || probar.isPending} disabled={!archivo}>
              Guardar y probar conexión
            </Button>
            <Button type="primary" disabled={!resultado} loading={cerrar.isPending && !cerrar.variables?.Omitir} onClick={() => void continuar(false)}>
              Continuar
            </Button>
            <Button type="link" loading={cerrar.isPending && !!cerrar.variables?.Omitir} onClick={() => void continuar(true)}>
              Configurar después
            </Button>
          </Space>
        </Form>
      )}
    </div>
  );
}
