import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { documentoContable } from '../contabilidad.schema';

export type TDocumentoEnvio = typeof documentoContable.$inferSelect;

type TConsultas = Pick<Db, 'select' | 'update' | 'execute'>;

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

/**
 * Work other modules do when a document BECOMES voided (SUNAT accepted its baja or resumen; an internal document at
 * once), inside the same transaction: finance closes its dues. (alAnularDocumento in anulacion.service runs earlier,
 * when the void is requested: inventory reverses stock then.) Registered once at start-up (app.ts), like
 * alEmitirDocumento, so voiding does not import the modules that follow it.
 */
export type TAlDocumentoAnulado = (tx: Pick<Db, 'execute'>, idDocumento: number) => Promise<void>;
const trasAnulado: TAlDocumentoAnulado[] = [];
export function alDocumentoAnulado(fn: TAlDocumentoAnulado): void {
  if (!trasAnulado.includes(fn)) trasAnulado.push(fn);
}
export async function avisarAnulacion(tx: Pick<Db, 'execute'>, idDocumento: number): Promise<void> {
  for (const fn of trasAnulado) await fn(tx, idDocumento);
}

export async function cambiarEstado(db: TConsultas, idDocumento: number, c: TCambioEstado): Promise<void> {
  if (c.anulado) await avisarAnulacion(db, idDocumento);
  const conRespuesta = c.codigoSunat !== undefined || c.cdr !== undefined;
  await db
    .update(documentoContable)
    .set({
      ...c,
      ...(conRespuesta ? { fechaRespuestaSunat: new Date() } : {}),
      logFechaModif: new Date(),
    })
    .where(eq(documentoContable.id, idDocumento));
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
