import { Decimal } from 'decimal.js';
import { fechaPle, textoPle } from '../../../lib/ple';

/**
 * SIRE file layouts (RS 112-2021 Anexo 3 for RVIE, RS 040-2022 Anexo 11 for RCE; shared/domain/accounting-finance.md
 * §2): the replacement file we send and the proposal SUNAT exports. Pipe separated, one closing pipe, CRLF, amounts
 * with two decimals (credit notes negative), dates DD/MM/AAAA, CAR empty in what we send.
 */

export const COD_LIBRO = { rvie: '140000', rce: '080000' } as const;
export type TLibro = keyof typeof COD_LIBRO;

/** One document of a register, as Yupana holds it (amounts positive; the layout gives notes their sign). */
export type TDocumentoRegistro = {
  /** Yupana's id of the document or purchase (the PLE registers look its entry up; the SIRE lines do not use it). */
  id?: number;
  tipo: string;
  serie: string;
  numero: string;
  fechaEmision: string;
  fechaVencimiento?: string | null;
  /** RVIE: the customer; RCE: the supplier. Catálogo 06 code (6 RUC, 1 DNI, 0 sin documento...). */
  tipoDocumento: string;
  numeroDocumento: string;
  razonSocial: string;
  exportacion: string;
  baseImponible: string;
  igv: string;
  exonerado: string;
  inafecto: string;
  isc: string;
  icbper: string;
  otros: string;
  total: string;
  moneda: string;
  tipoCambio?: string | null;
  referencia?: { fecha: string | null; tipo: string; serie: string; numero: string } | null;
  anulado?: boolean;
};

const NOTAS_CREDITO = new Set(['07', '87']);

/** A register amount: 2 decimals, negative for credit notes, 0.00 for a voided document. */
export function importe(d: Pick<TDocumentoRegistro, 'tipo' | 'anulado'>, v: string | null | undefined): string {
  if (d.anulado) return '0.00';
  const n = new Decimal(v || '0').abs();
  return (NOTAS_CREDITO.has(d.tipo) && !n.isZero() ? n.neg() : n).toFixed(2);
}

const tipoCambio = (d: TDocumentoRegistro) => (d.moneda === 'PEN' ? '' : new Decimal(d.tipoCambio || '0').toFixed(3));
const texto = (t: string, max: number) => textoPle(t, max) || '-';

/** RVIE replacement line (Anexo 3): fields 1-33; 34-40 are SUNAT's and are not sent. */
export function lineaRvie(ruc: string, razonSocial: string, periodo: string, d: TDocumentoRegistro): string {
  const ref = d.referencia;
  return (
    [
      ruc, textoPle(razonSocial, 200), periodo.replace('-', ''), '',
      fechaPle(d.fechaEmision), d.fechaVencimiento ? fechaPle(d.fechaVencimiento) : '',
      d.tipo, d.serie, String(Number(d.numero)), '',
      d.tipoDocumento, d.numeroDocumento, texto(d.razonSocial, 200),
      importe(d, d.exportacion), importe(d, d.baseImponible), '0.00', importe(d, d.igv), '0.00',
      importe(d, d.exonerado), importe(d, d.inafecto), importe(d, d.isc), '0.00', '0.00', importe(d, d.icbper), importe(d, d.otros), importe(d, d.total),
      d.moneda, tipoCambio(d),
      ref?.fecha ? fechaPle(ref.fecha) : '', ref?.tipo ?? '', ref?.serie ?? '', ref ? String(Number(ref.numero)) : '',
      '',
    ].join('|') + '|'
  );
}

/** RCE replacement line (Anexo 11): fields 1-37 (CAR and CAR orig empty); 38-41 are SUNAT's. */
export function lineaRce(ruc: string, razonSocial: string, periodo: string, d: TDocumentoRegistro): string {
  const ref = d.referencia;
  const noGravado = new Decimal(d.exonerado || '0').plus(d.inafecto || '0').toString();
  return (
    [
      ruc, textoPle(razonSocial, 200), periodo.replace('-', ''), '',
      fechaPle(d.fechaEmision), d.fechaVencimiento ? fechaPle(d.fechaVencimiento) : '',
      d.tipo, d.serie, '', String(Number(d.numero)), '',
      d.tipoDocumento, d.numeroDocumento, texto(d.razonSocial, 200),
      importe(d, d.baseImponible), importe(d, d.igv), '0.00', '0.00', '0.00', '0.00',
      importe(d, noGravado), importe(d, d.isc), importe(d, d.icbper), importe(d, d.otros), importe(d, d.total),
      d.moneda, tipoCambio(d),
      ref?.fecha ? fechaPle(ref.fecha) : '', ref?.tipo ?? '', ref?.serie ?? '', '', ref ? String(Number(ref.numero)) : '',
      '', '', '', '', '',
    ].join('|') + '|'
  );
}

