// Branch movfin (issue 14, "Accounts and movements"): movements on financial accounts and bank reconciliation through
// the real HTTP stack (PGlite by default, PostgreSQL with TEST_DATABASE_URL): notas, a deposit that moves cash to the
// bank with its ITF, a dollar transfer at the day's rate, the entries (balanced, reversed), the statement import with
// its proposals, and the refusals (reconciled, another company, cashier). decisions.md "movfin".
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TExtracto, type TMovimientoFinanciero, type TSaldoCuenta } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, type Cliente } from '../contabilidad/ayudas';
import { calcularItf } from '../../src/modules/finanzas/movimientos.service';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let caja: number;
let banco: number;
let bancoUsd: number;
let centro: number;
let elemento: number;
const F = '/api/finanzas/v1';
const hoy = hoyLima();
const fechaBanco = hoy.split('-').reverse().join('/');

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string; centro: number | null }>(sql`
      select c.codigo, l.debe::text, l.haber::text, l.id_centro_costo as centro from asiento_linea l join asiento_contable a on a.id = l.id_asiento
        join cuenta_contable c on c.id = l.id_cuenta where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => [l.codigo, l.debe, l.haber, l.centro === null ? null : Number(l.centro)]);
const saldo = async (id: number) => {
  const r = await sup.get(`${F}/cuentasfinancieras/${id}/saldo`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as TSaldoCuenta).Saldo;
};
const b64 = (t: string) => Buffer.from(t, 'utf8').toString('base64');

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  caja = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 2, Nombre: 'Caja principal mov', IdMoneda: 1 })).json().Id;
  banco = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'BCP soles mov', Banco: 'BCP', NumeroCuenta: '191-1234567-0-99', IdMoneda: 1 })).json().Id;
  bancoUsd = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'BBVA dólares mov', Banco: 'BBVA', NumeroCuenta: '0011-0123-0100012345', IdMoneda: 2 })).json().Id;
  centro = (await sup.post(`${F}/centroscostos`, { Codigo: 'ADM-MOV', Nombre: 'Administración' })).json().Id;
  const el = await sup.post(`${F}/elementosgastos`, { Codigo: 'SERV', Nombre: 'Servicios básicos' });
  expect(el.statusCode, el.body).toBe(201);
  elemento = el.json().Id;
  expect((await sup.post(`${F}/tiposcambios`, { Fecha: hoy, Compra: '3.700', Venta: '3.750' })).statusCode).toBe(201);
}, 180_000);
afterAll(async () => e?.cerrar());

describe('movimientos de cuentas financieras', () => {
  let deposito: TMovimientoFinanciero;

  it('ITF: 0.005 % truncado al múltiplo de 0.05 inferior', () => {
    expect(calcularItf('999.99').toFixed(2)).toBe('0.00');
    expect(calcularItf('1000.00').toFixed(2)).toBe('0.05');
    expect(calcularItf('1234.56').toFixed(2)).toBe('0.05');
    expect(calcularItf('19999.99').toFixed(2)).toBe('0.95');
    expect(calcularItf('25000.00').toFixed(2)).toBe('1.25');
  });

  it('nota de ingreso a caja con centro de costo y elemento de gasto: 101 D / 759 H', async () => {
    const r = await sup.post(`${F}/notas/ingresos`, { IdCuentaFinanciera: caja, Monto: '5000.00', Motivo: 'Aporte de efectivo', IdCentroCosto: centro, IdElementoGasto: elemento });
    expect(r.statusCode, r.body).toBe(201);
    const m = r.json() as TMovimientoFinanciero;
    expect(m).toMatchObject({ IdTipoOperacion: 3, TipoOperacion: 'Ingreso', IdTipoMovimiento: 1, Monto: '5000.00', MontoSoles: '5000.00', Itf: '0.00', CentroCosto: 'ADM-MOV Administración', ElementoGasto: 'SERV Servicios básicos', Conciliado: false });
    expect(m.Numero).toMatch(/^MF-\d+$/);
    expect(await lineasDe(`MOV:${m.Id}`)).toEqual([
      ['101', '5000.00', '0.00', null],
      ['759', '0.00', '5000.00', centro],
    ]);
    expect(await saldo(caja)).toBe('5000.00');
  });

  it('un depósito mueve el efectivo de la caja al banco, con su ITF (1041 / 101, 6412 / 1041)', async () => {
    const r = await sup.post(`${F}/movimientos/depositos`, { IdCuentaOrigen: caja, IdCuentaDestino: banco, Monto: '1234.56', Motivo: 'Depósito de la venta del día', NumeroOperacion: '00123456' });
    expect(r.statusCode, r.body).toBe(201);
    const o = r.json() as TMovimientoFinanciero;
    expect(o).toMatchObject({ IdTipoOperacion: 5, TipoOperacion: 'Depósito cuenta', IdTipoMovimiento: 2, IdCuentaFinanciera: caja, Monto: '1234.56', Itf: '0.00', CuentaPar: 'BCP soles mov' });
    deposito = (await sup.get(`${F}/movimientos/${o.IdMovimientoPar}`)).json();
    expect(deposito).toMatchObject({ IdTipoMovimiento: 1, IdCuentaFinanciera: banco, Monto: '1234.56', Itf: '0.05', Numero: o.Numero, IdMovimientoPar: o.Id });
    expect(await saldo(caja)).toBe('3765.44');
    expect(await saldo(banco)).toBe('1234.51');
    expect(await lineasDe(`MOV:${o.Id}`)).toEqual([
      ['1041', '1234.56', '0.00', null],
      ['101', '0.00', '1234.56', null],
      ['6412', '0.05', '0.00', null],
      ['1041', '0.00', '0.05', null],
    ]);
    // From a bank is not a deposit; another company's account is not found.
    const malo = await sup.post(`${F}/movimientos/depositos`, { IdCuentaOrigen: banco, IdCuentaDestino: caja, Monto: '10.00', Motivo: 'Al revés' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().Errores).toMatchObject({ IdCuentaOrigen: 'Un depósito sale de una caja o caja chica' });
  });

  it('transferencia en dólares al tipo de cambio del día (sin ITF entre cuentas propias) y de dólares a caja', async () => {
    const r = await sup.post(`${F}/movimientos/cuentasbancarias`, { IdCuentaOrigen: banco, IdCuentaDestino: bancoUsd, Monto: '375.00', Motivo: 'Compra de dólares' });
    expect(r.statusCode, r.body).toBe(201);
    const o = r.json() as TMovimientoFinanciero;
    expect(o).toMatchObject({ IdTipoOperacion: 7, Monto: '375.00', MontoSoles: '375.00', TipoCambio: '3.7500', Itf: '0.00' });
    const d = (await sup.get(`${F}/movimientos/${o.IdMovimientoPar}`)).json();
    expect(d).toMatchObject({ IdMoneda: 2, Monto: '100.00', MontoSoles: '375.00', Itf: '0.00' });
    expect(await saldo(bancoUsd)).toBe('100.00');
    expect(await saldo(banco)).toBe('859.51');
    expect(await lineasDe(`MOV:${o.Id}`)).toEqual([
      ['1041', '375.00', '0.00', null],
      ['1041', '0.00', '375.00', null],
    ]);
    // US$ 33.33 to the cash box: S/ 124.99 (33.33 x 3.75 = 124.9875, half up).
    const c = await sup.post(`${F}/movimientos/cuentasbancarias`, { IdCuentaOrigen: bancoUsd, IdCuentaDestino: caja, Monto: '33.33', Motivo: 'Retiro en dólares' });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json()).toMatchObject({ Monto: '33.33', MontoSoles: '124.99', Itf: '0.00' });
    expect((await sup.get(`${F}/movimientos/${c.json().IdMovimientoPar}`)).json()).toMatchObject({ Monto: '124.99', IdMoneda: 1 });
    expect(await saldo(bancoUsd)).toBe('66.67');
    expect(await saldo(caja)).toBe('3890.43');
    expect(await lineasDe(`MOV:${c.json().Id}`)).toEqual([
      ['101', '124.99', '0.00', null],
      ['1041', '0.00', '124.99', null],
    ]);
  });

  it('nota de salida del banco (ITF 0.00: menos de S/ 1,000) al 659 con su centro; búsqueda por cuenta, tipo y fechas', async () => {
    const r = await sup.post(`${F}/notas/salidas`, { IdCuentaFinanciera: banco, Monto: '100.00', Motivo: 'Pago de luz', IdCentroCosto: centro, IdElementoGasto: elemento });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ IdTipoOperacion: 4, Itf: '0.00' });
    expect(await lineasDe(`MOV:${r.json().Id}`)).toEqual([
      ['659', '100.00', '0.00', centro],
      ['1041', '0.00', '100.00', null],
    ]);
    expect(await saldo(banco)).toBe('759.51');
    const b = await sup.get(`${F}/movimientos/busquedas?idcuenta=${banco}&tipo=5&desde=${hoy}&hasta=${hoy}`);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().Data.map((m: TMovimientoFinanciero) => [m.Id, m.Monto])).toEqual([[deposito.Id, '1234.56']]);
    const todas = (await sup.get(`${F}/cuentasfinancieras/${banco}/movimientos`)).json();
    expect(todas.Count).toBe(3);
    const malo = await sup.get(`${F}/movimientos/busquedas?desde=${hoy}&hasta=2001-01-01`);
    expect(malo.statusCode).toBe(400);
  });

  it('el extracto bancario (perfil BCP) propone y concilia el depósito y su ITF; conciliado no se elimina', async () => {
    const csv = [
      'Cuenta;191-1234567-0-99',
      '',
      'Fecha;Fecha valuta;Descripción operación;Monto;Saldo;Sucursal - agencia;Operación - Número;Operación - Hora',
      `${fechaBanco};${fechaBanco};DEPOSITO EFECTIVO;1,234.56;1,234.56;LIMA;123456;10:15`,
      `${fechaBanco};${fechaBanco};ITF;-0.05;1,234.51;LIMA;123457;10:15`,
      `${fechaBanco};${fechaBanco};ABONO DESCONOCIDO;99.00;1,333.51;LIMA;555;11:00`,
      'Total;;;;;;;',
    ].join('\r\n');
    const r = await sup.post(`${F}/conciliaciones/extractos`, { IdCuentaFinanciera: banco, Perfil: 'BCP', NombreArchivo: 'bcp.csv', ArchivoBase64: b64(csv) });
    expect(r.statusCode, r.body).toBe(201);
    const x = r.json() as TExtracto;
    expect(x.Lineas.map((l) => [l.Fila, l.Fecha, l.Descripcion, l.NumeroOperacion, l.Monto])).toEqual([
      [4, hoy, 'DEPOSITO EFECTIVO', '123456', '1234.56'],
      [5, hoy, 'ITF', '123457', '-0.05'],
      [6, hoy, 'ABONO DESCONOCIDO', '555', '99.00'],
    ]);
    expect(x.Lineas.map((l) => l.Propuesta && [l.Propuesta.Tipo, l.Propuesta.Id])).toEqual([['M', deposito.Id], ['I', deposito.Id], null]);
    // The account's operations of the period not reconciled yet (the proposals are only confirmed below).
    expect(x.SinConciliarLibro.map((o) => o.Monto).sort()).toEqual(['-0.05', '-100.00', '-375.00', '1234.56']);
    // A wrong amount is refused; then the proposals are confirmed.
    const mal = await sup.post(`${F}/conciliaciones/extractos/${x.Id}/conciliaciones`, { Pares: [{ IdLinea: x.Lineas[2].Id, Tipo: 'M', IdOperacion: deposito.Id }] });
    expect(mal.statusCode).toBe(400);
    const c = await sup.post(`${F}/conciliaciones/extractos/${x.Id}/conciliaciones`, {
      Pares: x.Lineas.slice(0, 2).map((l) => ({ IdLinea: l.Id, Tipo: l.Propuesta!.Tipo, IdOperacion: l.Propuesta!.Id })),
    });
    expect(c.statusCode, c.body).toBe(200);
    expect((c.json() as TExtracto).Lineas.map((l) => l.Conciliada)).toEqual([true, true, false]);
    const otraVez = await sup.post(`${F}/conciliaciones/extractos/${x.Id}/conciliaciones`, { Pares: [{ IdLinea: x.Lineas[2].Id, Tipo: 'M', IdOperacion: deposito.Id }] });
    expect(otraVez.statusCode).toBe(400); // amount 99.00 differs before anything else
    expect((await sup.get(`${F}/movimientos/${deposito.Id}`)).json().Conciliado).toBe(true);
    // Deleting either side of the reconciled deposit is refused in Spanish.
    for (const id of [deposito.Id, deposito.IdMovimientoPar!]) {
      const d = await sup.del(`${F}/movimientos/${id}`);
      expect(d.statusCode).toBe(409);
      expect(d.json()).toMatchObject({ ErrorId: ErrorCodes.MOVIMIENTO_CONCILIADO });
      expect(d.json().Mensaje).toMatch(/está conciliado con el extracto bancario: no se puede eliminar/);
    }
    // Undo the two matches; then the deposit can be deleted, its entry is reversed and the balances come back.
    for (const l of x.Lineas.slice(0, 2)) expect((await sup.del(`${F}/conciliaciones/extractos/${x.Id}/lineas/${l.Id}`)).statusCode).toBe(200);
    const d = await sup.del(`${F}/movimientos/${deposito.Id}`);
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json()).toMatchObject({ Anulado: true });
    expect(await lineasDe(`ANULA-MOV:${deposito.IdMovimientoPar}`)).toEqual([
      ['1041', '0.00', '1234.56', null],
      ['101', '1234.56', '0.00', null],
      ['6412', '0.00', '0.05', null],
      ['1041', '0.05', '0.00', null],
    ]);
    expect(await saldo(banco)).toBe('-475.00');
    expect(await saldo(caja)).toBe('5124.99');
    const dos = await sup.del(`${F}/movimientos/${deposito.IdMovimientoPar}`);
    expect(dos.statusCode).toBe(409);
    expect(dos.json().ErrorId).toBe(ErrorCodes.MOVIMIENTO_ANULADO);
  });

  it('perfil configurable (columnas por número, cargo y abono) y Excel con el perfil Interbank', async () => {
    const csv = ['01;' + fechaBanco + ';PAGO PROVEEDOR;100.00;;A1', '02;' + fechaBanco + ';ABONO;;50,00;A2'].join('\n');
    const r = await sup.post(`${F}/conciliaciones/extractos`, {
      IdCuentaFinanciera: banco, Perfil: 'GENERICO', Columnas: { Fecha: '2', Descripcion: '3', Cargo: '4', Abono: '5', NumeroOperacion: '6' }, NombreArchivo: 'propio.csv', ArchivoBase64: b64(csv),
    });
    expect(r.statusCode, r.body).toBe(201);
    const x = r.json() as TExtracto;
    expect(x.Lineas.map((l) => [l.Monto, l.NumeroOperacion])).toEqual([['-100.00', 'A1'], ['50.00', 'A2']]);
    expect(x.Lineas[0].Propuesta).toMatchObject({ Tipo: 'M', Monto: '-100.00' });

    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Movimientos');
    hoja.addRow(['Fecha de operación', 'Fecha de proceso', 'Nro. de operación', 'Movimiento', 'Descripción', 'Cargo', 'Abono', 'Saldo contable']);
    hoja.addRow([new Date(`${hoy}T00:00:00Z`), new Date(`${hoy}T00:00:00Z`), '000777', 'TRANSF', 'TRANSFERENCIA A BBVA', 375, null, 0]);
    const xlsx = Buffer.from(await libro.xlsx.writeBuffer()).toString('base64');
    const i = await sup.post(`${F}/conciliaciones/extractos`, { IdCuentaFinanciera: banco, Perfil: 'INTERBANK', NombreArchivo: 'ibk.xlsx', ArchivoBase64: xlsx });
    expect(i.statusCode, i.body).toBe(201);
    expect((i.json() as TExtracto).Lineas.map((l) => [l.Fecha, l.Monto, l.Propuesta?.Monto])).toEqual([[hoy, '-375.00', '-375.00']]);
    // A file without the profile's headers: a Spanish 400, never a 5xx.
    const malo = await sup.post(`${F}/conciliaciones/extractos`, { IdCuentaFinanciera: banco, Perfil: 'BBVA', NombreArchivo: 'x.csv', ArchivoBase64: b64('hola;mundo\n1;2') });
    expect(malo.statusCode).toBe(400);
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.EXTRACTO_SIN_LINEAS });
    expect(malo.json().Mensaje).toMatch(/perfil BBVA/);
    const caj = await sup.post(`${F}/conciliaciones/extractos`, { IdCuentaFinanciera: caja, Perfil: 'BCP', NombreArchivo: 'x.csv', ArchivoBase64: b64('a') });
    expect(caj.statusCode).toBe(400);
  });

  it('cada asiento de movimiento y su reversión cuadra', async () => {
    const r = await filas<{ clave_origen: string; debe: string; haber: string }>(sql`
      select a.clave_origen, sum(l.debe)::text as debe, sum(l.haber)::text as haber from asiento_contable a join asiento_linea l on l.id_asiento = a.id
       where a.clave_origen like 'MOV:%' or a.clave_origen like 'ANULA-MOV:%' group by a.clave_origen`);
    expect(r.length).toBe(6);
    for (const a of r) expect([a.clave_origen, a.debe]).toEqual([a.clave_origen, a.haber]);
  });

  it('otra empresa recibe 404; el cajero 403; datos inválidos 400 en español', async () => {
    expect((await otra.get(`${F}/cuentasfinancieras/${banco}/saldo`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/cuentasfinancieras/${banco}/movimientos`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/movimientos/${deposito.Id}`)).statusCode).toBe(404);
    expect((await otra.del(`${F}/movimientos/${deposito.Id}`)).statusCode).toBe(404);
    expect((await otra.post(`${F}/movimientos/depositos`, { IdCuentaOrigen: caja, IdCuentaDestino: banco, Monto: '1.00', Motivo: 'Ajeno' })).statusCode).toBe(404);
    expect((await otra.post(`${F}/notas/ingresos`, { IdCuentaFinanciera: caja, Monto: '1.00', Motivo: 'Ajeno' })).statusCode).toBe(404);
    const ext = (await sup.get(`${F}/conciliaciones/extractos?idcuenta=${banco}`)).json();
    expect(ext.Count).toBe(3);
    expect((await otra.get(`${F}/conciliaciones/extractos/${ext.Data[0].Id}`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/conciliaciones/extractos`)).json().Count).toBe(0);
    expect((await otra.post(`${F}/conciliaciones/extractos`, { IdCuentaFinanciera: banco, Perfil: 'BCP', NombreArchivo: 'x.csv', ArchivoBase64: b64('a;b') })).statusCode).toBe(404);
    expect((await otra.post(`${F}/notas/salidas`, { IdCuentaFinanciera: (await otra.get(`${F}/cuentasfinancieras`)).json().Data[0]?.Id ?? 1, Monto: '1.00', Motivo: 'Con centro ajeno', IdCentroCosto: centro })).statusCode).not.toBe(201);

    expect((await cajero.get(`${F}/movimientos/busquedas`)).statusCode).toBe(403);
    expect((await cajero.post(`${F}/notas/ingresos`, { IdCuentaFinanciera: caja, Monto: '1.00', Motivo: 'Cajero' })).statusCode).toBe(403);
    expect((await cajero.post(`${F}/movimientos/depositos`, { IdCuentaOrigen: caja, IdCuentaDestino: banco, Monto: '1.00', Motivo: 'Cajero' })).statusCode).toBe(403);
    expect((await cajero.get(`${F}/conciliaciones/extractos`)).statusCode).toBe(403);

    const malo = await sup.post(`${F}/notas/ingresos`, { IdCuentaFinanciera: caja, Monto: 'abc', Motivo: 'x' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().ErrorId).toBe(ErrorCodes.VALIDACION);
    expect(malo.json().Errores).toMatchObject({ Monto: expect.stringMatching(/número/), Motivo: expect.stringMatching(/motivo/) });
    const mismo = await sup.post(`${F}/movimientos/cajas`, { IdCuentaOrigen: caja, IdCuentaDestino: caja, Monto: '1.00', Motivo: 'Mismo' });
    expect(mismo.json().Errores).toMatchObject({ IdCuentaDestino: 'La cuenta de destino debe ser distinta de la de origen' });
  });
});
