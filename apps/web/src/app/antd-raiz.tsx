import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { tema } from './theme';

dayjs.locale('es');

/**
 * antd with the product's theme and Spanish locale. Every page but the login page renders inside it: the login page
 * is the first page a user loads and does without antd, so its JavaScript stays within its budget (issue 17).
 */
export function ProveedorAntd({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={esES} theme={tema}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
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