/**
 * LE RRRRRRRRRRR AAAA MM 00 LLLLLL CC O I M G .txt: LLLLLL 140400 RVIE / 080400 RCE; CC 02 reemplaza; O 1 operativa;
 * I 1 with content / 0 without; M 1 soles; G 2 SIRE.
 */
export function nombreArchivoSire(ruc: string, periodo: string, libro: TLibro, conDatos: boolean): string {
  const codigo = libro === 'rvie' ? '140400' : '080400';
  return `LE${ruc}${periodo.replace('-', '')}00${codigo}021${conDatos ? 1 : 0}12.txt`;
}

export function archivoReemplazo(ruc: string, razonSocial: string, periodo: string, libro: TLibro, docs: TDocumentoRegistro[]): { nombre: string; contenido: string } {
  const linea = libro === 'rvie' ? lineaRvie : lineaRce;
  return {
    nombre: nombreArchivoSire(ruc, periodo, libro, docs.length > 0),
    contenido: docs.map((d) => `${linea(ruc, razonSocial, periodo, d)}\r\n`).join(''),
  };
}

/** A document of SUNAT's proposal, with what the comparison looks at. */
export type TFilaPropuesta = {
  car: string;
  fechaEmision: string;
  tipoComprobante: string;
  serie: string;
  numero: string;
  tipoDocumento: string;
  numeroDocumento: string;
  razonSocial: string;
  baseImponible: string;
  igv: string;
  noGravado: string;
  total: string;
  moneda: string;
  contenido: string;
};

const fechaIso = (f: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(f.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};
const monto = (v: string | undefined) => {
  try {
    return new Decimal((v ?? '').replace(/\s/g, '') || '0').toFixed(2);
  } catch {
    return null;
  }
};

export class PropuestaInvalida extends Error {
  override name = 'PropuestaInvalida';
}

/**
 * Parses SUNAT's proposal export: RVIE 40 columns, RCE 41, first row the header. Rows that do not read as a document
 * stop the import (a proposal is taken whole or not at all).
 */
export function leerPropuesta(libro: TLibro, txt: string): TFilaPropuesta[] {
  const lineas = txt.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  const filas: TFilaPropuesta[] = [];
  lineas.forEach((l, i) => {
    const f = l.replace(/\|$/, '').split('|');
    if (i === 0 && !/^\d{11}$/.test(f[0] ?? '')) return;
    const minimo = libro === 'rvie' ? 32 : 32;
    if (f.length < minimo) throw new PropuestaInvalida(`Línea ${i + 1} de la propuesta: tiene ${f.length} campos`);
    const fecha = fechaIso(f[4]);
    const r =
      libro === 'rvie'
        ? {
            tipoComprobante: f[6], serie: f[7], numero: f[8], tipoDocumento: f[10], numeroDocumento: f[11], razonSocial: f[12],
            baseImponible: monto(f[14]), igv: monto(f[16]),
            noGravado: [f[18], f[19]].every((x) => monto(x) !== null) ? new Decimal(monto(f[18])!).plus(monto(f[19])!).toFixed(2) : null,
            total: monto(f[25]), moneda: f[26],
          }
        : {
            tipoComprobante: f[6], serie: f[7], numero: f[9], tipoDocumento: f[11], numeroDocumento: f[12], razonSocial: f[13],
            baseImponible: monto(f[14]), igv: monto(f[15]), noGravado: monto(f[20]), total: monto(f[24]), moneda: f[25],
          };
    if (!fecha || r.baseImponible === null || r.igv === null || r.noGravado === null || r.total === null || !/^\d{2}$/.test(r.tipoComprobante ?? ''))
      throw new PropuestaInvalida(`Línea ${i + 1} de la propuesta: no se pudo leer`);
    filas.push({
      car: f[3] ?? '',
      fechaEmision: fecha,
      tipoComprobante: r.tipoComprobante,
      serie: (r.serie ?? '').slice(0, 20),
      numero: String(Number(r.numero) || r.numero).slice(0, 20),
      tipoDocumento: (r.tipoDocumento ?? '').slice(0, 2),
      numeroDocumento: (r.numeroDocumento ?? '').slice(0, 20),
      razonSocial: (r.razonSocial ?? '').slice(0, 250),
      baseImponible: r.baseImponible,
      igv: r.igv,
      noGravado: r.noGravado,
      total: r.total,
      moneda: (r.moneda || 'PEN').slice(0, 3),
      contenido: l,
    });
  });
  return filas;
}
