// Constructores UBL: del JSON de entrada al XML sin firmar en forma canónica, con el nombre de archivo de SUNAT.
import { ErrorValidacion, validarDocumento, type TDocumento } from '../model';
import type { TComprobante } from '../model/comprobante';
import { calcularTotales, type TTotales } from '../totals';
import { xmlComprobante } from './comprobante';
import { xmlGuia } from './guia';
import { xmlResumenDiario, xmlComunicacionBaja, idResumen, xmlResumenReversion, nombreResumenReversion, type TResumenReversion } from './resumen';

export { xmlComprobante, xmlGuia, xmlResumenDiario, xmlComunicacionBaja, idResumen, xmlResumenReversion, nombreResumenReversion, type TResumenReversion };
export { xmlRetencion, nombreRetencion, totalesRetencion, type TComprobanteRetencion, type TDocumentoRetenido, type TParteRetencion } from './retencion';
export { EscritorXml, escaparTexto, escaparAtributo, ID_FIRMA, NS } from './xml';

/** XML sin firmar, ya canónico salvo la declaración, listo para firmarXml({ xml, canonico: true }). */
export type TXmlSinFirmar = { xml: string; nombre: string; canonico: true };

/** Nombre SUNAT sin extensión: RUC-TT-SERIE-NUMERO o RUC-RC|RA-AAAAMMDD-N. */
export function nombreArchivo(doc: TDocumento): string {
  if (doc.tipo === 'RC' || doc.tipo === 'RA') return `${doc.emisor.ruc}-${idResumen(doc.tipo, doc.fechaEmision, doc.correlativo)}`;
  return `${doc.emisor.ruc}-${doc.tipo}-${doc.serie}-${doc.numero}`;
}

export type TDocumentoConstruido = TXmlSinFirmar & { documento: TDocumento; totales?: TTotales };

/**
 * Construye el XML de un documento ya validado por el modelo. Calcula los totales una sola vez y rechaza
 * (ErrorValidacion 500001) las reglas que dependen de ellos, como las cuotas del crédito.
 */
export function construirDocumento(doc: TDocumento, totalesCalculados?: TTotales): TDocumentoConstruido {
  const nombre = nombreArchivo(doc);
  switch (doc.tipo) {
    case '01':
    case '03':
    case '07':
    case '08': {
      // The caller may hand the totals it already computed for this same document (the API validates with them).
      const totales = totalesCalculados ?? calcularTotales(doc as TComprobante);
      if (totales.problemas.length) {
        throw new ErrorValidacion(Object.fromEntries(totales.problemas.map((p) => [p.campo, p.mensaje])));
      }
      return { xml: xmlComprobante(doc, totales), nombre, canonico: true, documento: doc, totales };
    }
    case '09':
    case '31':
      return { xml: xmlGuia(doc), nombre, canonico: true, documento: doc };
    case 'RC':
      return { xml: xmlResumenDiario(doc), nombre, canonico: true, documento: doc };
    case 'RA':
      return { xml: xmlComunicacionBaja(doc), nombre, canonico: true, documento: doc };
  }
}

/** Valida el JSON de entrada (zod, una vez) y construye el XML. Lanza ErrorValidacion si algo no cumple. */
export function construirXml(entrada: unknown): TDocumentoConstruido {
  const r = validarDocumento(entrada);
  if (!r.ok) throw new ErrorValidacion(r.error.Errores);
  return construirDocumento(r.documento);
}

/** The documents numbered within a series: 01, 03, 07, 08, 09, 31. */
export type TDocumentoNumerable = Extract<TDocumento, { numero: number }>;

/** A document built once without its final number: numerar(n) only writes the number in (no zod, totals nor XML). */
export type TPlantillaNumerable = { numerar(numero: number): TDocumentoConstruido & { documento: TDocumentoNumerable } };

/**
 * Builds a numbered document (01, 03, 07, 08, 09, 31) once, with its provisional number, so the caller can do it
 * before it takes the series lock: inside the lock, numerar(n) swaps the number in the document's cbc:ID, the only
 * place it appears in the XML (the first cbc:ID of the document, before any data from the user), and yields
 * exactly what construirDocumento({ ...doc, numero: n }) would.
 */
export function plantillaNumerable(doc: TDocumentoNumerable, totales?: TTotales): TPlantillaNumerable {
  const base = construirDocumento(doc, totales);
  const marca = `<cbc:ID>${doc.serie}-${doc.numero}</cbc:ID>`;
  const i = base.xml.indexOf('<cbc:ID>');
  if (i < 0 || !base.xml.startsWith(marca, i)) throw new Error(`El XML de ${base.nombre} no empieza su cbc:ID con la serie y el número`);
  const antes = base.xml.slice(0, i);
  const despues = base.xml.slice(i + marca.length);
  return {
    numerar(numero: number) {
      const documento: TDocumentoNumerable = { ...doc, numero };
      return { ...base, documento, nombre: nombreArchivo(documento), xml: `${antes}<cbc:ID>${doc.serie}-${numero}</cbc:ID>${despues}` };
    },
  };
}
