import { useCallback, useSyncExternalStore } from 'react';

function suscribir(cb: () => void) {
  document.addEventListener('fullscreenchange', cb);
  return () => document.removeEventListener('fullscreenchange', cb);
}

/** Full-screen mode of the whole page (the header's toggle); follows Esc and the browser's own controls too. */
export function usePantallaCompleta() {
  const activa = useSyncExternalStore(suscribir, () => document.fullscreenElement !== null);
  const alternar = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Browsers refuse full screen in some contexts (iframes, iOS Safari); the page simply stays as it is.
    }
  }, []);
  return { activa, disponible: typeof document !== 'undefined' && document.fullscreenEnabled, alternar };
}
