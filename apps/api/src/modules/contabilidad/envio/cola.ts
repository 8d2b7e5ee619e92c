import type { Db } from '../../../db/client';
import { encolar, insercionTrabajo } from '../../../lib/trabajos/cola';
import { canalDe, documentoPorId } from './documentos.repo';

/**
 * The sending module's queues on the platform's job runner (modules/trabajos): a factura, one of its notes or a GRE
 * (sendBill / GRE REST), and a resumen diario or comunicación de baja (sendSummary + getStatus). The job is written in
 * the issuing transaction: no document without its job, no job without its document.
 */
export const COLA_COMPROBANTE = 'envio.comprobante';
export const COLA_LOTE = 'envio.lote';
/**
 * A comprobante de retención (sendBill to SUNAT's otros-CPE billService) and a resumen de reversiones (RR:
 * sendSummary + getStatus there); their handlers are finanzas' (retenciones-envio.ts), run by this module's service.
 */
export const COLA_RETENCION = 'envio.retencion';
export const COLA_REVERSION = 'envio.reversion';

type TConTx = Pick<Db, 'insert'>;

/**
 * Called for a stored document: facturas, their notes and GREs get a job of their own; boletas and their notes wait
 * for the next resumen diario (they stay "pendiente de envío" until one takes them); internal documents are never sent.
 */
export async function encolarEnvio(tx: TConTx & Pick<Db, 'select' | 'update' | 'execute'>, datos: { idEmpresa: number; idDocumento: number }): Promise<void> {
  const d = await documentoPorId(tx, datos.idDocumento, datos.idEmpresa);
  if (!d) throw new Error(`encolarEnvio: el documento ${datos.idDocumento} no existe en la empresa ${datos.idEmpresa}`);
  const canal = canalDe(d);
  if (canal === 'sendBill' || canal === 'gre') await encolarComprobante(tx, datos);
}

/** A document's sending job (also to send it again under the same number: regularización). */
export const encolarComprobante = (tx: TConTx, datos: { idEmpresa: number; idDocumento: number }) =>
  encolar(tx, { cola: COLA_COMPROBANTE, idReferencia: datos.idDocumento, idEmpresa: datos.idEmpresa });

/** A resumen diario's or comunicación de baja's job. */
export const encolarLote = (tx: TConTx, datos: { idEmpresa: number; idLote: number }) =>
  encolar(tx, { cola: COLA_LOTE, idReferencia: datos.idLote, idEmpresa: datos.idEmpresa });

/**
 * The job insert of a freshly issued document, not yet run, or null when its channel has no job of its own (boletas
 * go in the resumen, internal documents are never sent). The issuing transaction runs it in the same statement as
 * the document insert (one round trip while it holds the series lock); it knows the type and series, so unlike
 * encolarEnvio it does not read the document back. The new row wakes every process's runner when the issue commits.
 */
export function insercionTrabajoEnvio(tx: TConTx, datos: { idEmpresa: number; idDocumento: number | number[]; codigoTipo: string | null; serie: string }) {
  const canal = canalDe(datos);
  if (canal !== 'sendBill' && canal !== 'gre') return null;
  // Documents of one series issued together (one type, one channel): one job each, in one insert.
  const ids = Array.isArray(datos.idDocumento) ? datos.idDocumento : [datos.idDocumento];
  return insercionTrabajo(tx, ids.map((idReferencia) => ({ cola: COLA_COMPROBANTE, idReferencia, idEmpresa: datos.idEmpresa })));
}
