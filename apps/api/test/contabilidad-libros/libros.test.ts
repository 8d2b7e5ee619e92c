// Accounting books (issue 15) through the real stack on PGlite: chart, manual entries, periods, the automatic posting
// of issued sales documents (idempotent, never stalled by a bad document), trial balance, ledger, PLE 5.1, access.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TAsiento, type TBalanceComprobacion, type TCuentaContable, type TLibroMayor } from '@yupana/contracts';
import { contabilizarVentas } from '../../src/modules/contabilidad/libros/contabilizacion';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, CLIENTE_RUC, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const B = '/api/finanzas/v1';
const cuentas = new Map<string, TCuentaContable>();
const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  for (const c of (await sup.get(`${B}/cuentascontables`)).json<{ Data: TCuentaContable[] }>().Data) cuentas.set(c.Codigo, c);
}, 120_000);
afterAll(async () => e?.cerrar());

const id = (codigo: string) => cuentas.get(codigo)!.Id;

describe('plan de cuentas', () => {
  it('carga el PCGE 2019 con elementos de 2 dígitos y las cuentas de los asientos automáticos', () => {
    for (const c of ['10', '12', '1212', '40', '40111', '60', '70', '70111']) expect(cuentas.get(c), c).toBeDefined();
    expect(cuentas.get('12')).toMatchObject({ Pcge: true, AceptaMovimiento: false, Naturaleza: 'D', Nivel: 2 });
    expect(cuentas.get('40111')).toMatchObject({ AceptaMovimiento: true, Naturaleza: 'A' });
  });

  it('crea una subcuenta bajo una cuenta del plan y la cuenta padre deja de aceptar movimientos', async () => {
    const r = await sup.post(`${B}/cuentascontables`, { Codigo: '104101', Descripcion: 'BCP cuenta corriente soles' });
    expect(r.statusCode, r.body).toBe(201);
    const c = r.json<TCuentaContable>();
    expect(c).toMatchObject({ Codigo: '104101', Naturaleza: 'D', Pcge: false, AceptaMovimiento: true, Nivel: 6 });
    cuentas.set('104101', c);
    const padre = (await sup.get(`${B}/cuentascontables?filtro=1041`)).json<{ Data: TCuentaContable[] }>().Data.find((x) => x.Codigo === '1041');
    expect(padre?.AceptaMovimiento).toBe(false);
    // Code hierarchy: the parent must exist; duplicates are refused.
    expect((await sup.post(`${B}/cuentascontables`, { Codigo: '154101', Descripcion: 'Sin padre' })).json()).toMatchObject({ Errores: { Codigo: expect.stringContaining('No existe una cuenta superior') } });
    expect((await sup.post(`${B}/cuentascontables`, { Codigo: '104101', Descripcion: 'Otra' })).json()).toMatchObject({ Errores: { Codigo: 'Ya existe la cuenta 104101' } });
    // PCGE rows are read-only.
    expect((await sup.put(`${B}/cuentascontables/${id('1212')}`, { Codigo: '1212', Descripcion: 'x' })).statusCode).toBe(400);
    expect((await sup.put(`${B}/cuentascontables/${c.Id}`, { Codigo: '104101', Descripcion: 'BCP cta. cte. soles' })).json()).toMatchObject({ Descripcion: 'BCP cta. cte. soles' });
  });
});

