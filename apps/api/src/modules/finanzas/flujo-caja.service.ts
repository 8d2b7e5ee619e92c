import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ID_CONCEPTO_DETRACCIONES,
  NombreMonedaReporte,
  TiposCuentaFinanciera,
  type TFlujoCaja,
  type TFlujoCuenta,
  type TGastoCentro,
  type TGastosCentro,
  type ZFlujoCajaQuery,
  type ZGastosCentroQuery,
} from '@yupana/contracts';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { filas, hoyLima } from './antiguedad';
import { fechaPe, formatoColumnas, numero } from './reportes.service';

/**
 * Treasury reports (issue 14, "Reports"): cash flow by financial account, and expenses by cost centre and expense
 * element. They read the same operations an account's balance is made of (saldosCuentas): collections, supplier
 * payments, payroll payments, movements and their ITF, never voided ones. PostgreSQL sums numeric columns; decimal.js
 * formats and adds the balances.
 */

/** How each kind of operation is named in the report (the catalogue's names are for one movement, these for a sum). */
const CONCEPTOS: Record<number, string> = {
  1: 'Cobros a clientes',
  2: 'Pagos a proveedores',
  3: 'Notas de ingreso',
  4: 'Notas de salida',
  5: 'Depósitos de caja a banco',
  6: 'Transferencias entre cajas',
  7: 'Transferencias entre cuentas',
  8: 'Pagos de planilla',
  // Detracción deposits (sales: into the BN account; purchases: out of the paying account) are no operation type of
  // the catálogo: the report gives them their own concept code, ID_CONCEPTO_DETRACCIONES (9).
  [ID_CONCEPTO_DETRACCIONES]: 'Detracciones (depósitos)',
};
const CONCEPTO_ITF = 'ITF (impuesto a las transacciones financieras)';

function periodo(q: { desde?: string; hasta?: string }): { desde: string; hasta: string } {
  const hasta = q.hasta ?? hoyLima();
  const desde = q.desde ?? `${hasta.slice(0, 8)}01`;
  if (desde > hasta) throw errorDeCampo('hasta', 'La fecha final no puede ser anterior a la inicial');
  return { desde, hasta };
}

/**
 * Every operation that moves money in or out of a company's financial accounts up to a date (tipo null = ITF, of
 * movements and of bank collections and payments alike; 9 = detracción deposits with a financial account).
 */
function operaciones(idEmpresa: number, hasta: string) {
  return sql`
    select c.id_cuenta_financiera as cuenta, c.fecha, 1 as tipo, c.monto as ingreso, 0::numeric as egreso
      from cobro c where c.id_empresa = ${idEmpresa} and not c.anulado and c.id_cuenta_financiera is not null and c.fecha <= ${hasta}
    union all
    select p.id_cuenta_financiera, p.fecha, 2, 0, p.monto
      from pago_proveedor p where p.id_empresa = ${idEmpresa} and not p.anulado and p.id_cuenta_financiera is not null and p.fecha <= ${hasta}
    union all
    select n.id_cuenta_financiera, n.fecha, 8, 0, n.monto
      from nomina_pago n where n.id_empresa = ${idEmpresa} and not n.anulado and n.fecha <= ${hasta}
    union all
    select d.id_cuenta_financiera, d.fecha, 8, 0, d.monto
      from nomina_deposito_cts d where d.id_empresa = ${idEmpresa} and not d.anulado and d.fecha <= ${hasta}
    union all
    select m.id_cuenta_financiera, m.fecha, m.id_tipo_operacion,
           case when m.id_tipo_movimiento = 1 then m.monto else 0 end, case when m.id_tipo_movimiento = 2 then m.monto else 0 end
      from movimiento_financiero m where m.id_empresa = ${idEmpresa} and not m.anulado and m.fecha <= ${hasta}
    union all
    select m.id_cuenta_financiera, m.fecha, null, 0, m.itf
      from movimiento_financiero m where m.id_empresa = ${idEmpresa} and not m.anulado and m.itf > 0 and m.fecha <= ${hasta}
    union all
    select c.id_cuenta_financiera, c.fecha, null, 0, c.itf
      from cobro c where c.id_empresa = ${idEmpresa} and not c.anulado and c.itf > 0 and c.id_cuenta_financiera is not null and c.fecha <= ${hasta}
    union all
    select p.id_cuenta_financiera, p.fecha, null, 0, p.itf
      from pago_proveedor p where p.id_empresa = ${idEmpresa} and not p.anulado and p.itf > 0 and p.id_cuenta_financiera is not null and p.fecha <= ${hasta}
    union all
    select d.id_cuenta_financiera, d.fecha, ${sql.raw(String(ID_CONCEPTO_DETRACCIONES))}, case when d.lado = 'C' then d.monto_soles else 0 end, case when d.lado = 'P' then d.monto_soles else 0 end
      from deduccion_documento d where d.id_empresa = ${idEmpresa} and not d.anulado and d.tipo = 'D' and d.id_cuenta_financiera is not null and d.fecha <= ${hasta}`;
}

