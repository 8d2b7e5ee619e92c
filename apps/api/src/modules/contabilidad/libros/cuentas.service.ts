import { and, eq, sql } from 'drizzle-orm';
import { TiposCuentaContable, type TCuentaContable, type TTipoCuentaContable, type ZCuentaGuardar, type ZCuentasQuery } from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { ErrorCodes } from '@yupana/contracts';
import { cuentaContable } from './libros.schema';

type TFilaCuenta = { id: number; codigo: string; descripcion: string; naturaleza: string; id_empresa: number | null; tiene_hijas: boolean };

const aCuenta = (f: TFilaCuenta): TCuentaContable => ({
  Id: Number(f.id),
  Codigo: f.codigo,
  Descripcion: f.descripcion,
  Naturaleza: f.naturaleza as 'D' | 'A',
  Nivel: f.codigo.length,
  Pcge: f.id_empresa === null,
  AceptaMovimiento: !f.tiene_hijas,
});

const escaparLike = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The company's chart: PCGE rows plus its own, ordered by code, each with whether it accepts entries. */
export async function listarCuentas(ctx: Contexto, auth: TAuth, q: z.output<typeof ZCuentasQuery>) {
  const filtro = q.filtro ? `%${escaparLike(q.filtro)}%` : null;
  const r = await ctx.dbh.db.execute(sql`
    select * from (
      select c.id, c.codigo, c.descripcion, c.naturaleza, c.id_empresa,
             exists (select 1 from cuenta_contable h
                      where h.log_estado = 1 and (h.id_empresa is null or h.id_empresa = ${auth.idEmpresa})
                        and h.codigo like c.codigo || '%' and h.codigo <> c.codigo) as tiene_hijas
        from cuenta_contable c
       where c.log_estado = 1 and (c.id_empresa is null or c.id_empresa = ${auth.idEmpresa})
         ${filtro ? sql`and (c.codigo like ${filtro} or c.descripcion ilike ${filtro})` : sql``}
    ) x ${q.movimiento === '1' ? sql`where not x.tiene_hijas` : sql``}
    order by x.codigo`);
  const filas = (r as unknown as { rows: TFilaCuenta[] }).rows.map(aCuenta);
  return { Data: filas, Count: filas.length };
}

/** One account of the company's chart (a PCGE row or its own); another company's is 404. */
export async function cuentaPorId(ctx: Contexto, auth: TAuth, id: number) {
  const { Data } = await listarCuentas(ctx, auth, {});
  const c = Data.find((x) => x.Id === id);
  if (!c) throw noEncontrado('La cuenta no existe');
  return c;
}

/**
 * A company sub-account: its parent (the longest existing code that prefixes it, at least the 2-digit account) must
 * exist in the company's chart and have no entries of its own (they would be left on a non-postable account).
 * Nature is inherited from the parent unless given.
 */
export async function crearCuenta(ctx: Contexto, auth: TAuth, b: z.output<typeof ZCuentaGuardar>): Promise<TCuentaContable> {
  const db = ctx.dbh.db;
  const id = await db.transaction(async (tx) => {
    // One chart change at a time per company: the parent check and the insert must see the same chart.
    await tx.execute(sql`select pg_advisory_xact_lock(727015, ${auth.idEmpresa})`);
    const prefijos = Array.from({ length: b.Codigo.length - 2 }, (_, i) => b.Codigo.slice(0, i + 2));
    const r = await tx.execute(sql`
      select id, codigo, naturaleza, id_empresa from cuenta_contable
       where log_estado = 1 and (id_empresa is null or id_empresa = ${auth.idEmpresa})
         and codigo in (${sql.join([...prefijos, b.Codigo].map((p) => sql`${p}`), sql`, `)})
       order by length(codigo) desc`);
    const filas = (r as unknown as { rows: { id: number; codigo: string; naturaleza: string }[] }).rows;
    if (filas.some((f) => f.codigo === b.Codigo)) throw errorDeCampo('Codigo', `Ya existe la cuenta ${b.Codigo}`);
    const padre = filas[0];
    if (!padre) throw errorDeCampo('Codigo', `No existe una cuenta superior para ${b.Codigo}: el código debe empezar con una cuenta del plan (p. ej. 1041)`);
    const conMovimientos = await tx.execute(sql`select 1 from asiento_linea where id_empresa = ${auth.idEmpresa} and id_cuenta = ${padre.id} limit 1`);
    if ((conMovimientos as unknown as { rows: unknown[] }).rows.length)
      throw errorDeCampo('Codigo', `La cuenta ${padre.codigo} ya tiene movimientos: no se le pueden crear subcuentas`);
    const [n] = await tx
      .insert(cuentaContable)
      .values({ idEmpresa: auth.idEmpresa, codigo: b.Codigo, descripcion: b.Descripcion, naturaleza: b.Naturaleza ?? padre.naturaleza, logUsuarioCrea: auth.idUsuario })
      .returning({ id: cuentaContable.id });
    return n.id;
  });
  return cuentaPorId(ctx, auth, id);
}

