import { MODULO_ERP } from '@yupana/contracts';
import { createApiClient } from './api-client';
import { authStorage } from './auth-storage';
import { cierraSesionEnServidor, rutaLogin, rutaRefresh } from './marca';

/** What the app does once the local session is gone (clear caches, go to the login page). Set by the app at start. */
let alSalir: () => void = () => {
  window.location.assign(rutaLogin());
};

export function configurarSalida(fn: () => void): void {
  alSalir = fn;
}

export const api = createApiClient({ onSesionTerminada: () => alSalir(), rutaRefresh: () => rutaRefresh() });

const ESPERA_LOGOUT_MS = 5000;

/**
 * Sign-out as the seed does it: the main brand asks the server to end the session, and signs out locally even if that call fails
 * (or hangs: after a few seconds the user is not kept waiting). Then local storage is cleared, the logout time kept,
 * and the app goes to the login page.
 */
export async function cerrarSesion(opciones: { redirigir?: boolean } = {}): Promise<void> {
  const RefreshToken = authStorage.refreshToken();
  // The receipt variant signs out directly, without the server call (the seed's rule).
  if (RefreshToken && cierraSesionEnServidor()) {
    const control = new AbortController();
    const espera = setTimeout(() => control.abort(), ESPERA_LOGOUT_MS);
    try {
      await api.post(
        '/seguridad/v2/usuarios/logout',
        { AccessToken: authStorage.accessToken() ?? undefined, RefreshToken, IdModulo: MODULO_ERP, TimeLogIn: authStorage.timeLogIn() ?? undefined },
        { auth: false, signal: control.signal },
      );
    } catch {
      // The seed signs out locally whatever the server answered: the user asked to leave.
    } finally {
      clearTimeout(espera);
    }
  }
  authStorage.limpiarYMarcarSalida();
  // A route guard that ends the session returns its own redirect instead.
  if (opciones.redirigir !== false) alSalir();
}
