import Decimal from 'decimal.js';
import { fechaDdMmAaaa } from '../onboarding/vigencia';

/**
 * The two banners of the shell (seed section 4), as pure functions shared by the API and the web: the balance of
 * document allowances and the debts owed to the provider.
 */

/** Balance of document allowances (the seed's fields). */
export type TSaldoComprobantes = {
  NumeroComprobantesContablesDisponibles: number;
  NumeroComprobantesInternosDisponibles: number;
  NumeroComprobantesContablesUsados: number;
  NumeroComprobantesInternosUsados: number;
  /** ISO date until which the package is valid (null: no package bought yet). */
  FechaVencimiento: string | null;
};

/** Under this many remaining documents the banner warns (seed section 9). */
export const UMBRAL_SALDO_BAJO = 10;
/** What a demo company is shown as available (seed section 4). */
export const DISPONIBLES_DEMO = 10_000_000;
export const TEXTO_PROMO = 'PAGO ÚNICO DE POR VIDA S/499';

export type TEstadoBannerSaldo = {
  /** '1' normal (white), '2' few left (yellow), '3' exhausted (red): the seed's tipoSaldo. */
  tipoSaldo: '1' | '2' | '3';
  restantes: number;
  emitidos: number;
  disponibles: number;
  mensajePrincipal: string;
  mensajeSecundario: string | null;
  /** 'Renovar plan' (to the top-up page) for real companies, 'Configura tu empresa ahora' for demo ones. */
  boton: { texto: 'Renovar plan' | 'Configura tu empresa ahora'; ruta: string };
  /** The lifetime-payment promotion, only for companies with or without RUC while days remain. */
  promo: { texto: string; detalle: string } | null;
  tipoEmpresa: 0 | 1 | 2;
};

export const RUTA_RECARGA = '/admin/pagos/recargastuboletape';
export const RUTA_CONFIGURAR_EMPRESA = '/inicializacion-tuboleta/tipo-configuracion';

/** 'Último día de oferta' on the last day, 'Oferta disponible por N días' before; null once over. */
export function textoPromo(diasRestantes: number | null | undefined): string | null {
  if (diasRestantes == null || diasRestantes <= 0) return null;
  return diasRestantes === 1 ? 'Último día de oferta' : `Oferta disponible por ${diasRestantes} días`;
}

/**
 * remaining = available - used: above 10 state 1, 1 to 10 state 2, 0 or less state 3. A company with RUC (or a
 * demo) counts tax documents, one without RUC internal ones; a demo shows 10,000,000 available.
 */
export function estadoBannerSaldo(s: TSaldoComprobantes, tipoEmpresa: 0 | 1 | 2, diasPromo?: number | null): TEstadoBannerSaldo {
  const demo = tipoEmpresa === 1;
  const tributario = tipoEmpresa !== 2;
  const disponibles = demo ? DISPONIBLES_DEMO : tributario ? s.NumeroComprobantesContablesDisponibles : s.NumeroComprobantesInternosDisponibles;
  const emitidos = tributario ? s.NumeroComprobantesContablesUsados : s.NumeroComprobantesInternosUsados;
  const restantes = disponibles - emitidos;
  const tipoSaldo = restantes > UMBRAL_SALDO_BAJO ? '1' : restantes >= 1 ? '2' : '3';

  let mensajePrincipal: string;
  let mensajeSecundario: string | null = null;
  if (tipoSaldo === '3') {
    mensajePrincipal = 'Se han agotado sus comprobantes, realice una recarga';
  } else {
    mensajePrincipal = demo
      ? 'Usted se encuentra en una cuenta DEMO'
      : `Usted ha emitido ${emitidos} ${emitidos === 1 ? 'comprobante' : 'comprobantes'} ${tributario ? (emitidos === 1 ? 'tributario' : 'tributarios') : emitidos === 1 ? 'no tributario' : 'no tributarios'}`;
    const partes = [
      tipoSaldo === '2'
        ? `Le quedan pocos comprobantes: ${restantes} ${restantes === 1 ? 'disponible' : 'disponibles'}`
        : `${new Intl.NumberFormat('es-PE').format(restantes)} comprobantes disponibles`,
    ];
    if (s.FechaVencimiento && !demo) partes.push(`Vigencia del paquete hasta el ${fechaDdMmAaaa(s.FechaVencimiento)}`);
    mensajeSecundario = partes.join(' · ');
  }
  const detallePromo = !demo ? textoPromo(diasPromo) : null;
  return {
    tipoSaldo,
    restantes,
    emitidos,
    disponibles,
    mensajePrincipal,
    mensajeSecundario,
    boton: demo ? { texto: 'Configura tu empresa ahora', ruta: RUTA_CONFIGURAR_EMPRESA } : { texto: 'Renovar plan', ruta: RUTA_RECARGA },
    promo: detallePromo ? { texto: TEXTO_PROMO, detalle: detallePromo } : null,
    tipoEmpresa,
  };
}

