import Decimal from 'decimal.js';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  EstadoSesionCaja,
  MEDIO_EFECTIVO,
  MediosPagoCaja,
  NombresEstadoSesionCaja,
  NombreTipoDocumento,
  serieNumero,
  type TCaja,
  type TCuadreCaja,
  type TMiCaja,
  type TSesionCaja,
} from '@yupana/contracts';
import type { z } from 'zod';
import type { ZCajaGuardar, ZCierreCaja, ZMovimientoCajaCrear, ZSesionesQuery } from '@yupana/contracts';
import { sucursal, usuario } from '../../db/schema';
import type { Db } from '../../db/client';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import { documentoContable } from '../contabilidad/contabilidad.schema';
import { caja, cuadreSesionCaja, dispositivoCaja, movimientoCaja, numeroDescartadoDispositivo, pagoVentaCaja, sesionCaja, ventaCaja } from './cajas.schema';
import { serie } from '../entidades/series/series.schema';

/** A database or a transaction: reads run the same in both. */
type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

export const dinero = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const esUnico = (e: unknown, restriccion?: string) => {
  for (let x = e as { code?: string; constraint?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x)
    if (x.code === '23505') return !restriccion || !x.constraint || x.constraint === restriccion;
  return false;
};

export const yaCerrada = () => new AppError(ErrorCodes.CAJA_CERRADA_POR_USUARIO, 'Caja ya cerrada', 409);

// ---------------------------------------------------------------- boxes

const columnasCaja = {
  Id: caja.id,
  IdSucursal: caja.idSucursal,
  Sucursal: sql<string>`coalesce(${sucursal.descripcion}, ${sucursal.razonSocial})`,
  Descripcion: caja.descripcion,
  Tipo: caja.tipo,
  Tolerancia: caja.tolerancia,
  AnchoTicket: caja.anchoTicket,
  BaudiosImpresora: caja.baudiosImpresora,
  IdCentroCosto: caja.idCentroCosto,
  CentroCosto: sql<string | null>`(select cc.codigo || ' ' || cc.nombre from centro_costo cc where cc.id = ${caja.idCentroCosto})`,
  LogEstado: caja.logEstado,
  IdSesionAbierta: sesionCaja.id,
  UsuarioSesion: usuario.usuario,
};

function consultaCajas(db: Tx) {
  return db
    .select(columnasCaja)
    .from(caja)
    .innerJoin(sucursal, eq(sucursal.id, caja.idSucursal))
    .leftJoin(sesionCaja, and(eq(sesionCaja.idCaja, caja.id), eq(sesionCaja.estado, EstadoSesionCaja.APERTURADO)))
    .leftJoin(usuario, eq(usuario.id, sesionCaja.idUsuario));
}

export async function listarCajas(db: Db, auth: TAuth, idSucursal?: number, estado = -1): Promise<{ Data: TCaja[]; Count: number }> {
  const filtros: SQL[] = [eq(caja.idEmpresa, auth.idEmpresa)];
  if (idSucursal) filtros.push(eq(caja.idSucursal, idSucursal));
  if (estado !== -1) filtros.push(eq(caja.logEstado, estado));
  const filas = await consultaCajas(db).where(and(...filtros)).orderBy(sucursal.id, caja.descripcion);
  return { Data: filas, Count: filas.length };
}

export async function obtenerCaja(db: Tx, auth: TAuth, id: number): Promise<TCaja> {
  const [f] = await consultaCajas(db).where(and(eq(caja.idEmpresa, auth.idEmpresa), eq(caja.id, id)));
  if (!f) throw noEncontrado('No se encontró la caja');
  return f;
}

async function exigirSucursal(db: Db, auth: TAuth, idSucursal: number) {
  const [s] = await db.select({ id: sucursal.id }).from(sucursal).where(and(eq(sucursal.id, idSucursal), eq(sucursal.idEmpresa, auth.idEmpresa)));
  if (!s) throw errorDeCampo('IdSucursal', 'La sucursal no existe');
}

export async function guardarCaja(db: Db, auth: TAuth, b: z.infer<typeof ZCajaGuardar>, id?: number): Promise<TCaja> {
  // Another company's box is 404 before anything about the body.
  const actual = id === undefined ? null : await obtenerCaja(db, auth, id);
  await exigirSucursal(db, auth, b.IdSucursal);
  // A centre of the company; an inactive one only if the box already had it (saving the box must not fail over it).
  if (b.IdCentroCosto !== null && b.IdCentroCosto !== actual?.IdCentroCosto) {
    const r = await db.execute(sql`select log_estado as activo from centro_costo where id = ${b.IdCentroCosto} and id_empresa = ${auth.idEmpresa}`);
    const [c] = (r as unknown as { rows: { activo: number }[] }).rows;
    if (!c || Number(c.activo) !== 1) throw errorDeCampo('IdCentroCosto', 'Elija un centro de costo activo de la empresa');
  }
  const valores = { idSucursal: b.IdSucursal, descripcion: b.Descripcion, tipo: b.Tipo, tolerancia: dinero(b.Tolerancia), anchoTicket: b.AnchoTicket, baudiosImpresora: b.BaudiosImpresora, idCentroCosto: b.IdCentroCosto, logEstado: b.LogEstado };
  try {
    if (!actual || id === undefined) {
      const [n] = await db.insert(caja).values({ ...valores, idEmpresa: auth.idEmpresa, logUsuarioCrea: auth.idUsuario }).returning({ id: caja.id });
      return obtenerCaja(db, auth, n.id);
    }
    if (b.LogEstado === 0 && actual.IdSesionAbierta) throw errorDeCampo('LogEstado', 'La caja tiene una sesión abierta: ciérrela antes de desactivarla');
    if (b.IdSucursal !== actual.IdSucursal && actual.IdSesionAbierta) throw errorDeCampo('IdSucursal', 'La caja tiene una sesión abierta: ciérrela antes de cambiarla de sucursal');
    await db
      .update(caja)
      .set({ ...valores, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(caja.id, id), eq(caja.idEmpresa, auth.idEmpresa)));
    return obtenerCaja(db, auth, id);
  } catch (e) {
    if (esUnico(e, 'caja_descripcion_uq')) throw errorDeCampo('Descripcion', 'Ya existe una caja con esa descripción en la sucursal');
    throw e;
  }
}

// ---------------------------------------------------------------- sessions

/**
 * A sale whose document no longer counts: voided, rejected by SUNAT (5), or with its void on its way to SUNAT (a baja
 * or resumen with status 3 not rejected). The money went back to the customer at the counter when the void was
 * asked for, so the drawer does not hold it; if SUNAT rejects the baja the sale counts again. Read as SQL over the
 * documents' and batches' tables (no import of the sending module).
 */
const ventaSinEfecto = (idDocumento: SQL | typeof ventaCaja.idDocumento) => sql`exists (select 1 from documento_contable dx where dx.id = ${idDocumento} and (
  dx.anulado or dx.id_estado_sunat in (5, 10)
  or exists (select 1 from envio_lote_documento ld join envio_lote l on l.id = ld.id_lote
             where ld.id_documento = dx.id and ld.estado_item = 3 and l.estado in ('GENERADO', 'ENVIADO', 'ACEPTADO'))))`;
const ventaConEfecto = sql`not ${ventaSinEfecto(ventaCaja.idDocumento)}`;

const columnasSesion = {
  Id: sesionCaja.id,
  IdCaja: sesionCaja.idCaja,
  Caja: caja.descripcion,
  IdSucursal: caja.idSucursal,
  Sucursal: sql<string>`coalesce(${sucursal.descripcion}, ${sucursal.razonSocial})`,
  IdUsuario: sesionCaja.idUsuario,
  Usuario: usuario.usuario,
  Estado: sesionCaja.estado,
  MontoApertura: sesionCaja.montoApertura,
  FechaApertura: sesionCaja.fechaApertura,
  FechaCierre: sesionCaja.fechaCierre,
  TotalEsperado: sesionCaja.totalEsperado,
  TotalDeclarado: sesionCaja.totalDeclarado,
  Diferencia: sesionCaja.diferencia,
  Observacion: sesionCaja.observacion,
  // Voided or rejected sales are not sales of the session (the cuadre lists them apart).
  Ventas: sql<number>`(select count(*)::int from ${ventaCaja} where ${ventaCaja.idSesion} = ${sesionCaja.id} and ${ventaConEfecto})`,
  TotalVentas: sql<string>`(select coalesce(sum(${ventaCaja.total}), 0)::text from ${ventaCaja} where ${ventaCaja.idSesion} = ${sesionCaja.id} and ${ventaConEfecto})`,
};

type TFilaSesion = Omit<TSesionCaja, 'EstadoNombre' | 'FechaApertura' | 'FechaCierre'> & { FechaApertura: Date; FechaCierre: Date | null };

/** A session as the caller may see it: while it is open, only managers see the expected figures (blind count). */
function aSesion(f: TFilaSesion, veCifras: boolean): TSesionCaja {
  const abierta = f.Estado === EstadoSesionCaja.APERTURADO;
  return {
    ...f,
    EstadoNombre: NombresEstadoSesionCaja[f.Estado] ?? String(f.Estado),
    FechaApertura: iso(f.FechaApertura)!,
    FechaCierre: iso(f.FechaCierre),
    TotalVentas: abierta && !veCifras ? null : dinero(f.TotalVentas ?? '0'),
  };
}

function consultaSesiones(db: Tx) {
  return db
    .select(columnasSesion)
    .from(sesionCaja)
    .innerJoin(caja, eq(caja.id, sesionCaja.idCaja))
    .innerJoin(sucursal, eq(sucursal.id, caja.idSucursal))
    .innerJoin(usuario, eq(usuario.id, sesionCaja.idUsuario));
}

/** A session of the company the caller may act on: another company's is 404, another cashier's (without CAJA_GESTIONAR) 403. */
export async function sesionPermitida(db: Tx, auth: TAuth, id: number, gestiona: boolean) {
  const [f] = await consultaSesiones(db).where(and(eq(sesionCaja.idEmpresa, auth.idEmpresa), eq(sesionCaja.id, id)));
  if (!f) throw noEncontrado('No se encontró la sesión de caja');
  if (!gestiona && f.IdUsuario !== auth.idUsuario) throw new AppError(ErrorCodes.PROHIBIDO, 'La sesión de caja es de otro usuario', 403);
  return f;
}

export async function miCaja(db: Db, auth: TAuth): Promise<TMiCaja> {
  const [s] = await consultaSesiones(db).where(
    and(eq(sesionCaja.idEmpresa, auth.idEmpresa), eq(sesionCaja.idUsuario, auth.idUsuario), eq(sesionCaja.estado, EstadoSesionCaja.APERTURADO)),
  );
  const cajas = auth.sucursales.length
    ? await consultaCajas(db)
        .where(and(eq(caja.idEmpresa, auth.idEmpresa), eq(caja.logEstado, 1), inArray(caja.idSucursal, auth.sucursales)))
        .orderBy(sucursal.id, caja.descripcion)
    : [];
  return { Sesion: s ? aSesion(s, false) : null, Cajas: cajas };
}

export async function abrirSesion(db: Db, auth: TAuth, idCaja: number, montoApertura: string): Promise<TSesionCaja> {
  const c = await obtenerCaja(db, auth, idCaja);
  if (c.LogEstado !== 1) throw new AppError(ErrorCodes.VALIDACION, 'La caja está inactiva', 400, { errores: { IdCaja: 'La caja está inactiva' } });
  if (!auth.sucursales.includes(c.IdSucursal)) throw new AppError(ErrorCodes.SUCURSAL_NO_ASIGNADA, 'La caja es de una sucursal que no tiene asignada', 403);
  const propia = await miCaja(db, auth);
  if (propia.Sesion)
    throw new AppError(ErrorCodes.CAJA_APERTURADA_POR_USUARIO, `Usted ya tiene aperturada la caja ${propia.Sesion.Caja}: ciérrela antes de abrir otra`, 409);
  if (c.IdSesionAbierta) throw new AppError(ErrorCodes.CAJA_APERTURADA_POR_USUARIO, `La caja fue aperturada por el usuario ${c.UsuarioSesion}`, 409);
  try {
    const [n] = await db
      .insert(sesionCaja)
      .values({ idEmpresa: auth.idEmpresa, idCaja, idUsuario: auth.idUsuario, montoApertura: dinero(montoApertura), logUsuarioCrea: auth.idUsuario })
      .returning({ id: sesionCaja.id });
    return aSesion(await sesionPermitida(db, auth, n.id, false), false);
  } catch (e) {
    // Two openings raced: the partial unique indexes let one through.
    if (esUnico(e)) throw new AppError(ErrorCodes.CAJA_APERTURADA_POR_USUARIO, 'La caja ya fue aperturada', 409);
    throw e;
  }
}

/**
 * Expected amount per payment means of a session: cash = float + cash taken - change + income - expenses, over the
 * sales whose document still counts (a voided or rejected sale's payments and change are left out).
 */
export async function esperadoPorMedio(db: Tx, idSesion: number, montoApertura: string): Promise<Map<number, Decimal>> {
  const pagos = await db
    .select({ medio: pagoVentaCaja.idMedioPago, total: sql<string>`sum(${pagoVentaCaja.monto})::text` })
    .from(pagoVentaCaja)
    .innerJoin(ventaCaja, eq(ventaCaja.id, pagoVentaCaja.idVenta))
    .where(and(eq(ventaCaja.idSesion, idSesion), ventaConEfecto))
    .groupBy(pagoVentaCaja.idMedioPago);
  const [v] = await db
    .select({ vuelto: sql<string>`coalesce(sum(${ventaCaja.vuelto}), 0)::text` })
    .from(ventaCaja)
    .where(and(eq(ventaCaja.idSesion, idSesion), ventaConEfecto));
  const [m] = await db
    .select({
      neto: sql<string>`coalesce(sum(case when ${movimientoCaja.tipo} = 1 then ${movimientoCaja.monto} else -${movimientoCaja.monto} end), 0)::text`,
    })
    .from(movimientoCaja)
    .where(eq(movimientoCaja.idSesion, idSesion));
  const r = new Map<number, Decimal>(Object.keys(MediosPagoCaja).map((k) => [Number(k), new Decimal(0)]));
  for (const p of pagos) r.set(p.medio, new Decimal(p.total));
  r.set(MEDIO_EFECTIVO, r.get(MEDIO_EFECTIVO)!.plus(montoApertura).minus(v.vuelto).plus(m.neto));
  return r;
}

/** Locks the caller's open session row for the rest of the transaction (sales, movements and the close queue on it). */
export async function bloquearSesionAbierta(tx: Tx, auth: TAuth): Promise<{ id: number; montoApertura: string; idCaja: number }> {
  const filas = await tx.execute(
    sql`select id, id_caja, monto_apertura::text as monto from ${sesionCaja} where id_empresa = ${auth.idEmpresa} and id_usuario = ${auth.idUsuario} and estado = 1 for update`,
  );
  const f = (filas as unknown as { rows: { id: number; id_caja: number; monto: string }[] }).rows[0];
  if (!f) throw new AppError(ErrorCodes.VALIDACION, 'No tiene una caja aperturada: abra su caja antes de continuar', 409);
  return { id: f.id, montoApertura: f.monto, idCaja: Number(f.id_caja) };
}

export async function cerrarSesion(db: Db, auth: TAuth, b: z.infer<typeof ZCierreCaja>, gestiona: boolean): Promise<TCuadreCaja> {
  await sesionPermitida(db, auth, b.IdSesion, gestiona);
  const medios = new Set<number>();
  for (const d of b.Declarado) {
    if (medios.has(d.IdMedioPago)) throw errorDeCampo('Declarado', `${MediosPagoCaja[d.IdMedioPago]} está repetido`);
    medios.add(d.IdMedioPago);
  }
  // The closing device's report (the last number it used offline) is recorded on its own, before the close's
  // transaction: a refused close rolls back, and the report must stay so that a close from another PC is refused too.
  if (b.Dispositivo)
    await db
      .update(dispositivoCaja)
      .set({
        ultimoReportado: sql`greatest(${dispositivoCaja.ultimoReportado}, ${b.Dispositivo.UltimoNumero})`,
        ultimoReportadoBoleta: sql`greatest(${dispositivoCaja.ultimoReportadoBoleta}, ${b.Dispositivo.UltimoNumeroBoleta ?? 0})`,
      })
      .where(
        and(
          eq(dispositivoCaja.idEmpresa, auth.idEmpresa),
          eq(dispositivoCaja.uuid, b.Dispositivo.IdDispositivo.toLowerCase()),
          sql`${dispositivoCaja.idCaja} = (select id_caja from ${sesionCaja} where id = ${b.IdSesion})`,
        ),
      );
  await db.transaction(async (tx) => {
    const filas = await tx.execute(
      sql`select s.estado, s.id_caja, s.monto_apertura::text as monto, c.tolerancia::text as tolerancia from ${sesionCaja} s join ${caja} c on c.id = s.id_caja where s.id = ${b.IdSesion} and s.id_empresa = ${auth.idEmpresa} for update of s`,
    );
    const s = (filas as unknown as { rows: { estado: number; id_caja: number; monto: string; tolerancia: string }[] }).rows[0];
    if (!s) throw noEncontrado('No se encontró la sesión de caja');
    if (s.estado !== EstadoSesionCaja.APERTURADO) throw yaCerrada();
    await sinVentasPendientes(tx, auth, Number(s.id_caja));
    const esperado = await esperadoPorMedio(tx, b.IdSesion, s.monto);
    const declarado = new Map(b.Declarado.map((d) => [d.IdMedioPago, new Decimal(d.Monto)]));
    const tolerancia = new Decimal(s.tolerancia);
    let totalEsperado = new Decimal(0);
    let totalDeclarado = new Decimal(0);
    let observado = false;
    const cuadres = [...esperado.entries()].map(([medio, e]) => {
      const d = declarado.get(medio) ?? new Decimal(0);
      const dif = d.minus(e);
      totalEsperado = totalEsperado.plus(e);
      totalDeclarado = totalDeclarado.plus(d);
      if (dif.abs().gt(tolerancia)) observado = true;
      return { idSesion: b.IdSesion, idMedioPago: medio, esperado: dinero(e), declarado: dinero(d), diferencia: dinero(dif) };
    });
    await tx.insert(cuadreSesionCaja).values(cuadres);
    await tx
      .update(sesionCaja)
      .set({
        estado: observado ? EstadoSesionCaja.OBSERVADO : EstadoSesionCaja.CERRADO,
        fechaCierre: new Date(),
        totalEsperado: dinero(totalEsperado),
        totalDeclarado: dinero(totalDeclarado),
        diferencia: dinero(totalDeclarado.minus(totalEsperado)),
        idUsuarioCierre: auth.idUsuario,
        observacion: b.Observacion ?? null,
        logUsuarioModif: auth.idUsuario,
        logFechaModif: new Date(),
      })
      .where(eq(sesionCaja.id, b.IdSesion));
  });
  return cuadre(db, auth, b.IdSesion, gestiona);
}

/**
 * Offline sales not yet received refuse the close (posoffline): every device of the box whose reported number is above its series' last received number
 * counts, on its nota de venta series and on its boleta series (posboleta). Runs under the session's row lock, which every sale of the session takes too.
 */
async function sinVentasPendientes(tx: Tx, auth: TAuth, idCaja: number): Promise<void> {
  const filas = await tx.execute(
    sql`select coalesce(sum(greatest(d.ultimo_reportado - s.correlativo, 0) + greatest(d.ultimo_reportado_boleta - coalesce(b.correlativo, 0), 0)), 0)::int as n
         from ${dispositivoCaja} d join serie s on s.id = d.id_serie left join serie b on b.id = d.id_serie_boleta
         where d.id_empresa = ${auth.idEmpresa} and d.id_caja = ${idCaja}`,
  );
  const n = Number((filas as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (n > 0)
    throw new AppError(
      ErrorCodes.CAJA_VENTAS_SIN_SINCRONIZAR,
      `Hay ${n} ${n === 1 ? 'venta' : 'ventas'} sin conexión pendientes de sincronizar: conéctese y espere a que se sincronicen antes de cerrar la caja`,
      409,
    );
}

export async function bloquearSesion(db: Db, auth: TAuth, id: number): Promise<TSesionCaja> {
  await sesionPermitida(db, auth, id, true);
  const r = await db
    .update(sesionCaja)
    .set({ estado: EstadoSesionCaja.BLOQUEADO, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
    .where(and(eq(sesionCaja.id, id), eq(sesionCaja.idEmpresa, auth.idEmpresa), inArray(sesionCaja.estado, [EstadoSesionCaja.OBSERVADO, EstadoSesionCaja.CERRADO])))
    .returning({ id: sesionCaja.id });
  if (!r.length) throw new AppError(ErrorCodes.VALIDACION, 'Solo se bloquea una sesión cerrada u observada', 409);
  return aSesion(await sesionPermitida(db, auth, id, true), true);
}

/** A cash-box income (Tipo 1) or expense (Tipo 2), as the modules that follow it (the books) see it in its transaction. */
export type TMovimientoCajaRegistrado = { idEmpresa: number; idUsuario: number; idMovimiento: number; tipo: number; monto: string; motivo: string; fecha: Date; idCentroCosto: number | null };
type TAlMovimientoCaja = (tx: Parameters<Parameters<Db['transaction']>[0]>[0], m: TMovimientoCajaRegistrado) => Promise<void>;
const trasMovimiento: TAlMovimientoCaja[] = [];
/** Work other modules do inside a cash movement's transaction (the books post 10 against its account); set in app.ts. */
export function alRegistrarMovimientoCaja(fn: TAlMovimientoCaja): void {
  if (!trasMovimiento.includes(fn)) trasMovimiento.push(fn);
}

export async function registrarMovimiento(db: Db, auth: TAuth, b: z.infer<typeof ZMovimientoCajaCrear>) {
  return db.transaction(async (tx) => {
    const s = await bloquearSesionAbierta(tx, auth);
    if (b.Tipo === 2) {
      const efectivo = (await esperadoPorMedio(tx, s.id, s.montoApertura)).get(MEDIO_EFECTIVO)!;
      if (efectivo.lt(b.Monto)) throw errorDeCampo('Monto', 'El egreso supera el efectivo que debería haber en la caja');
    }
    // The box's cost centre goes with the movement (and its entry), as it is now.
    const [cj] = await tx.select({ idCentroCosto: caja.idCentroCosto }).from(caja).where(eq(caja.id, s.idCaja));
    const [n] = await tx
      .insert(movimientoCaja)
      .values({ idEmpresa: auth.idEmpresa, idSesion: s.id, tipo: b.Tipo, monto: dinero(b.Monto), motivo: b.Motivo, idCentroCosto: cj?.idCentroCosto ?? null, logUsuarioCrea: auth.idUsuario })
      .returning();
    for (const fn of trasMovimiento) await fn(tx, { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idMovimiento: n.id, tipo: n.tipo, monto: dinero(n.monto), motivo: n.motivo, fecha: n.logFechaCrea, idCentroCosto: n.idCentroCosto });
    return { Id: n.id, Tipo: n.tipo, Monto: dinero(n.monto), Motivo: n.motivo, Fecha: n.logFechaCrea.toISOString() };
  });
}

export async function listarSesiones(db: Db, auth: TAuth, q: z.infer<typeof ZSesionesQuery> & { idsucursal?: number }, gestiona: boolean, todo = false) {
  const filtros: SQL[] = [eq(sesionCaja.idEmpresa, auth.idEmpresa)];
  if (!gestiona) filtros.push(eq(sesionCaja.idUsuario, auth.idUsuario));
  if (q.idcaja) filtros.push(eq(sesionCaja.idCaja, q.idcaja));
  // A subquery, not a join: the count below reads sesion_caja alone.
  if (q.idsucursal) filtros.push(sql`${sesionCaja.idCaja} in (select c.id from ${caja} c where c.id_sucursal = ${q.idsucursal} and c.id_empresa = ${auth.idEmpresa})`);
  if (q.estado) filtros.push(eq(sesionCaja.estado, q.estado));
  if (q.fechainicio) filtros.push(gte(sesionCaja.fechaApertura, new Date(`${q.fechainicio}T00:00:00-05:00`)));
  if (q.fechafin) filtros.push(lt(sesionCaja.fechaApertura, new Date(Date.parse(`${q.fechafin}T00:00:00-05:00`) + 86_400_000)));
  const where = and(...filtros);
  const base = consultaSesiones(db).where(where).orderBy(desc(sesionCaja.fechaApertura), desc(sesionCaja.id));
  const filas = todo ? await base.limit(50_000) : await base.limit(q.regxpag).offset((q.pagina - 1) * q.regxpag);
  const [{ n }] = await db.select({ n: count() }).from(sesionCaja).where(where);
  return { Data: filas.map((f) => aSesion(f, gestiona)), Count: n };
}

/** The session with its count per payment means (expected hidden from the cashier while open), movements and sales per document type. */
export async function cuadre(db: Db, auth: TAuth, id: number, gestiona: boolean): Promise<TCuadreCaja> {
  const f = await sesionPermitida(db, auth, id, gestiona);
  const abierta = f.Estado === EstadoSesionCaja.APERTURADO;
  const veCifras = gestiona || !abierta;
  let medios: TCuadreCaja['Medios'];
  if (abierta) {
    const esp = veCifras ? await esperadoPorMedio(db, id, f.MontoApertura) : null;
    medios = Object.entries(MediosPagoCaja).map(([k, nombre]) => ({
      IdMedioPago: Number(k),
      MedioPago: nombre,
      Esperado: esp ? dinero(esp.get(Number(k))!) : null,
      Declarado: null,
      Diferencia: null,
    }));
  } else {
    const filas = await db.select().from(cuadreSesionCaja).where(eq(cuadreSesionCaja.idSesion, id)).orderBy(cuadreSesionCaja.idMedioPago);
    medios = filas.map((c) => ({ IdMedioPago: c.idMedioPago, MedioPago: MediosPagoCaja[c.idMedioPago], Esperado: c.esperado, Declarado: c.declarado, Diferencia: c.diferencia }));
  }
  const movs = await db.select().from(movimientoCaja).where(eq(movimientoCaja.idSesion, id)).orderBy(movimientoCaja.id);
  const porTipo = veCifras
    ? await db
        .select({ tipo: documentoContable.idTipoDocumento, n: sql<number>`count(*)::int`, total: sql<string>`sum(${ventaCaja.total})::text` })
        .from(ventaCaja)
        .innerJoin(documentoContable, eq(documentoContable.id, ventaCaja.idDocumento))
        .where(and(eq(ventaCaja.idSesion, id), ventaConEfecto))
        .groupBy(documentoContable.idTipoDocumento)
        .orderBy(documentoContable.idTipoDocumento)
    : [];
  const anuladas = veCifras
    ? await db
        .select({
          id: documentoContable.id, tipo: documentoContable.idTipoDocumento, serie: documentoContable.serie, correlativo: documentoContable.correlativo,
          total: ventaCaja.total, anulado: documentoContable.anulado, estado: documentoContable.idEstadoSunat,
        })
        .from(ventaCaja)
        .innerJoin(documentoContable, eq(documentoContable.id, ventaCaja.idDocumento))
        .where(and(eq(ventaCaja.idSesion, id), ventaSinEfecto(ventaCaja.idDocumento)))
        .orderBy(ventaCaja.id)
    : [];
  const descartes = veCifras
    ? await db
        .select({
          serie: serie.serie, tipo: serie.idTipoDocumento, numero: numeroDescartadoDispositivo.numero, total: numeroDescartadoDispositivo.total,
          efectivo: numeroDescartadoDispositivo.efectivo, motivo: numeroDescartadoDispositivo.motivo, usuario: usuario.usuario, fecha: numeroDescartadoDispositivo.logFechaCrea,
        })
        .from(numeroDescartadoDispositivo)
        .innerJoin(serie, eq(serie.id, numeroDescartadoDispositivo.idSerie))
        .leftJoin(usuario, eq(usuario.id, numeroDescartadoDispositivo.logUsuarioCrea))
        .where(and(eq(numeroDescartadoDispositivo.idSesion, id), eq(numeroDescartadoDispositivo.idEmpresa, auth.idEmpresa)))
        .orderBy(numeroDescartadoDispositivo.id)
    : [];
  return {
    Sesion: aSesion(f, gestiona),
    Medios: medios,
    Movimientos: movs.map((m) => ({ Id: m.id, Tipo: m.tipo, Monto: dinero(m.monto), Motivo: m.motivo, Fecha: m.logFechaCrea.toISOString() })),
    PorTipoDocumento: porTipo.map((p) => ({
      TipoDocumento: NombreTipoDocumento[p.tipo as keyof typeof NombreTipoDocumento] ?? String(p.tipo),
      Cantidad: p.n,
      Total: dinero(p.total),
    })),
    Anulaciones: anuladas.map((a) => ({
      IdDocumento: a.id,
      SerieNumero: serieNumero(a.serie, a.correlativo),
      TipoDocumento: NombreTipoDocumento[a.tipo as keyof typeof NombreTipoDocumento] ?? String(a.tipo),
      Total: dinero(a.total),
      Estado: a.anulado || a.estado === 10 ? 'Anulado' : a.estado === 5 ? 'Rechazado por SUNAT' : 'Anulación en curso',
    })),
    Descartes: descartes.map((x) => ({
      SerieNumero: serieNumero(x.serie, x.numero),
      TipoDocumento: NombreTipoDocumento[x.tipo as keyof typeof NombreTipoDocumento] ?? String(x.tipo),
      Total: dinero(x.total),
      Efectivo: dinero(x.efectivo),
      Motivo: x.motivo,
      Usuario: x.usuario ?? '',
      Fecha: x.fecha.toISOString(),
    })),
  };
}

