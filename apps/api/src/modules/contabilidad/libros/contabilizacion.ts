import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error';
import type { Contexto } from '../../../lib/contexto';
import type { Db } from '../../../db/client';
import { DIARIO_VENTAS, ErrorCodes } from '@yupana/contracts';
import { documentoContable } from '../contabilidad.schema';
import { cuentasPorCodigo, registrarAsiento } from './asientos.service';
import { contabilizacionPendiente } from './libros.schema';
// The company's exchange rates are finance's master data (one table for collections and the books).
import { tipoCambio } from '../../finanzas/finanzas.schema';

/**
 * Automatic entries for issued sales documents (facturas, boletas, notas de crédito y débito), written by a recurring
 * job that reads documents after a cursor. Each document is posted in its own transaction with the unique key
 * VENTA:<id>, so running twice (or a crash between posting and moving the cursor) never doubles an entry. A document
 * that cannot be posted (a USD one without exchange rate, a closed period, a mapped account with sub-accounts) is
 * recorded as pending with its reason and the job moves on; pending ones are retried on every run.
 */

export const COLA_CONTABILIZACION = 'contabilidad.libros.ventas';
/** Accounts of the sales template (PCGE 2019): receivable, IGV, other taxes, sales of goods. */
export const CUENTAS_VENTA = { cobrar: '1212', igv: '40111', otrosTributos: '40189', ventas: '70111' } as const;
const LOTE = 200;

type TDoc = typeof documentoContable.$inferSelect;

export const serieNumero = (d: Pick<TDoc, 'serie' | 'correlativo'>) => `${d.serie}-${d.correlativo}`;

/** The entry of one document, or the reason it cannot be posted. */
async function asientoDeDocumento(db: Db, d: TDoc): Promise<'contabilizado' | 'ya-estaba' | { motivo: string }> {
  let tc = new Decimal(1);
  if (d.idMoneda === 2) {
    const [t] = await db.select({ venta: tipoCambio.venta }).from(tipoCambio).where(and(eq(tipoCambio.idEmpresa, d.idEmpresa), eq(tipoCambio.idMoneda, 2), eq(tipoCambio.fecha, d.fechaEmision)));
    if (!t) return { motivo: `Documento en dólares sin tipo de cambio registrado para el ${d.fechaEmision.split('-').reverse().join('/')}` };
    tc = new Decimal(t.venta);
  }
  const aSoles = (v: Decimal.Value) => new Decimal(v).times(tc).toDecimalPlaces(2);
  const total = aSoles(d.montoTotal);
  const igv = aSoles(d.montoIgv);
  const otros = aSoles(d.icbper).plus(aSoles(d.montoIsc));
  // The base absorbs the rounding so the entry balances to the cent in soles.
  const base = total.minus(igv).minus(otros);
  try {
    return await db.transaction(async (tx) => {
      const cuentas = await cuentasPorCodigo(tx, d.idEmpresa, Object.values(CUENTAS_VENTA));
      for (const codigo of Object.values(CUENTAS_VENTA)) if (!cuentas.has(codigo)) throw new AppError(ErrorCodes.VALIDACION, `Falta la cuenta ${codigo} en el plan contable`, 400);
      const nota = d.codigoTipo === '07';
      // Debit and credit swap on a credit note (it reverses the sale).
      const lado = (importe: Decimal, deudor: boolean) => ((deudor !== nota) ? { debe: importe, haber: 0 } : { debe: 0, haber: importe });
      const lineas = [
        { idCuenta: cuentas.get(CUENTAS_VENTA.cobrar)!, ...lado(total, true) },
        { idCuenta: cuentas.get(CUENTAS_VENTA.igv)!, ...lado(igv, false) },
        { idCuenta: cuentas.get(CUENTAS_VENTA.otrosTributos)!, ...lado(otros, false) },
        { idCuenta: cuentas.get(CUENTAS_VENTA.ventas)!, ...lado(base, false) },
      ].filter((l) => !new Decimal(l.debe).isZero() || !new Decimal(l.haber).isZero());
      const documento = serieNumero(d);
      const nombre = { '01': 'Factura', '03': 'Boleta', '07': 'Nota de crédito', '08': 'Nota de débito' }[d.codigoTipo ?? ''] ?? 'Documento';
      const id = await registrarAsiento(tx, {
        idEmpresa: d.idEmpresa,
        idUsuario: null,
        idDiario: DIARIO_VENTAS,
        fecha: d.fechaEmision,
        glosa: `${nombre} ${documento} - ${d.receptorRazonSocial}${d.idMoneda === 2 ? ` (US$ ${new Decimal(d.montoTotal).toFixed(2)} x ${tc.toFixed(3)})` : ''}`,
        origen: 'VENTA',
        claveOrigen: `VENTA:${d.id}`,
        idDocumento: d.id,
        documento,
        lineas,
      });
      await tx.delete(contabilizacionPendiente).where(eq(contabilizacionPendiente.idDocumento, d.id));
      return id === null ? 'ya-estaba' : 'contabilizado';
    });
  } catch (err) {
    if (err instanceof AppError) {
      const campos = err.errores ? Object.values(err.errores).join('; ') : '';
      return { motivo: campos && !err.mensaje.includes(campos) ? `${err.mensaje}: ${campos}` : err.mensaje };
    }
    // Anything else (database down) is the job's failure, retried by the runner; the cursor does not move past it.
    throw err;
  }
}

