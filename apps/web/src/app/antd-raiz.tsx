import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { tema } from './theme';

dayjs.locale('es');

/**
 * antd with the product's theme and Spanish locale. Every page but the login page renders inside it: the login page
 * is the first page a user loads and does without antd, so its JavaScript stays within its budget (issue 17).
 */
export function ProveedorAntd({ children }: { children: ReactNode }) {
  const menosMovimiento = usePrefiereMenosMovimiento();
  // A user who asks the system for reduced motion gets antd without its animations (menus, modals, messages appear
  // at once). The e2e suite asks for it too: fewer repaints on a 2-core machine and no click landing mid-animation.
  const temaEfectivo = useMemo(() => (menosMovimiento ? { ...tema, token: { ...tema.token, motion: false } } : tema), [menosMovimiento]);
  return (
    <ConfigProvider locale={esES} theme={temaEfectivo}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

const CONSULTA_MOVIMIENTO = '(prefers-reduced-motion: reduce)';

/** The system setting "reduce motion" (prefers-reduced-motion), followed while the page is open. */
function usePrefiereMenosMovimiento(): boolean {
  return useSyncExternalStore(
    (avisar) => {
      const m = typeof window.matchMedia === 'function' ? window.matchMedia(CONSULTA_MOVIMIENTO) : null;
      m?.addEventListener('change', avisar);
      return () => m?.removeEventListener('change', avisar);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(CONSULTA_MOVIMIENTO).matches : false),
  );
}

/** The permission guard sends a user away from a page they may not open (to /admin?acceso=denegado): tell them. */
function AvisoAccesoDenegado() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { message } = AntApp.useApp();
  useEffect(() => {
    if (pathname === '/admin' && new URLSearchParams(search).get('acceso') === 'denegado') {
      void message.warning('No tiene permiso para ingresar a esa página');
      navigate('/admin', { replace: true });
    }
  }, [pathname, search, message, navigate]);
  return null;
}

/** Layout route of every antd page. */
export function AntdRaiz() {
  return (
    <ProveedorAntd>
      <AvisoAccesoDenegado />
      <Outlet />
    </ProveedorAntd>
  );
}
