import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { estadoBannerDeuda, type TEstadoBannerDeuda, type TResumenDeudaMoneda } from '@yupana/contracts';
import { useConfigPublica } from '../../lib/api/get-config-publica';
import { useMisDeudas } from './api-banners';

const TIPO_ALERTA: Record<TEstadoBannerDeuda['color'], 'info' | 'warning' | 'error'> = { normal: 'info', amarillo: 'warning', rojo: 'error' };

/** The debt banner as the seed draws it (states and texts from the shared function). */
export function DebtBannerVista({ resumen, hoy }: { resumen: TResumenDeudaMoneda[]; hoy: string }) {
  const e = estadoBannerDeuda(resumen, hoy);
  return (
    <Alert
      banner
      showIcon={e.tipo !== 'al-dia'}
      type={TIPO_ALERTA[e.color]}
      title={e.mensaje}
      description={e.detalle}
      action={
        <Link to="/admin/deudas/mis-deudas">
          <Button size="small" type={e.tipo === 'al-dia' ? 'default' : 'primary'}>
            {e.enlace}
          </Button>
        </Link>
      }
      className={`yp-banner yp-banner--${e.tipo}`}
      data-testid="banner-deuda"
      data-estado={e.tipo}
    />
  );
}

/** Debts owed to the provider: main brand only; a failed load shows nothing (the seed only logs it). */
export function DebtBanner() {
  const config = useConfigPublica();
  const principal = config.data?.Variante === 'erp';
  const deudas = useMisDeudas(principal);
  if (!principal || !deudas.data) return null;
  return <DebtBannerVista resumen={deudas.data.Resumen} hoy={deudas.data.Hoy} />;
}
