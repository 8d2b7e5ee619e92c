import { and, eq, sql } from 'drizzle-orm';
import type { Contexto } from '../../../lib/contexto';
import type { Db } from '../../../db/client';
import { documentoContable } from '../contabilidad.schema';
import { contabilizacionPendiente } from './libros.schema';
import { anotarPendiente, contabilizarVentaEnTx, revertirVentaEnTx, serieNumero } from './automaticos';

/**
 * Safety net of the automatic entries for issued sales documents (facturas, boletas, notas de crédito y débito): they
 * are posted in the issue's own transaction (automaticos.contabilizarAlEmitir); this recurring job reads documents
 * after a cursor and posts what has no entry yet (documents issued before that hook, pending ones). Each document is posted in its own transaction with the unique key
 * VENTA:<id>, so running twice (or a crash between posting and moving the cursor) never doubles an entry. A document
 * that cannot be posted (a USD one without exchange rate, a closed period, a mapped account with sub-accounts) is
 * recorded as pending with its reason and the job moves on; pending ones are retried on every run.
 */

export const COLA_CONTABILIZACION = 'contabilidad.libros.ventas';
const LOTE = 200;

type TDoc = typeof documentoContable.$inferSelect;

export { serieNumero };

/** The entry of one document in its own transaction, or the reason it cannot be posted. */
async function asientoDeDocumento(db: Db, d: TDoc): Promise<'contabilizado' | 'ya-estaba' | { motivo: string }> {
  return db.transaction((tx) => contabilizarVentaEnTx(tx, d));
}

/** The reversal of a voided document's entries (automaticos.revertirVentaEnTx) in its own transaction. */
async function reversionDeAnulacion(db: Db, d: TDoc): Promise<'contabilizado' | 'ya-estaba' | { motivo: string }> {
  return db.transaction((tx) => revertirVentaEnTx(tx, d));
}

/**
 * Voided documents whose sale entry has no reversal yet. Voids happen long after issue (SUNAT answers the baja), so
 * they are found by this anti-join rather than by the issue cursor.
 */
async function revertirAnulados(db: Db, r: TResumenContabilizacion, idEmpresa?: number) {
  const docs = await db
    .select()
    .from(documentoContable)
    .where(
      and(
        eq(documentoContable.anulado, true),
        idEmpresa ? eq(documentoContable.idEmpresa, idEmpresa) : undefined,
        sql`exists (select 1 from asiento_contable a where a.id_empresa = ${documentoContable.idEmpresa} and a.clave_origen = 'VENTA:' || ${documentoContable.id})`,
        sql`not exists (select 1 from asiento_contable a where a.id_empresa = ${documentoContable.idEmpresa} and a.clave_origen = 'ANULA:' || ${documentoContable.id})`,
      ),
    )
    .orderBy(documentoContable.id)
    .limit(LOTE);
  for (const d of docs) {
    const x = await reversionDeAnulacion(db, d);
    if (x === 'contabilizado') r.contabilizados++;
    else if (typeof x === 'object') {
      await anotarPendiente(db, d, x.motivo);
      r.pendientes++;
    }
  }
}

const POSTEABLE = sql`${documentoContable.codigoTipo} in ('01', '03', '07', '08') and ${documentoContable.idEstadoSunat} <> 5`;

export type TResumenContabilizacion = { contabilizados: number; pendientes: number; cursor: number };

async function procesar(db: Db, docs: TDoc[], r: TResumenContabilizacion) {
  for (const d of docs) {
    const x = await asientoDeDocumento(db, d);
    if (x === 'contabilizado') r.contabilizados++;
    else if (typeof x === 'object') {
      await anotarPendiente(db, d, x.motivo);
      r.pendientes++;
    }
  }
}

/**
 * One run of the job: every posteable document after `cursor` (all companies, in id order, in batches) that has
 * neither an entry nor a pending mark, then the pending ones again. Identity values are taken before commit, so a
 * document with a lower id may become visible after a higher one: the cursor only moves past documents created more
 * than ten minutes ago (no issue transaction lasts that long) and the anti-join skips what is already handled.
 */
