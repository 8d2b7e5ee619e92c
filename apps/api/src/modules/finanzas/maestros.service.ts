import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  TiposCuentaFinanciera,
  type TCentroCosto,
  type TCuentaFinanciera,
  type TTipoCambio,
  ZCentroCostoGuardar,
  ZCuentaFinancieraGuardar,
  ZTipoCambioGuardar,
  ZTiposCambioQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { centroCosto, cuentaFinanciera, tipoCambio } from './finanzas.schema';

/** True when the error (or its cause) is a unique-constraint violation. */
export function esDuplicado(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

// ---- Exchange rates ----
const aTipoCambio = (f: typeof tipoCambio.$inferSelect): TTipoCambio => ({ Id: f.id, Fecha: f.fecha, IdMoneda: f.idMoneda, Compra: f.compra, Venta: f.venta });

export async function listarTiposCambio(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZTiposCambioQuery>) {
  const filtros: SQL[] = [eq(tipoCambio.idEmpresa, auth.idEmpresa)];
  if (q.fechainicio) filtros.push(gte(tipoCambio.fecha, q.fechainicio));
  if (q.fechafin) filtros.push(lte(tipoCambio.fecha, q.fechafin));
  const donde = and(...filtros);
  const [filas, [{ n }]] = await Promise.all([
    ctx.dbh.db.select().from(tipoCambio).where(donde).orderBy(desc(tipoCambio.fecha)).limit(q.regxpag).offset((q.pagina - 1) * q.regxpag),
    ctx.dbh.db.select({ n: count() }).from(tipoCambio).where(donde),
  ]);
  return { Data: filas.map(aTipoCambio), Count: n };
}

/** Registers the day's rate, or replaces it when the day already has one (the rate of a day is one row). */
export async function guardarTipoCambio(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZTipoCambioGuardar>): Promise<TTipoCambio> {
  const [f] = await ctx.dbh.db
    .insert(tipoCambio)
    .values({ idEmpresa: auth.idEmpresa, fecha: b.Fecha, idMoneda: b.IdMoneda, compra: b.Compra, venta: b.Venta, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({
      target: [tipoCambio.idEmpresa, tipoCambio.idMoneda, tipoCambio.fecha],
      set: { compra: b.Compra, venta: b.Venta, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() },
    })
    .returning();
  return aTipoCambio(f);
}

export async function editarTipoCambio(ctx: Contexto, auth: TAuth, id: number, b: z.infer<typeof ZTipoCambioGuardar>): Promise<TTipoCambio> {
  try {
    const [f] = await ctx.dbh.db
      .update(tipoCambio)
      .set({ fecha: b.Fecha, idMoneda: b.IdMoneda, compra: b.Compra, venta: b.Venta, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(tipoCambio.id, id), eq(tipoCambio.idEmpresa, auth.idEmpresa)))
      .returning();
    if (!f) throw noEncontrado('No se encontró el tipo de cambio');
    return aTipoCambio(f);
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Fecha', 'Ya hay un tipo de cambio registrado para esa fecha');
    throw err;
  }
}

// ---- Financial accounts ----
const aCuenta = (f: typeof cuentaFinanciera.$inferSelect, contables: Map<number, string>): TCuentaFinanciera => ({
  Id: f.id,
  IdTipoCuenta: f.idTipoCuenta,
  TipoCuenta: TiposCuentaFinanciera[f.idTipoCuenta as 1 | 2 | 3] ?? '',
  Nombre: f.nombre,
  Banco: f.banco,
  NumeroCuenta: f.numeroCuenta,
  CCI: f.cci,
  IdMoneda: f.idMoneda,
  LogEstado: f.logEstado,
  IdCuentaContable: f.idCuentaContable,
  CuentaContable: f.idCuentaContable === null ? null : (contables.get(f.idCuentaContable) ?? null),
});

/** "código descripción" of the ledger accounts of some financial accounts. */
async function textosContables(db: Pick<Contexto['dbh']['db'], 'execute'>, filas: { idCuentaContable: number | null }[]): Promise<Map<number, string>> {
  const ids = [...new Set(filas.map((f) => f.idCuentaContable).filter((i): i is number => i !== null))];
  if (!ids.length) return new Map();
  const r = (await db.execute(sql`select id, codigo, descripcion from cuenta_contable where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`)) as unknown as {
    rows: { id: number; codigo: string; descripcion: string }[];
  };
  return new Map(r.rows.map((c) => [Number(c.id), `${c.codigo} ${c.descripcion}`]));
}

/**
 * The ledger account of a financial account: of the company's chart (or the PCGE), active, of class 10 (caja y bancos)
 * and of the lowest level (no sub-accounts), since the automatic entries post to it (branch cuentabanco).
 */
async function validarCuentaContable(
  db: Pick<Contexto['dbh']['db'], 'execute'>,
  idEmpresa: number,
  id: number | null,
  { campo, prefijo, clase }: { campo: string; prefijo: string; clase: string } = { campo: 'IdCuentaContable', prefijo: '10', clase: 'de la clase 10 (efectivo y equivalentes de efectivo)' },
): Promise<void> {
  if (id === null) return;
  const r = (await db.execute(sql`
    select c.codigo,
           exists (select 1 from cuenta_contable h
                    where h.log_estado = 1 and (h.id_empresa is null or h.id_empresa = ${idEmpresa})
                      and h.codigo like c.codigo || '%' and h.codigo <> c.codigo) as tiene_hijas
      from cuenta_contable c
     where c.id = ${id} and c.log_estado = 1 and (c.id_empresa is null or c.id_empresa = ${idEmpresa})`)) as unknown as { rows: { codigo: string; tiene_hijas: boolean }[] };
  const [c] = r.rows;
  if (!c) throw errorDeCampo(campo, 'La cuenta contable no existe en el plan contable de la empresa');
  if (!c.codigo.startsWith(prefijo)) throw errorDeCampo(campo, `La cuenta ${c.codigo} no es ${clase}`);
  if (c.tiene_hijas) throw errorDeCampo(campo, `La cuenta ${c.codigo} tiene subcuentas: elija una cuenta de último nivel`);
}

export async function listarCuentas(ctx: Contexto, auth: TAuth, estado: number) {
  const filtros: SQL[] = [eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)];
  if (estado >= 0) filtros.push(eq(cuentaFinanciera.logEstado, estado));
  const filas = await ctx.dbh.db.select().from(cuentaFinanciera).where(and(...filtros)).orderBy(asc(cuentaFinanciera.idTipoCuenta), asc(cuentaFinanciera.nombre));
  const contables = await textosContables(ctx.dbh.db, filas);
  return { Data: filas.map((f) => aCuenta(f, contables)), Count: filas.length };
}

export async function obtenerCuenta(ctx: Contexto, auth: TAuth, id: number): Promise<TCuentaFinanciera> {
  const [f] = await ctx.dbh.db.select().from(cuentaFinanciera).where(and(eq(cuentaFinanciera.id, id), eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)));
  if (!f) throw noEncontrado('No se encontró la cuenta financiera');
  return aCuenta(f, await textosContables(ctx.dbh.db, [f]));
}

const valoresCuenta = (b: z.infer<typeof ZCuentaFinancieraGuardar>) => ({
  idTipoCuenta: b.IdTipoCuenta,
  nombre: b.Nombre,
  // A cash box has no bank data.
  banco: b.IdTipoCuenta === 3 ? b.Banco : null,
  numeroCuenta: b.IdTipoCuenta === 3 ? b.NumeroCuenta : null,
  cci: b.IdTipoCuenta === 3 ? b.CCI : null,
  idMoneda: b.IdMoneda,
  logEstado: b.LogEstado,
  idCuentaContable: b.IdCuentaContable,
});

export async function crearCuenta(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZCuentaFinancieraGuardar>): Promise<TCuentaFinanciera> {
  await validarCuentaContable(ctx.dbh.db, auth.idEmpresa, b.IdCuentaContable);
  try {
    const [f] = await ctx.dbh.db.insert(cuentaFinanciera).values({ idEmpresa: auth.idEmpresa, ...valoresCuenta(b), logUsuarioCrea: auth.idUsuario }).returning();
    return aCuenta(f, await textosContables(ctx.dbh.db, [f]));
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Nombre', 'Ya existe una cuenta con ese nombre');
    throw err;
  }
}

export async function editarCuenta(ctx: Contexto, auth: TAuth, id: number, b: z.infer<typeof ZCuentaFinancieraGuardar>): Promise<TCuentaFinanciera> {
  const actual = await obtenerCuenta(ctx, auth, id);
  await validarCuentaContable(ctx.dbh.db, auth.idEmpresa, b.IdCuentaContable);
  // The currency of an account with collections cannot change: its amounts are in that currency.
  if (actual.IdMoneda !== b.IdMoneda) {
    const usada = await ctx.dbh.db.execute(sql`select 1 from cobro where id_empresa = ${auth.idEmpresa} and id_cuenta_financiera = ${id} limit 1`);
    if ((usada as unknown as { rows: unknown[] }).rows.length > 0) throw errorDeCampo('IdMoneda', 'La cuenta ya tiene cobros: no se puede cambiar su moneda');
  }
  try {
    const [f] = await ctx.dbh.db
      .update(cuentaFinanciera)
      .set({ ...valoresCuenta(b), logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(cuentaFinanciera.id, id), eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)))
      .returning();
    return aCuenta(f, await textosContables(ctx.dbh.db, [f]));
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Nombre', 'Ya existe una cuenta con ese nombre');
    throw err;
  }
}

