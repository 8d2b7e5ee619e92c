import { createHash, randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  ServicioDeAccion,
  type TAccionAutorizable,
  type TAutorizacionOtorgada,
  type TMiAutorizacion,
  type TSupervisores,
  type ZAutorizacionSolicitar,
  type ZPinGuardar,
} from '@yupana/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { usuario, usuarioSucursal } from '../../db/schema';
import { AppError, errorDeCampo } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { hashContrasenha, verificarContrasenha } from '../../lib/password';
// eslint-disable-next-line yupana/no-cross-import -- whether a supervisor holds the action's service is the security module's answer
import { concesionesDe, serviciosConcedidos } from '../seguridad/autorizacion';
import { autorizacionSupervisor, caja, intentoPinSupervisor, pinSupervisor, sesionCaja } from './cajas.schema';
import { dinero } from './cajas.service';

/**
 * Supervisor authorization at the till (branch pospin). A user who holds an action's service (CAJA_DESCUENTO,
 * CAJA_DESCARTAR) does it alone and may set a personal PIN; a cashier who lacks it asks such a supervisor to type the
 * PIN at the till, and gets a single-use token bound to the action, the cash session and the amount (or the queued
 * sale's UUID), valid 5 minutes, that the checkout or the discard consumes in its own transaction.
 */

const MINUTOS_TOKEN = 5;
const MAX_FALLOS = 5;
const MINUTOS_BLOQUEO = 15;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');
const nombreCompleto = sql<string>`trim(${usuario.nombres} || ' ' || ${usuario.apellidos})`;

export async function miAutorizacion(ctx: Contexto, auth: TAuth): Promise<TMiAutorizacion> {
  const servicios = await concesionesDe(ctx).servicios(ctx.dbh.db, auth);
  const [p] = await ctx.dbh.db.select({ id: pinSupervisor.id }).from(pinSupervisor).where(and(eq(pinSupervisor.idUsuario, auth.idUsuario), eq(pinSupervisor.idEmpresa, auth.idEmpresa)));
  return { PinConfigurado: !!p, Descuento: servicios.has('CAJA_DESCUENTO'), Descarte: servicios.has('CAJA_DESCARTAR') };
}

/** 1111, 1234, 4321...: the first PINs anyone tries. */
function pinTrivial(pin: string): boolean {
  const d = [...pin].map(Number);
  const paso = d[1] - d[0];
  return [0, 1, -1].includes(paso) && d.every((x, i) => i === 0 || x - d[i - 1] === paso);
}

