// La única función de totales de Yupana (la usa el constructor UBL y la vista previa de la web).
// Isomórfica: solo decimal.js, sin node:*. Sigue las fórmulas de las hojas de validación de SUNAT (2026-02-12):
// cada importe se redondea a 2 decimales (mitad hacia arriba) en el punto donde SUNAT lo compara. El IGV/IVAP de
// cabecera es la suma de los de línea (así el total es la suma de las líneas impresas) mientras esté dentro de la
// tolerancia de ±1 con la que SUNAT lo compara contra base × tasa (reglas 3291/4290/4302 y 3279/4310); fuera de ella
// se usa base × tasa.
import Decimal from 'decimal.js';
import { AFECTACIONES_GRATUITAS_GRAVADAS, PORCENTAJE_PERCEPCION, esGratuita, tributoDeAfectacion } from '../catalogs';
import { montoEnLetras } from '../words';

export { Decimal };

// 40 cifras significativas: cantidad (10 decimales) × valor unitario (10 decimales) se multiplica sin redondeo previo,
// así el único redondeo es el de SUNAT (a céntimos, mitad hacia arriba). La precisión por defecto (20) podría
// redondear dos veces.
const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const D = (v: Decimal.Value) => new Dec(v);
const CERO = new Dec(0);
const CIEN = new Dec(100);
/** Redondeo a céntimos (mitad hacia arriba), el que usa SUNAT. */
export const r2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
/** Valores unitarios: SUNAT admite hasta 10 decimales. */
export const r10 = (d: Decimal) => d.toDecimalPlaces(10, Decimal.ROUND_HALF_UP);
const r5 = (d: Decimal) => d.toDecimalPlaces(5, Decimal.ROUND_HALF_UP);
const suma = (xs: Decimal[]) => xs.reduce((a, b) => a.plus(b), CERO);

/** Tasa por defecto del IGV (%) y del IVAP (%). */
export const TASA_IGV = new Dec(18);
export const TASA_IVAP = new Dec(4);
/**
 * SUNAT compara el IGV/IVAP de cabecera y el precio de venta con base × tasa con una tolerancia de ±1 (hojas XSL
 * 2.0.1: 3291 y 3279 rechazan, 4290, 4302 y 4310 observan). Se exige estar estrictamente por debajo.
 */
export const TOLERANCIA_SUNAT = new Dec(1);
/** SUNAT's amounts are n(12,2): nothing above this can be issued, nor written in words (leyenda 1000). */
export const IMPORTE_MAXIMO = new Dec('999999999999.99');
const TEXTO_IMPORTE_MAXIMO = '999,999,999,999.99';
/**
 * Si la suma de los IGV de línea se aleja de base × tasa en esto o más, se reparte el redondeo entre los ítems con precio
 * final. Es la mitad de la tolerancia: deja margen al redondeo del impuesto de los descuentos/cargos globales.
 */
const DESVIO_PARA_REPARTIR = new Dec('0.5');

// Tasas como fracción (0.18) y como divisor del precio con impuesto (1.18): las de IGV e IVAP se calculan una vez.
// `x.times(tasa).div(100)` y `x.times(tasa / 100)` dan el mismo Decimal: dividir entre 100 solo mueve el exponente, y
// el redondeo a 40 cifras significativas no depende del exponente (si el producto cabe en 40 cifras, ambos son
// exactos; si no, ambos redondean las mismas cifras). Lo mismo con `tasa / 100` (exacta). Cada operación de
// decimal.js crea objetos, y esto corre varias veces por cada línea emitida.
const FRACCION_IGV = TASA_IGV.div(CIEN);
const FRACCION_IVAP = TASA_IVAP.div(CIEN);
const UNO_MAS_IGV = CIEN.plus(TASA_IGV).div(CIEN);
const UNO_MAS_IVAP = CIEN.plus(TASA_IVAP).div(CIEN);
/** tasa / 100 (0.18 para el 18 %). */
const fraccion = (tasa: Decimal) => (tasa === TASA_IGV ? FRACCION_IGV : tasa === TASA_IVAP ? FRACCION_IVAP : tasa.div(CIEN));
/** (100 + tasa) / 100: lo que divide a un importe con impuesto para obtener su base (1.18 para el 18 %). */
const unoMasTasa = (tasa: Decimal) => (tasa === TASA_IGV ? UNO_MAS_IGV : tasa === TASA_IVAP ? UNO_MAS_IVAP : CIEN.plus(tasa).div(CIEN));

