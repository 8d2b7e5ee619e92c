import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { TBalanceComprobacion, TCentrosCostoReporte, TLibroMayor } from '@yupana/contracts';
import { noEncontrado } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { numeroAsiento } from './asientos.service';
import { nombrePle, textoPle } from '../../../lib/ple';

const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;
const d2 = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const cero = new Decimal(0);

/**
 * Balance de comprobación of a month: per account with movements up to the period, the opening balance (everything
 * before the month), the month's debit and credit and the closing balance, split into debit and credit columns.
 * With balanced entries the debit and credit totals of each pair of columns are equal.
 */
export async function balanceComprobacion(ctx: Contexto, auth: TAuth, periodo: string): Promise<TBalanceComprobacion> {
  // Summed per account id first (an integer group over the lines), then named: the year's lines are not joined to
  // the chart one by one (bench:accounting).
  const r = await ctx.dbh.db.execute(sql`
    with s as (
      select l.id_cuenta,
             coalesce(sum(l.debe - l.haber) filter (where a.periodo < ${periodo}), 0) as inicial,
             coalesce(sum(l.debe) filter (where a.periodo = ${periodo}), 0) as debe,
             coalesce(sum(l.haber) filter (where a.periodo = ${periodo}), 0) as haber
        from asiento_linea l
        join asiento_contable a on a.id = l.id_asiento and a.id_empresa = ${auth.idEmpresa}
       where l.id_empresa = ${auth.idEmpresa} and a.periodo <= ${periodo}
       group by l.id_cuenta)
    select c.codigo, c.descripcion, sum(s.inicial) as inicial, sum(s.debe) as debe, sum(s.haber) as haber
      from s join cuenta_contable c on c.id = s.id_cuenta
     group by c.codigo, c.descripcion
     order by c.codigo`);
  const t = { SaldoInicialDebe: cero, SaldoInicialHaber: cero, Debe: cero, Haber: cero, SaldoDeudor: cero, SaldoAcreedor: cero };
  const Filas = filas<{ codigo: string; descripcion: string; inicial: string; debe: string; haber: string }>(r).map((f) => {
    const inicial = new Decimal(f.inicial);
    const final = inicial.plus(f.debe).minus(f.haber);
    const x = {
      SaldoInicialDebe: inicial.isPos() ? inicial : cero,
      SaldoInicialHaber: inicial.isNeg() ? inicial.neg() : cero,
      Debe: new Decimal(f.debe),
      Haber: new Decimal(f.haber),
      SaldoDeudor: final.isPos() ? final : cero,
      SaldoAcreedor: final.isNeg() ? final.neg() : cero,
    };
    for (const k of Object.keys(t) as (keyof typeof t)[]) t[k] = t[k].plus(x[k]);
    return { Codigo: f.codigo, Cuenta: f.descripcion, ...Object.fromEntries(Object.entries(x).map(([k, v]) => [k, d2(v)])) } as TBalanceComprobacion['Filas'][number];
  });
  return { Periodo: periodo, Filas, Totales: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, d2(v)])) as TBalanceComprobacion['Totales'] };
}

/** Libro mayor of one account in a month: opening balance, each movement with the running balance, closing balance. */
export async function libroMayor(ctx: Contexto, auth: TAuth, periodo: string, idCuenta: number): Promise<TLibroMayor> {
  const [c] = filas<{ codigo: string; descripcion: string }>(
    await ctx.dbh.db.execute(sql`select codigo, descripcion from cuenta_contable where id = ${idCuenta} and log_estado = 1 and (id_empresa is null or id_empresa = ${auth.idEmpresa})`),
  );
  if (!c) throw noEncontrado('La cuenta no existe');
  const [ini] = filas<{ s: string }>(
    await ctx.dbh.db.execute(sql`
      select coalesce(sum(l.debe - l.haber), 0) as s from asiento_linea l join asiento_contable a on a.id = l.id_asiento
       where l.id_empresa = ${auth.idEmpresa} and l.id_cuenta = ${idCuenta} and a.periodo < ${periodo}`),
  );
  const movs = filas<{ id: number; numero: number; fecha: string; glosa: string; glosa_linea: string | null; debe: string; haber: string }>(
    await ctx.dbh.db.execute(sql`
      select a.id, a.numero, a.fecha::text as fecha, a.glosa, l.glosa as glosa_linea, l.debe, l.haber
        from asiento_linea l join asiento_contable a on a.id = l.id_asiento
       where l.id_empresa = ${auth.idEmpresa} and l.id_cuenta = ${idCuenta} and a.periodo = ${periodo}
       order by a.fecha, a.numero, l.orden`),
  );
  let saldo = new Decimal(ini.s);
  let td = cero;
  let th = cero;
  const Movimientos = movs.map((m) => {
    saldo = saldo.plus(m.debe).minus(m.haber);
    td = td.plus(m.debe);
    th = th.plus(m.haber);
    return { IdAsiento: Number(m.id), Numero: numeroAsiento(m.numero), Fecha: m.fecha, Glosa: m.glosa_linea || m.glosa, Debe: d2(m.debe), Haber: d2(m.haber), Saldo: d2(saldo) };
  });
  return { Periodo: periodo, Codigo: c.codigo, Cuenta: c.descripcion, SaldoInicial: d2(ini.s), Movimientos, TotalDebe: d2(td), TotalHaber: d2(th), SaldoFinal: d2(saldo) };
}

