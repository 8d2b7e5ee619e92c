import Decimal from 'decimal.js';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DiariosContables, ErrorCodes, type TAsiento, type ZAsientoGuardar, type ZAsientosQuery } from '@yupana/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { AppError, errorDeCampo } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { asientoContable, asientoLinea, cuentaContable, periodoContable } from './libros.schema';
import { centroCosto } from '../../finanzas/finanzas.schema';

type TTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type TLineaNueva = { idCuenta: number; debe: Decimal.Value; haber: Decimal.Value; glosa?: string | null; idCentroCosto?: number | null };
export type TAsientoNuevo = {
  idEmpresa: number;
  idUsuario: number | null;
  idDiario: number;
  fecha: string;
  glosa: string;
  origen: TOrigenAsiento;
  claveOrigen?: string;
  /**
   * Automatic entries of operations that already happened (a SUNAT document cannot wait): when the date's month is
   * closed, the entry goes to the first open month after it, dated its first day, with the operation's date kept in
   * fecha_operacion. Without it (manual entries) a closed month refuses the entry.
   */
  siCerradoSiguiente?: boolean;
  /** The year-end closing entries go into the closed December: they are the close itself. */
  enPeriodoCerrado?: boolean;
  idDocumento?: number;
  documento?: string;
  lineas: TLineaNueva[];
};

export type TOrigenAsiento = 'MANUAL' | 'VENTA' | 'ANULACION' | 'COBRO' | 'PAGO' | 'CAJA' | 'COSTO' | 'COMPRA' | 'PLANILLA' | 'CIERRE' | 'APERTURA';
export const periodoDe = (fecha: string) => fecha.slice(0, 7);
/** The month after AAAA-MM. */
export const periodoSiguiente = (p: string) => {
  const [a, m] = p.split('-').map(Number);
  return m === 12 ? `${a + 1}-01` : `${a}-${String(m + 1).padStart(2, '0')}`;
};

/** The company's accounts by code (its own sub-accounts win over a PCGE row of the same code, which cannot happen by the uniques but is cheap to state). */
export async function cuentasPorCodigo(tx: Pick<Db, 'select'>, idEmpresa: number, codigos: string[]) {
  const filas = await tx
    .select({ id: cuentaContable.id, codigo: cuentaContable.codigo, idEmpresa: cuentaContable.idEmpresa })
    .from(cuentaContable)
    .where(and(inArray(cuentaContable.codigo, codigos), or(isNull(cuentaContable.idEmpresa), eq(cuentaContable.idEmpresa, idEmpresa)), eq(cuentaContable.logEstado, 1)));
  const m = new Map<string, number>();
  for (const f of filas.sort((a, b) => (a.idEmpresa === null ? -1 : 1) - (b.idEmpresa === null ? -1 : 1))) m.set(f.codigo, f.id);
  return m;
}

/**
 * Writes one balanced entry in the caller's transaction: the period must be open (its row is locked, which also
 * serializes the entry numbers), every account must be the company's (or PCGE), active and without sub-accounts, and
 * debit must equal credit to the cent. Returns null when an entry with the same source key already exists.
 */
