import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { useAmbienteSunat } from '../../lib/api/ambiente-sunat';
import { fecha } from '../../lib/formato';

/** Shell warning: the company's SUNAT certificate expires within 30 days (or has expired). */
export function AvisoCertificado() {
  const c = useAmbienteSunat().data?.Certificado;
  if (!c || !(c.PorVencer || c.Vencido)) return null;
  const texto = c.Vencido
    ? `El certificado digital de la empresa venció el ${fecha(c.ValidoHasta)}: no podrá emitir comprobantes hasta cargar uno vigente.`
    : `El certificado digital de la empresa vence el ${fecha(c.ValidoHasta)} (${c.DiasRestantes === 1 ? 'queda 1 día' : `quedan ${Math.max(c.DiasRestantes, 0)} días`}). Renuévelo y cárguelo a tiempo.`;
  return (
    <Alert
      banner
      showIcon
      type={c.Vencido ? 'error' : 'warning'}
      title={texto}
      action={
        <Link to="/admin/configuraciones/sunat">
          <Button size="small">Configuración SUNAT</Button>
        </Link>
      }
      data-testid="aviso-certificado"
    />
  );
}
