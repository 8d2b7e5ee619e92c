// Treasury reports (issue 14, "Reports"): cash flow by financial account (`reportes/tiposmovimientos`) and expenses by
// cost centre and expense element (`reportes/elementosgastos`), through the real HTTP stack (PGlite by default,
// PostgreSQL with TEST_DATABASE_URL). The second demo company has no movements of its own, so every figure is exact.
// A payroll payment leaves the account: the report and the account's balance both take it.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFlujoCaja, TGastosCentro, TSaldoCuenta } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let caja: number;
let banco: number;
let dolares: number;
let adm: number;
let ventas: number;
let luz: number;
let movilidad: number;
let pagoPlanilla: string;
const F = '/api/finanzas/v1';
const hoy = hoyLima();
const mes = hoy.slice(0, 8);
// The period: this month. The day before it holds the opening balance.
const desde = `${mes}01`;
const antes = new Date(Date.parse(`${desde}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const ok = async <T>(p: Promise<{ statusCode: number; body: string; json: () => unknown }>, estado = 201): Promise<T> => {
  const r = await p;
  expect(r.statusCode, r.body).toBe(estado);
  return r.json() as T;
};

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'demo.supervisor');
  otra = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  caja = (await ok<{ Id: number }>(sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 2, Nombre: 'Caja flujo', IdMoneda: 1 }))).Id;
  banco = (await ok<{ Id: number }>(sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'BCP flujo', Banco: 'BCP', NumeroCuenta: '191-5550001-0-11', IdMoneda: 1 }))).Id;
  dolares = (await ok<{ Id: number }>(sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'BBVA dólares flujo', Banco: 'BBVA', NumeroCuenta: '0011-0555-0100099999', IdMoneda: 2 }))).Id;
  adm = (await ok<{ Id: number }>(sup.post(`${F}/centroscostos`, { Codigo: 'ADM', Nombre: 'Administración' }))).Id;
  ventas = (await ok<{ Id: number }>(sup.post(`${F}/centroscostos`, { Codigo: 'VTA', Nombre: 'Ventas' }))).Id;
  luz = (await ok<{ Id: number }>(sup.post(`${F}/elementosgastos`, { Codigo: 'LUZ', Nombre: 'Energía eléctrica' }))).Id;
  movilidad = (await ok<{ Id: number }>(sup.post(`${F}/elementosgastos`, { Codigo: 'MOV', Nombre: 'Movilidad' }))).Id;
  await ok(sup.post(`${F}/tiposcambios`, { Fecha: hoy, Compra: '3.700', Venta: '3.750' }));

  // Before the period: 8,000.00 into the box.
  await ok(sup.post(`${F}/notas/ingresos`, { IdCuentaFinanciera: caja, Fecha: antes, Monto: '8000.00', Motivo: 'Saldo del mes anterior' }));
  // In the period: a deposit of 5,000.00 to the bank (ITF 0.25 on the bank side), two expenses from the box, one from
  // the bank (ITF 0.00 under 1,000), one in dollars, and a voided one that counts nowhere.
  await ok(sup.post(`${F}/movimientos/depositos`, { IdCuentaOrigen: caja, IdCuentaDestino: banco, Fecha: hoy, Monto: '5000.00', Motivo: 'Depósito de la venta', NumeroOperacion: '778899' }));
  await ok(sup.post(`${F}/notas/salidas`, { IdCuentaFinanciera: caja, Fecha: hoy, Monto: '320.50', Motivo: 'Recibo de luz', IdCentroCosto: adm, IdElementoGasto: luz }));
  await ok(sup.post(`${F}/notas/salidas`, { IdCuentaFinanciera: caja, Fecha: hoy, Monto: '45.00', Motivo: 'Taxi al banco', IdCentroCosto: ventas, IdElementoGasto: movilidad }));
  await ok(sup.post(`${F}/notas/salidas`, { IdCuentaFinanciera: banco, Fecha: hoy, Monto: '120.00', Motivo: 'Movilidad de reparto', IdCentroCosto: ventas, IdElementoGasto: movilidad }));
  await ok(sup.post(`${F}/notas/ingresos`, { IdCuentaFinanciera: dolares, Fecha: hoy, Monto: '300.00', Motivo: 'Aporte en dólares' }));
  await ok(sup.post(`${F}/notas/salidas`, { IdCuentaFinanciera: dolares, Fecha: hoy, Monto: '100.00', Motivo: 'Servicio en dólares', IdCentroCosto: adm, IdElementoGasto: luz }));
  const anulada = await ok<{ Id: number }>(sup.post(`${F}/notas/salidas`, { IdCuentaFinanciera: caja, Fecha: hoy, Monto: '999.00', Motivo: 'Registrada por error', IdCentroCosto: adm }));
  await ok(sup.del(`${F}/movimientos/${anulada.Id}`), 200);

  // A worker of this company, paid from the bank for last month's approved payroll.
  const rrhh = (m: string, url: string, b?: object) => (m === 'POST' ? sup.post(`/api/rrhh${url}`, b ?? {}) : sup.get(`/api/rrhh${url}`));
  const t = await ok<{ Id: number }>(rrhh('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: '47112233', Nombres: 'Julia', ApePat: 'Flujo', ApeMat: 'Caja' }));
  await ok(rrhh('POST', '/v1/contratos/colaborador', { IdTrabajador: t.Id, Regimen: 2, FechaInicio: '2025-01-01', Remuneracion: '1500.00', SistemaPension: 'ONP' }));
  const [anio, m] = antes.split('-').map(Number);
  const n = await ok<{ Id: number }>(rrhh('POST', '/v1/nominas', { Anio: anio, Mes: m }));
  await ok(rrhh('POST', `/v1/nominas/${n.Id}/calculo`, { Novedades: [] }), 200);
  await ok(rrhh('POST', `/v1/nominas/${n.Id}/aprobacion`), 200);
  const pago = await ok<{ TotalPagado: string }>(rrhh('POST', `/v1/nominas/${n.Id}/pagos`, { IdCuentaFinanciera: banco, Fecha: hoy, NumeroOperacion: '445566' }), 200);
  pagoPlanilla = pago.TotalPagado;
}, 240_000);
afterAll(async () => e?.cerrar());

describe('flujo de caja por cuenta (reportes/tiposmovimientos)', () => {
  it('saldo inicial, ingresos y egresos por tipo de operación y saldo final de cada cuenta, como su saldo', async () => {
    // Micro company, ONP: 1,500 less 13 % ONP = 1,305.00 net (the same figure pago-planilla.test computes by hand).
    expect(pagoPlanilla).toBe('1305.00');
    const f = await ok<TFlujoCaja>(sup.get(`${F}/reportes/tiposmovimientos?desde=${desde}&hasta=${hoy}`), 200);
    expect(f).toMatchObject({ Desde: desde, Hasta: hoy });
    const cuenta = (id: number) => f.Data.find((c) => c.IdCuentaFinanciera === id)!;
    expect(cuenta(caja)).toEqual({
      IdCuentaFinanciera: caja, Nombre: 'Caja flujo', TipoCuenta: 'Caja', IdMoneda: 1, SaldoInicial: '8000.00',
      Conceptos: [
        { IdTipoOperacion: 4, Descripcion: 'Notas de salida', Ingresos: '0.00', Egresos: '365.50' },
        { IdTipoOperacion: 5, Descripcion: 'Depósitos de caja a banco', Ingresos: '0.00', Egresos: '5000.00' },
      ],
      TotalIngresos: '0.00', TotalEgresos: '5365.50', SaldoFinal: '2634.50',
    });
    expect(cuenta(banco)).toMatchObject({
      SaldoInicial: '0.00',
      Conceptos: [
        { IdTipoOperacion: 4, Descripcion: 'Notas de salida', Ingresos: '0.00', Egresos: '120.00' },
        { IdTipoOperacion: 5, Descripcion: 'Depósitos de caja a banco', Ingresos: '5000.00', Egresos: '0.00' },
        { IdTipoOperacion: 8, Descripcion: 'Pagos de planilla', Ingresos: '0.00', Egresos: '1305.00' },
        { IdTipoOperacion: null, Descripcion: 'ITF (impuesto a las transacciones financieras)', Ingresos: '0.00', Egresos: '0.25' },
      ],
      // 5,000.00 - 120.00 - 1,305.00 - 0.25
      TotalIngresos: '5000.00', TotalEgresos: '1425.25', SaldoFinal: '3574.75',
    });
    expect(cuenta(dolares)).toMatchObject({ IdMoneda: 2, TotalIngresos: '300.00', TotalEgresos: '100.00', SaldoFinal: '200.00' });
    // Totals per currency, never soles and dollars added.
    expect(f.Totales).toEqual([
      { IdMoneda: 1, SaldoInicial: '8000.00', TotalIngresos: '5000.00', TotalEgresos: '6790.75', SaldoFinal: '6209.25' },
      { IdMoneda: 2, SaldoInicial: '0.00', TotalIngresos: '300.00', TotalEgresos: '100.00', SaldoFinal: '200.00' },
    ]);
    // The closing balance is the account's balance (which now takes the payroll payment too).
    for (const id of [caja, banco, dolares]) {
      const s = await ok<TSaldoCuenta>(sup.get(`${F}/cuentasfinancieras/${id}/saldo`), 200);
      expect(s.Saldo).toBe(cuenta(id).SaldoFinal);
    }
    expect((await ok<TSaldoCuenta>(sup.get(`${F}/cuentasfinancieras/${banco}/saldo`), 200)).Pagos).toBe('1305.00');
  });

  it('una sola cuenta; el periodo anterior pasa al saldo inicial; sin fechas, el mes en curso', async () => {
    const solo = await ok<TFlujoCaja>(sup.get(`${F}/reportes/tiposmovimientos?idcuenta=${caja}&desde=${antes}&hasta=${antes}`), 200);
    expect(solo.Data).toHaveLength(1);
    expect(solo.Data[0]).toMatchObject({ SaldoInicial: '0.00', TotalIngresos: '8000.00', SaldoFinal: '8000.00', Conceptos: [{ IdTipoOperacion: 3, Descripcion: 'Notas de ingreso', Ingresos: '8000.00', Egresos: '0.00' }] });
    const porDefecto = await ok<TFlujoCaja>(sup.get(`${F}/reportes/tiposmovimientos?idcuenta=${caja}`), 200);
    expect(porDefecto).toMatchObject({ Desde: desde, Hasta: hoy, Data: [{ SaldoInicial: '8000.00', SaldoFinal: '2634.50' }] });
  });

  it('Excel con una fila por concepto y el saldo final de cada cuenta', async () => {
    const r = await sup.get(`${F}/reportes/tiposmovimientos/excel?desde=${desde}&hasta=${hoy}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="flujo-de-caja-${desde}-${hoy}.xlsx"`);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const filas = libro.worksheets[0].getSheetValues().filter(Boolean).map((f) => (f as unknown[]).slice(1));
    expect(filas).toContainEqual(['BCP flujo (Banco, Soles)', 'Saldo inicial', undefined, undefined, 0]);
    expect(filas).toContainEqual(['', 'Pagos de planilla', 0, 1305]);
    expect(filas).toContainEqual(['', 'Saldo final', 5000, 1425.25, 3574.75]);
  });
});

describe('gastos por centro de costo y elemento (reportes/elementosgastos)', () => {
  it('las notas de salida del periodo en soles, por centro y elemento, el mayor primero; la anulada no cuenta', async () => {
    const g = await ok<TGastosCentro>(sup.get(`${F}/reportes/elementosgastos?desde=${desde}&hasta=${hoy}`), 200);
    // US$ 100.00 at 3.750 = S/ 375.00; Administración 320.50 + 375.00; Ventas 45.00 + 120.00.
    expect(g).toEqual({
      Desde: desde,
      Hasta: hoy,
      Total: '860.50',
      Data: [
        { IdCentroCosto: adm, CentroCosto: 'ADM - Administración', Monto: '695.50', Porcentaje: '80.83', Elementos: [{ IdElementoGasto: luz, Elemento: 'LUZ - Energía eléctrica', Movimientos: 2, Monto: '695.50' }] },
        { IdCentroCosto: ventas, CentroCosto: 'VTA - Ventas', Monto: '165.00', Porcentaje: '19.17', Elementos: [{ IdElementoGasto: movilidad, Elemento: 'MOV - Movilidad', Movimientos: 2, Monto: '165.00' }] },
      ],
    });
    const x = await sup.get(`${F}/reportes/elementosgastos/excel?desde=${desde}&hasta=${hoy}`);
    expect(x.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const filas = libro.worksheets[0].getSheetValues().filter(Boolean).map((f) => (f as unknown[]).slice(1));
    expect(filas).toContainEqual(['VTA - Ventas', 'MOV - Movilidad', 2, 165]);
    expect(filas).toContainEqual(['Total', '', undefined, 860.5, 100]);
  });
});

describe('quién consulta y datos no válidos', () => {
  it('otra empresa no ve las cuentas ni los gastos de esta; el cajero no tiene el permiso; fechas en español', async () => {
    const ajena = await ok<TFlujoCaja>(otra.get(`${F}/reportes/tiposmovimientos?desde=${desde}&hasta=${hoy}`), 200);
    expect(ajena.Data.some((c) => [caja, banco, dolares].includes(c.IdCuentaFinanciera))).toBe(false);
    expect((await otra.get(`${F}/reportes/tiposmovimientos?idcuenta=${caja}`)).statusCode).toBe(404);
    const gastos = await ok<TGastosCentro>(otra.get(`${F}/reportes/elementosgastos?desde=${desde}&hasta=${hoy}`), 200);
    expect(gastos.Data.some((c) => c.IdCentroCosto === adm || c.IdCentroCosto === ventas)).toBe(false);
    for (const ruta of ['tiposmovimientos', 'tiposmovimientos/excel', 'elementosgastos', 'elementosgastos/excel']) expect((await cajero.get(`${F}/reportes/${ruta}`)).statusCode).toBe(403);
    const mal = await sup.get(`${F}/reportes/tiposmovimientos?desde=2026-13-01&hasta=x&idcuenta=-1`);
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toMatchObject({ ErrorId: 500001 });
    expect(Object.keys(mal.json().Errores).sort()).toEqual(['desde', 'hasta', 'idcuenta']);
    const alReves = await sup.get(`${F}/reportes/elementosgastos?desde=${hoy}&hasta=${antes}`);
    expect(alReves.statusCode).toBe(400);
    expect(alReves.json().Errores).toEqual({ hasta: 'La fecha final no puede ser anterior a la inicial' });
  });
});
