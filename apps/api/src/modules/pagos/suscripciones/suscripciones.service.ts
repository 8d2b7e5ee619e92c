import Decimal from 'decimal.js';
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  codigoCiclo,
  DescripcionEstadoPago,
  DIAS_ANTICIPACION_CICLO,
  ErrorCodes,
  EstadoContrato,
  EstadoPago,
  fechaLima,
  sumarDias,
  TipoEmpresa,
  TipoPago,
  TIPOS_PLAN_SUSCRIBIBLES,
  type TCiclo,
  type TContrato,
  type TContratoEntidad,
} from '@yupana/contracts';
import type { Db } from '../../../db/client';
import { AppError, errorDeCampo, noEncontrado } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import { ahora } from '../configuracion';
import { rucDeFacturacion } from '../entidad-pago';
import * as repo from '../pagos.repo';
import { pago, plan, saldoEmpresa } from '../pagos.schema';
import { acreditarPago, MONEDAS } from '../pagos.service';
import type { TPasarela } from '../pasarela/pasarela';
import { cicloContrato, contrato } from './suscripciones.schema';

type DbOTx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;
type TFilaContrato = typeof contrato.$inferSelect;

/** Payment statuses of a cycle that still has to be paid (a rejected voucher leaves it open). */
const ABIERTOS = [EstadoPago.PENDIENTE, EstadoPago.EN_PROCESO, EstadoPago.PARCIAL, EstadoPago.RECHAZADO];
/** Open cycles the customer may still annul or re-price (no voucher under the provider's review). */
const SIN_REVISION = [EstadoPago.PENDIENTE, EstadoPago.RECHAZADO];

const hoy = () => fechaLima(ahora());

async function planSuscribible(db: DbOTx, idPlan: number, campo: string): Promise<repo.TFilaPlan> {
  const p = await repo.planPorId(db, idPlan);
  if (!p || p.logEstado !== 1 || p.gratuito || !(TIPOS_PLAN_SUSCRIBIBLES as readonly number[]).includes(p.tipoPlan))
    throw errorDeCampo(campo, 'Solo puede suscribirse a un plan mensual o anual a la venta');
  return p;
}

/** The date the next cycle starts: where the company's paid time runs out, or today when it already ran out. */
async function inicioSiguienteCiclo(tx: DbOTx, idEmpresa: number): Promise<string> {
  const [s] = await tx.select({ vence: saldoEmpresa.fechaVencimiento }).from(saldoEmpresa).where(eq(saldoEmpresa.idEmpresa, idEmpresa));
  const h = hoy();
  return s?.vence && s.vence > h ? s.vence : h;
}

/** A new cycle of the contract, with its pending payment at the plan's current price. Inside the caller's transaction. */
async function generarCiclo(tx: DbOTx, k: TFilaContrato, p: repo.TFilaPlan, numero: number, inicio: string, idUsuario: number | null) {
  const nuevoPago = await repo.insertarPago(tx, {
    idEmpresa: k.idEmpresa,
    idPlan: p.id,
    nombrePaquete: p.nombre,
    monto: new Decimal(p.precio).toFixed(2),
    idMoneda: p.idMoneda,
    tipoPago: k.idTarjetaPasarela ? TipoPago.RECURRENTE : TipoPago.MANUAL,
    estado: EstadoPago.PENDIENTE,
    requiereFactura: k.requiereFactura,
    logUsuarioCrea: idUsuario,
  });
  const [ciclo] = await tx
    .insert(cicloContrato)
    .values({ idContrato: k.id, numero, fechaInicio: inicio, fechaFin: sumarDias(inicio, p.diasVigencia), idPago: nuevoPago.id, logUsuarioCrea: idUsuario })
    .returning();
  return ciclo;
}

async function ultimoCiclo(tx: DbOTx, idContrato: number) {
  const [c] = await tx
    .select({ id: cicloContrato.id, numero: cicloContrato.numero, idPago: cicloContrato.idPago, estadoPago: pago.estado, tieneVoucher: sql<boolean>`${pago.voucher} is not null` })
    .from(cicloContrato)
    .innerJoin(pago, eq(pago.id, cicloContrato.idPago))
    .where(eq(cicloContrato.idContrato, idContrato))
    .orderBy(desc(cicloContrato.numero))
    .limit(1);
  return c;
}

