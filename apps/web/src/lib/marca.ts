import type { TVariante } from '@yupana/contracts';

/**
 * What the deployment's brand decides in the browser (the seed's list): the main ERP ('erp') or the receipt variant
 * ('tuboleta'). The brand comes from the public configuration; the config query records it here as soon as it is
 * read, so code outside React (the API client's refresh, the sign-out) can follow it. Pure helpers below.
 */
let variante: TVariante = 'erp';

export function establecerVariante(v: TVariante): void {
  variante = v;
}

export function varianteActual(): TVariante {
  return variante;
}

export const esVarianteRecibo = (v: TVariante = variante) => v === 'tuboleta';

/** The brand's sign-in page: /auth/login for the main ERP, /auth/inicio for the receipt variant. */
export const rutaLogin = (v: TVariante = variante) => (v === 'tuboleta' ? '/auth/inicio' : '/auth/login');

/** The other brand's sign-in page (it redirects to this brand's one). */
export const rutaLoginAjena = (v: TVariante = variante) => (v === 'tuboleta' ? '/auth/login' : '/auth/inicio');

/** The refresh call: v2 in the main ERP, v1 in the receipt variant (same body, same rotation on the server). */
export const rutaRefresh = (v: TVariante = variante) => `/seguridad/${v === 'tuboleta' ? 'v1' : 'v2'}/usuarios/refreshtoken`;

/**
 * The menu's permissions call: the main ERP's v2 call with logInFormat, or the universal users' v3 call without it.
 */
export function llamadaPermisos(v: TVariante, idUsuario: number, logInFormat: string | null): { ruta: string; query: Record<string, string | number | undefined> } {
  if (v === 'tuboleta') return { ruta: `/seguridad/v3/usuarios/universales/${idUsuario}/permisos/modulos`, query: { IdPermiso: 0 } };
  return { ruta: `/seguridad/v2/usuarios/${idUsuario}/permisos/modulos`, query: { IdPermiso: 0, logInFormat: logInFormat ?? undefined } };
}

/** Sign-out: the main ERP first ends the server session; the receipt variant signs out directly (the seed's rule). */
export const cierraSesionEnServidor = (v: TVariante = variante) => v !== 'tuboleta';

/** The user menu's "Configuración": the profile in the main ERP, "Datos de mi cuenta" in the receipt variant. */
export const RUTA_DATOS_MI_CUENTA = '/config-tuboleta/configuracion/datos-de-mi-cuenta';
export const rutaConfiguracionUsuario = (v: TVariante = variante) => (v === 'tuboleta' ? RUTA_DATOS_MI_CUENTA : '/admin/usuario/perfil');

/** Debt banner, print parameters and the virtual assistant exist only in the main ERP. */
export const tieneBannerDeuda = (v: TVariante = variante) => v === 'erp';

/** Page title: the brand name followed by '| ' and the page (the seed's rule). */
export const tituloPagina = (marca: string, pagina: string) => `${marca} | ${pagina}`;

/** Fallback brand names while the public configuration loads (the server's names for each brand). */
export const NOMBRE_MARCA: Record<TVariante, string> = { erp: 'Yupana', tuboleta: 'Yupana Boletas' };
