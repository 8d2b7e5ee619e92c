// Texto del código QR de la representación impresa: RUC|TIPO|SERIE|NUMERO|IGV|TOTAL|FECHA|TIPODOC|NUMDOC|HASH|
// Isomórfico (la web lo usa para dibujar el QR).
import { CLIENTE_VARIOS, type TComprobante } from '../model/comprobante';
import type { TTotales } from '../totals';

export type TDatosQr = {
  ruc: string;
  tipo: string;
  serie: string;
  numero: number | string;
  /** IGV (más IVAP) con 2 decimales. */
  igv: string;
  total: string;
  fechaEmision: string;
  tipoDocumentoCliente: string;
  numeroDocumentoCliente: string;
  /** DigestValue de la firma (el "valor resumen"). */
  hash: string;
};

export function textoQr(d: TDatosQr): string {
  return [d.ruc, d.tipo, d.serie, String(d.numero), d.igv, d.total, d.fechaEmision, d.tipoDocumentoCliente, d.numeroDocumentoCliente, d.hash]
    .map((c) => c.replace(/\|/g, ' '))
    .join('|') + '|';
}

/** QR de un comprobante (01, 03, 07, 08) con sus totales y el DigestValue de su firma. */
export function textoQrComprobante(doc: TComprobante, t: TTotales, digestValue: string): string {
  return textoQr({
    ruc: doc.emisor.ruc,
    tipo: doc.tipo,
    serie: doc.serie,
    numero: doc.numero,
    igv: t.igv.plus(t.montoIvap).toFixed(2),
    total: t.importeTotal.toFixed(2),
    fechaEmision: doc.fechaEmision,
    tipoDocumentoCliente: (doc.cliente ?? CLIENTE_VARIOS).tipoDocumento,
    numeroDocumentoCliente: (doc.cliente ?? CLIENTE_VARIOS).numeroDocumento,
    hash: digestValue,
  });
}