/** GET reportes/tiposmovimientos: opening balance, ins and outs by kind of operation, closing balance per account. */
export async function flujoDeCaja(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZFlujoCajaQuery>): Promise<TFlujoCaja> {
  const { desde, hasta } = periodo(q);
  const cuentas = await filas<{ id: number; nombre: string; id_tipo_cuenta: number; id_moneda: number }>(
    ctx.dbh.db,
    sql`select id, nombre, id_tipo_cuenta, id_moneda from cuenta_financiera
         where id_empresa = ${auth.idEmpresa} ${q.idcuenta ? sql`and id = ${q.idcuenta}` : sql``} order by id_tipo_cuenta, nombre`,
  );
  if (q.idcuenta && !cuentas.length) throw noEncontrado('No se encontró la cuenta financiera');
  const sumas = await filas<{ cuenta: number; tipo: number | null; previo: string; ingresos: string; egresos: string }>(
    ctx.dbh.db,
    sql`select o.cuenta, o.tipo,
               sum(case when o.fecha < ${desde} then o.ingreso - o.egreso else 0 end)::text as previo,
               sum(case when o.fecha >= ${desde} then o.ingreso else 0 end)::text as ingresos,
               sum(case when o.fecha >= ${desde} then o.egreso else 0 end)::text as egresos
          from (${operaciones(auth.idEmpresa, hasta)}) o
         ${q.idcuenta ? sql`where o.cuenta = ${q.idcuenta}` : sql``}
         group by o.cuenta, o.tipo`,
  );
  const Data: TFlujoCuenta[] = cuentas.map((c) => {
    const propias = sumas.filter((s) => Number(s.cuenta) === c.id).sort((a, b) => (a.tipo ?? 99) - (b.tipo ?? 99));
    const inicial = propias.reduce((s, x) => s.plus(x.previo), new Decimal(0));
    const entra = propias.reduce((s, x) => s.plus(x.ingresos), new Decimal(0));
    const sale = propias.reduce((s, x) => s.plus(x.egresos), new Decimal(0));
    return {
      IdCuentaFinanciera: c.id,
      Nombre: c.nombre,
      TipoCuenta: TiposCuentaFinanciera[c.id_tipo_cuenta as 1 | 2 | 3] ?? '',
      IdMoneda: c.id_moneda,
      SaldoInicial: inicial.toFixed(2),
      Conceptos: propias
        .filter((x) => !new Decimal(x.ingresos).isZero() || !new Decimal(x.egresos).isZero())
        .map((x) => ({
          IdTipoOperacion: x.tipo === null ? null : Number(x.tipo),
          Descripcion: x.tipo === null ? CONCEPTO_ITF : (CONCEPTOS[Number(x.tipo)] ?? `Operación ${x.tipo}`),
          Ingresos: new Decimal(x.ingresos).toFixed(2),
          Egresos: new Decimal(x.egresos).toFixed(2),
        })),
      TotalIngresos: entra.toFixed(2),
      TotalEgresos: sale.toFixed(2),
      SaldoFinal: inicial.plus(entra).minus(sale).toFixed(2),
    };
  });
  const Totales = [...new Set(Data.map((d) => d.IdMoneda))].sort().map((IdMoneda) => {
    const de = Data.filter((d) => d.IdMoneda === IdMoneda);
    const suma = (k: 'SaldoInicial' | 'TotalIngresos' | 'TotalEgresos' | 'SaldoFinal') => de.reduce((s, d) => s.plus(d[k]), new Decimal(0)).toFixed(2);
    return { IdMoneda, SaldoInicial: suma('SaldoInicial'), TotalIngresos: suma('TotalIngresos'), TotalEgresos: suma('TotalEgresos'), SaldoFinal: suma('SaldoFinal') };
  });
  return { Desde: desde, Hasta: hasta, Data, Totales };
}