async function contratoDeEmpresa(tx: DbOTx, idEmpresa: number, idContrato: number, bloquear = false): Promise<TFilaContrato> {
  const q = tx.select().from(contrato).where(and(eq(contrato.id, idContrato), eq(contrato.idEmpresa, idEmpresa)));
  const [k] = bloquear ? await q.for('update') : await q;
  if (!k) throw noEncontrado('No se encontró la suscripción');
  return k;
}

function exigirVigente(k: TFilaContrato): void {
  if (k.estado !== EstadoContrato.VIGENTE) throw new AppError(ErrorCodes.CONTRATO_NO_VIGENTE, undefined, 409);
}

/** The contract with its cycles as the seed's contract and cycle payment records (newest cycle first). */
async function aContrato(db: DbOTx, k: TFilaContrato): Promise<TContrato> {
  const [p] = await db.select().from(plan).where(eq(plan.id, k.idPlan));
  const filas = await db
    .select({
      id: cicloContrato.id,
      numero: cicloContrato.numero,
      inicio: cicloContrato.fechaInicio,
      fin: cicloContrato.fechaFin,
      idPago: pago.id,
      estado: pago.estado,
      monto: pago.monto,
      idMoneda: pago.idMoneda,
      comprobante: pago.comprobante,
      idDoc: pago.idDocumentoContable,
      tieneVoucher: sql<boolean>`${pago.voucher} is not null`,
      motivoRechazo: pago.motivoRechazo,
    })
    .from(cicloContrato)
    .innerJoin(pago, eq(pago.id, cicloContrato.idPago))
    .where(eq(cicloContrato.idContrato, k.id))
    .orderBy(desc(cicloContrato.numero));
  const h = hoy();
  const Ciclos: TCiclo[] = filas.map((f) => {
    const codigo = codigoCiclo(f.estado, f.inicio <= h);
    return {
      IdCiclo: f.id,
      Numero: f.numero,
      FechaPago: f.inicio,
      FechaFin: f.fin,
      Comprobante: f.comprobante,
      Monto: new Decimal(f.monto).toFixed(2),
      Moneda: MONEDAS[f.idMoneda] ?? 'S/',
      Estado: codigo,
      DescripcionEstado: codigo === 'generado' ? 'Generado' : codigo === 33 ? 'Pendiente de pago' : DescripcionEstadoPago[f.estado],
      IdDocContable: f.idDoc,
      IdPrepago: f.idPago,
      TieneVoucher: f.tieneVoucher,
      MotivoRechazo: f.motivoRechazo,
    };
  });
  return {
    IdContrato: k.id,
    IdPlan: k.idPlan,
    NombrePlan: p.nombre,
    TiempoPago: p.tiempoPago,
    Precio: new Decimal(p.precio).toFixed(2),
    Moneda: MONEDAS[p.idMoneda] ?? 'S/',
    Estado: k.estado,
    DescripcionEstado: k.estado === EstadoContrato.VIGENTE ? 'Vigente' : 'Cancelada',
    FechaInicio: k.fechaInicio,
    FechaCancelacion: k.fechaCancelacion ? fechaLima(k.fechaCancelacion) : null,
    RequiereFactura: k.requiereFactura,
    Recurrencia: k.idTarjetaPasarela && k.marcaTarjeta && k.ultimos4 ? { Marca: k.marcaTarjeta, Ultimos4: k.ultimos4 } : null,
    UltimoRechazo: k.ultimoRechazo,
    Ciclos,
  };
}

/** The company's contract: the one in force, else its last cancelled one. */
export async function consultarContrato(db: Db, auth: TAuth, idEmpresa: number): Promise<TContratoEntidad> {
  if (idEmpresa !== auth.idEmpresa) throw noEncontrado();
  const [k] = await db
    .select()
    .from(contrato)
    .where(eq(contrato.idEmpresa, idEmpresa))
    .orderBy(asc(contrato.estado), desc(contrato.id))
    .limit(1);
  return { Contrato: k ? await aContrato(db, k) : null };
}

/**
 * Subscribing: the contract and its first cycle, whose payment is pending. The first cycle starts where the company's
 * paid time runs out (today if it already did), so subscribing never throws away days already paid. One transaction.
 */