describe('asientos manuales y periodos', () => {
  const asiento = (Fecha: string, lineas: [string, string, string][]) => ({
    IdDiario: 5,
    Fecha,
    Glosa: 'Aporte de capital en efectivo',
    Lineas: lineas.map(([c, Debe, Haber]) => ({ IdCuenta: id(c), Debe, Haber })),
  });

  it('registra un asiento cuadrado y rechaza uno descuadrado', async () => {
    const r = await sup.post(`${B}/libros/asientos`, asiento('2026-10-05', [['104101', '10000.50', '0'], ['5011', '0', '10000.50']]));
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json<TAsiento>()).toMatchObject({ Numero: 'M0001', Periodo: '2026-10', TotalDebe: '10000.50', TotalHaber: '10000.50', Origen: 'MANUAL' });
    const mal = await sup.post(`${B}/libros/asientos`, asiento('2026-10-06', [['104101', '100.10', '0'], ['5011', '0', '100.01']]));
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Lineas: 'El asiento no cuadra: el debe suma 100.10 y el haber 100.01' } });
  });

  it('no admite cuentas con subcuentas ni líneas con debe y haber a la vez', async () => {
    const r = await sup.post(`${B}/libros/asientos`, asiento('2026-10-06', [['1041', '50', '0'], ['5011', '0', '50']]));
    expect(r.json()).toMatchObject({ Errores: { 'Lineas.0.IdCuenta': 'La cuenta 1041 tiene subcuentas: registre en la cuenta de último nivel' } });
    const ambos = await sup.post(`${B}/libros/asientos`, asiento('2026-10-06', [['101', '50', '50'], ['5011', '0', '0']]));
    expect(ambos.statusCode).toBe(400);
  });

  it('un periodo cerrado rechaza asientos en español y al reabrirlo vuelve a aceptarlos', async () => {
    const c = await sup.post(`${B}/libros/periodos/2026-09/cierre`, {});
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ Periodo: '2026-09', Estado: 'CERRADO' });
    const r = await sup.post(`${B}/libros/asientos`, asiento('2026-09-30', [['101', '20', '0'], ['5011', '0', '20']]));
    expect(r.statusCode).toBe(400);
    expect(r.json().Mensaje).toBe('El periodo 2026-09 está cerrado: no admite asientos. Reábralo para registrar.');
    const lista = (await sup.get(`${B}/libros/periodos?anio=2026`)).json<{ Data: { Periodo: string; Estado: string; Asientos: number }[] }>().Data;
    expect(lista).toHaveLength(12);
    expect(lista.find((p) => p.Periodo === '2026-09')).toMatchObject({ Estado: 'CERRADO', Asientos: 0 });
    expect(lista.find((p) => p.Periodo === '2026-10')).toMatchObject({ Estado: 'ABIERTO', Asientos: 1 });
    expect((await sup.post(`${B}/libros/periodos/2026-09/reapertura`, {})).json()).toMatchObject({ Estado: 'ABIERTO' });
    expect((await sup.post(`${B}/libros/asientos`, asiento('2026-09-30', [['101', '20', '0'], ['5011', '0', '20']]))).statusCode).toBe(201);
  });
});

