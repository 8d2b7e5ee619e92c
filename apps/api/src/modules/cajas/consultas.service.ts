import Decimal from 'decimal.js';
import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  EstadoSesionCaja,
  MEDIO_EFECTIVO,
  TIPO_PUNTO_VENTA,
  TiposMovimientoCaja,
  type TBalanceCaja,
  type TCaja,
  type TMiCaja,
  type TMovimientosCaja,
  type TReanudacionCaja,
  type TResumenCaja,
  type ZMovimientosCajaQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import { sucursal, usuario } from '../../db/schema';
import type { Db } from '../../db/client';
import { AppError, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import { movimientoCaja, sesionCaja } from './cajas.schema';
import { cuadre, dinero, listarSesiones, miCaja, obtenerCaja, sesionPermitida } from './cajas.service';

/**
 * The seed's remaining cash reads (§7 Finance "Cash", branch cajasemilla). Every figure comes from the services the
 * cash screens already use (miCaja, listarSesiones, cuadre): the same blind-count rule (a cashier does not see the
 * expected amounts of an open session) and the same tenancy (another company's box or session is 404, another
 * cashier's session 403).
 */

/** A box of kind 0 Punto venta (seed `puntosventas`); any other box of the company is not a point of sale. */
export async function obtenerPuntoVenta(db: Db, auth: TAuth, id: number): Promise<TCaja> {
  const c = await obtenerCaja(db, auth, id);
  if (c.Tipo !== TIPO_PUNTO_VENTA) throw noEncontrado('No se encontró el punto de venta');
  return c;
}

/**
 * Resuming after a crash or on another device: the caller's open session on this box. A box nobody has open answers
 * Sesion null (open it); a box open by someone else, or the caller's session on another box, is 409 5003201.
 */
export async function reanudarCaja(db: Db, auth: TAuth, idCaja: number, soloPuntoVenta: boolean): Promise<TReanudacionCaja> {
  const c = soloPuntoVenta ? await obtenerPuntoVenta(db, auth, idCaja) : await obtenerCaja(db, auth, idCaja);
  const { Sesion } = await miCaja(db, auth);
  if (Sesion?.IdCaja === c.Id) return { Sesion, Caja: c };
  if (Sesion) throw new AppError(ErrorCodes.CAJA_APERTURADA_POR_USUARIO, `Usted tiene aperturada la caja ${Sesion.Caja}: continúe en ella o ciérrela`, 409);
  if (c.IdSesionAbierta) throw new AppError(ErrorCodes.CAJA_APERTURADA_POR_USUARIO, `La caja fue aperturada por el usuario ${c.UsuarioSesion}`, 409);
  return { Sesion: null, Caja: c };
}

/** `puntosventas/reanudaciones`: the caller's open session when it is on a point of sale, and the points of sale of their branches. */
export async function reanudarPuntoVenta(db: Db, auth: TAuth): Promise<TMiCaja> {
  const mia = await miCaja(db, auth);
  const sesion = mia.Sesion && (await obtenerCaja(db, auth, mia.Sesion.IdCaja)).Tipo === TIPO_PUNTO_VENTA ? mia.Sesion : null;
  return { Sesion: sesion, Cajas: mia.Cajas.filter((c) => c.Tipo === TIPO_PUNTO_VENTA) };
}

/** Open sessions of a branch: a manager sees all of them, a cashier only their own, and only in a branch assigned to them. */
export async function aperturasSucursal(db: Db, auth: TAuth, idSucursal: number, q: { pagina: number; regxpag: number }, gestiona: boolean) {
  const [s] = await db.select({ id: sucursal.id }).from(sucursal).where(and(eq(sucursal.id, idSucursal), eq(sucursal.idEmpresa, auth.idEmpresa)));
  if (!s) throw noEncontrado('No se encontró la sucursal');
  if (!gestiona && !auth.sucursales.includes(idSucursal)) throw new AppError(ErrorCodes.SUCURSAL_NO_ASIGNADA, undefined, 403);
  return listarSesiones(db, auth, { ...q, estado: EstadoSesionCaja.APERTURADO, idsucursal: idSucursal }, gestiona);
}

/** The session of a box a summary reads: the one asked for, else the box's open one, else its latest (a cashier: their own). */
async function sesionDeCaja(db: Db, auth: TAuth, idCaja: number, idSesion: number | undefined, gestiona: boolean): Promise<number> {
  await obtenerCaja(db, auth, idCaja);
  if (idSesion) {
    const f = await sesionPermitida(db, auth, idSesion, gestiona);
    if (f.IdCaja !== idCaja) throw noEncontrado('La sesión no es de esta caja');
    return f.Id;
  }
  const filtros: SQL[] = [eq(sesionCaja.idEmpresa, auth.idEmpresa), eq(sesionCaja.idCaja, idCaja)];
  if (!gestiona) filtros.push(eq(sesionCaja.idUsuario, auth.idUsuario));
  const [f] = await db
    .select({ id: sesionCaja.id })
    .from(sesionCaja)
    .where(and(...filtros))
    .orderBy(sql`(${sesionCaja.estado} = 1) desc`, desc(sesionCaja.fechaApertura), desc(sesionCaja.id))
    .limit(1);
  if (!f) throw noEncontrado(gestiona ? 'La caja no tiene sesiones' : 'No tiene sesiones en esta caja');
  return f.id;
}

const sumar = (xs: string[]) => xs.reduce((t, x) => t.plus(x), new Decimal(0));

/** A session's figures from its cuadre: sales per payment means (cash net of change), incomes, expenses. */
async function cifras(db: Db, auth: TAuth, idCaja: number, idSesion: number | undefined, gestiona: boolean) {
  const c = await cuadre(db, auth, await sesionDeCaja(db, auth, idCaja, idSesion, gestiona), gestiona);
  const ingresos = sumar(c.Movimientos.filter((m) => m.Tipo === 1).map((m) => m.Monto));
  const egresos = sumar(c.Movimientos.filter((m) => m.Tipo === 2).map((m) => m.Monto));
  // Expected cash = float + cash sales - change + incomes - expenses (esperadoPorMedio), so cash sales are what is left.
  const ventas = (medio: number, esperado: string | null) =>
    esperado === null ? null : medio === MEDIO_EFECTIVO ? new Decimal(esperado).minus(c.Sesion.MontoApertura).minus(ingresos).plus(egresos) : new Decimal(esperado);
  return { c, ingresos, egresos, ventas };
}

export async function resumenCaja(db: Db, auth: TAuth, idCaja: number, idSesion: number | undefined, gestiona: boolean): Promise<TResumenCaja> {
  const { c, ingresos, egresos, ventas } = await cifras(db, auth, idCaja, idSesion, gestiona);
  const ciego = c.Medios.some((m) => m.Esperado === null);
  return {
    Sesion: c.Sesion,
    PorMedioPago: c.Medios.map((m) => {
      const v = ventas(m.IdMedioPago, m.Esperado);
      return { ...m, Ventas: v === null ? null : dinero(v) };
    }),
    PorTipoDocumento: c.PorTipoDocumento,
    Ingresos: dinero(ingresos),
    Egresos: dinero(egresos),
    Anulaciones: ciego ? null : { Cantidad: c.Anulaciones.length, Total: dinero(sumar(c.Anulaciones.map((a) => a.Total))) },
  };
}

export async function balanceCaja(db: Db, auth: TAuth, idCaja: number, idSesion: number | undefined, gestiona: boolean): Promise<TBalanceCaja> {
  const { c, ingresos, egresos, ventas } = await cifras(db, auth, idCaja, idSesion, gestiona);
  const efectivo = c.Medios.find((m) => m.IdMedioPago === MEDIO_EFECTIVO);
  const ciego = !efectivo || efectivo.Esperado === null;
  const otros = ciego ? null : sumar(c.Medios.filter((m) => m.IdMedioPago !== MEDIO_EFECTIVO).map((m) => m.Esperado ?? '0'));
  return {
    Sesion: c.Sesion,
    MontoApertura: c.Sesion.MontoApertura,
    VentasEfectivo: ciego ? null : dinero(ventas(MEDIO_EFECTIVO, efectivo.Esperado)!),
    Ingresos: dinero(ingresos),
    Egresos: dinero(egresos),
    SaldoEfectivo: ciego ? null : dinero(efectivo.Esperado!),
    OtrosMedios: otros === null ? null : dinero(otros),
    SaldoTotal: ciego || otros === null ? null : dinero(otros.plus(efectivo.Esperado!)),
  };
}

/** Cash incomes and expenses of a box (all its sessions, a cashier: their own), with the seed's filters and the filter's sums. */
export async function movimientosCaja(db: Db, auth: TAuth, idCaja: number, q: z.output<typeof ZMovimientosCajaQuery>, gestiona: boolean, todo = false): Promise<TMovimientosCaja> {
  await obtenerCaja(db, auth, idCaja);
  if (q.idsesion) {
    const f = await sesionPermitida(db, auth, q.idsesion, gestiona);
    if (f.IdCaja !== idCaja) throw noEncontrado('La sesión no es de esta caja');
  }
  const filtros: SQL[] = [eq(movimientoCaja.idEmpresa, auth.idEmpresa), eq(sesionCaja.idCaja, idCaja)];
  if (!gestiona) filtros.push(eq(sesionCaja.idUsuario, auth.idUsuario));
  if (q.idsesion) filtros.push(eq(movimientoCaja.idSesion, q.idsesion));
  if (q.tipo) filtros.push(eq(movimientoCaja.tipo, q.tipo));
  if (q.fechainicio) filtros.push(gte(movimientoCaja.logFechaCrea, new Date(`${q.fechainicio}T00:00:00-05:00`)));
  if (q.fechafin) filtros.push(lt(movimientoCaja.logFechaCrea, new Date(Date.parse(`${q.fechafin}T00:00:00-05:00`) + 86_400_000)));
  if (q.filtro) filtros.push(ilike(movimientoCaja.motivo, `%${q.filtro.replace(/[\\%_]/g, (x) => `\\${x}`)}%`));
  const where = and(...filtros);
  const base = db
    .select({
      Id: movimientoCaja.id,
      IdSesion: movimientoCaja.idSesion,
      Tipo: movimientoCaja.tipo,
      Monto: movimientoCaja.monto,
      Motivo: movimientoCaja.motivo,
      Fecha: movimientoCaja.logFechaCrea,
      IdUsuario: sesionCaja.idUsuario,
      Usuario: usuario.usuario,
    })
    .from(movimientoCaja)
    .innerJoin(sesionCaja, eq(sesionCaja.id, movimientoCaja.idSesion))
    .innerJoin(usuario, eq(usuario.id, sesionCaja.idUsuario))
    .where(where)
    .orderBy(desc(movimientoCaja.logFechaCrea), desc(movimientoCaja.id));
  const filas = todo ? await base.limit(50_000) : await base.limit(q.regxpag).offset((q.pagina - 1) * q.regxpag);
  const [t] = await db
    .select({
      n: count(),
      ingresos: sql<string>`coalesce(sum(case when ${movimientoCaja.tipo} = 1 then ${movimientoCaja.monto} end), 0)::text`,
      egresos: sql<string>`coalesce(sum(case when ${movimientoCaja.tipo} = 2 then ${movimientoCaja.monto} end), 0)::text`,
    })
    .from(movimientoCaja)
    .innerJoin(sesionCaja, eq(sesionCaja.id, movimientoCaja.idSesion))
    .where(where);
  return {
    Data: filas.map((f) => ({ ...f, Monto: dinero(f.Monto), TipoNombre: TiposMovimientoCaja[f.Tipo] ?? String(f.Tipo), Fecha: f.Fecha.toISOString() })),
    Count: t.n,
    TotalIngresos: dinero(t.ingresos),
    TotalEgresos: dinero(t.egresos),
  };
}