export async function suscribir(db: Db, auth: TAuth, d: { IdPlan: number; RequiereFactura: boolean }): Promise<TContrato> {
  if (auth.empresa.tipoEmpresa === TipoEmpresa.DEMO)
    throw new AppError(ErrorCodes.VALIDACION, 'Configure su empresa antes de suscribirse a un plan', 400, { errores: { IdPlan: 'Una cuenta DEMO no puede suscribirse a un plan' } });
  if (d.RequiereFactura && !(await rucDeFacturacion(db, auth.idEmpresa))) throw errorDeCampo('RequiereFactura', 'Para solicitar factura registre un RUC en sus datos de facturación');
  return db.transaction(async (tx) => {
    const p = await planSuscribible(tx, d.IdPlan, 'IdPlan');
    // Serializes two subscriptions of the same company (the partial unique index is the last word).
    await tx.execute(sql`select pg_advisory_xact_lock(${0x5355_4253}, ${auth.idEmpresa})`);
    const [vigente] = await tx.select({ id: contrato.id }).from(contrato).where(and(eq(contrato.idEmpresa, auth.idEmpresa), eq(contrato.estado, EstadoContrato.VIGENTE)));
    if (vigente) throw new AppError(ErrorCodes.SUSCRIPCION_EXISTENTE, undefined, 409);
    const inicio = await inicioSiguienteCiclo(tx, auth.idEmpresa);
    const [k] = await tx
      .insert(contrato)
      .values({ idEmpresa: auth.idEmpresa, idPlan: p.id, requiereFactura: d.RequiereFactura, fechaInicio: inicio, logUsuarioCrea: auth.idUsuario })
      .returning();
    await generarCiclo(tx, k, p, 1, inicio, auth.idUsuario);
    return aContrato(tx, k);
  });
}

/**
 * The seed's contract payment request (idContrato, idPlan): the cycle to pay now. With a cycle still open it is that
 * one (re-priced when the plan changes and no voucher is under review); otherwise the next cycle is generated now, so
 * the customer can pay ahead. A different plan applies to this cycle (when it can) and to the following ones.
 */
