import Decimal from 'decimal.js';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { DiariosContables, ErrorCodes, type TAsiento, type TMapeoContable, type ZAsientoGuardar, type ZAsientosQuery } from '@yupana/contracts';
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

export type TOrigenAsiento = 'MANUAL' | 'VENTA' | 'ANULACION' | 'COBRO' | 'PAGO' | 'CAJA' | 'COSTO' | 'COMPRA' | 'PLANILLA' | 'CIERRE' | 'APERTURA' | 'LETRA' | 'MOVIMIENTO';
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
  const { lineas, totalDebe, totalHaber } = lineasValidadas(a);
  const cache = cacheDe(tx);
  const { periodo, fecha, fechaOperacion } = await periodoDelAsiento(tx, cache, a);
  const cuentas = await cuentasVigentes(tx, cache, a.idEmpresa, [...new Set(lineas.map((l) => l.idCuenta))]);
  // An operation whose entry exists already is done, whatever its accounts have become since.
  if (a.claveOrigen && lineas.some((l) => !cuentas.get(l.idCuenta) || cuentas.get(l.idCuenta)?.tiene_hijas)) {
    const ya = await tx.select({ id: asientoContable.id }).from(asientoContable).where(and(eq(asientoContable.idEmpresa, a.idEmpresa), eq(asientoContable.claveOrigen, a.claveOrigen)));
    if (ya.length) return null;
  }
  comprobarCuentas(lineas, cuentas);
  // A reversal repeats the centres of the entry it reverses, even one deactivated since (still the company's).
  await comprobarCentros(tx, a.idEmpresa, lineas, a.origen === 'ANULACION');

  // One statement: the next number of the month (the period row locked above serializes it) and the source key's
  // uniqueness (an operation whose entry already exists inserts nothing and gets null, even against a concurrent
  // transaction: the unique index waits for it).
  const [cab] = await tx
    .insert(asientoContable)
    .values({
      ...cabecera(a, periodo, fecha, fechaOperacion, totalDebe, totalHaber),
      numero: sql`(select coalesce(max(numero), 0) + 1 from asiento_contable where id_empresa = ${a.idEmpresa} and periodo = ${periodo})`,
    })
    .onConflictDoNothing({ target: [asientoContable.idEmpresa, asientoContable.claveOrigen], where: sql`${asientoContable.claveOrigen} is not null` })
    .returning({ id: asientoContable.id });
  if (!cab) return null;
  await tx.insert(asientoLinea).values(filasLinea(cab.id, a.idEmpresa, lineas));
  return cab.id;
}

/**
 * Several automatic entries in the caller's transaction with a fixed number of round trips whatever their count (an
 * issue group posts two or three per document): the same checks as registrarAsiento, every entry validated before
 * anything is written (an AppError writes nothing), numbers consecutive per month in the list's order. Entries whose
 * source key exists already are skipped (null in their place). Meant for operations created in this transaction,
 * whose keys no other transaction can be writing.
 */