/** GET reportes/elementosgastos: the period's notas de salida in soles, by cost centre and, inside it, by element. */
export async function gastosPorCentro(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZGastosCentroQuery>): Promise<TGastosCentro> {
  const { desde, hasta } = periodo(q);
  const r = await filas<{ id_centro: number | null; centro: string | null; id_elemento: number | null; elemento: string | null; n: number; monto: string }>(
    ctx.dbh.db,
    sql`select m.id_centro_costo as id_centro, cc.codigo || ' - ' || cc.nombre as centro,
               m.id_elemento_gasto as id_elemento, eg.codigo || ' - ' || eg.nombre as elemento,
               count(*)::int as n, sum(m.monto_soles)::text as monto
          from movimiento_financiero m
          left join centro_costo cc on cc.id = m.id_centro_costo
          left join elemento_gasto eg on eg.id = m.id_elemento_gasto
         where m.id_empresa = ${auth.idEmpresa} and not m.anulado and m.id_tipo_operacion = 4 and m.fecha between ${desde} and ${hasta}
         group by 1, 2, 3, 4`,
  );
  const total = r.reduce((s, x) => s.plus(x.monto), new Decimal(0));
  const centros = new Map<string, TGastoCentro>();
  for (const x of r) {
    const clave = String(x.id_centro ?? 'sin');
    const c = centros.get(clave) ?? { IdCentroCosto: x.id_centro, CentroCosto: x.centro ?? 'Sin centro de costo', Elementos: [], Monto: '0.00', Porcentaje: '0.00' };
    c.Elementos.push({ IdElementoGasto: x.id_elemento, Elemento: x.elemento ?? 'Sin elemento de gasto', Movimientos: x.n, Monto: new Decimal(x.monto).toFixed(2) });
    c.Monto = new Decimal(c.Monto).plus(x.monto).toFixed(2);
    centros.set(clave, c);
  }
  const mayorPrimero = (a: { Monto: string }, b: { Monto: string }) => new Decimal(b.Monto).cmp(a.Monto);
  const Data = [...centros.values()].sort(mayorPrimero).map((c) => ({
    ...c,
    Elementos: c.Elementos.sort(mayorPrimero),
    Porcentaje: total.isZero() ? '0.00' : new Decimal(c.Monto).times(100).div(total).toFixed(2),
  }));
  return { Desde: desde, Hasta: hasta, Data, Total: total.toFixed(2) };
}

export async function flujoDeCajaExcel(auth: TAuth, f: TFlujoCaja): Promise<{ contenido: Buffer; nombre: string }> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Flujo de caja');
  hoja.addRow([`Flujo de caja por cuenta - ${auth.empresa.razonSocial} - del ${fechaPe(f.Desde)} al ${fechaPe(f.Hasta)}`]).font = { bold: true };
  hoja.addRow([]);
  hoja.addRow(['Cuenta', 'Concepto', 'Ingresos', 'Egresos', 'Saldo']).font = { bold: true };
  for (const c of f.Data) {
    const moneda = NombreMonedaReporte[c.IdMoneda] ?? '';
    hoja.addRow([`${c.Nombre} (${c.TipoCuenta}, ${moneda})`, 'Saldo inicial', null, null, numero(c.SaldoInicial)]).font = { bold: true };
    for (const k of c.Conceptos) hoja.addRow(['', k.Descripcion, numero(k.Ingresos), numero(k.Egresos), null]);
    hoja.addRow(['', 'Saldo final', numero(c.TotalIngresos), numero(c.TotalEgresos), numero(c.SaldoFinal)]).font = { bold: true };
    hoja.addRow([]);
  }
  for (const t of f.Totales)
    hoja.addRow([`Total ${NombreMonedaReporte[t.IdMoneda] ?? ''}`, `Saldo inicial ${t.SaldoInicial}`, numero(t.TotalIngresos), numero(t.TotalEgresos), numero(t.SaldoFinal)]).font = { bold: true };
  formatoColumnas(hoja, [40, 44], 2);
  return { contenido: Buffer.from(await libro.xlsx.writeBuffer()), nombre: `flujo-de-caja-${f.Desde}-${f.Hasta}.xlsx` };
}

export async function gastosPorCentroExcel(auth: TAuth, g: TGastosCentro): Promise<{ contenido: Buffer; nombre: string }> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Gastos por centro de costo');
  hoja.addRow([`Gastos por centro de costo y elemento - ${auth.empresa.razonSocial} - del ${fechaPe(g.Desde)} al ${fechaPe(g.Hasta)} (soles)`]).font = { bold: true };
  hoja.addRow([]);
  hoja.addRow(['Centro de costo', 'Elemento de gasto', 'Movimientos', 'Monto S/', '% del total']).font = { bold: true };
  for (const c of g.Data) {
    for (const e of c.Elementos) hoja.addRow([c.CentroCosto, e.Elemento, e.Movimientos, numero(e.Monto), null]);
    hoja.addRow([c.CentroCosto, 'Total del centro', c.Elementos.reduce((s, e) => s + e.Movimientos, 0), numero(c.Monto), numero(c.Porcentaje)]).font = { bold: true };
  }
  hoja.addRow(['Total', '', null, numero(g.Total), 100]).font = { bold: true };
  formatoColumnas(hoja, [36, 36, 12], 3);
  return { contenido: Buffer.from(await libro.xlsx.writeBuffer()), nombre: `gastos-centro-costo-${g.Desde}-${g.Hasta}.xlsx` };
}