export async function contabilizarVentas(db: Db, cursor: number): Promise<TResumenContabilizacion> {
  const r: TResumenContabilizacion = { contabilizados: 0, pendientes: 0, cursor };
  const [{ seguro }] = (
    (await db.execute(sql`select coalesce(max(id), ${cursor})::int as seguro from documento_contable where id > ${cursor} and log_fecha_crea < now() - interval '10 minutes'`)) as unknown as {
      rows: { seguro: number }[];
    }
  ).rows;
  let desde = cursor;
  for (;;) {
    const docs = await db
      .select()
      .from(documentoContable)
      .where(
        and(
          sql`${documentoContable.id} > ${desde}`,
          POSTEABLE,
          sql`not exists (select 1 from asiento_contable a where a.id_empresa = ${documentoContable.idEmpresa} and a.clave_origen = 'VENTA:' || ${documentoContable.id})`,
          sql`not exists (select 1 from contabilizacion_pendiente p where p.id_documento = ${documentoContable.id})`,
        ),
      )
      .orderBy(documentoContable.id)
      .limit(LOTE);
    if (docs.length === 0) break;
    await procesar(db, docs, r);
    desde = docs[docs.length - 1].id;
  }
  const pend = await db.select({ id: contabilizacionPendiente.idDocumento }).from(contabilizacionPendiente).orderBy(contabilizacionPendiente.idDocumento).limit(1000);
  if (pend.length) {
    const docs = await db.select().from(documentoContable).where(sql`${documentoContable.id} in (${sql.join(pend.map((p) => sql`${p.id}`), sql`, `)})`).orderBy(documentoContable.id);
    const otra: TResumenContabilizacion = { contabilizados: 0, pendientes: 0, cursor: 0 };
    await procesar(db, docs, otra);
    r.contabilizados += otra.contabilizados;
    // What is still pending after this run (new ones were counted above and retried just now).
    r.pendientes = otra.pendientes;
  }
  await revertirAnulados(db, r);
  r.cursor = Math.max(cursor, Number(seguro));
  return r;
}

/**
 * "Contabilizar ahora" for one company: its posteable documents without an entry (whatever the job's cursor), so an
 * accountant does not wait for the next run. Same per-document transaction and unique key as the job.
 */
export async function contabilizarEmpresa(db: Db, idEmpresa: number): Promise<TResumenContabilizacion> {
  const r: TResumenContabilizacion = { contabilizados: 0, pendientes: 0, cursor: 0 };
  for (;;) {
    const docs = await db
      .select()
      .from(documentoContable)
      .where(
        and(
          eq(documentoContable.idEmpresa, idEmpresa),
          sql`${documentoContable.id} > ${r.cursor}`,
          POSTEABLE,
          sql`not exists (select 1 from asiento_contable a where a.id_empresa = ${idEmpresa} and a.clave_origen = 'VENTA:' || ${documentoContable.id})`,
        ),
      )
      .orderBy(documentoContable.id)
      .limit(LOTE);
    if (docs.length === 0) break;
    await procesar(db, docs, r);
    r.cursor = docs[docs.length - 1].id;
  }
  await revertirAnulados(db, r, idEmpresa);
  return r;
}

export function registrarContabilizacion(ctx: Contexto, cadaMs = Number(process.env.CONTABILIZACION_CADA_MS) || 60_000) {
  ctx.trabajos.registrar({
    cola: COLA_CONTABILIZACION,
    concurrencia: 1,
    recurrente: { cadaMs, primeraEnMs: 5_000 },
    manejador: async (t) => {
      const cursor = Number((t.datos as { cursor?: number } | null)?.cursor ?? 0) || 0;
      const r = await contabilizarVentas(ctx.dbh.db, cursor);
      return { tipo: 'hecho', datos: { cursor: r.cursor } };
    },
  });
}