export async function registrarAsiento(tx: TTx, a: TAsientoNuevo): Promise<number | null> {
  const lineas = a.lineas.map((l) => ({ ...l, debe: new Decimal(l.debe).toDecimalPlaces(2), haber: new Decimal(l.haber).toDecimalPlaces(2) }));
  lineas.forEach((l, i) => {
    if (l.debe.isNeg() || l.haber.isNeg()) throw errorDeCampo(`Lineas.${i}.Debe`, 'Los importes no pueden ser negativos');
    if (l.debe.isZero() === l.haber.isZero()) throw errorDeCampo(`Lineas.${i}.Debe`, 'Cada línea lleva un importe en el debe o en el haber, no en ambos');
  });
  const totalDebe = lineas.reduce((s, l) => s.plus(l.debe), new Decimal(0));
  const totalHaber = lineas.reduce((s, l) => s.plus(l.haber), new Decimal(0));
  // numeric(16,2): an entry above 99,999,999,999,999.99 cannot be stored (a validation error, never a 5xx).
  if (totalDebe.gte('1e14') || totalHaber.gte('1e14')) throw errorDeCampo('Lineas', 'El total del asiento excede el máximo permitido');
  if (!totalDebe.eq(totalHaber))
    throw errorDeCampo('Lineas', `El asiento no cuadra: el debe suma ${totalDebe.toFixed(2)} y el haber ${totalHaber.toFixed(2)}`);

  let periodo = periodoDe(a.fecha);
  let fecha = a.fecha;
  let fechaOperacion: string | null = null;
  for (let vuelta = 0; ; vuelta++) {
    await tx.insert(periodoContable).values({ idEmpresa: a.idEmpresa, periodo, estado: 'ABIERTO' }).onConflictDoNothing();
    const [p] = await tx
      .select({ estado: periodoContable.estado })
      .from(periodoContable)
      .where(and(eq(periodoContable.idEmpresa, a.idEmpresa), eq(periodoContable.periodo, periodo)))
      .for('update');
    if (p.estado !== 'CERRADO' || a.enPeriodoCerrado) break;
    if (!a.siCerradoSiguiente || vuelta >= 24)
      throw new AppError(ErrorCodes.VALIDACION, `El periodo ${periodo} está cerrado: no admite asientos. Reábralo para registrar.`, 400, { errores: { Fecha: `El periodo ${periodo} está cerrado` } });
    fechaOperacion = a.fecha;
    periodo = periodoSiguiente(periodo);
    fecha = `${periodo}-01`;
  }

  if (a.claveOrigen) {
    const ya = await tx.select({ id: asientoContable.id }).from(asientoContable).where(and(eq(asientoContable.idEmpresa, a.idEmpresa), eq(asientoContable.claveOrigen, a.claveOrigen)));
    if (ya.length) return null;
  }

  const ids = [...new Set(lineas.map((l) => l.idCuenta))];
  const r = await tx.execute(sql`
    select c.id, c.codigo,
           exists (select 1 from cuenta_contable h
                    where h.log_estado = 1 and (h.id_empresa is null or h.id_empresa = ${a.idEmpresa})
                      and h.codigo like c.codigo || '%' and h.codigo <> c.codigo) as tiene_hijas
      from cuenta_contable c
     where c.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
       and c.log_estado = 1 and (c.id_empresa is null or c.id_empresa = ${a.idEmpresa})`);
  const cuentas = new Map((r as unknown as { rows: { id: number; codigo: string; tiene_hijas: boolean }[] }).rows.map((f) => [Number(f.id), f]));
  lineas.forEach((l, i) => {
    const c = cuentas.get(l.idCuenta);
    if (!c) throw errorDeCampo(`Lineas.${i}.IdCuenta`, 'La cuenta no existe en el plan contable de la empresa');
    if (c.tiene_hijas) throw errorDeCampo(`Lineas.${i}.IdCuenta`, `La cuenta ${c.codigo} tiene subcuentas: registre en la cuenta de último nivel`);
  });

  // Cost centres: the company's own (finance's master data), never another company's.
  const centros = [...new Set(lineas.map((l) => l.idCentroCosto).filter((c): c is number => typeof c === 'number'))];
  if (centros.length) {
    const propios = new Set(
      (await tx.select({ id: centroCosto.id }).from(centroCosto).where(and(eq(centroCosto.idEmpresa, a.idEmpresa), eq(centroCosto.logEstado, 1), inArray(centroCosto.id, centros)))).map((c) => c.id),
    );
    lineas.forEach((l, i) => {
      if (typeof l.idCentroCosto === 'number' && !propios.has(l.idCentroCosto)) throw errorDeCampo(`Lineas.${i}.IdCentroCosto`, 'El centro de costo no existe o está inactivo');
    });
  }

  const [{ n }] = (await tx.execute(sql`select coalesce(max(numero), 0) + 1 as n from asiento_contable where id_empresa = ${a.idEmpresa} and periodo = ${periodo}`) as unknown as { rows: { n: number }[] }).rows;
  const [cab] = await tx
    .insert(asientoContable)
    .values({
      idEmpresa: a.idEmpresa,
      idDiario: a.idDiario,
      periodo,
      numero: Number(n),
      fecha,
      fechaOperacion,
      glosa: a.glosa.slice(0, 200),
      origen: a.origen,
      claveOrigen: a.claveOrigen ?? null,
      idDocumento: a.idDocumento ?? null,
      documento: a.documento ?? null,
      totalDebe: totalDebe.toFixed(2),
      totalHaber: totalHaber.toFixed(2),
      logUsuarioCrea: a.idUsuario,
    })
    .returning({ id: asientoContable.id });
  await tx.insert(asientoLinea).values(
    lineas.map((l, i) => ({ idAsiento: cab.id, idEmpresa: a.idEmpresa, idCuenta: l.idCuenta, orden: i + 1, debe: l.debe.toFixed(2), haber: l.haber.toFixed(2), glosa: l.glosa ?? null, idCentroCosto: l.idCentroCosto ?? null })),
  );
  return cab.id;
}