let idFactura: number;
describe('asientos automáticos de ventas', () => {

  it('una factura emitida produce exactamente su asiento 12 / 40111 / 70 al emitirse, y el trabajo no lo duplica', async () => {
    const r = await sup.post('/api/contabilidad/v1/documentoContable', factura(await idSerie(sup, 1003, 'F001')));
    expect(r.statusCode, r.body).toBe(201);
    const f = r.json<{ Id: number; SerieNumero: string; MontoTotal: string }>();
    idFactura = f.Id;
    const [doc] = await filas<{ monto_total: string; monto_igv: string }>(sql`select monto_total, monto_igv from documento_contable where id = ${f.Id}`);
    // 2 x 25.90 with IGV (base 43.90, IGV 7.90) + delivery 10.00 + IGV 1.80.
    expect([doc.monto_total, doc.monto_igv]).toEqual(['63.60', '9.70']);
    // Posted in the issue's own transaction (alEmitirDocumento): the safety-net job finds nothing to do.
    const uno = await contabilizarVentas(e.dbh.db, 0);
    expect(uno.contabilizados).toBe(0);
    // The cursor was lost (a crash before it was saved): the second run writes nothing again.
    const dos = await contabilizarVentas(e.dbh.db, 0);
    expect(dos.contabilizados).toBe(0);
    const ya = await sup.post(`${B}/libros/contabilizacion`, {});
    expect(ya.json()).toMatchObject({ Contabilizados: 0 });
    const asientos = await filas<{ n: number }>(sql`select count(*)::int as n from asiento_contable where clave_origen = ${`VENTA:${f.Id}`}`);
    expect(asientos[0].n).toBe(1);
    const periodo = hoyLima().slice(0, 7);
    const lista = (await sup.get(`${B}/libros/asientos?periodo=${periodo}&regxpag=200`)).json<{ Data: TAsiento[] }>().Data;
    const a = lista.find((x) => x.Documento === f.SerieNumero && x.Origen === 'VENTA')!;
    expect(a).toMatchObject({ Origen: 'VENTA', IdDiario: 1, TotalDebe: '63.60', TotalHaber: '63.60', Fecha: hoyLima() });
    expect(a.Lineas.map((l) => [l.Codigo, l.Debe, l.Haber])).toEqual([
      ['1212', '63.60', '0.00'],
      ['40111', '0.00', '9.70'],
      ['70111', '0.00', '53.90'],
    ]);
  });

  it('un documento en dólares sin tipo de cambio queda pendiente con su motivo y no detiene los siguientes', async () => {
    const serie = await idSerie(sup, 1003, 'F001');
    const usd = (await sup.post('/api/contabilidad/v1/documentoContable', factura(serie, { IdMoneda: 2 }))).json<{ Id: number; SerieNumero: string }>();
    const pen = (await sup.post('/api/contabilidad/v1/documentoContable', factura(serie))).json<{ Id: number; SerieNumero: string }>();
    expect(usd.Id).toBeLessThan(pen.Id);
    // The issue hook posted the soles one and left the dollar one pending (the document itself was issued).
    const r = await contabilizarVentas(e.dbh.db, idFactura);
    expect(r).toMatchObject({ contabilizados: 0, pendientes: 1 });
    const pend = (await sup.get(`${B}/libros/pendientes`)).json<{ Data: { Documento: string; Motivo: string }[] }>().Data;
    const fecha = hoyLima().split('-').reverse().join('/');
    expect(pend).toEqual([expect.objectContaining({ Documento: usd.SerieNumero, Motivo: `Documento en dólares sin tipo de cambio registrado para el ${fecha}` })]);
    expect((await filas(sql`select 1 from asiento_contable where clave_origen = ${`VENTA:${pen.Id}`}`)).length).toBe(1);
    // With the exchange rate the pending document is posted on the next run, in soles, and leaves the pending list.
    expect((await sup.post(`${B}/tiposcambios`, { Fecha: hoyLima(), Compra: '3.740', Venta: '3.750' })).statusCode).toBe(201);
    const r2 = await contabilizarVentas(e.dbh.db, r.cursor);
    expect(r2).toMatchObject({ contabilizados: 1, pendientes: 0 });
    expect((await sup.get(`${B}/libros/pendientes`)).json().Data).toEqual([]);
    const [l] = await filas<{ total_debe: string }>(sql`select total_debe from asiento_contable where clave_origen = ${`VENTA:${usd.Id}`}`);
    expect(l.total_debe).toBe('238.50'); // 63.60 x 3.750
  });

  it('una nota de crédito invierte el asiento de la venta', async () => {
    const nc = await sup.post('/api/contabilidad/v1/documentoContable', {
      IdTipoDocumento: 1005, IdSerie: await idSerie(sup, 1005, 'F001'), FechaEmision: hoyLima(),
      ListaItems: [{ ItemDescripcion: 'DEVOLUCIÓN ARROZ COSTEÑO 5 KG', Cantidad: '1', PrecioUnitario: '25.90' }],
      ListaEntidades: [CLIENTE_RUC],
      ListaReferencias: [{ IdDocumentoReferencia: idFactura, CodigoMotivo: '07', DescripcionMotivo: 'DEVOLUCIÓN POR ÍTEM' }],
    });
    expect(nc.statusCode, nc.body).toBe(201);
    expect((await sup.post(`${B}/libros/contabilizacion`, {})).json()).toMatchObject({ Contabilizados: 0, Pendientes: 0 });
    const [a] = await filas<{ id: number }>(sql`select id from asiento_contable where clave_origen = ${`VENTA:${nc.json().Id}`}`);
    const lineas = await filas<{ codigo: string; debe: string; haber: string }>(sql`select c.codigo, l.debe, l.haber from asiento_linea l join cuenta_contable c on c.id = l.id_cuenta where l.id_asiento = ${a.id} order by l.orden`);
    expect(lineas.map((x) => [x.codigo, x.debe, x.haber])).toEqual([
      ['1212', '0.00', '25.90'],
      ['40111', '3.95', '0.00'],
      ['70111', '21.95', '0.00'],
    ]);
  });
});

