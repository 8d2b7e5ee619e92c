import { and, count, desc, eq, gt, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { empresa } from '../../db/schema';
import { pago, plan, saldoEmpresa } from './pagos.schema';
import { cicloContrato } from './suscripciones/suscripciones.schema';

type DbOTx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

export type TFilaPlan = typeof plan.$inferSelect;
export type TFilaPago = typeof pago.$inferSelect;

export async function listarPlanes(db: DbOTx, filtro: { soloComprables: boolean; texto?: string; desde: number; cuantos: number; tipos: readonly number[] }) {
  const condiciones: SQL[] = [];
  if (filtro.soloComprables) {
    condiciones.push(eq(plan.gratuito, false), inArray(plan.tipoPlan, [...filtro.tipos]), eq(plan.logEstado, 1));
  }
  if (filtro.texto) condiciones.push(sql`(${plan.nombre} ilike ${'%' + filtro.texto + '%'} or ${plan.grupo} ilike ${'%' + filtro.texto + '%'})`);
  const donde = condiciones.length ? and(...condiciones) : undefined;
  const filas = await db.select().from(plan).where(donde).orderBy(plan.tipoPlan, plan.precio, plan.id).limit(filtro.cuantos).offset(filtro.desde);
  const [total] = await db.select({ n: count() }).from(plan).where(donde);
  return { filas, total: Number(total.n) };
}

export async function planPorId(db: DbOTx, id: number): Promise<TFilaPlan | undefined> {
  const [fila] = await db.select().from(plan).where(eq(plan.id, id));
  return fila;
}

export async function insertarPlan(db: DbOTx, valores: typeof plan.$inferInsert): Promise<TFilaPlan> {
  const [fila] = await db.insert(plan).values(valores).returning();
  return fila;
}

export async function actualizarPlan(db: DbOTx, id: number, valores: Partial<typeof plan.$inferInsert>): Promise<TFilaPlan | undefined> {
  const [fila] = await db.update(plan).set(valores).where(eq(plan.id, id)).returning();
  return fila;
}

export async function insertarPago(db: DbOTx, valores: typeof pago.$inferInsert): Promise<TFilaPago> {
  const [fila] = await db.insert(pago).values(valores).returning();
  return fila;
}

/** A payment of the given company (undefined when it belongs to another: the caller answers 404). */
export async function pagoDeEmpresa(db: DbOTx, idEmpresa: number, id: number, bloquear = false): Promise<TFilaPago | undefined> {
  const q = db.select().from(pago).where(and(eq(pago.id, id), eq(pago.idEmpresa, idEmpresa)));
  const [fila] = bloquear ? await q.for('update') : await q;
  return fila;
}

/** Any company's payment: only for the provider's staff. */
export async function pagoPorId(db: DbOTx, id: number, bloquear = false): Promise<TFilaPago | undefined> {
  const q = db.select().from(pago).where(eq(pago.id, id));
  const [fila] = bloquear ? await q.for('update') : await q;
  return fila;
}

export async function actualizarPago(db: DbOTx, id: number, valores: Partial<typeof pago.$inferInsert>): Promise<void> {
  await db.update(pago).set(valores).where(eq(pago.id, id));
}

const columnasLista = {
  id: pago.id,
  idEmpresa: pago.idEmpresa,
  nombrePaquete: pago.nombrePaquete,
  monto: pago.monto,
  montoPagado: pago.montoPagado,
  idMoneda: pago.idMoneda,
  estado: pago.estado,
  requiereFactura: pago.requiereFactura,
  tieneVoucher: sql<boolean>`${pago.voucher} is not null`,
  numeroOperacion: pago.numeroOperacion,
  motivoRechazo: pago.motivoRechazo,
  idDocumentoContable: pago.idDocumentoContable,
  comprobante: pago.comprobante,
  fecha: pago.logFechaCrea,
  razonSocial: empresa.razonSocial,
  documento: empresa.documento,
};

export async function listarPagos(db: DbOTx, filtro: { idEmpresa?: number; estados?: number[]; desde: number; cuantos: number }) {
  const condiciones: SQL[] = [];
  if (filtro.idEmpresa !== undefined) condiciones.push(eq(pago.idEmpresa, filtro.idEmpresa));
  if (filtro.estados?.length) condiciones.push(inArray(pago.estado, filtro.estados));
  const donde = condiciones.length ? and(...condiciones) : undefined;
  const filas = await db
    .select(columnasLista)
    .from(pago)
    .innerJoin(empresa, eq(empresa.id, pago.idEmpresa))
    .where(donde)
    .orderBy(desc(pago.id))
    .limit(filtro.cuantos)
    .offset(filtro.desde);
  const [total] = await db.select({ n: count() }).from(pago).where(donde);
  return { filas, total: Number(total.n) };
}

/**
 * Debt rows per currency as the server keeps them: payments not yet paid, annulled or rejected. A subscription cycle
 * generated ahead of its start date is billed but not yet owed, so it counts from its first day (`hoy`, Lima date).
 */
export async function filasDeuda(db: DbOTx, idEmpresa: number, hoy: string) {
  return db
    .select({
      IdMoneda: pago.idMoneda,
      Cantidad: count().mapWith(Number),
      Monto: sql<string>`sum(${pago.monto})::text`,
      MontoPagado: sql<string>`sum(${pago.montoPagado})::text`,
    })
    .from(pago)
    .where(
      and(
        eq(pago.idEmpresa, idEmpresa),
        inArray(pago.estado, [1, 2, 3]),
        notExists(db.select({ uno: sql`1` }).from(cicloContrato).where(and(eq(cicloContrato.idPago, pago.id), gt(cicloContrato.fechaInicio, hoy)))),
      ),
    )
    .groupBy(pago.idMoneda);
}

export async function saldoBloqueado(db: DbOTx, idEmpresa: number) {
  const [fila] = await db.select().from(saldoEmpresa).where(eq(saldoEmpresa.idEmpresa, idEmpresa)).for('update');
  return fila;
}

export async function guardarSaldo(db: DbOTx, idEmpresa: number, valores: { idPlan: number; contables: number; internos: number; vence: string; idUsuario: number }) {
  await db
    .insert(saldoEmpresa)
    .values({
      idEmpresa,
      idPlan: valores.idPlan,
      contablesDisponibles: valores.contables,
      internosDisponibles: valores.internos,
      fechaVencimiento: valores.vence,
      logUsuarioCrea: valores.idUsuario,
    })
    .onConflictDoUpdate({
      target: saldoEmpresa.idEmpresa,
      set: {
        idPlan: valores.idPlan,
        contablesDisponibles: valores.contables,
        internosDisponibles: valores.internos,
        fechaVencimiento: valores.vence,
        logUsuarioModif: valores.idUsuario,
        logFechaModif: new Date(),
      },
    });
}

/** Which company has which plan (provider side), paged. */
export async function listarPlanesEntidades(db: DbOTx, desde: number, cuantos: number) {
  const filas = await db
    .select({
      IdEmpresa: empresa.id,
      RazonSocial: empresa.razonSocial,
      Documento: empresa.documento,
      TipoEmpresa: empresa.tipoEmpresa,
      NombrePlan: plan.nombre,
      FechaVencimiento: saldoEmpresa.fechaVencimiento,
      Disponibles: saldoEmpresa.contablesDisponibles,
    })
    .from(empresa)
    .leftJoin(saldoEmpresa, eq(saldoEmpresa.idEmpresa, empresa.id))
    .leftJoin(plan, eq(plan.id, saldoEmpresa.idPlan))
    .where(eq(empresa.logEstado, 1))
    .orderBy(empresa.razonSocial)
    .limit(cuantos)
    .offset(desde);
  const [total] = await db.select({ n: count() }).from(empresa).where(eq(empresa.logEstado, 1));
  return { filas, total: Number(total.n) };
}

/** Provider report: per package and status, how many payments and how much (per currency). */
export async function reportePagos(db: DbOTx, desde: string, hasta: string) {
  return db
    .select({
      nombrePaquete: pago.nombrePaquete,
      idMoneda: pago.idMoneda,
      estado: pago.estado,
      cantidad: count().mapWith(Number),
      monto: sql<string>`sum(${pago.monto})::text`,
    })
    .from(pago)
    .where(sql`(${pago.logFechaCrea} at time zone 'America/Lima')::date between ${desde} and ${hasta}`)
    .groupBy(pago.nombrePaquete, pago.idMoneda, pago.estado)
    .orderBy(pago.nombrePaquete, pago.estado);
}

/** The provider's receipts for a company's payments (newest first), with the receipt's issue date. */
export async function listarComprobantesProveedor(db: DbOTx, idEmpresa: number, desde: number, cuantos: number) {
  const donde = and(eq(pago.idEmpresa, idEmpresa), sql`${pago.idDocumentoContable} is not null`);
  // documento_contable belongs to the documents module; it is read here by name (modules do not import each other).
  const filas = await db
    .select({
      idPago: pago.id,
      idDocumentoContable: sql<number>`${pago.idDocumentoContable}`,
      comprobante: pago.comprobante,
      nombrePaquete: pago.nombrePaquete,
      monto: pago.monto,
      idMoneda: pago.idMoneda,
      idTipoDocumento: sql<number>`(select d.id_tipo_documento from documento_contable d where d.id = ${pago.idDocumentoContable})`,
      fechaEmision: sql<string>`(select d.fecha_emision::text from documento_contable d where d.id = ${pago.idDocumentoContable})`,
    })
    .from(pago)
    .where(donde)
    .orderBy(desc(pago.id))
    .limit(cuantos)
    .offset(desde);
  const [total] = await db.select({ n: count() }).from(pago).where(donde);
  return { filas, total: Number(total.n) };
}