export async function registrarAsientos(tx: TTx, lista: TAsientoNuevo[]): Promise<(number | null)[]> {
  if (lista.length <= 1) return Promise.all(lista.map((a) => registrarAsiento(tx, a)));
  const cache = cacheDe(tx);
  const preparados = [];
  for (const a of lista) preparados.push({ a, ...lineasValidadas(a), ...(await periodoDelAsiento(tx, cache, a)) });
  for (const idEmpresa of new Set(lista.map((a) => a.idEmpresa))) {
    const deEmpresa = preparados.filter((p) => p.a.idEmpresa === idEmpresa);
    const lineas = deEmpresa.flatMap((p) => p.lineas);
    comprobarCuentas(lineas, await cuentasVigentes(tx, cache, idEmpresa, [...new Set(lineas.map((l) => l.idCuenta))]));
    await comprobarCentros(tx, idEmpresa, lineas);
  }
  const claves = preparados.map((p) => p.a.claveOrigen).filter((c): c is string => !!c);
  const existentes = new Set(
    claves.length
      ? (await tx.select({ idEmpresa: asientoContable.idEmpresa, clave: asientoContable.claveOrigen }).from(asientoContable).where(and(inArray(asientoContable.idEmpresa, [...new Set(lista.map((a) => a.idEmpresa))]), inArray(asientoContable.claveOrigen, claves)))).map(
          (f) => `${f.idEmpresa}|${f.clave}`,
        )
      : [],
  );
  const nuevos = preparados.filter((p) => !p.a.claveOrigen || !existentes.has(`${p.a.idEmpresa}|${p.a.claveOrigen}`));
  if (!nuevos.length) return lista.map(() => null);
  // The month's next numbers (its row is locked above, so nobody else numbers in it until this commit).
  const siguiente = new Map<string, number>();
  for (const clave of new Set(nuevos.map((p) => `${p.a.idEmpresa}|${p.periodo}`))) {
    const [idEmpresa, periodo] = clave.split('|');
    const r = (await tx.execute(sql`select coalesce(max(numero), 0) as n from asiento_contable where id_empresa = ${Number(idEmpresa)} and periodo = ${periodo}`)) as unknown as {
      rows: { n: number }[];
    };
    const n = r.rows[0].n;
    siguiente.set(clave, Number(n));
  }
  const filas = nuevos.map((p) => {
    const k = `${p.a.idEmpresa}|${p.periodo}`;
    const numero = siguiente.get(k)! + 1;
    siguiente.set(k, numero);
    return { ...cabecera(p.a, p.periodo, p.fecha, p.fechaOperacion, p.totalDebe, p.totalHaber), numero };
  });
  const creados = await tx.insert(asientoContable).values(filas).returning({ id: asientoContable.id, idEmpresa: asientoContable.idEmpresa, periodo: asientoContable.periodo, numero: asientoContable.numero });
  const idDe = new Map(creados.map((c) => [`${c.idEmpresa}|${c.periodo}|${c.numero}`, c.id]));
  const ids = nuevos.map((p, i) => idDe.get(`${p.a.idEmpresa}|${p.periodo}|${filas[i].numero}`)!);
  await tx.insert(asientoLinea).values(nuevos.flatMap((p, i) => filasLinea(ids[i], p.a.idEmpresa, p.lineas)));
  const porPreparado = new Map(nuevos.map((p, i) => [p, ids[i]]));
  return preparados.map((p) => porPreparado.get(p) ?? null);
}

/** The lines to 2 decimals, each on one side, balanced, within numeric(16,2); a Spanish field error otherwise. */
function lineasValidadas(a: TAsientoNuevo) {
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
  return { lineas, totalDebe, totalHaber };
}
type TLineaValidada = ReturnType<typeof lineasValidadas>['lineas'][number];

/** The open month the entry goes to (locking its row): its own, or with siCerradoSiguiente the first open after it. */
async function periodoDelAsiento(tx: TTx, cache: TCacheAsientos | null, a: TAsientoNuevo) {
  let periodo = periodoDe(a.fecha);
  let fecha = a.fecha;
  let fechaOperacion: string | null = null;
  for (let vuelta = 0; ; vuelta++) {
    const estado = await estadoDelPeriodo(tx, cache, a.idEmpresa, periodo);
    if (estado !== 'CERRADO' || a.enPeriodoCerrado) break;
    if (!a.siCerradoSiguiente || vuelta >= 24)
      throw new AppError(ErrorCodes.VALIDACION, `El periodo ${periodo} está cerrado: no admite asientos. Reábralo para registrar.`, 400, { errores: { Fecha: `El periodo ${periodo} está cerrado` } });
    fechaOperacion = a.fecha;
    periodo = periodoSiguiente(periodo);
    fecha = `${periodo}-01`;
  }
  return { periodo, fecha, fechaOperacion };
}

function comprobarCuentas(lineas: TLineaValidada[], cuentas: Map<number, { codigo: string; tiene_hijas: boolean }>) {
  lineas.forEach((l, i) => {
    const c = cuentas.get(l.idCuenta);
    if (!c) throw errorDeCampo(`Lineas.${i}.IdCuenta`, 'La cuenta no existe en el plan contable de la empresa');
    if (c.tiene_hijas) throw errorDeCampo(`Lineas.${i}.IdCuenta`, `La cuenta ${c.codigo} tiene subcuentas: registre en la cuenta de último nivel`);
  });
}

/** Cost centres: the company's own (finance's master data), never another company's; active unless `inactivos`. */
async function comprobarCentros(tx: TTx, idEmpresa: number, lineas: TLineaValidada[], inactivos = false) {
  const centros = [...new Set(lineas.map((l) => l.idCentroCosto).filter((c): c is number => typeof c === 'number'))];
  if (!centros.length) return;
  const propios = new Set(
    (await tx.select({ id: centroCosto.id }).from(centroCosto).where(and(eq(centroCosto.idEmpresa, idEmpresa), inactivos ? undefined : eq(centroCosto.logEstado, 1), inArray(centroCosto.id, centros)))).map((c) => c.id),
  );
  lineas.forEach((l, i) => {
    if (typeof l.idCentroCosto === 'number' && !propios.has(l.idCentroCosto)) throw errorDeCampo(`Lineas.${i}.IdCentroCosto`, 'El centro de costo no existe o está inactivo');
  });
}