const numero = (v: string) => Number(v); // Excel cells hold the two-decimal amounts the API computed with decimal.js.

export async function balanceExcel(ctx: Contexto, auth: TAuth, periodo: string): Promise<Buffer> {
  const b = await balanceComprobacion(ctx, auth, periodo);
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Balance de comprobación');
  hoja.addRow([`Balance de comprobación - ${auth.empresa.razonSocial} - periodo ${periodo}`]).font = { bold: true };
  hoja.addRow([]);
  const cab = hoja.addRow(['Cuenta', 'Denominación', 'Saldo inicial deudor', 'Saldo inicial acreedor', 'Debe', 'Haber', 'Saldo deudor', 'Saldo acreedor']);
  cab.font = { bold: true };
  for (const f of b.Filas) hoja.addRow([f.Codigo, f.Cuenta, ...[f.SaldoInicialDebe, f.SaldoInicialHaber, f.Debe, f.Haber, f.SaldoDeudor, f.SaldoAcreedor].map(numero)]);
  const t = b.Totales;
  hoja.addRow(['', 'Totales', ...[t.SaldoInicialDebe, t.SaldoInicialHaber, t.Debe, t.Haber, t.SaldoDeudor, t.SaldoAcreedor].map(numero)]).font = { bold: true };
  hoja.columns.forEach((c, i) => {
    c.width = i === 1 ? 45 : 16;
    if (i >= 2) c.numFmt = '#,##0.00';
  });
  return Buffer.from(await libro.xlsx.writeBuffer());
}

export async function mayorExcel(ctx: Contexto, auth: TAuth, periodo: string, idCuenta: number): Promise<Buffer> {
  const m = await libroMayor(ctx, auth, periodo, idCuenta);
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Libro mayor');
  hoja.addRow([`Libro mayor - ${auth.empresa.razonSocial} - periodo ${periodo}`]).font = { bold: true };
  hoja.addRow([`Cuenta ${m.Codigo} ${m.Cuenta}`]);
  const cab = hoja.addRow(['Fecha', 'Asiento', 'Glosa', 'Debe', 'Haber', 'Saldo']);
  cab.font = { bold: true };
  hoja.addRow(['', '', 'Saldo inicial', null, null, numero(m.SaldoInicial)]);
  for (const x of m.Movimientos) hoja.addRow([x.Fecha, x.Numero, x.Glosa, numero(x.Debe), numero(x.Haber), numero(x.Saldo)]);
  hoja.addRow(['', '', 'Totales', numero(m.TotalDebe), numero(m.TotalHaber), numero(m.SaldoFinal)]).font = { bold: true };
  hoja.columns.forEach((c, i) => {
    c.width = i === 2 ? 50 : 14;
    if (i >= 3) c.numFmt = '#,##0.00';
  });
  return Buffer.from(await libro.xlsx.writeBuffer());
}

/**
 * PLE 5.3 plan de cuentas (8 fields): the accounts used up to the period (those with movements and their ancestors
 * would also do; SUNAT asks for the accounts the diario uses), PCGE as plan 01.
 */
