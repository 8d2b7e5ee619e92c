import { and, eq } from 'drizzle-orm';
import { EstadoSunat } from '@yupana/contracts';
import type { Db } from '../../../db/client';
import { documentoContable } from '../contabilidad.schema';

export type TDocumentoEnvio = typeof documentoContable.$inferSelect;

type TConsultas = Pick<Db, 'select' | 'update' | 'execute'>;
type TConTransaccion = TConsultas & Pick<Db, 'transaction'>;

export async function documentoPorId(db: TConsultas, idDocumento: number, idEmpresa?: number): Promise<TDocumentoEnvio | undefined> {
  const filtro = idEmpresa === undefined ? eq(documentoContable.id, idDocumento) : and(eq(documentoContable.id, idDocumento), eq(documentoContable.idEmpresa, idEmpresa));
  const [d] = await db.select().from(documentoContable).where(filtro).limit(1);
  return d;
}

/** Row lock on a document (voiding, regularización): one decision at a time per document. */
export async function bloquearDocumento(tx: TConsultas, idDocumento: number, idEmpresa: number): Promise<TDocumentoEnvio | undefined> {
  const [d] = await tx
    .select()
    .from(documentoContable)
    .where(and(eq(documentoContable.id, idDocumento), eq(documentoContable.idEmpresa, idEmpresa)))
    .for('update')
    .limit(1);
  return d;
}

export type TCambioEstado = {
  idEstadoSunat: number;
  codigoSunat?: string | null;
  mensajeSunat?: string | null;
  notasSunat?: string[] | null;
  cdr?: Uint8Array | null;
  anulado?: boolean;
  fechaAnulacion?: Date | null;
  motivoAnulacion?: string | null;
};

/** How a document stopped counting: its void was confirmed, or SUNAT rejected it (a rejected number never existed for the customer). */
export type TDocumentoInvalidado = { idDocumento: number; idEmpresa: number; idUsuario: number; fecha: string; causa: 'anulado' | 'rechazado' };
/**
 * Work other modules do when a document STOPS COUNTING, inside the same transaction as the state change and exactly
 * once: SUNAT accepted its baja or resumen (an internal document is voided at once), or SUNAT rejected the document
 * itself (estado 5). Inventory reverses its stock then, finance closes its dues and undoes its notes' effects. Nothing
 * happens when a void is only requested (a baja SUNAT rejects changes nothing). Registered once at start-up (app.ts),
 * like alEmitirDocumento, so voiding does not import the modules that follow it.
 */
export type TAlDocumentoAnulado = (tx: Pick<Db, 'execute'>, d: TDocumentoInvalidado) => Promise<void>;
const trasAnulado: TAlDocumentoAnulado[] = [];
export function alDocumentoAnulado(fn: TAlDocumentoAnulado): void {
  if (!trasAnulado.includes(fn)) trasAnulado.push(fn);
}
export async function avisarAnulacion(tx: Pick<Db, 'execute'>, d: TDocumentoInvalidado): Promise<void> {
  for (const fn of trasAnulado) await fn(tx, d);
}
/**
 * What is told to others once the state change that made a document stop counting has COMMITTED (never inside it: a
 * rolled-back void must announce nothing), e.g. the live stock of the tills. Best effort: a failing listener is logged
 * by itself and never undoes the void.
 */
export type TTrasAnulacionConfirmada = (d: TDocumentoInvalidado) => void;
const trasConfirmada: TTrasAnulacionConfirmada[] = [];
/** Registers a listener; the returned function removes it (an app that closes takes its listener with it). */
export function trasAnulacionConfirmada(fn: TTrasAnulacionConfirmada): () => void {
  if (!trasConfirmada.includes(fn)) trasConfirmada.push(fn);
  return () => {
    const i = trasConfirmada.indexOf(fn);
    if (i >= 0) trasConfirmada.splice(i, 1);
  };
}

const fechaLimaHoy = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

/**
 * Changes a document's SUNAT state. The change that makes it stop counting (voided, or rejected) runs the hooks in the
 * same transaction, after locking the document row and only if it still counted: a repeated answer, or two workers
 * applying the same one, never moves stock or dues twice.
 */
export async function cambiarEstado(db: TConTransaccion, idDocumento: number, c: TCambioEstado): Promise<void> {
  const conRespuesta = c.codigoSunat !== undefined || c.cdr !== undefined;
  const actualizar = (tx: TConsultas) =>
    tx
      .update(documentoContable)
      .set({
        ...c,
        ...(conRespuesta ? { fechaRespuestaSunat: new Date() } : {}),
        logFechaModif: new Date(),
      })
      .where(eq(documentoContable.id, idDocumento));
  const invalida = c.anulado === true || c.idEstadoSunat === EstadoSunat.RECHAZADO;
  if (!invalida) {
    await actualizar(db);
    return;
  }
  const invalidado = await db.transaction(async (tx: TConsultas): Promise<TDocumentoInvalidado | null> => {
    const [d] = await tx
      .select({ idEmpresa: documentoContable.idEmpresa, anulado: documentoContable.anulado, idEstadoSunat: documentoContable.idEstadoSunat, usuario: documentoContable.logUsuarioModif, creador: documentoContable.logUsuarioCrea })
      .from(documentoContable)
      .where(eq(documentoContable.id, idDocumento))
      .for('update');
    const yaNoContaba = !d || d.anulado || d.idEstadoSunat === EstadoSunat.RECHAZADO || d.idEstadoSunat === EstadoSunat.ANULADO;
    await actualizar(tx);
    if (!d || yaNoContaba) return null;
    const inv: TDocumentoInvalidado = { idDocumento, idEmpresa: d.idEmpresa, idUsuario: d.usuario ?? d.creador ?? 0, fecha: fechaLimaHoy(), causa: c.anulado ? 'anulado' : 'rechazado' };
    await avisarAnulacion(tx, inv);
    return inv;
  });
  if (invalidado) for (const fn of trasConfirmada) fn(invalidado);
}

/** SUNAT's catálogo 01 code and the channel a document goes by. */
export function canalDe(d: Pick<TDocumentoEnvio, 'codigoTipo' | 'serie'>): 'sendBill' | 'gre' | 'resumen' | 'ninguno' {
  const tipo = d.codigoTipo?.trim();
  if (!tipo) return 'ninguno';
  if (tipo === '09' || tipo === '31') return 'gre';
  if (tipo === '03') return 'resumen';
  if ((tipo === '07' || tipo === '08') && d.serie.startsWith('B')) return 'resumen';
  return 'sendBill';
}