export type TAjusteEntrada = { codigo: string; factor?: string; monto?: string; base?: string };
export type TItemEntrada = {
  descripcion?: string;
  cantidad: string;
  valorUnitario?: string;
  precioUnitario?: string;
  afectacion: string;
  porcentajeIgv?: string;
  valorReferencial?: string;
  isc?: { sistema: string; tasa?: string; montoFijo?: string; precioPublico?: string };
  icbper?: { montoUnitario: string };
  descuentos?: TAjusteEntrada[];
  cargos?: TAjusteEntrada[];
};
export type TEntradaTotales = {
  /** Tipo de comprobante (01, 03, 07, 08); en la nota de crédito las cuotas corrigen el saldo de la factura. */
  tipo?: string;
  /** Boleta: si falta el comprador, el importe no puede superar S/ 700. */
  cliente?: unknown;
  fechaEmision: string;
  moneda: string;
  items: TItemEntrada[];
  descuentosGlobales?: TAjusteEntrada[];
  cargosGlobales?: TAjusteEntrada[];
  anticipos?: { monto: string; afectacion: string }[];
  detraccion?: { porcentaje: string; tipoCambio?: string };
  percepcion?: { regimen: string; porcentaje?: string };
  formaPago?: { tipo: 'Contado' } | { tipo: 'Credito'; cuotas: { monto: string; fechaVencimiento: string }[] };
};

export type TAjusteCalculado = { codigo: string; cargo: boolean; factor: Decimal; monto: Decimal; base: Decimal };

export type TLineaCalculada = {
  cantidad: Decimal;
  afectacion: string;
  gratuita: boolean;
  /** Tributo del catálogo 05 que corresponde a la afectación (1000, 1016, 9995, 9996, 9997, 9998). */
  tributo: string;
  /** Valor unitario sin impuestos (cac:Price), 0 en gratuitas. */
  valorUnitario: Decimal;
  /** Precio unitario con impuestos (tipo 01) o valor referencial (tipo 02, gratuitas). */
  precioUnitario: Decimal;
  tipoPrecio: '01' | '02';
  /** Valor de venta del ítem (LineExtensionAmount). */
  valorVenta: Decimal;
  ajustes: TAjusteCalculado[];
  porcentajeIgv: Decimal;
  baseIgv: Decimal;
  igv: Decimal;
  isc?: { sistema: string; base: Decimal; tasa: Decimal; monto: Decimal };
  icbper?: { cantidad: Decimal; montoUnitario: Decimal; monto: Decimal };
  /** Total de tributos del ítem (cac:TaxTotal/cbc:TaxAmount). */
  totalImpuestos: Decimal;
  /**
   * Solo ítems con precio final (IGV/IVAP incluido, sin ISC ni descuentos/cargos): cantidad × precio sin el ICBPER, a
   * céntimos. Valor de venta + IGV de la línea suman siempre exactamente este importe.
   */
  importeConImpuesto?: Decimal;
};

export type TSubtotalTributo = { tributo: string; base: Decimal; monto: Decimal };

export type TCuotaCalculada = { numero: string; monto: Decimal; fechaVencimiento: string };

export type TProblema = { campo: string; mensaje: string };

export type TTotales = {
  lineas: TLineaCalculada[];
  /** Subtotales de cabecera por tributo, en el orden en que van al XML; solo los que existen. */
  subtotales: TSubtotalTributo[];
  gravado: Decimal;
  ivap: Decimal;
  exonerado: Decimal;
  inafecto: Decimal;
  exportacion: Decimal;
  gratuito: Decimal;
  igvGratuito: Decimal;
  igv: Decimal;
  montoIvap: Decimal;
  isc: Decimal;
  icbper: Decimal;
  /** cac:TaxTotal/cbc:TaxAmount de cabecera (IGV + IVAP + ISC + ICBPER). */
  totalImpuestos: Decimal;
  ajustesGlobales: TAjusteCalculado[];
  /** LegalMonetaryTotal. */
  valorVenta: Decimal;
  precioVenta: Decimal;
  totalDescuentos: Decimal;
  totalCargos: Decimal;
  totalAnticipos: Decimal;
  importeTotal: Decimal;
  detraccion?: { porcentaje: Decimal; monto: Decimal; montoMoneda: Decimal };
  percepcion?: { codigo: string; porcentaje: Decimal; base: Decimal; monto: Decimal; totalConPercepcion: Decimal };
  /** Monto neto pendiente de pago (crédito): importe total menos detracción. */
  netoPendiente: Decimal;
  cuotas: TCuotaCalculada[];
  leyendaMonto: string;
  /** Reglas de negocio incumplidas (cuotas, montos negativos); vacío si todo está bien. */
  problemas: TProblema[];
};

