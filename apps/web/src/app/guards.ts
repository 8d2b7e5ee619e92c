import { EstadoUsuario, RUTA_WIZARD, RutasWizard } from '@yupana/contracts';
import { infoUniversalQuery } from '../components/banners/api-banners';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { configPublicaQuery } from '../lib/api/get-config-publica';
import { menuQuery } from '../lib/api/get-menu';
import { usuarioQuery } from '../lib/api/get-usuario';
import { ApiError } from '../lib/api-error';
import { authStorage } from '../lib/auth-storage';
import { esEnlaceRegistro } from '../lib/enlace-registro';
import { rutaLogin } from '../lib/marca';
import { entradasDePermiso, evaluarPermiso, type TPermisoRuta } from '../lib/permissions/permiso-ruta';
import { api, cerrarSesion } from '../lib/session';
import { queryClient } from './query-client';

/** The point of sale loaded with no network (posfix): only /puntoventa, only while the browser says it is offline. */
export const puntoVentaSinRed = (pathname: string) => !navigator.onLine && (pathname === '/puntoventa' || pathname.startsWith('/puntoventa/'));

function aLogin(request: Request) {
  const { pathname, search } = new URL(request.url);
  const volver = pathname === '/admin' ? '' : `?volver=${encodeURIComponent(pathname + search)}`;
  return redirect(`${rutaLogin()}${volver}`);
}

/** Reads the public configuration once (the brand decides the login route and the refresh call). */
async function asegurarMarca(): Promise<void> {
  try {
    await queryClient.ensureQueryData(configPublicaQuery);
  } catch {
    // Unreachable server: the main brand's defaults apply; the next call reports the error.
  }
}

/**
 * Login guard of the shell (runs before every navigation inside it). No token: to the login page. An expired access
 * token is renewed first. On a first sign-in (LogIn 0) the user record must be active, otherwise the session ends.
 * A failed user lookup blocks the navigation: the error is thrown to the route's error page, in Spanish.
 */
export async function guardLogin({ request }: LoaderFunctionArgs) {
  await asegurarMarca();
  const usuario = authStorage.dataUser();
  if (!authStorage.accessToken() || !authStorage.refreshToken() || !usuario) return aLogin(request);
  // The point of sale opened with no network (posfix: its service worker served the page): the session stored on this
  // browser stands; the token is renewed and the user checked at the first call once online (the server checks every call).
  if (puntoVentaSinRed(new URL(request.url).pathname)) return null;

  if (!authStorage.accessTokenVigente()) {
    try {
      await api.refrescar();
    } catch (e) {
      // 5094/5028: the client has already ended the session; the redirect below just makes it immediate.
      if (!authStorage.haySesion()) return aLogin(request);
      throw e;
    }
  }

  let registro;
  try {
    registro = await queryClient.ensureQueryData(usuarioQuery(usuario.IdUsuario));
  } catch (e) {
    if (!authStorage.haySesion()) return aLogin(request);
    if (e instanceof ApiError) throw e;
    throw new ApiError(0, `/api/seguridad/v2/usuarios/${usuario.IdUsuario}`, null);
  }
  if (authStorage.logIn() === '0' && registro.Estado !== EstadoUsuario.ACTIVO) {
    await cerrarSesion({ redirigir: false });
    queryClient.clear();
    return redirect(rutaLogin());
  }
  return rutaDelAsistente(new URL(request.url).pathname);
}

/**
 * The setup wizard's rules (the seed's RutaInicializacion, computed by the server): a user whose wizard is not finished
 * goes back to its step from anywhere in the app, also after signing out and in again; a company configured with a
 * RUC does not reopen the wizard (a demo or no-RUC company may, to configure itself), but sees its last page ("Listo").
 */
