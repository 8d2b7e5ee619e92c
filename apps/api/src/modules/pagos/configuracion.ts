/**
 * Deployment settings of plans, payments and demo accounts (read from the environment once, at start).
 *
 * - YUPANA_RELOJ: ISO instant the module's clock starts at (e2e and demos move time forward to see a demo expire);
 *   the clock keeps running from there. Only this module's notion of "now" moves; tokens keep the real time.
 * - DEMO_DIAS: trial length of a demo company in days (default 15).
 * - YUPANA_PROMO_HASTA: last day (YYYY-MM-DD) of the lifetime-payment promotion; unset = no promotion.
 */
export type ConfigPagos = {
  demoDias: number;
  promoHasta: string | null;
  desfaseRelojMs: number;
};

export const DEMO_DIAS_POR_DEFECTO = 15;

function leerDesfase(valor: string | undefined): number {
  if (!valor) return 0;
  const t = Date.parse(valor);
  if (Number.isNaN(t)) throw new Error(`YUPANA_RELOJ no es una fecha válida: ${valor}`);
  return t - Date.now();
}

export function configPagosDesdeEntorno(env: NodeJS.ProcessEnv = process.env): ConfigPagos {
  const dias = env.DEMO_DIAS ? Number(env.DEMO_DIAS) : DEMO_DIAS_POR_DEFECTO;
  if (!Number.isInteger(dias) || dias < 0) throw new Error(`DEMO_DIAS debe ser un número entero de días: ${env.DEMO_DIAS}`);
  const promo = env.YUPANA_PROMO_HASTA?.trim() || null;
  if (promo && !/^\d{4}-\d{2}-\d{2}$/.test(promo)) throw new Error(`YUPANA_PROMO_HASTA debe tener el formato AAAA-MM-DD: ${promo}`);
  return {
    demoDias: dias,
    promoHasta: promo,
    desfaseRelojMs: leerDesfase(env.YUPANA_RELOJ),
  };
}

let config: ConfigPagos = configPagosDesdeEntorno();

/** Tests replace the settings (e.g. move the clock) and restore them afterwards. */
export function configurarPagos(cambios: Partial<ConfigPagos>): ConfigPagos {
  const anterior = config;
  config = { ...config, ...cambios };
  return anterior;
}

export const configPagos = (): ConfigPagos => config;
export const ahora = (): Date => new Date(Date.now() + config.desfaseRelojMs);