export const MENSAJE_FECHA_CUOTA =
  'POR NORMATIVA DE SUNAT LAS FECHAS DE TUS CUOTAS NO PUEDEN SER ANTERIORES O EL MISMO DIA QUE LA FECHA DE EMISIÓN DE TU COMPROBANTE';

function ajuste(a: TAjusteEntrada, cargo: boolean, baseDefecto: Decimal): TAjusteCalculado {
  const base = a.base !== undefined ? D(a.base) : baseDefecto;
  if (a.factor !== undefined) {
    const factor = D(a.factor);
    return { codigo: a.codigo, cargo, factor, monto: r2(base.times(factor)), base: r2(base) };
  }
  const monto = r2(D(a.monto ?? 0));
  const factor = base.isZero() ? CERO : r5(monto.div(base));
  return { codigo: a.codigo, cargo, factor, monto, base: r2(base) };
}

function tasaDe(it: TItemEntrada): Decimal {
  if (it.afectacion === '17') return TASA_IVAP;
  const gravada = it.afectacion === '10' || (AFECTACIONES_GRATUITAS_GRAVADAS as readonly string[]).includes(it.afectacion);
  if (!gravada) return CERO;
  return it.porcentajeIgv !== undefined ? D(it.porcentajeIgv) : TASA_IGV;
}

export function calcularLinea(it: TItemEntrada): TLineaCalculada {
  const cantidad = D(it.cantidad);
  const gratuita = esGratuita(it.afectacion);
  const tributo = tributoDeAfectacion(it.afectacion);
  const tasa = tasaDe(it);
  const icbperUnit = it.icbper ? D(it.icbper.montoUnitario) : CERO;

  let valorUnitario: Decimal;
  if (it.valorUnitario !== undefined) valorUnitario = D(it.valorUnitario);
  else {
    // Precio final -> valor unitario: se quita el ICBPER (monto fijo) y luego el IGV/IVAP.
    const precio = D(it.precioUnitario ?? 0).minus(icbperUnit);
    valorUnitario = r10(precio.div(unoMasTasa(tasa)));
  }
  // En una gratuita el valor de la operación es el referencial; cac:Price va en 0.
  const referencial = gratuita ? (it.valorReferencial !== undefined ? D(it.valorReferencial) : valorUnitario) : CERO;
  const unitarioBase = gratuita ? referencial : valorUnitario;
  const bruto = cantidad.times(unitarioBase);

  const ajustes: TAjusteCalculado[] = it.descuentos || it.cargos ? [
    ...(it.descuentos ?? []).map((a) => ajuste(a, false, bruto)),
    ...(it.cargos ?? []).map((a) => ajuste(a, true, bruto)),
  ] : [];
  let desc00 = CERO, desc01 = CERO, carg47 = CERO, carg48 = CERO;
  for (const a of ajustes) {
    if (a.codigo === '00') desc00 = desc00.plus(a.monto);
    else if (a.codigo === '01') desc01 = desc01.plus(a.monto);
    else if (a.codigo === '47') carg47 = carg47.plus(a.monto);
    else if (a.codigo === '48') carg48 = carg48.plus(a.monto);
  }
  const valorVenta = r2(ajustes.length ? bruto.minus(desc00).plus(carg47) : bruto);

  let isc: TLineaCalculada['isc'];
  if (it.isc) {
    const { sistema } = it.isc;
    if (sistema === '02') {
      const montoFijo = D(it.isc.montoFijo ?? 0);
      isc = { sistema, base: valorVenta, tasa: montoFijo, monto: r2(cantidad.times(montoFijo)) };
    } else {
      const t = D(it.isc.tasa ?? 0);
      const base = sistema === '03' ? r2(cantidad.times(D(it.isc.precioPublico ?? 0))) : valorVenta;
      isc = { sistema, base, tasa: t, monto: r2(base.times(t).div(CIEN)) };
    }
  }
  const iscMonto = isc?.monto ?? CERO;
  // Se evitan sumas con cero: cada operación de decimal.js crea un objeto y esto corre por cada línea emitida.
  const baseIgv = isc ? valorVenta.plus(iscMonto) : valorVenta;
  const igv = tasa.isZero() ? CERO : r2(baseIgv.times(fraccion(tasa)));
  const icbper = it.icbper ? { cantidad, montoUnitario: icbperUnit, monto: r2(cantidad.times(icbperUnit)) } : undefined;
  const linea: TLineaSinImportes = {
    cantidad, afectacion: it.afectacion, gratuita, tributo,
    valorUnitario: gratuita ? CERO : valorUnitario,
    porcentajeIgv: tasa, ajustes, isc, icbper,
  };

  // Con precio final, lo que cobra el cajero es cantidad × precio: ese importe se parte en valor de venta e IGV (el IGV
  // es la diferencia), en vez de recalcular el IGV sobre un valor ya redondeado, que podía sumar un céntimo de más o de
  // menos por línea. La regla 3103 de SUNAT admite ±1 entre el IGV de línea y base × tasa; aquí la diferencia es < 0.01.
  if (it.precioUnitario !== undefined && it.valorUnitario === undefined && !gratuita && !tasa.isZero() && !isc && !ajustes.length) {
    const importe = r2(cantidad.times(D(it.precioUnitario))).minus(icbper?.monto ?? CERO);
    return lineaConPrecioFinal(linea, importe, r2(importe.div(unoMasTasa(tasa))));
  }

  let totalImpuestos = igv;
  if (isc) totalImpuestos = totalImpuestos.plus(iscMonto);
  if (icbper) totalImpuestos = totalImpuestos.plus(icbper.monto);

  let conImpuestos = valorVenta.plus(totalImpuestos);
  if (ajustes.length) conImpuestos = conImpuestos.plus(carg48).minus(desc01);
  const precioUnitario = gratuita ? referencial : r10(conImpuestos.div(cantidad));

  return conImportes(linea, { precioUnitario, tipoPrecio: gratuita ? '02' : '01', valorVenta, baseIgv, igv, totalImpuestos });
}

