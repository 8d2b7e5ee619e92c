import { Button, Card, Result, Spin, Steps, Typography } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { RutasWizard } from '@yupana/contracts';
import { useInfoUniversal } from '../../../components/banners/api-banners';
import { mensajeDeError } from '../../../lib/api-error';
import { useConfigPublica } from '../../../lib/api/get-config-publica';
import { cerrarSesion } from '../../../lib/session';

const PASOS = [
  { ruta: RutasWizard.TIPO_CONFIGURACION, titulo: 'Tipo de configuración' },
  { ruta: RutasWizard.PERSONA_CONTACTO, titulo: 'Persona de contacto' },
  { ruta: RutasWizard.VINCULACION_SUNAT, titulo: 'Vinculación SUNAT' },
  { ruta: RutasWizard.SERIES_ELECTRONICAS, titulo: 'Series' },
  { ruta: RutasWizard.OPCIONES_CONFIGURACION, titulo: 'Listo' },
];

/** The setup wizard's frame (outside the shell): brand, progress and the current step. */
export function WizardLayout() {
  const { pathname } = useLocation();
  const info = useInfoUniversal();
  const config = useConfigPublica();
  // The SUNAT link (seed step 3) is only for companies with RUC (type 0), between the contact and the series.
  const pasos = PASOS.filter((p) => p.ruta !== RutasWizard.VINCULACION_SUNAT || info.data?.TipoEmpresa === 0);
  const actual = Math.max(0, pasos.findIndex((p) => pathname.startsWith(p.ruta)));
  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: 16 }}>
      <Card style={{ maxWidth: 820, margin: '24px auto' }} data-testid="asistente-configuracion">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Configura tu empresa en {config.data?.Marca ?? 'Yupana'}
          </Typography.Title>
          <div style={{ display: 'flex', gap: 8 }}>
            {/* A user the wizard does not hold (a demo or no-RUC company configuring itself later) can go back. */}
            {info.data && !info.data.RutaInicializacion && (
              <Link to="/admin">
                <Button>Volver al sistema</Button>
              </Link>
            )}
            <Button onClick={() => void cerrarSesion()}>Cerrar Sesión</Button>
          </div>
        </div>
        <Steps current={actual} items={pasos.map((p) => ({ title: p.titulo }))} style={{ margin: '24px 0' }} size="small" />
        {info.isLoading ? <Spin /> : info.isError ? <Result status="error" title={mensajeDeError(info.error)} /> : <Outlet />}
      </Card>
    </div>
  );
}