// ---- Cost centres ----
const aCentro = (f: typeof centroCosto.$inferSelect, contables: Map<number, string>): TCentroCosto => ({
  Id: f.id,
  Codigo: f.codigo,
  Nombre: f.nombre,
  LogEstado: f.logEstado,
  IdCuentaDestino: f.idCuentaDestino,
  CuentaDestino: f.idCuentaDestino === null ? null : (contables.get(f.idCuentaDestino) ?? null),
});
const destinosDe = (db: Pick<Contexto['dbh']['db'], 'execute'>, filas: (typeof centroCosto.$inferSelect)[]) =>
  textosContables(db, filas.map((f) => ({ idCuentaContable: f.idCuentaDestino })));
/** The destination of a centre's expenses: an element 9 account of the lowest level (the automatic entries post to it). */
const validarDestino = (db: Pick<Contexto['dbh']['db'], 'execute'>, idEmpresa: number, id: number | null) =>
  validarCuentaContable(db, idEmpresa, id, { campo: 'IdCuentaDestino', prefijo: '9', clase: 'del elemento 9 (contabilidad analítica de explotación)' });

export async function listarCentros(ctx: Contexto, auth: TAuth) {
  const filas = await ctx.dbh.db.select().from(centroCosto).where(eq(centroCosto.idEmpresa, auth.idEmpresa)).orderBy(asc(centroCosto.codigo));
  const contables = await destinosDe(ctx.dbh.db, filas);
  return { Data: filas.map((f) => aCentro(f, contables)), Count: filas.length };
}