type TLineaSinImportes = Pick<TLineaCalculada, 'cantidad' | 'afectacion' | 'gratuita' | 'tributo' | 'valorUnitario' | 'porcentajeIgv' | 'ajustes' | 'isc' | 'icbper'>;
type TImportesLinea = Omit<TLineaCalculada, keyof TLineaSinImportes>;

/**
 * The line with its amounts, property by property. An object spread (`{ ...linea, igv }`) did the same, but V8 took
 * its slow path for these objects: it was 40 % of the time of the totals. Same keys in the same order as before.
 */
function conImportes(l: TLineaSinImportes, i: TImportesLinea): TLineaCalculada {
  const linea: TLineaCalculada = {
    cantidad: l.cantidad, afectacion: l.afectacion, gratuita: l.gratuita, tributo: l.tributo, valorUnitario: l.valorUnitario,
    porcentajeIgv: l.porcentajeIgv, ajustes: l.ajustes, isc: l.isc, icbper: l.icbper,
    precioUnitario: i.precioUnitario, tipoPrecio: i.tipoPrecio, valorVenta: i.valorVenta, baseIgv: i.baseIgv, igv: i.igv,
    totalImpuestos: i.totalImpuestos,
  };
  if (i.importeConImpuesto !== undefined) linea.importeConImpuesto = i.importeConImpuesto;
  return linea;
}

/** Ítem con precio final partido en `valorVenta` + IGV = `importe` (sin ISC ni ajustes: la base es el valor de venta). */
function lineaConPrecioFinal(l: TLineaSinImportes, importe: Decimal, valorVenta: Decimal): TLineaCalculada {
  const igv = importe.minus(valorVenta);
  const totalImpuestos = l.icbper ? igv.plus(l.icbper.monto) : igv;
  return conImportes(l, {
    tipoPrecio: '01', precioUnitario: r10(importe.plus(l.icbper?.monto ?? CERO).div(l.cantidad)),
    valorVenta, baseIgv: valorVenta, igv, totalImpuestos, importeConImpuesto: importe,
  });
}