describe('balance de comprobación, libro mayor y PLE', () => {
  it('el balance del periodo tiene totales iguales y el saldo inicial de los meses anteriores', async () => {
    const periodo = hoyLima().slice(0, 7);
    const b = (await sup.get(`${B}/libros/balance?periodo=${periodo}`)).json<TBalanceComprobacion>();
    expect(b.Totales.Debe).toBe(b.Totales.Haber);
    expect(b.Totales.SaldoDeudor).toBe(b.Totales.SaldoAcreedor);
    expect(b.Totales.SaldoInicialDebe).toBe(b.Totales.SaldoInicialHaber);
    expect(b.Filas.find((f) => f.Codigo === '104101')).toMatchObject({ SaldoInicialDebe: '10000.50', SaldoDeudor: '10000.50' });
    // Debe 63.60 + 63.60 + 238.50; haber the credit note's 25.90 and the collections of those contado sales (10 / 12 at
    // their issue): the credit note of a paid sale leaves 25.90 owed back to the customer.
    expect(b.Filas.find((f) => f.Codigo === '1212')).toMatchObject({ Debe: '365.70', Haber: '391.60', SaldoDeudor: '0.00', SaldoAcreedor: '25.90' });
    const x = await sup.get(`${B}/libros/balance/excel?periodo=${periodo}`);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    const totales = hoja.getRow(hoja.rowCount).values as unknown[];
    expect(totales[2]).toBe('Totales');
    expect(totales[5]).toBe(totales[6]);
  });

  it('el libro mayor lleva el saldo acumulado de la cuenta', async () => {
    const m = (await sup.get(`${B}/libros/mayor?periodo=2026-10&idcuenta=${id('104101')}`)).json<TLibroMayor>();
    expect(m).toMatchObject({ Codigo: '104101', SaldoInicial: '0.00', TotalDebe: '10000.50', SaldoFinal: '10000.50' });
    expect(m.Movimientos).toEqual([expect.objectContaining({ Numero: 'M0001', Debe: '10000.50', Saldo: '10000.50' })]);
    expect((await sup.get(`${B}/libros/mayor/excel?periodo=2026-10&idcuenta=${id('104101')}`)).statusCode).toBe(200);
  });

  it('el libro diario PLE 5.1 tiene el nombre de SUNAT y 21 campos por línea', async () => {
    const r = await sup.get(`${B}/libros/ple/diario?periodo=2026-10`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/filename="LE\d{11}20261000050100001111\.TXT"/);
    const lineas = r.body.split('\r\n').filter(Boolean);
    expect(lineas).toHaveLength(2);
    const campos = lineas[0].split('|');
    expect(campos).toHaveLength(22); // 21 fields and the closing pipe
    expect(campos[0]).toBe('20261000');
    expect(campos[2]).toBe('M1');
    expect(campos[3]).toBe('104101');
    expect(campos[12]).toBe('05/10/2026');
    expect([campos[17], campos[18], campos[20]]).toEqual(['10000.50', '0.00', '1']);
    // 6.1 libro mayor: the same 21-field lines, ordered by account; 5.3 plan: the accounts used, 8 fields.
    const mayor = await sup.get(`${B}/libros/ple/mayor?periodo=2026-10`);
    expect(mayor.headers['content-disposition']).toMatch(/filename="LE\d{11}20261000060100001111\.TXT"/);
    expect(mayor.body.split('\r\n').filter(Boolean).map((l) => l.split('|')[3])).toEqual(['104101', '5011']);
    const plan = await sup.get(`${B}/libros/ple/plan?periodo=2026-10`);
    expect(plan.headers['content-disposition']).toMatch(/filename="LE\d{11}20261000050300001111\.TXT"/);
    expect(plan.body).toBe('20261001|104101|BCP cta. cte. soles|01|PLAN CONTABLE GENERAL EMPRESARIAL|||1|\r\n20261001|5011|Acciones|01|PLAN CONTABLE GENERAL EMPRESARIAL|||1|\r\n');
  });
});