export async function guardarPin(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZPinGuardar>): Promise<TMiAutorizacion> {
  const mia = await miAutorizacion(ctx, auth);
  if (!mia.Descuento && !mia.Descarte)
    throw new AppError(ErrorCodes.PROHIBIDO, 'Solo quien puede autorizar descuentos o descartes en el punto de venta configura un PIN de supervisor', 403);
  const [u] = await ctx.dbh.db.select({ hash: usuario.contrasenhaHash }).from(usuario).where(and(eq(usuario.id, auth.idUsuario), eq(usuario.idEmpresa, auth.idEmpresa)));
  if (!u || !(await verificarContrasenha(u.hash, b.ContrasenhaActual))) throw errorDeCampo('ContrasenhaActual', 'La contraseña actual es incorrecta');
  if (pinTrivial(b.Pin)) throw errorDeCampo('Pin', 'Elija un PIN menos predecible (no repita ni siga en orden los dígitos)');
  const pinHash = await hashContrasenha(b.Pin);
  await ctx.dbh.db
    .insert(pinSupervisor)
    .values({ idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, pinHash, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({ target: pinSupervisor.idUsuario, set: { pinHash, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() } });
  return { ...mia, PinConfigurado: true };
}

/** The caller's open session and its box's branch (the till where the authorization is asked). */
async function sesionAbierta(db: Db, auth: TAuth): Promise<{ id: number; idSucursal: number }> {
  const [s] = await db
    .select({ id: sesionCaja.id, idSucursal: caja.idSucursal })
    .from(sesionCaja)
    .innerJoin(caja, eq(caja.id, sesionCaja.idCaja))
    .where(and(eq(sesionCaja.idEmpresa, auth.idEmpresa), eq(sesionCaja.idUsuario, auth.idUsuario), eq(sesionCaja.estado, 1)));
  if (!s) throw new AppError(ErrorCodes.VALIDACION, 'No tiene una caja aperturada: abra su caja antes de continuar', 409);
  return s;
}

/** Users of the company, assigned to the till's branch, with a PIN and the action's service. */
export async function listarSupervisores(ctx: Contexto, auth: TAuth, accion: TAccionAutorizable): Promise<TSupervisores> {
  const db = ctx.dbh.db;
  const s = await sesionAbierta(db, auth);
  const candidatos = await db
    .select({ id: usuario.id, nombre: nombreCompleto, usuario: usuario.usuario })
    .from(usuario)
    .innerJoin(pinSupervisor, eq(pinSupervisor.idUsuario, usuario.id))
    .innerJoin(usuarioSucursal, and(eq(usuarioSucursal.idUsuario, usuario.id), eq(usuarioSucursal.idSucursal, s.idSucursal), eq(usuarioSucursal.logEstado, 1)))
    .where(and(eq(usuario.idEmpresa, auth.idEmpresa), eq(usuario.estado, 1)))
    .orderBy(usuario.nombres)
    .limit(200);
  const Data: TSupervisores['Data'] = [];
  for (const c of candidatos)
    if ((await serviciosConcedidos(db, auth.idEmpresa, c.id)).has(ServicioDeAccion[accion])) Data.push({ IdUsuario: c.id, Nombre: c.nombre || c.usuario });
  return { Data, Count: Data.length };
}

/** Locked until when (null = not locked): 5 wrong PINs within 15 minutes, since the last right one, lock 15 minutes. */
async function bloqueadoHasta(tx: Tx, donde: ReturnType<typeof eq>): Promise<Date | null> {
  const [ultimoExito] = await tx
    .select({ fecha: intentoPinSupervisor.fecha })
    .from(intentoPinSupervisor)
    .where(and(donde, eq(intentoPinSupervisor.exito, 1)))
    .orderBy(desc(intentoPinSupervisor.fecha))
    .limit(1);
  const fallos = await tx
    .select({ fecha: intentoPinSupervisor.fecha })
    .from(intentoPinSupervisor)
    .where(and(donde, eq(intentoPinSupervisor.exito, 0), ultimoExito ? gt(intentoPinSupervisor.fecha, ultimoExito.fecha) : undefined))
    .orderBy(desc(intentoPinSupervisor.fecha))
    .limit(MAX_FALLOS);
  if (fallos.length < MAX_FALLOS) return null;
  const ultimo = fallos[0].fecha.getTime();
  if (ultimo - fallos[MAX_FALLOS - 1].fecha.getTime() > MINUTOS_BLOQUEO * 60_000) return null;
  const hasta = new Date(ultimo + MINUTOS_BLOQUEO * 60_000);
  return hasta.getTime() > Date.now() ? hasta : null;
}

const horaLima = (d: Date) => d.toLocaleTimeString('es-PE', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', hour12: false });

export async function solicitarAutorizacion(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZAutorizacionSolicitar>): Promise<TAutorizacionOtorgada> {
  const db = ctx.dbh.db;
  if (b.Accion === 'DESCUENTO' && !(b.Monto && new Decimal(b.Monto).gt(0))) throw errorDeCampo('Monto', 'Indique el monto del descuento a autorizar');
  if (b.Accion === 'DESCARTE' && !b.Referencia) throw errorDeCampo('Referencia', 'Indique la venta sin conexión a descartar');
  const s = await sesionAbierta(db, auth);
  // Another company's user is "not found", whatever its PIN.
  const [sup] = await db
    .select({ id: usuario.id, nombre: nombreCompleto, usuario: usuario.usuario })
    .from(usuario)
    .where(and(eq(usuario.id, b.IdSupervisor), eq(usuario.idEmpresa, auth.idEmpresa), eq(usuario.estado, 1)));
  if (!sup) throw new AppError(ErrorCodes.NO_ENCONTRADO, 'El supervisor no existe', 404);
  const nombre = sup.nombre || sup.usuario;
  if (!(await serviciosConcedidos(db, auth.idEmpresa, sup.id)).has(ServicioDeAccion[b.Accion]))
    throw new AppError(ErrorCodes.SUPERVISOR_SIN_PERMISO, `${nombre} no tiene permiso para autorizar ${b.Accion === 'DESCUENTO' ? 'descuentos' : 'descartes'}`, 403);
  const [enSucursal] = await db
    .select({ id: usuarioSucursal.id })
    .from(usuarioSucursal)
    .where(and(eq(usuarioSucursal.idUsuario, sup.id), eq(usuarioSucursal.idSucursal, s.idSucursal), eq(usuarioSucursal.logEstado, 1)));
  if (!enSucursal) throw new AppError(ErrorCodes.SUPERVISOR_SIN_PERMISO, `${nombre} no está asignado a la sucursal de esta caja`, 403);

  const resultado = await db.transaction(async (tx) => {
    // The PIN row's lock serializes the attempts on one supervisor: five wrong tries cannot slip through in parallel.
    const filas = (await tx.execute(sql`select pin_hash from ${pinSupervisor} where id_usuario = ${sup.id} and id_empresa = ${auth.idEmpresa} for update`)) as unknown as {
      rows: { pin_hash: string }[];
    };
    const pin = filas.rows[0];
    if (!pin) return { error: new AppError(ErrorCodes.SUPERVISOR_SIN_PIN, `${nombre} no tiene un PIN de supervisor configurado (se configura en Mi perfil)`, 409) };
    const porSupervisor = await bloqueadoHasta(tx, eq(intentoPinSupervisor.idSupervisor, sup.id));
    const porSesion = await bloqueadoHasta(tx, eq(intentoPinSupervisor.idSesion, s.id));
    if (porSupervisor || porSesion)
      return {
        error: new AppError(
          ErrorCodes.PIN_BLOQUEADO,
          porSupervisor
            ? `El PIN de ${nombre} está bloqueado por 5 intentos fallidos: podrá usarse de nuevo a las ${horaLima(porSupervisor)} (15 minutos)`
            : `Las autorizaciones de esta caja están bloqueadas por 5 intentos de PIN fallidos: inténtelo de nuevo a las ${horaLima(porSesion!)} (15 minutos)`,
          429,
        ),
      };
    const correcto = await verificarContrasenha(pin.pin_hash, b.Pin);
    await tx.insert(intentoPinSupervisor).values({ idEmpresa: auth.idEmpresa, idSupervisor: sup.id, idSesion: s.id, idCajero: auth.idUsuario, exito: correcto ? 1 : 0 });
    if (!correcto) {
      const bloqueo = await bloqueadoHasta(tx, eq(intentoPinSupervisor.idSupervisor, sup.id));
      return { error: new AppError(ErrorCodes.PIN_INCORRECTO, bloqueo ? `PIN incorrecto. El PIN de ${nombre} queda bloqueado por 15 minutos` : 'El PIN del supervisor es incorrecto', 403) };
    }
    const token = randomBytes(32).toString('base64url');
    const expira = new Date(Date.now() + MINUTOS_TOKEN * 60_000);
    const monto = b.Accion === 'DESCUENTO' ? dinero(new Decimal(b.Monto!)) : null;
    await tx.insert(autorizacionSupervisor).values({
      idEmpresa: auth.idEmpresa,
      idSesion: s.id,
      idSupervisor: sup.id,
      idCajero: auth.idUsuario,
      accion: b.Accion,
      monto,
      referencia: b.Referencia ?? null,
      tokenHash: hashToken(token),
      expira,
      logUsuarioCrea: auth.idUsuario,
    });
    return { otorgada: { Token: token, Expira: expira.toISOString(), Supervisor: nombre, Accion: b.Accion, Monto: monto } };
  });
  // The attempt is committed before the refusal is thrown: a wrong PIN always counts.
  if ('error' in resultado) throw resultado.error;
  return resultado.otorgada;
}

/**
 * Spends a token inside the checkout's or the discard's transaction: it must be this cashier's, of this session and
 * action, unused and unexpired; a discount may not exceed the authorized amount, a discard must be the authorized
 * sale. Refused: 403 601577 (or 601580 for an amount above). The row then records what it covered.
 */
export async function consumirAutorizacion(
  tx: Tx,
  auth: TAuth,
  idSesion: number,
  token: string,
  uso: { accion: 'DESCUENTO'; monto: Decimal; idVenta: number } | { accion: 'DESCARTE'; referencia: string; monto: Decimal; idDescarte: number },
): Promise<void> {
  const [a] = await tx
    .update(autorizacionSupervisor)
    .set({ usada: new Date() })
    .where(
      and(
        eq(autorizacionSupervisor.tokenHash, hashToken(token)),
        eq(autorizacionSupervisor.idEmpresa, auth.idEmpresa),
        eq(autorizacionSupervisor.idSesion, idSesion),
        eq(autorizacionSupervisor.idCajero, auth.idUsuario),
        eq(autorizacionSupervisor.accion, uso.accion),
        isNull(autorizacionSupervisor.usada),
        gt(autorizacionSupervisor.expira, new Date()),
      ),
    )
    .returning({ id: autorizacionSupervisor.id, monto: autorizacionSupervisor.monto, referencia: autorizacionSupervisor.referencia });
  if (!a) throw new AppError(ErrorCodes.AUTORIZACION_INVALIDA, undefined, 403);
  if (uso.accion === 'DESCUENTO' && uso.monto.gt(a.monto ?? 0))
    throw new AppError(ErrorCodes.AUTORIZACION_EXCEDIDA, `El descuento de S/ ${dinero(uso.monto)} supera lo autorizado por el supervisor (S/ ${a.monto}): solicite una nueva autorización`, 403);
  if (uso.accion === 'DESCARTE' && a.referencia !== uso.referencia) throw new AppError(ErrorCodes.AUTORIZACION_INVALIDA, 'La autorización del supervisor es para otra venta sin conexión', 403);
  await tx
    .update(autorizacionSupervisor)
    .set(uso.accion === 'DESCUENTO' ? { idVenta: uso.idVenta, montoAplicado: dinero(uso.monto) } : { idDescarte: uso.idDescarte, montoAplicado: dinero(uso.monto) })
    .where(eq(autorizacionSupervisor.id, a.id));
}