/**
 * Muchas líneas con precio final pueden desviar la suma de sus IGV de base × tasa (750 × S/ 1.00: cada línea es 0.85 +
 * 0.15, pero 18 % de 637.50 es 114.75, no 112.50). Si el desvío del tributo llega a DESVIO_PARA_REPARTIR, el valor de
 * venta de esos ítems se redondea de forma acumulada (cada uno recibe la diferencia entre el acumulado exacto
 * redondeado y lo ya asignado): cada línea sigue sumando cantidad × precio y queda a menos de un céntimo de su valor
 * exacto, y la suma de valores es la suma exacta redondeada, así el IGV total vuelve a estar a céntimos de base × tasa.
 */
function repartirRedondeo(lineas: TLineaCalculada[], tributo: string): TLineaCalculada[] {
  const conPrecioFinal = (l: TLineaCalculada) => !l.gratuita && l.tributo === tributo && l.importeConImpuesto !== undefined;
  // Sin ítems con precio final del tributo no hay nada que repartir (el desvío ni se calcula).
  if (!lineas.some(conPrecioFinal)) return lineas;
  let desvio = CERO;
  for (const l of lineas) {
    if (l.gratuita || l.tributo !== tributo) continue;
    desvio = desvio.plus(l.igv).minus(l.baseIgv.times(fraccion(l.porcentajeIgv)));
  }
  if (desvio.abs().lt(DESVIO_PARA_REPARTIR)) return lineas;
  let exacto = CERO, asignado = CERO;
  return lineas.map((l) => {
    if (l.gratuita || l.tributo !== tributo || !l.importeConImpuesto) return l;
    exacto = exacto.plus(l.importeConImpuesto.div(unoMasTasa(l.porcentajeIgv)));
    const acumulado = r2(exacto);
    const valorVenta = acumulado.minus(asignado);
    asignado = acumulado;
    return lineaConPrecioFinal(l, l.importeConImpuesto, valorVenta);
  });
}

/**
 * Impuesto de cabecera: la suma de los de línea más el impuesto del ajuste global (02/49/04) si queda dentro de la
 * tolerancia de SUNAT frente a (base de líneas + ajuste) × tasa; si no, ese producto redondeado.
 */
function impuestoCabecera(sumaLineas: Decimal, baseLineas: Decimal, ajuste: Decimal, tasa: Decimal): Decimal {
  const exacto = baseLineas.plus(ajuste).times(fraccion(tasa));
  const candidato = ajuste.isZero() ? sumaLineas : sumaLineas.plus(r2(ajuste.times(fraccion(tasa))));
  return candidato.minus(exacto).abs().lt(TOLERANCIA_SUNAT) ? candidato : r2(exacto);
}

