// Línea del resumen diario (RC) a partir de una boleta o de una nota que la modifica, con los mismos totales.
import type { TBoleta, TNotaCredito, TNotaDebito } from '../model/comprobante';
import type { TDocumentoResumen } from '../model/resumen';
import { calcularTotales } from './index';

/** Estado en el resumen (catálogo 19): 1 adicionar, 2 modificar, 3 anular. */
export type TEstadoResumen = '1' | '2' | '3';

export function documentoResumenDe(doc: TBoleta | TNotaCredito | TNotaDebito, estado: TEstadoResumen): TDocumentoResumen {
  const t = calcularTotales(doc);
  const f = (d: { toFixed(n: number): string }) => d.toFixed(2);
  return {
    tipo: doc.tipo,
    serie: doc.serie,
    numero: doc.numero,
    estado,
    cliente: doc.cliente ? { tipoDocumento: doc.cliente.tipoDocumento, numeroDocumento: doc.cliente.numeroDocumento } : undefined,
    moneda: doc.moneda,
    documentoAfectado: doc.tipo === '03' ? undefined : { tipo: '03', serie: doc.documentoAfectado.serie, numero: doc.documentoAfectado.numero },
    importeTotal: f(t.importeTotal),
    gravado: f(t.gravado.plus(t.ivap)),
    exonerado: f(t.exonerado),
    inafecto: f(t.inafecto),
    exportacion: f(t.exportacion),
    gratuito: f(t.gratuito),
    otrosCargos: f(t.totalCargos),
    igv: f(t.igv.plus(t.montoIvap)),
    isc: f(t.isc),
    icbper: f(t.icbper),
  };
}
