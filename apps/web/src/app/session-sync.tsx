import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authStorage, ClavesStorage } from '../lib/auth-storage';
import { rutaLogin } from '../lib/marca';
import { configurarSalida } from '../lib/session';
import { desconectarTiempoReal } from '../lib/tiempo-real';
import { queryClient } from './query-client';

/**
 * Session events between tabs (they share localStorage): a sign-out in another tab signs this one out too; a sign-in
 * or a different user in another tab sends this one to the shell with that user's data. Also wires the sign-out of
 * this tab to the router. (Why a session was closed is told by the login page; a denied page by the antd layout.)
 */
export function SessionSync() {
  const navigate = useNavigate();

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