const cabecera = (a: TAsientoNuevo, periodo: string, fecha: string, fechaOperacion: string | null, totalDebe: Decimal, totalHaber: Decimal) => ({
  idEmpresa: a.idEmpresa,
  idDiario: a.idDiario,
  periodo,
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
});

const filasLinea = (idAsiento: number, idEmpresa: number, lineas: TLineaValidada[]) =>
  lineas.map((l, i) => ({ idAsiento, idEmpresa, idCuenta: l.idCuenta, orden: i + 1, debe: l.debe.toFixed(2), haber: l.haber.toFixed(2), glosa: l.glosa ?? null, idCentroCosto: l.idCentroCosto ?? null }));

/**
 * What one transaction has already read for its entries: the state of each period it locked (the lock is held until
 * commit, so the state cannot change under it) and the accounts it checked. An issue posts two or three entries per
 * document and a group of issues runs in one transaction: without this every entry re-read them (bench:issue fell
 * from about 300 to 46 documents/s with the entries; docs/decisions.md, "Issuing with the books"). Kept only for a
 * real transaction object (never for the pool, whose queries are each their own transaction), and a savepoint is a
 * new object with its own cache, so a rolled-back savepoint leaves nothing behind.
 */
type TCacheAsientos = {
  periodos: Map<string, string>;
  cuentas: Map<string, { id: number; codigo: string; tiene_hijas: boolean } | null>;
  /** automaticos.cuentasDe: the company's account mapping. */
  mapeos: Map<number, TMapeoContable[]>;
};
const caches = new WeakMap<object, TCacheAsientos>();
export function cacheDe(tx: object): TCacheAsientos | null {
  if (!(tx instanceof PgTransaction)) return null;
  let c = caches.get(tx);
  if (!c) caches.set(tx, (c = { periodos: new Map(), cuentas: new Map(), mapeos: new Map() }));
  return c;
}

/** The period's state with its row locked (created open when missing); once per transaction and period. */
async function estadoDelPeriodo(tx: TTx, cache: TCacheAsientos | null, idEmpresa: number, periodo: string): Promise<string> {
  const clave = `${idEmpresa}|${periodo}`;
  const visto = cache?.periodos.get(clave);
  if (visto) return visto;
  await tx.insert(periodoContable).values({ idEmpresa, periodo, estado: 'ABIERTO' }).onConflictDoNothing();
  const [p] = await tx
    .select({ estado: periodoContable.estado })
    .from(periodoContable)
    .where(and(eq(periodoContable.idEmpresa, idEmpresa), eq(periodoContable.periodo, periodo)))
    .for('update');
  cache?.periodos.set(clave, p.estado);
  return p.estado;
}

/** The company's active accounts among `ids` (PCGE or its own) and whether each has sub-accounts. */
async function cuentasVigentes(tx: TTx, cache: TCacheAsientos | null, idEmpresa: number, ids: number[]) {
  const faltan = ids.filter((i) => !cache?.cuentas.has(`${idEmpresa}|${i}`));
  const r = new Map<number, { id: number; codigo: string; tiene_hijas: boolean }>();
  if (faltan.length) {
    const filas = (
      (await tx.execute(sql`
        select c.id, c.codigo,
               exists (select 1 from cuenta_contable h
                        where h.log_estado = 1 and (h.id_empresa is null or h.id_empresa = ${idEmpresa})
                          and h.codigo like c.codigo || '%' and h.codigo <> c.codigo) as tiene_hijas
          from cuenta_contable c
         where c.id in (${sql.join(faltan.map((i) => sql`${i}`), sql`, `)})
           and c.log_estado = 1 and (c.id_empresa is null or c.id_empresa = ${idEmpresa})`)) as unknown as { rows: { id: number; codigo: string; tiene_hijas: boolean }[] }
    ).rows;
    const porId = new Map(filas.map((f) => [Number(f.id), { ...f, id: Number(f.id) }]));
    for (const i of faltan) cache?.cuentas.set(`${idEmpresa}|${i}`, porId.get(i) ?? null);
    for (const [i, f] of porId) r.set(i, f);
  }
  for (const i of ids) {
    const c = cache?.cuentas.get(`${idEmpresa}|${i}`);
    if (c) r.set(i, c);
  }
  return r;
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
