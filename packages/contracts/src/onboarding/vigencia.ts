/**
 * Validity helper of the seed (section 4): a start date plus a fixed number of days gives the end date, the days
 * remaining (rounded up) and the expired flag (remaining zero or less). One implementation for the API (demo expiry,
 * package validity, promotion) and the web (banners, demo overlay).
 */

const MS_DIA = 24 * 3600 * 1000;

export type TVigencia = {
  /** ISO date (YYYY-MM-DD) of the last day of validity. */
  FechaFin: string;
  DiasRestantes: number;
  Vencido: boolean;
};

/** Date part in America/Lima (UTC-5 all year, no daylight saving since 1994) as YYYY-MM-DD. */
export function fechaLima(instante: Date): string {
  return new Date(instante.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}

/** Adds whole days to an ISO date (calendar arithmetic in UTC, so no time-zone drift). */
export function sumarDias(fechaIso: string, dias: number): string {
  const base = Date.parse(`${fechaIso.slice(0, 10)}T00:00:00Z`);
  return new Date(base + dias * MS_DIA).toISOString().slice(0, 10);
}

/**
 * Validity of something that starts at `inicio` and lasts `dias` days. It ends at the end of `inicio + dias`
 * (Lima midnight), so a one-day trial started now has a fraction of a day left, which rounds up to 1.
 */
export function calcularVigencia(inicio: Date, dias: number, ahora: Date): TVigencia {
  const FechaFin = sumarDias(fechaLima(inicio), dias);
  return vigenciaHasta(FechaFin, ahora);
}

/** Validity up to and including the ISO date `fechaFin` (Lima time). */
export function vigenciaHasta(fechaFin: string, ahora: Date): TVigencia {
  // End of the last day in Lima = next day's 00:00 at UTC-5 = 05:00 UTC.
  const fin = Date.parse(`${sumarDias(fechaFin, 1)}T05:00:00Z`);
  const restanteMs = fin - ahora.getTime();
  const DiasRestantes = restanteMs > 0 ? Math.ceil(restanteMs / MS_DIA) : Math.floor(restanteMs / MS_DIA);
  return { FechaFin: fechaFin.slice(0, 10), DiasRestantes, Vencido: DiasRestantes <= 0 };
}

/** dd/MM/yyyy as the seed shows dates in its banners. */
export function fechaDdMmAaaa(fechaIso: string): string {
  const [a, m, d] = fechaIso.slice(0, 10).split('-');
  return `${d}/${m}/${a}`;
}