/** Lima date of an instant (the void's accounting date). */
const fechaLima = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/**
 * The reversal of a voided document's sale entry, dated the day of the void (key ANULA:<id>): the same lines with
 * debit and credit swapped. A closed period makes it pending like any other posting.
 */
async function reversionDeAnulacion(db: Db, d: TDoc): Promise<'contabilizado' | 'ya-estaba' | { motivo: string }> {
  try {
    return await db.transaction(async (tx) => {
      const r = await tx.execute(sql`
        select l.id_cuenta, l.debe, l.haber from asiento_linea l
          join asiento_contable a on a.id = l.id_asiento
         where a.id_empresa = ${d.idEmpresa} and a.clave_origen = ${`VENTA:${d.id}`}
         order by l.orden`);
      const lineas = (r as unknown as { rows: { id_cuenta: number; debe: string; haber: string }[] }).rows;
      if (lineas.length === 0) return 'ya-estaba';
      const documento = serieNumero(d);
      const id = await registrarAsiento(tx, {
        idEmpresa: d.idEmpresa,
        idUsuario: null,
        idDiario: DIARIO_VENTAS,
        fecha: fechaLima(d.fechaAnulacion ?? new Date()),
        glosa: `Anulación de ${documento} - ${d.motivoAnulacion ?? 'comunicación de baja'}`,
        origen: 'ANULACION',
        claveOrigen: `ANULA:${d.id}`,
        idDocumento: d.id,
        documento,
        lineas: lineas.map((l) => ({ idCuenta: Number(l.id_cuenta), debe: l.haber, haber: l.debe })),
      });
      await tx.delete(contabilizacionPendiente).where(eq(contabilizacionPendiente.idDocumento, d.id));
      return id === null ? 'ya-estaba' : 'contabilizado';
    });
  } catch (err) {
    if (err instanceof AppError) return { motivo: `Anulación: ${err.mensaje}` };
    throw err;
  }
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

async function anotarPendiente(db: Db, d: TDoc, motivo: string) {
  await db
    .insert(contabilizacionPendiente)
    .values({ idEmpresa: d.idEmpresa, idDocumento: d.id, documento: serieNumero(d), fechaEmision: d.fechaEmision, motivo })
    .onConflictDoUpdate({ target: contabilizacionPendiente.idDocumento, set: { motivo, logFechaModif: new Date() } });
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
