// Qué se imprime bajo las líneas (totales, importe en letras, cuotas, anticipos, detracción, observaciones), igual
// en A4 y en ticket; cada formato decide solo cómo dibujarlo.
import Decimal from 'decimal.js';
import type { TDocumentoImpresion } from './impresion.types';
import { formatearFecha, formatearMonto, serieNumero } from './formato';

export type TFilaTotal = { etiqueta: string; monto: string; destacado?: boolean };

export type TLineaBloque = { texto: string; negrita?: boolean; tamano?: number };
export type TBloque = {
  /** "letras": importe en letras y leyendas, que en A4 ocupa todo el ancho sobre los totales. */
  clave?: 'letras';
  titulo?: string;
  lineas: TLineaBloque[];
  tabla?: { cabecera: string[]; anchos: number[]; alinear: ('left' | 'right' | 'center')[]; filas: string[][] };
  recuadro?: boolean;
};

const distintoDeCero = (v: string) => !new Decimal(v).isZero();

/** Filas del cuadro de totales: las tres bases y el IGV siempre (como espera un contador), las demás solo si tienen importe. */
export function filasTotales(d: TDocumentoImpresion): TFilaTotal[] {
  const t = d.totales;
  if (!t) return [];
  const filas: TFilaTotal[] = [];
  const siHay = (etiqueta: string, monto: string) => distintoDeCero(monto) && filas.push({ etiqueta, monto });
  const siempre = (etiqueta: string, monto: string) => filas.push({ etiqueta, monto });
  // Una nota de venta la emite quien no tiene RUC: bases e IGV sugerirían un comprobante tributario.
  if (d.tipo === 'NV') {
    siHay('DESCUENTOS', t.descuentos);
    siHay('OTROS CARGOS', t.cargos);
    filas.push({ etiqueta: 'IMPORTE TOTAL', monto: t.total, destacado: true });
    return filas;
  }
  siempre('OP. GRAVADA', t.gravada);
  siHay('OP. GRAVADA IVAP', t.ivap);
  siempre('OP. EXONERADA', t.exonerada);
  siempre('OP. INAFECTA', t.inafecta);
  siHay('OP. EXPORTACIÓN', t.exportacion);
  siHay('OP. GRATUITA', t.gratuita);
  siHay('DESCUENTOS', t.descuentos);
  siHay('ANTICIPOS', t.anticipos);
  siHay('ISC', t.isc);
  siempre(`IGV ${t.porcentajeIgv}%`, t.igv);
  siHay('IVAP 4%', t.montoIvap);
  siHay('ICBPER', t.icbper);
  siHay('OTROS CARGOS', t.cargos);
  filas.push({ etiqueta: 'IMPORTE TOTAL', monto: t.total, destacado: true });
  if (t.percepcion) {
    filas.push({ etiqueta: `PERCEPCIÓN ${t.percepcion.porcentaje}%`, monto: t.percepcion.monto });
    filas.push({ etiqueta: 'TOTAL CON PERCEPCIÓN', monto: t.percepcion.totalConPercepcion, destacado: true });
  }
  return filas;
}

const NOMBRE_ANTICIPO: Record<string, string> = { '02': 'FACTURA', '03': 'BOLETA DE VENTA' };

/** Bloques informativos bajo las líneas. `angosto`: ticket de 80 mm (cuotas en una sola columna). */
export function bloquesPie(d: TDocumentoImpresion, simbolo: string, angosto = false): TBloque[] {
  const bloques: TBloque[] = [];
  const dinero = (v: string) => `${simbolo} ${formatearMonto(v)}`;

  if (d.montoEnLetras || d.leyendas.length) {
    const lineas: TLineaBloque[] = [];
    if (d.montoEnLetras) lineas.push({ texto: d.montoEnLetras, negrita: true, tamano: 8.5 });
    for (const l of d.leyendas) lineas.push({ texto: l, tamano: 7.5 });
    bloques.push({ clave: 'letras', lineas });
  }

  const cp = d.condicionPago;
  if (cp && cp.cuotas.length) {
    const lineas: TLineaBloque[] = [];
    if (cp.netoPendiente) lineas.push({ texto: `Monto neto pendiente de pago: ${dinero(cp.netoPendiente)}` });
    lineas.push({ texto: `Total de cuotas: ${cp.cuotas.length}` });
    const filas = cp.cuotas.map((c) => [c.numero, formatearFecha(c.fechaVencimiento), dinero(c.monto)]);
    // Muchas cuotas en A4: dos grupos lado a lado para que el bloque quepa en una página.
    const grupos = !angosto && filas.length > 8 ? 2 : 1;
    const porGrupo = Math.ceil(filas.length / grupos);
    const combinadas = Array.from({ length: porGrupo }, (_, i) =>
      Array.from({ length: grupos }, (_, g) => filas[g * porGrupo + i] ?? ['', '', '']).flat());
    bloques.push({
      titulo: `FORMA DE PAGO: ${cp.descripcion.toUpperCase()}`,
      lineas,
      tabla: {
        cabecera: Array.from({ length: grupos }, () => ['CUOTA', 'VENCIMIENTO', 'MONTO']).flat(),
        anchos: Array.from({ length: grupos }, () => [1, 1.1, 1.2]).flat(),
        alinear: Array.from({ length: grupos }, () => ['left', 'center', 'right'] as const).flat(),
        filas: combinadas,
      },
      recuadro: true,
    });
  }

  if (d.anticipos.length) {
    bloques.push({
      titulo: 'ANTICIPOS DEDUCIDOS',
      lineas: [],
      tabla: {
        cabecera: ['DOCUMENTO', 'IMPORTE'],
        anchos: [2, 1],
        alinear: ['left', 'right'],
        filas: d.anticipos.map((a) => [`${NOMBRE_ANTICIPO[a.tipoDocumento] ?? a.tipoDocumento} ${serieNumero(a.serie, a.numero)}`, dinero(a.monto)]),
      },
      recuadro: true,
    });
  }

  if (d.detraccion) {
    const x = d.detraccion;
    const lineas: TLineaBloque[] = [
      { texto: `Bien o servicio: ${x.codigoBien} - ${x.descripcionBien}` },
      { texto: `Porcentaje: ${x.porcentaje}%    Monto de la detracción: S/ ${formatearMonto(x.monto)}` },
      { texto: `Cuenta en el Banco de la Nación: ${x.cuentaBancoNacion}`, negrita: true },
    ];
    if (x.medioPago) lineas.push({ texto: `Medio de pago: ${x.medioPago}` });
    bloques.push({ titulo: 'OPERACIÓN SUJETA AL SISTEMA DE DETRACCIONES (SPOT)', lineas, recuadro: true });
  }

  if (d.observaciones) bloques.push({ titulo: 'OBSERVACIONES', lineas: [{ texto: d.observaciones }] });
  return bloques;
}