/** Calcula todos los importes de un comprobante (01, 03, 07, 08) como los valida SUNAT. */
export function calcularTotales(doc: TEntradaTotales): TTotales {
  const lineas = repartirRedondeo(repartirRedondeo(doc.items.map(calcularLinea), '1000'), '1016');
  const problemas: TProblema[] = [];
  // Una sola pasada por las líneas (este cálculo está en el camino caliente de emisión).
  let baseLineasIgv = CERO, baseLineasIvap = CERO, valorLineasIgv = CERO, valorLineasIvap = CERO, igvLineas = CERO, ivapLineas = CERO;
  let valorLineasOnerosas = CERO, impuestosOnerosas = CERO, valorExonerado = CERO, valorInafecto = CERO, valorExportacion = CERO;
  let valorGratuito = CERO, igvGratuitoLineas = CERO, iscLineas = CERO, baseIsc = CERO, icbperLineas = CERO;
  let descuentos01 = CERO, cargos48 = CERO;
  let hayIgv = false, hayIvap = false, hayIsc = false, hayIcbper = false, hayExo = false, hayIna = false, hayExp = false, hayGratuita = false;
  for (const l of lineas) {
    if (l.gratuita) {
      hayGratuita = true;
      valorGratuito = valorGratuito.plus(l.valorVenta);
      igvGratuitoLineas = igvGratuitoLineas.plus(l.igv);
    } else {
      valorLineasOnerosas = valorLineasOnerosas.plus(l.valorVenta);
      impuestosOnerosas = impuestosOnerosas.plus(l.totalImpuestos);
      if (l.isc) {
        hayIsc = true;
        iscLineas = iscLineas.plus(l.isc.monto);
        baseIsc = baseIsc.plus(l.isc.base);
      }
      switch (l.tributo) {
        case '1000':
          hayIgv = true;
          baseLineasIgv = baseLineasIgv.plus(l.baseIgv);
          valorLineasIgv = valorLineasIgv.plus(l.valorVenta);
          igvLineas = igvLineas.plus(l.igv);
          break;
        case '1016':
          hayIvap = true;
          baseLineasIvap = baseLineasIvap.plus(l.baseIgv);
          valorLineasIvap = valorLineasIvap.plus(l.valorVenta);
          ivapLineas = ivapLineas.plus(l.igv);
          break;
        case '9997': hayExo = true; valorExonerado = valorExonerado.plus(l.valorVenta); break;
        case '9998': hayIna = true; valorInafecto = valorInafecto.plus(l.valorVenta); break;
        case '9995': hayExp = true; valorExportacion = valorExportacion.plus(l.valorVenta); break;
      }
    }
    if (l.icbper) {
      hayIcbper = true;
      icbperLineas = icbperLineas.plus(l.icbper.monto);
    }
    for (const a of l.ajustes) {
      if (a.codigo === '01') descuentos01 = descuentos01.plus(a.monto);
      else if (a.codigo === '48') cargos48 = cargos48.plus(a.monto);
    }
  }
  const baseGravada = baseLineasIgv.plus(baseLineasIvap);

  // Descuentos/cargos globales: los que afectan la base se aplican sobre la base gravada; los demás sobre el total.
  const afectaBase = (c: string) => c === '02' || c === '49';
  const precioAntes = valorLineasOnerosas.plus(impuestosOnerosas);
  const ajustesGlobales: TAjusteCalculado[] = [
    ...(doc.descuentosGlobales ?? []).map((a) => ajuste(a, false, afectaBase(a.codigo) ? baseGravada : precioAntes)),
    ...(doc.cargosGlobales ?? []).map((a) => ajuste(a, true, afectaBase(a.codigo) ? baseGravada : precioAntes)),
  ];
  const sumaG = (...cs: string[]) => suma(ajustesGlobales.filter((a) => cs.includes(a.codigo)).map((a) => a.monto));
  const desc02 = sumaG('02');
  const carg49 = sumaG('49');

  // Anticipos gravados/exonerados/inafectos: descuento global 04/05/06 sobre su valor sin IGV.
  const tasaDocumento = lineas.find((l) => l.tributo === '1000')?.porcentajeIgv ?? TASA_IGV;
  for (const an of doc.anticipos ?? []) {
    const total = D(an.monto);
    const codigo = an.afectacion === '10' ? '04' : an.afectacion === '20' ? '05' : '06';
    const valor = an.afectacion === '10' ? r2(total.div(unoMasTasa(tasaDocumento))) : total;
    ajustesGlobales.push({ codigo, cargo: false, factor: new Dec(1), monto: valor, base: valor });
  }
  const desc04 = sumaG('04');
  const totalAnticipos = suma((doc.anticipos ?? []).map((a) => r2(D(a.monto))));

  // Las bases de cabecera se prorratean: el descuento 02/cargo 49 afecta a IGV o IVAP según el tipo de líneas gravadas.
  const ajusteBase = carg49.minus(desc02);
  // La base informada (TaxableAmount de cabecera) es el valor de venta de las líneas, sin el ISC (regla 4299); el
  // impuesto sí se calcula sobre valor de venta + ISC (regla 3291).
  const gravado = hayIgv ? r2(valorLineasIgv.plus(ajusteBase).minus(desc04)) : CERO;
  const ivap = hayIvap ? r2(valorLineasIvap.plus(ajusteBase).minus(desc04)) : CERO;
  const exonerado = r2(valorExonerado.minus(sumaG('05')));
  const inafecto = r2(valorInafecto.minus(sumaG('06')));
  const exportacion = r2(valorExportacion);
  const gratuito = r2(valorGratuito);
  const igvGratuito = r2(igvGratuitoLineas);

  const tasaIvap = TASA_IVAP;
  const igv = hayIgv ? impuestoCabecera(igvLineas, baseLineasIgv, ajusteBase.minus(desc04), tasaDocumento) : CERO;
  const montoIvap = hayIvap ? impuestoCabecera(ivapLineas, baseLineasIvap, ajusteBase.minus(desc04), tasaIvap) : CERO;
  const isc = r2(iscLineas);
  const icbper = r2(icbperLineas);
  const totalImpuestos = igv.plus(montoIvap).plus(isc).plus(icbper);

  const subtotales: TSubtotalTributo[] = [];
  if (hayIgv) subtotales.push({ tributo: '1000', base: gravado, monto: igv });
  if (hayIvap) subtotales.push({ tributo: '1016', base: ivap, monto: montoIvap });
  if (hayIsc) subtotales.push({ tributo: '2000', base: r2(baseIsc), monto: isc });
  if (hayExp) subtotales.push({ tributo: '9995', base: exportacion, monto: CERO });
  if (hayExo) subtotales.push({ tributo: '9997', base: exonerado, monto: CERO });
  if (hayIna) subtotales.push({ tributo: '9998', base: inafecto, monto: CERO });
  if (hayGratuita) subtotales.push({ tributo: '9996', base: gratuito, monto: igvGratuito });
  if (hayIcbper) subtotales.push({ tributo: '7152', base: CERO, monto: icbper });

  // LegalMonetaryTotal según SUNAT: el valor de venta no descuenta anticipos (04) y el precio de venta lleva el IGV
  // de la base sin anticipos; el anticipo se descuenta como PrepaidAmount del importe a pagar.
  const valorVenta = r2(valorLineasOnerosas.minus(desc02).plus(carg49));
  const igvSinAnticipos = desc04.isZero() ? igv : impuestoCabecera(igvLineas, baseLineasIgv, ajusteBase, tasaDocumento);
  const ivapSinAnticipos = desc04.isZero() ? montoIvap : impuestoCabecera(ivapLineas, baseLineasIvap, ajusteBase, tasaIvap);
  const precioVenta = valorVenta
    .plus(isc)
    .plus(icbper)
    .plus(hayIgv ? igvSinAnticipos : CERO)
    .plus(hayIvap ? ivapSinAnticipos : CERO);
  const totalDescuentos = sumaG('03').plus(descuentos01);
  const totalCargos = sumaG('45', '46', '50').plus(cargos48);
  const importeTotal = precioVenta.minus(totalDescuentos).plus(totalCargos).minus(totalAnticipos);
  if (importeTotal.isNegative()) problemas.push({ campo: 'items', mensaje: 'El importe total no puede ser negativo' });
  // Out-of-range input is a problem of the document, never an exception (it was a 500 in the API and a crash of the
  // web's live preview): a discount above its line's value, or amounts beyond SUNAT's n(12,2).
  lineas.forEach((l, i) => {
    if (l.valorVenta.isNegative()) problemas.push({ campo: `items.${i}.descuentos`, mensaje: 'El descuento no puede ser mayor que el valor de la línea' });
    else if (l.valorVenta.plus(l.totalImpuestos).gt(IMPORTE_MAXIMO))
      problemas.push({ campo: `items.${i}.cantidad`, mensaje: `El importe de la línea supera el máximo que admite SUNAT (${TEXTO_IMPORTE_MAXIMO})` });
  });
  const importeEnRango = !importeTotal.isNegative() && importeTotal.lte(IMPORTE_MAXIMO);
  if (importeTotal.gt(IMPORTE_MAXIMO)) problemas.push({ campo: 'items', mensaje: `El importe total supera el máximo que admite SUNAT (${TEXTO_IMPORTE_MAXIMO})` });

  let detraccion: TTotales['detraccion'];
  if (doc.detraccion) {
    const porcentaje = D(doc.detraccion.porcentaje);
    const tc = doc.moneda === 'PEN' ? new Dec(1) : doc.detraccion.tipoCambio ? D(doc.detraccion.tipoCambio) : undefined;
    if (!tc) problemas.push({ campo: 'detraccion.tipoCambio', mensaje: 'Indique el tipo de cambio: la detracción se deposita en soles' });
    // El depósito de detracciones se hace en soles y sin decimales (redondeo al entero).
    const monto = importeTotal.times(porcentaje).div(CIEN).times(tc ?? 1).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
    // En soles el comprador deposita el monto redondeado y paga al vendedor el resto; en otra moneda, el porcentaje.
    const montoMoneda = doc.moneda === 'PEN' ? monto : r2(importeTotal.times(porcentaje).div(CIEN));
    detraccion = { porcentaje, monto, montoMoneda };
  }

  let percepcion: TTotales['percepcion'];
  if (doc.percepcion) {
    const porcentaje = doc.percepcion.porcentaje !== undefined
      ? D(doc.percepcion.porcentaje)
      : D(PORCENTAJE_PERCEPCION[{ '51': '01', '52': '02', '53': '03' }[doc.percepcion.regimen] ?? '01'] ?? '2');
    if (doc.moneda !== 'PEN') problemas.push({ campo: 'percepcion', mensaje: 'La percepción se informa solo en comprobantes en soles' });
    const base = importeTotal;
    const monto = r2(base.times(porcentaje).div(CIEN));
    percepcion = { codigo: doc.percepcion.regimen, porcentaje, base, monto, totalConPercepcion: base.plus(monto) };
  }

  if (doc.tipo === '03' && !doc.cliente && (doc.moneda !== 'PEN' || importeTotal.gt(700)))
    problemas.push({ campo: 'cliente', mensaje: 'Identifique al comprador: la boleta supera S/ 700.00 (o no está en soles)' });

  const cuotas: TCuotaCalculada[] = [];
  const sumaCuotas = doc.formaPago?.tipo === 'Credito' ? suma(doc.formaPago.cuotas.map((c) => r2(D(c.monto)))) : CERO;
  // En la nota de crédito (motivo 13) las cuotas son el nuevo cronograma del saldo de la factura, no de la nota.
  const netoPendiente = doc.tipo === '07' ? sumaCuotas : importeTotal.minus(detraccion?.montoMoneda ?? CERO);
  if (doc.formaPago?.tipo === 'Credito') {
    doc.formaPago.cuotas.forEach((c, i) => {
      cuotas.push({ numero: `Cuota${String(i + 1).padStart(3, '0')}`, monto: r2(D(c.monto)), fechaVencimiento: c.fechaVencimiento });
      if (c.fechaVencimiento <= doc.fechaEmision) problemas.push({ campo: `formaPago.cuotas.${i}.fechaVencimiento`, mensaje: MENSAJE_FECHA_CUOTA });
    });
    if (!sumaCuotas.eq(netoPendiente))
      problemas.push({
        campo: 'formaPago.cuotas',
        mensaje: `La suma de las cuotas (${sumaCuotas.toFixed(2)}) debe ser igual al monto neto pendiente de pago (${netoPendiente.toFixed(2)})`,
      });
  }

  return {
    lineas, subtotales, gravado, ivap, exonerado, inafecto, exportacion, gratuito, igvGratuito, igv, montoIvap, isc, icbper,
    totalImpuestos, ajustesGlobales, valorVenta, precioVenta, totalDescuentos, totalCargos, totalAnticipos, importeTotal,
    detraccion, percepcion, netoPendiente, cuotas, leyendaMonto: importeEnRango ? montoEnLetras(importeTotal, doc.moneda) : '', problemas,
  };
}

/** Importes de cabecera como texto con 2 decimales, la forma en que viajan en JSON (API y web), nunca como float. */
export function totalesEnTexto(t: TTotales) {
  const f = (d: Decimal) => d.toFixed(2);
  return {
    gravado: f(t.gravado), ivap: f(t.ivap), exonerado: f(t.exonerado), inafecto: f(t.inafecto), exportacion: f(t.exportacion),
    gratuito: f(t.gratuito), igvGratuito: f(t.igvGratuito), igv: f(t.igv), montoIvap: f(t.montoIvap), isc: f(t.isc), icbper: f(t.icbper),
    totalImpuestos: f(t.totalImpuestos), valorVenta: f(t.valorVenta), precioVenta: f(t.precioVenta), totalDescuentos: f(t.totalDescuentos),
    totalCargos: f(t.totalCargos), totalAnticipos: f(t.totalAnticipos), importeTotal: f(t.importeTotal), netoPendiente: f(t.netoPendiente),
    detraccion: t.detraccion ? f(t.detraccion.monto) : undefined,
    percepcion: t.percepcion ? f(t.percepcion.monto) : undefined,
    leyendaMonto: t.leyendaMonto,
  };
}