export async function crearAsientoManual(ctx: Contexto, auth: TAuth, b: z.output<typeof ZAsientoGuardar>): Promise<TAsiento> {
  const id = await ctx.dbh.db.transaction((tx) =>
    registrarAsiento(tx, {
      idEmpresa: auth.idEmpresa,
      idUsuario: auth.idUsuario,
      idDiario: b.IdDiario,
      fecha: b.Fecha,
      glosa: b.Glosa,
      origen: 'MANUAL',
      lineas: b.Lineas.map((l) => ({ idCuenta: l.IdCuenta, debe: l.Debe, haber: l.Haber, glosa: l.Glosa ?? null, idCentroCosto: l.IdCentroCosto ?? null })),
    }),
  );
  const [a] = await asientosPorId(ctx.dbh.db, auth.idEmpresa, [id!]);
  return a;
}

const numeroAsiento = (n: number) => `M${String(n).padStart(4, '0')}`;

async function asientosPorId(db: Db, idEmpresa: number, ids: number[]): Promise<TAsiento[]> {
  if (ids.length === 0) return [];
  const cabs = await db.select().from(asientoContable).where(and(eq(asientoContable.idEmpresa, idEmpresa), inArray(asientoContable.id, ids)));
  const lins = await db
    .select({ idAsiento: asientoLinea.idAsiento, idCuenta: asientoLinea.idCuenta, codigo: cuentaContable.codigo, cuenta: cuentaContable.descripcion, debe: asientoLinea.debe, haber: asientoLinea.haber, glosa: asientoLinea.glosa, orden: asientoLinea.orden, idCentroCosto: asientoLinea.idCentroCosto, centro: centroCosto.nombre })
    .from(asientoLinea)
    .innerJoin(cuentaContable, eq(cuentaContable.id, asientoLinea.idCuenta))
    .leftJoin(centroCosto, eq(centroCosto.id, asientoLinea.idCentroCosto))
    .where(and(eq(asientoLinea.idEmpresa, idEmpresa), inArray(asientoLinea.idAsiento, ids)))
    .orderBy(asientoLinea.idAsiento, asientoLinea.orden);
  const porAsiento = new Map<number, typeof lins>();
  for (const l of lins) porAsiento.set(l.idAsiento, [...(porAsiento.get(l.idAsiento) ?? []), l]);
  const orden = new Map(ids.map((id, i) => [id, i]));
  return cabs
    .sort((x, y) => orden.get(x.id)! - orden.get(y.id)!)
    .map((c) => ({
      Id: c.id,
      Numero: numeroAsiento(c.numero),
      IdDiario: c.idDiario,
      Diario: DiariosContables[c.idDiario as keyof typeof DiariosContables] ?? '',
      Fecha: c.fecha,
      Periodo: c.periodo,
      Glosa: c.glosa,
      Origen: c.origen as TOrigenAsiento,
      FechaOperacion: c.fechaOperacion,
      Documento: c.documento,
      TotalDebe: new Decimal(c.totalDebe).toFixed(2),
      TotalHaber: new Decimal(c.totalHaber).toFixed(2),
      Lineas: (porAsiento.get(c.id) ?? []).map((l) => ({ IdCuenta: l.idCuenta, Codigo: l.codigo, Cuenta: l.cuenta, Debe: new Decimal(l.debe).toFixed(2), Haber: new Decimal(l.haber).toFixed(2), Glosa: l.glosa, IdCentroCosto: l.idCentroCosto, CentroCosto: l.centro })),
    }));
}

export async function listarAsientos(ctx: Contexto, auth: TAuth, q: z.output<typeof ZAsientosQuery>) {
  const db = ctx.dbh.db;
  const filtro = and(eq(asientoContable.idEmpresa, auth.idEmpresa), eq(asientoContable.periodo, q.periodo), q.iddiario ? eq(asientoContable.idDiario, q.iddiario) : undefined);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(asientoContable).where(filtro);
  const ids = await db
    .select({ id: asientoContable.id })
    .from(asientoContable)
    .where(filtro)
    .orderBy(desc(asientoContable.numero))
    .limit(q.regxpag)
    .offset((q.pagina - 1) * q.regxpag);
  return { Data: await asientosPorId(db, auth.idEmpresa, ids.map((x) => x.id)), Count: Number(total) };
}

export { numeroAsiento };