describe('acceso', () => {
  it('otra empresa no ve ni toca las cuentas ni los asientos de esta (404) y no recibe sus ventas', async () => {
    const propia = cuentas.get('104101')!;
    expect((await otra.put(`${B}/cuentascontables/${propia.Id}`, { Codigo: '104101', Descripcion: 'x' })).statusCode).toBe(404);
    expect((await otra.del(`${B}/cuentascontables/${propia.Id}`)).statusCode).toBe(404);
    expect((await otra.get(`${B}/libros/mayor?periodo=2026-10&idcuenta=${propia.Id}`)).statusCode).toBe(404);
    const ajena = await otra.post(`${B}/libros/asientos`, { Fecha: '2026-10-05', Glosa: 'x', Lineas: [{ IdCuenta: propia.Id, Debe: '1' }, { IdCuenta: id('5011'), Haber: '1' }] });
    expect(ajena.json()).toMatchObject({ Errores: { 'Lineas.0.IdCuenta': 'La cuenta no existe en el plan contable de la empresa' } });
    expect((await otra.get(`${B}/cuentascontables`)).json<{ Data: TCuentaContable[] }>().Data.some((c) => c.Codigo === '104101')).toBe(false);
    expect((await otra.get(`${B}/libros/asientos?periodo=2026-10`)).json().Count).toBe(0);
  });

  it('un cajero no accede a la contabilidad (403)', async () => {
    for (const url of [`${B}/cuentascontables`, `${B}/libros/asientos?periodo=2026-10`, `${B}/libros/balance?periodo=2026-10`]) expect((await cajero.get(url)).statusCode, url).toBe(403);
    expect((await cajero.post(`${B}/libros/periodos/2026-10/cierre`, {})).statusCode).toBe(403);
  });
});

describe('límites', () => {
  it('un asiento de importes enormes es un error de validación, no un 5xx', async () => {
    const Lineas = [
      ...Array.from({ length: 120 }, () => ({ IdCuenta: id('101'), Debe: '999999999999.99' })),
      ...Array.from({ length: 120 }, () => ({ IdCuenta: id('5011'), Haber: '999999999999.99' })),
    ];
    const r = await sup.post(`${B}/libros/asientos`, { Fecha: '2026-10-07', Glosa: 'Enorme', Lineas });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ Errores: { Lineas: 'El total del asiento excede el máximo permitido' } });
  });
});

describe('anulación', () => {
  it('un documento anulado (baja aceptada) revierte su asiento de venta una sola vez', async () => {
    // The void itself belongs to the sending module (SUNAT accepts the baja): its outcome is what the books read.
    await e.dbh.db.execute(sql`update documento_contable set anulado = true, id_estado_sunat = 10, fecha_anulacion = now(), motivo_anulacion = 'ERROR EN EL RUC' where id = ${idFactura}`);
    const r = await contabilizarVentas(e.dbh.db, 0);
    expect(r.contabilizados).toBe(1);
    expect((await contabilizarVentas(e.dbh.db, 0)).contabilizados).toBe(0);
    const lineas = await filas<{ codigo: string; debe: string; haber: string; origen: string }>(sql`
      select c.codigo, l.debe, l.haber, a.origen from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${`ANULA:${idFactura}`} order by l.orden`);
    expect(lineas.map((x) => [x.origen, x.codigo, x.debe, x.haber])).toEqual([
      ['ANULACION', '1212', '0.00', '63.60'],
      ['ANULACION', '40111', '9.70', '0.00'],
      ['ANULACION', '70111', '53.90', '0.00'],
    ]);
  });
});
