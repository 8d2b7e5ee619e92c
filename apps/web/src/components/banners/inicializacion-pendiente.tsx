import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useInfoUniversal } from './api-banners';

/** Receipt variant: a user whose setup wizard is not finished is taken back to the step the seed's rules choose. */
export function InicializacionPendiente() {
  const info = useInfoUniversal();
  const navegar = useNavigate();
  const destino = info.data?.RutaInicializacion;
  useEffect(() => {
    if (destino) navegar(destino, { replace: true });
  }, [destino, navegar]);
  return null;
}