export async function solicitarPagoCiclo(db: Db, auth: TAuth, d: { idContrato: number; idPlan: number }): Promise<TCiclo> {
  return db.transaction(async (tx) => {
    const k = await contratoDeEmpresa(tx, auth.idEmpresa, d.idContrato, true);
    exigirVigente(k);
    const p = await planSuscribible(tx, d.idPlan, 'idPlan');
    if (p.id !== k.idPlan) await tx.update(contrato).set({ idPlan: p.id, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(contrato.id, k.id));
    const ultimo = await ultimoCiclo(tx, k.id);
    let idCiclo: number;
    if (ultimo && (ABIERTOS as number[]).includes(ultimo.estadoPago)) {
      idCiclo = ultimo.id;
      if ((SIN_REVISION as number[]).includes(ultimo.estadoPago) && !ultimo.tieneVoucher)
        await repo.actualizarPago(tx, ultimo.idPago, {
          idPlan: p.id,
          nombrePaquete: p.nombre,
          monto: new Decimal(p.precio).toFixed(2),
          idMoneda: p.idMoneda,
          logUsuarioModif: auth.idUsuario,
          logFechaModif: new Date(),
        });
    } else {
      const inicio = await inicioSiguienteCiclo(tx, auth.idEmpresa);
      idCiclo = (await generarCiclo(tx, { ...k, idPlan: p.id }, p, (ultimo?.numero ?? 0) + 1, inicio, auth.idUsuario)).id;
    }
    const actual = await aContrato(tx, { ...k, idPlan: p.id });
    return actual.Ciclos.find((c) => c.IdCiclo === idCiclo)!;
  });
}

/** The payment behind one of the company's cycles (to pay it by card like any pending payment). */
export async function pagoDeCiclo(db: DbOTx, auth: TAuth, idCiclo: number): Promise<number> {
  const [c] = await db
    .select({ idPago: cicloContrato.idPago })
    .from(cicloContrato)
    .innerJoin(contrato, eq(contrato.id, cicloContrato.idContrato))
    .where(and(eq(cicloContrato.id, idCiclo), eq(contrato.idEmpresa, auth.idEmpresa)));
  if (!c) throw noEncontrado('No se encontró el ciclo');
  return c.idPago;
}

/**
 * Automatic charges: the card behind a single-use token is saved at the gateway, and from then on each cycle is
 * charged to it when it starts (renovacion.ts). Only the gateway's card id, brand and last four digits are kept.
 */
export async function activarRecurrencia(db: Db, pasarela: TPasarela, auth: TAuth, d: { IdContrato: number; Token: string }): Promise<TContrato> {
  const k = await contratoDeEmpresa(db, auth.idEmpresa, d.IdContrato);
  exigirVigente(k);
  const tarjeta = await pasarela.guardarTarjeta(d.Token);
  if (!tarjeta.guardada) throw new AppError(ErrorCodes.TOKEN_TARJETA_INVALIDO, undefined, 400);
  const anterior = await db.transaction(async (tx) => {
    const b = await contratoDeEmpresa(tx, auth.idEmpresa, d.IdContrato, true);
    exigirVigente(b);
    await tx
      .update(contrato)
      .set({ idTarjetaPasarela: tarjeta.idTarjeta, marcaTarjeta: tarjeta.marca, ultimos4: tarjeta.ultimos4, ultimoRechazo: null, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(contrato.id, b.id));
    return b.idTarjetaPasarela;
  });
  if (anterior && anterior !== tarjeta.idTarjeta) await pasarela.eliminarTarjeta(anterior);
  return aContrato(db, await contratoDeEmpresa(db, auth.idEmpresa, d.IdContrato));
}

export async function desactivarRecurrencia(db: Db, pasarela: TPasarela, auth: TAuth, idContrato: number): Promise<TContrato> {
  const anterior = await db.transaction(async (tx) => {
    const k = await contratoDeEmpresa(tx, auth.idEmpresa, idContrato, true);
    await tx
      .update(contrato)
      .set({ idTarjetaPasarela: null, marcaTarjeta: null, ultimos4: null, ultimoRechazo: null, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(contrato.id, k.id));
    return k.idTarjetaPasarela;
  });
  if (anterior) await pasarela.eliminarTarjeta(anterior);
  return aContrato(db, await contratoDeEmpresa(db, auth.idEmpresa, idContrato));
}

/**
 * Cancelling a subscription: no more cycles are generated or charged, the saved card is deleted, and cycles still
 * waiting for payment are annulled (a voucher under the provider's review stays for the provider to decide). Cycles
 * already paid keep their documents until their period ends.
 */
export async function cancelarSuscripcion(db: Db, pasarela: TPasarela, auth: TAuth, idContrato: number): Promise<TContrato> {
  const tarjeta = await db.transaction(async (tx) => {
    const k = await contratoDeEmpresa(tx, auth.idEmpresa, idContrato, true);
    exigirVigente(k);
    await tx
      .update(contrato)
      .set({ estado: EstadoContrato.CANCELADO, fechaCancelacion: new Date(), idTarjetaPasarela: null, marcaTarjeta: null, ultimos4: null, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(contrato.id, k.id));
    await tx
      .update(pago)
      .set({ estado: EstadoPago.ANULADO, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(inArray(pago.estado, SIN_REVISION), inArray(pago.id, tx.select({ id: cicloContrato.idPago }).from(cicloContrato).where(eq(cicloContrato.idContrato, k.id)))));
    return k.idTarjetaPasarela;
  });
  if (tarjeta) await pasarela.eliminarTarjeta(tarjeta);
  return aContrato(db, await contratoDeEmpresa(db, auth.idEmpresa, idContrato));
}

// --- The renewal job's steps (renovacion.ts runs them) ---

/**
 * Generates the next cycle of every contract in force whose last cycle is closed (paid or annulled) and whose paid
 * time runs out within DIAS_ANTICIPACION_CICLO days. At most one open cycle per contract: an unpaid cycle is not
 * followed by more debts; the company's package simply expires until it pays. Each contract is handled in its own
 * transaction under its row lock (SKIP LOCKED: another process handles it), and the unique cycle number is the
 * last guard against a double generation. Returns the new cycles' ids.
 */
export async function generarCiclosPendientes(db: Db, filtro: { idContrato?: number } = {}): Promise<number[]> {
  const vigentes = await db
    .select({ id: contrato.id })
    .from(contrato)
    .where(and(eq(contrato.estado, EstadoContrato.VIGENTE), filtro.idContrato ? eq(contrato.id, filtro.idContrato) : undefined))
    .orderBy(asc(contrato.id));
  const nuevos: number[] = [];
  for (const { id } of vigentes) {
    const idCiclo = await db.transaction(async (tx) => {
      const [k] = await tx.select().from(contrato).where(and(eq(contrato.id, id), eq(contrato.estado, EstadoContrato.VIGENTE))).for('update', { skipLocked: true });
      if (!k) return null;
      const ultimo = await ultimoCiclo(tx, k.id);
      if (ultimo && (ABIERTOS as number[]).includes(ultimo.estadoPago)) return null;
      const inicio = await inicioSiguienteCiclo(tx, k.idEmpresa);
      if (sumarDias(inicio, -DIAS_ANTICIPACION_CICLO) > hoy()) return null;
      const [p] = await tx.select().from(plan).where(eq(plan.id, k.idPlan));
      return (await generarCiclo(tx, k, p, (ultimo?.numero ?? 0) + 1, inicio, null)).id;
    });
    if (idCiclo) nuevos.push(idCiclo);
  }
  return nuevos;
}

export type TResultadoCobro = { idCiclo: number; idPago: number; aprobado: boolean; motivo?: string };

/**
 * Charges the saved card of every due cycle (its start date has come) still unpaid, once a day per cycle. The day's
 * attempt is claimed first in its own statement (so two processes never both charge), then the gateway is called with
 * the payment as idempotency reference, then an approved charge credits the package in one transaction. A declined
 * charge leaves the cycle pending and the reason on the contract, for the customer to see and pay by hand.
 */
export async function cobrarCiclosVencidos(
  db: Db,
  pasarela: TPasarela,
  idUsuarioFacturador: number | null,
  filtro: { idContrato?: number } = {},
): Promise<TResultadoCobro[]> {
  const h = hoy();
  const inicioDeHoy = new Date(Date.parse(`${h}T05:00:00Z`));
  const vencidos = await db
    .select({ idCiclo: cicloContrato.id })
    .from(cicloContrato)
    .innerJoin(contrato, eq(contrato.id, cicloContrato.idContrato))
    .innerJoin(pago, eq(pago.id, cicloContrato.idPago))
    .where(
      and(
        eq(contrato.estado, EstadoContrato.VIGENTE),
        isNotNull(contrato.idTarjetaPasarela),
        inArray(pago.estado, SIN_REVISION),
        lte(cicloContrato.fechaInicio, h),
        filtro.idContrato ? eq(contrato.id, filtro.idContrato) : undefined,
      ),
    )
    .orderBy(asc(cicloContrato.id));
  const resultados: TResultadoCobro[] = [];
  for (const { idCiclo } of vencidos) {
    const [reclamado] = await db
      .update(cicloContrato)
      .set({ ultimoCobro: ahora() })
      .where(and(eq(cicloContrato.id, idCiclo), sql`(${cicloContrato.ultimoCobro} is null or ${cicloContrato.ultimoCobro} < ${inicioDeHoy})`))
      .returning({ idPago: cicloContrato.idPago, idContrato: cicloContrato.idContrato });
    if (!reclamado) continue;
    const [k] = await db.select().from(contrato).where(eq(contrato.id, reclamado.idContrato));
    const p = await repo.pagoPorId(db, reclamado.idPago);
    if (!k?.idTarjetaPasarela || !p || !(SIN_REVISION as number[]).includes(p.estado)) continue;
    const cargo = await pasarela.cobrar({
      idTarjeta: k.idTarjetaPasarela,
      monto: new Decimal(p.monto).toFixed(2),
      moneda: p.idMoneda === 2 ? 'USD' : 'PEN',
      descripcion: `Suscripción ${p.nombrePaquete}`,
      referencia: `pago-${p.id}`,
    });
    if (!cargo.aprobado) {
      await db.update(contrato).set({ ultimoRechazo: cargo.motivo, logFechaModif: new Date() }).where(eq(contrato.id, k.id));
      resultados.push({ idCiclo, idPago: p.id, aprobado: false, motivo: cargo.motivo });
      continue;
    }
    await db.transaction(async (tx) => {
      const bloqueado = await repo.pagoPorId(tx, p.id, true);
      if (!bloqueado || !(ABIERTOS as number[]).includes(bloqueado.estado)) return;
      await acreditarPago(tx, bloqueado, {
        // The provider user who issues the receipt (as for a card payment), so the receipt's retry job can issue it.
        idUsuarioResuelve: idUsuarioFacturador,
        idUsuario: idUsuarioFacturador ?? bloqueado.logUsuarioCrea ?? 0,
        cambios: { tipoPago: TipoPago.RECURRENTE, numeroOperacion: cargo.idCargo, motivoRechazo: null },
      });
      await tx.update(contrato).set({ ultimoRechazo: null }).where(eq(contrato.id, k.id));
    });
    resultados.push({ idCiclo, idPago: p.id, aprobado: true });
  }
  return resultados;
}
