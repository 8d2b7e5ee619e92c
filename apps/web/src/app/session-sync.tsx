import { App } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authStorage, ClavesStorage } from '../lib/auth-storage';
import { rutaLogin } from '../lib/marca';
import { configurarSalida } from '../lib/session';
import { desconectarTiempoReal, tomarMotivoSalida } from '../lib/tiempo-real';
import { queryClient } from './query-client';

/**
 * Session events between tabs (they share localStorage): a sign-out in another tab signs this one out too; a sign-in
 * or a different user in another tab sends this one to the shell with that user's data. Also wires the sign-out of
 * this tab to the router.
 */
export function SessionSync() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { message, modal } = App.useApp();

  // A sign-out the user did not ask for (session taken over, closed by an administrator): say why on the login page.
  useEffect(() => {
    if (!pathname.startsWith(rutaLogin())) return;
    const motivo = tomarMotivoSalida();
    if (motivo) modal.warning({ title: 'Sesión cerrada', content: <span data-testid="motivo-salida">{motivo}</span>, okText: 'Entendido', centered: true });
  }, [pathname, modal]);

  // The permission guard sends a user away from a page they may not open: tell them.
  useEffect(() => {
    if (pathname === '/admin' && new URLSearchParams(search).get('acceso') === 'denegado') {
      void message.warning('No tiene permiso para ingresar a esa página');
      navigate('/admin', { replace: true });
    }
  }, [pathname, search, message, navigate]);

  useEffect(() => {
    configurarSalida(() => {
      queryClient.clear();
      navigate(rutaLogin(), { replace: true });
    });
  }, [navigate]);

  useEffect(() => {
    const alCambiar = (e: StorageEvent) => {
      if (e.storageArea !== localStorage) return;
      if (e.key === ClavesStorage.LogOut && e.newValue) {
        desconectarTiempoReal();
        queryClient.clear();
        navigate(rutaLogin(), { replace: true });
        return;
      }
      // DataUser is written last at sign-in (auth-storage), so when it changes the whole session is visible here.
      const inicioSesion = e.key === ClavesStorage.DataUser && !!e.newValue && e.newValue !== e.oldValue;
      if (inicioSesion && authStorage.haySesion()) {
        queryClient.clear();
        navigate('/admin', { replace: true });
      }
    };
    window.addEventListener('storage', alCambiar);
    return () => window.removeEventListener('storage', alCambiar);
  }, [navigate]);

  return null;
}