/** Only a company's own sub-account can be edited (description and nature; the code is its place in the tree). */
export async function editarCuenta(ctx: Contexto, auth: TAuth, id: number, b: z.output<typeof ZCuentaGuardar>): Promise<TCuentaContable> {
  const [f] = await ctx.dbh.db.select().from(cuentaContable).where(and(eq(cuentaContable.id, id), eq(cuentaContable.logEstado, 1)));
  if (!f || (f.idEmpresa !== null && f.idEmpresa !== auth.idEmpresa)) throw noEncontrado('La cuenta no existe');
  if (f.idEmpresa === null) throw new AppError(ErrorCodes.VALIDACION, 'Las cuentas del PCGE no se modifican: cree una subcuenta', 400);
  if (b.Codigo !== f.codigo) throw errorDeCampo('Codigo', 'El código de una cuenta no se cambia: cree otra cuenta');
  await ctx.dbh.db
    .update(cuentaContable)
    .set({ descripcion: b.Descripcion, naturaleza: b.Naturaleza ?? f.naturaleza, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
    .where(and(eq(cuentaContable.id, id), eq(cuentaContable.idEmpresa, auth.idEmpresa)));
  return cuentaPorId(ctx, auth, id);
}

/** Deactivates a company sub-account without entries nor sub-accounts. */
export async function eliminarCuenta(ctx: Contexto, auth: TAuth, id: number): Promise<{ Mensaje: string }> {
  const c = await cuentaPorId(ctx, auth, id);
  if (c.Pcge) throw new AppError(ErrorCodes.VALIDACION, 'Las cuentas del PCGE no se eliminan', 400);
  if (!c.AceptaMovimiento) throw new AppError(ErrorCodes.VALIDACION, `La cuenta ${c.Codigo} tiene subcuentas: elimínelas primero`, 400);
  const usos = await ctx.dbh.db.execute(sql`select 1 from asiento_linea where id_empresa = ${auth.idEmpresa} and id_cuenta = ${id} limit 1`);
  if ((usos as unknown as { rows: unknown[] }).rows.length) throw new AppError(ErrorCodes.VALIDACION, `La cuenta ${c.Codigo} tiene movimientos: no se puede eliminar`, 400);
  await ctx.dbh.db
    .update(cuentaContable)
    .set({ logEstado: 0, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
    .where(and(eq(cuentaContable.id, id), eq(cuentaContable.idEmpresa, auth.idEmpresa)));
  return { Mensaje: `Cuenta ${c.Codigo} eliminada` };
}

/** Account types (seed `cuentascontables/tipos`): the PCGE elements, with how many active accounts of the company's chart each has. */
export async function tiposCuenta(ctx: Contexto, auth: TAuth): Promise<{ Data: TTipoCuentaContable[]; Count: number }> {
  const r = await ctx.dbh.db.execute(sql`
    select left(codigo, 1) as tipo, count(*)::int as n from cuenta_contable
     where log_estado = 1 and (id_empresa is null or id_empresa = ${auth.idEmpresa})
     group by left(codigo, 1)`);
  const n = new Map((r as unknown as { rows: { tipo: string; n: number }[] }).rows.map((f) => [Number(f.tipo), Number(f.n)]));
  const Data = TiposCuentaContable.map((t) => ({ ...t, Cuentas: n.get(t.Id) ?? 0 }));
  return { Data, Count: Data.length };
}