async function rutaDelAsistente(pathname: string): Promise<Response | null> {
  let info;
  try {
    info = await queryClient.ensureQueryData(infoUniversalQuery);
  } catch {
    // The info call failing does not lock the user out: the pages report their own errors.
    return null;
  }
  const enAsistente = pathname.startsWith(RUTA_WIZARD);
  if (info.RutaInicializacion) return enAsistente ? null : redirect(info.RutaInicializacion);
  if (enAsistente && info.TipoEmpresa === 0 && !pathname.startsWith(RutasWizard.OPCIONES_CONFIGURACION)) return redirect('/admin');
  return null;
}

/** The auth area is for signed-out users: a signed-in user who opens it goes to the shell. */
export async function guardAuth({ request }: LoaderFunctionArgs) {
  await asegurarMarca();
  if (esEnlaceRegistro(new URL(request.url))) {
    if (authStorage.haySesion() || authStorage.dataUser()) {
      authStorage.limpiarYMarcarSalida();
      const config = queryClient.getQueryData(configPublicaQuery.queryKey);
      queryClient.clear();
      if (config) queryClient.setQueryData(configPublicaQuery.queryKey, config);
    }
    return null;
  }
  return authStorage.haySesion() ? redirect('/admin') : null;
}

/** Each brand signs in at its own page: the other brand's page redirects there (keeping the query, e.g. volver). */
export function guardPaginaLogin(pagina: '/auth/login' | '/auth/inicio') {
  return async ({ request }: LoaderFunctionArgs) => {
    await asegurarMarca();
    const propia = rutaLogin();
    return propia === pagina ? null : redirect(`${propia}${new URL(request.url).search}`);
  };
}

/** What a permission-guarded route's loader gives its page: the controls (type-2 permission ids) the user may use. */
export type TDatosPermiso = { permiso: TPermisoRuta & { controles: number[] } };

/**
 * Permission guard (the seed's §6) for a route whose data declares a permission id and a component id. It reads the
 * user's permitted tree (the same cached answer the side menu uses) and applies the seed's rule (evaluarPermiso).
 * Denied: logged and sent away (to the shell's home, the seed's "to login" for a signed-in user). The server refuses
 * the same calls anyway: this only keeps users off pages they cannot use.
 */
export function guardPermiso(permiso: TPermisoRuta) {
  return async (): Promise<TDatosPermiso | Response | null> => {
    // Runs beside the shell's login guard: the brand must be known before the menu call, or a renewal that call
    // triggers would use the main brand's refresh path instead of the receipt variant's.
    await asegurarMarca();
    const usuario = authStorage.dataUser();
    // No session: the shell's login guard (running beside this one) sends the user to the login page.
    if (!usuario || !authStorage.haySesion()) return null;
    // Offline at the point of sale (posfix): the menu cannot be read; the page was opened online with the permission
    // before, and every sale is checked by the server when it syncs.
    if (puntoVentaSinRed(location.pathname)) return { permiso: { ...permiso, controles: [] } };
    let arbol;
    try {
      arbol = (await queryClient.ensureQueryData(menuQuery(usuario.IdUsuario, authStorage.logInFormat()))).Data;
    } catch (e) {
      if (!authStorage.haySesion()) return redirect(rutaLogin());
      throw e;
    }
    // The server's "no permission at all" answer is a single entry with permission id 0, whatever was asked.
    const sinPermisos = arbol.length === 1 && arbol[0].IdPermiso === 0;
    const r = evaluarPermiso(sinPermisos ? arbol : entradasDePermiso(arbol, permiso.idPermiso), permiso.componente);
    if (r.tipo === 'salir') {
      await cerrarSesion({ redirigir: false });
      queryClient.clear();
      return redirect(rutaLogin());
    }
    if (r.tipo === 'denegado') {
      console.warn(`Acceso no autorizado a ${permiso.componente} (permiso ${permiso.idPermiso})`);
      return redirect('/admin?acceso=denegado');
    }
    return { permiso: { ...permiso, controles: r.controles } };
  };
}

/** Areas that exist only in the receipt variant (config-tuboleta): anyone else goes to the login page. */
export async function guardSoloRecibo() {
  const config = await queryClient.ensureQueryData(configPublicaQuery);
  return (config as { Variante?: string }).Variante === 'tuboleta' ? null : redirect('/auth/login');
}