export async function plePlan(ctx: Contexto, auth: TAuth, periodo: string): Promise<{ nombre: string; contenido: string }> {
  const r = filas<{ codigo: string; descripcion: string }>(
    await ctx.dbh.db.execute(sql`
      select distinct c.codigo, c.descripcion from asiento_linea l
        join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where l.id_empresa = ${auth.idEmpresa} and a.periodo = ${periodo}
       order by c.codigo`),
  );
  const fecha = `${periodo.replace('-', '')}01`;
  const lineas = r.map((c) => [fecha, c.codigo, textoPle(c.descripcion, 100), '01', 'PLAN CONTABLE GENERAL EMPRESARIAL', '', '', '1'].join('|') + '|');
  return { nombre: nombrePle(auth, periodo, '050300', lineas.length > 0), contenido: lineas.map((l) => `${l}\r\n`).join('') };
}

/**
 * Report by cost centre: per centre of the company (or one), the debit, credit and balance of each account its entry
 * lines moved in the months desde..hasta, its expenses (classes 6 and 9, debit balance), income (class 7, credit
 * balance) and result; plus what classes 6, 7 and 9 moved without a centre (the accountant's gap to assign).
 */
export async function reporteCentrosCosto(ctx: Contexto, auth: TAuth, q: { desde: string; hasta: string; idcentrocosto?: number }): Promise<TCentrosCostoReporte> {
  const db = ctx.dbh.db;
  if (q.idcentrocosto !== undefined) {
    const [c] = filas<{ id: number }>(await db.execute(sql`select id from centro_costo where id = ${q.idcentrocosto} and id_empresa = ${auth.idEmpresa}`));
    if (!c) throw noEncontrado('El centro de costo no existe');
  }
  const movs = filas<{ id_centro: number; codigo_centro: string; nombre: string; id_cuenta: number; codigo: string; descripcion: string; debe: string; haber: string }>(
    await db.execute(sql`
      select k.id as id_centro, k.codigo as codigo_centro, k.nombre, c.id as id_cuenta, c.codigo, c.descripcion, sum(l.debe) as debe, sum(l.haber) as haber
        from asiento_linea l
        join asiento_contable a on a.id = l.id_asiento and a.id_empresa = ${auth.idEmpresa}
        join centro_costo k on k.id = l.id_centro_costo and k.id_empresa = ${auth.idEmpresa}
        join cuenta_contable c on c.id = l.id_cuenta
       where l.id_empresa = ${auth.idEmpresa} and l.id_centro_costo is not null and a.periodo between ${q.desde} and ${q.hasta}
         ${q.idcentrocosto !== undefined ? sql`and l.id_centro_costo = ${q.idcentrocosto}` : sql``}
       group by k.id, k.codigo, k.nombre, c.id, c.codigo, c.descripcion
       order by k.codigo, c.codigo`),
  );
  const [sin] = filas<{ s: string }>(
    await db.execute(sql`
      select coalesce(sum(l.debe - l.haber), 0) as s from asiento_linea l
        join asiento_contable a on a.id = l.id_asiento and a.id_empresa = ${auth.idEmpresa}
        join cuenta_contable c on c.id = l.id_cuenta
       where l.id_empresa = ${auth.idEmpresa} and l.id_centro_costo is null and a.periodo between ${q.desde} and ${q.hasta} and left(c.codigo, 1) in ('6', '7', '9')`),
  );
  const porCentro = new Map<number, TCentrosCostoReporte['Data'][number] & { g: Decimal; i: Decimal }>();
  for (const m of movs) {
    const id = Number(m.id_centro);
    let c = porCentro.get(id);
    if (!c) porCentro.set(id, (c = { IdCentroCosto: id, Codigo: m.codigo_centro, Nombre: m.nombre, Cuentas: [], Gastos: '', Ingresos: '', Resultado: '', g: cero, i: cero }));
    const saldo = new Decimal(m.debe).minus(m.haber);
    c.Cuentas.push({ IdCuenta: Number(m.id_cuenta), Codigo: m.codigo, Cuenta: m.descripcion, Debe: d2(m.debe), Haber: d2(m.haber), Saldo: d2(saldo) });
    // 79 (cargas imputables) is the other side of the destination of class 6 expenses to element 9: it lowers the
    // expenses instead of being income, so an expense carried to 9 is counted once (6 + 9 - 79).
    if (m.codigo.startsWith('6') || m.codigo.startsWith('9') || m.codigo.startsWith('79')) c.g = c.g.plus(saldo);
    else if (m.codigo.startsWith('7')) c.i = c.i.minus(saldo);
  }
  const Data = [...porCentro.values()].map(({ g, i, ...c }) => ({ ...c, Gastos: d2(g), Ingresos: d2(i), Resultado: d2(i.minus(g)) }));
  return { Data, SinCentro: d2(sin?.s ?? 0) };
}