export async function crearCentro(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZCentroCostoGuardar>): Promise<TCentroCosto> {
  await validarDestino(ctx.dbh.db, auth.idEmpresa, b.IdCuentaDestino);
  try {
    const [f] = await ctx.dbh.db
      .insert(centroCosto)
      .values({ idEmpresa: auth.idEmpresa, codigo: b.Codigo, nombre: b.Nombre, logEstado: b.LogEstado, idCuentaDestino: b.IdCuentaDestino, logUsuarioCrea: auth.idUsuario })
      .returning();
    return aCentro(f, await destinosDe(ctx.dbh.db, [f]));
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Codigo', 'Ya existe un centro de costo con ese código');
    throw err;
  }
}

export async function editarCentro(ctx: Contexto, auth: TAuth, id: number, b: z.infer<typeof ZCentroCostoGuardar>): Promise<TCentroCosto> {
  const [actual] = await ctx.dbh.db.select({ id: centroCosto.id }).from(centroCosto).where(and(eq(centroCosto.id, id), eq(centroCosto.idEmpresa, auth.idEmpresa)));
  if (!actual) throw noEncontrado('No se encontró el centro de costo');
  await validarDestino(ctx.dbh.db, auth.idEmpresa, b.IdCuentaDestino);
  try {
    const [f] = await ctx.dbh.db
      .update(centroCosto)
      .set({ codigo: b.Codigo, nombre: b.Nombre, logEstado: b.LogEstado, idCuentaDestino: b.IdCuentaDestino, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(centroCosto.id, id), eq(centroCosto.idEmpresa, auth.idEmpresa)))
      .returning();
    if (!f) throw noEncontrado('No se encontró el centro de costo');
    return aCentro(f, await destinosDe(ctx.dbh.db, [f]));
  } catch (err) {
    if (esDuplicado(err)) throw errorDeCampo('Codigo', 'Ya existe un centro de costo con ese código');
    throw err;
  }
}