/** A debt row as the server keeps it (one per currency). Amounts are decimal strings. */
export type TFilaDeuda = {
  IdMoneda: number;
  MonedaAbrev: string | null;
  Cantidad: number;
  Monto: string;
  MontoInteres: string;
  MontoPagado: string;
  InteresPagado: string;
};

/** The seed's debt summary per currency. */
export type TResumenDeudaMoneda = { idMoneda: number; monedaAbrev: string; nroDocsDeuda: number; montoDeuda: string };

/** Debt per currency = Monto + MontoInteres - MontoPagado - InteresPagado, summed over the rows of that currency. */
export function sumarDeudas(filas: TFilaDeuda[]): TResumenDeudaMoneda[] {
  const porMoneda = new Map<number, { abrev: string; n: number; monto: Decimal }>();
  for (const f of filas) {
    const neto = new Decimal(f.Monto).plus(f.MontoInteres).minus(f.MontoPagado).minus(f.InteresPagado);
    const actual = porMoneda.get(f.IdMoneda) ?? { abrev: f.MonedaAbrev || 'S/', n: 0, monto: new Decimal(0) };
    actual.n += f.Cantidad;
    actual.monto = actual.monto.plus(neto);
    porMoneda.set(f.IdMoneda, actual);
  }
  return [...porMoneda.entries()]
    .sort(([a], [b]) => a - b)
    .map(([idMoneda, v]) => ({ idMoneda, monedaAbrev: v.abrev, nroDocsDeuda: v.n, montoDeuda: v.monto.toFixed(2) }));
}

/** Cut-off day of the service for months 1..12 (seed section 9). */
export const DIAS_CORTE = [14, 11, 18, 8, 13, 10, 8, 12, 9, 14, 11, 10] as const;

/**
 * Next cut-off date on or after `hoy` (ISO, Lima): this month's cut-off day, or next month's once it has passed.
 */
export function fechaCorte(hoy: string): string {
  const [a, m, d] = hoy.slice(0, 10).split('-').map(Number);
  const diaMes = DIAS_CORTE[m - 1];
  if (d <= diaMes) return `${a}-${String(m).padStart(2, '0')}-${String(diaMes).padStart(2, '0')}`;
  const sig = m === 12 ? { a: a + 1, m: 1 } : { a, m: m + 1 };
  return `${sig.a}-${String(sig.m).padStart(2, '0')}-${String(DIAS_CORTE[sig.m - 1]).padStart(2, '0')}`;
}

export type TEstadoBannerDeuda = {
  tipo: 'al-dia' | 'una' | 'varias';
  /** Colour of the banner: normal header colour, yellow or red. */
  color: 'normal' | 'amarillo' | 'rojo';
  mensaje: string;
  detalle: string | null;
  /** 'Ver mis facturas' up to date, 'Subir mi pago' one, 'Subir mis pagos' several ('Registrar Pago' by default). */
  enlace: 'Registrar Pago' | 'Ver mis facturas' | 'Subir mi pago' | 'Subir mis pagos';
};

export const TEXTO_ENLACE_DEUDA_DEFECTO = 'Registrar Pago';

function formatoMonto(abrev: string, monto: string): string {
  const n = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(monto as Intl.StringNumericLiteral);
  // A non-breaking space: the symbol never wraps away from its amount.
  return `${abrev || 'S/'}\u00a0${n}`;
}

/** The seed's three states of the debt banner, with the amounts per currency and the cut-off date when several. */
export function estadoBannerDeuda(resumen: TResumenDeudaMoneda[], hoy: string): TEstadoBannerDeuda {
  const conDeuda = resumen.filter((r) => r.nroDocsDeuda > 0);
  const pendientes = conDeuda.reduce((n, r) => n + r.nroDocsDeuda, 0);
  const montos = conDeuda.map((r) => formatoMonto(r.monedaAbrev, r.montoDeuda)).join(' y ');
  if (pendientes === 0) return { tipo: 'al-dia', color: 'normal', mensaje: 'Felicitaciones!!!, estás al día en tus pagos', detalle: null, enlace: 'Ver mis facturas' };
  if (pendientes === 1) return { tipo: 'una', color: 'amarillo', mensaje: `Tienes una factura pendiente de pago por ${montos}`, detalle: null, enlace: 'Subir mi pago' };
  return {
    tipo: 'varias',
    color: 'rojo',
    mensaje: `Tienes ${pendientes} facturas pendientes de pago por ${montos}`,
    detalle: `Por favor evite el corte del servicio. Fecha de corte ${fechaDdMmAaaa(fechaCorte(hoy))}`,
    enlace: 'Subir mis pagos',
  };
}

/** Receipt variant: the banner colour follows an optional message code (1 white, 2 amber, 3 red). */
export function colorPorCodigoMensaje(codigo: number | null | undefined): 'blanco' | 'ambar' | 'rojo' {
  return codigo === 3 ? 'rojo' : codigo === 2 ? 'ambar' : 'blanco';
}
