// Automatic entries in the operation's own transaction, the account mapping, the financial statements and the year
// close (issue 15, second part), through the real stack (PGlite by default, PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCuentaContable, TEstadoResultados, TEstadoSituacion, TMapeoContable } from '@yupana/contracts';
import { alEmitirDocumento } from '../../src/modules/contabilidad/documentos/emision.service';
import { cambiarEstado } from '../../src/modules/contabilidad/envio/documentos.repo';
import { contabilizarAlEmitir } from '../../src/modules/contabilidad/libros/automaticos';
import { crearEntorno, type Entorno } from '../helpers';
import { permitirErrorServidor } from '../sin-errores-servidor';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, CLIENTE_DNI, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const B = '/api/finanzas/v1';
const DOC = '/api/contabilidad/v1/documentoContable';
const LOG = '/api/logistica/v1';
const hoy = hoyLima();
const periodo = hoy.slice(0, 7);
const cuentas = new Map<string, TCuentaContable>();
const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
/** [account, debe, haber] of the entry with a source key. */
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe, l.haber from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => [l.codigo, l.debe, l.haber]);
const cuantos = async (clave: string) => (await filas<{ n: number }>(sql`select count(*)::int as n from asiento_contable where clave_origen = ${clave}`))[0].n;

// A crash after the operation inside its transaction: this hook runs after the accounting one when `romper` is on.
let romper = false;
alEmitirDocumento(async () => {
  if (romper) throw new Error('caída simulada después del asiento');
});

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  // The company's own sub-accounts for facturas and boletas (1212 then has sub-accounts: it is no longer postable).
  for (const [Codigo, Descripcion] of [['12121', 'Facturas por cobrar'], ['12122', 'Boletas por cobrar']]) {
    const r = await sup.post(`${B}/cuentascontables`, { Codigo, Descripcion });
    expect(r.statusCode, r.body).toBe(201);
  }
  for (const c of (await sup.get(`${B}/cuentascontables`)).json<{ Data: TCuentaContable[] }>().Data) cuentas.set(c.Codigo, c);
}, 120_000);
afterAll(async () => e?.cerrar());

const id = (codigo: string) => cuentas.get(codigo)!.Id;

describe('configuración contable (cuentas de los asientos automáticos)', () => {
  it('muestra los valores por defecto del PCGE y guarda solo cuentas de último nivel', async () => {
    const r = await sup.get(`${B}/libros/configuracion`);
    expect(r.statusCode, r.body).toBe(200);
    const m = r.json<{ Data: TMapeoContable[] }>().Data;
    expect(m.find((x) => x.Clave === 'IGV')).toMatchObject({ Codigo: '40111', PorDefecto: true });
    expect(m.find((x) => x.Clave === 'CAJA')).toMatchObject({ Codigo: '101', PorDefecto: true });
    expect(m.find((x) => x.Clave === 'COSTO_VENTAS')).toMatchObject({ Codigo: '6911' });
    const mala = await sup.put(`${B}/libros/configuracion`, { Mapeos: [{ Clave: 'COBRAR_FACTURA', IdCuenta: id('1212') }] });
    expect(mala.statusCode).toBe(400);
    expect(mala.json()).toMatchObject({ Errores: { 'Mapeos.0.IdCuenta': 'La cuenta 1212 tiene subcuentas: elija una cuenta de último nivel' } });
    const ok = await sup.put(`${B}/libros/configuracion`, {
      Mapeos: [
        { Clave: 'COBRAR_FACTURA', IdCuenta: id('12121') },
        { Clave: 'COBRAR_BOLETA', IdCuenta: id('12122') },
        { Clave: 'COBRAR_NOTA_CREDITO', IdCuenta: id('12121') },
        { Clave: 'COBRAR_NOTA_DEBITO', IdCuenta: id('12121') },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ Data: TMapeoContable[] }>().Data.find((x) => x.Clave === 'COBRAR_BOLETA')).toMatchObject({ Codigo: '12122', PorDefecto: false });
    // Another company still sees the defaults; a cashier cannot change them.
    expect((await otra.get(`${B}/libros/configuracion`)).json<{ Data: TMapeoContable[] }>().Data.find((x) => x.Clave === 'COBRAR_FACTURA')).toMatchObject({ Codigo: '1212', PorDefecto: true });
    expect((await otra.put(`${B}/libros/configuracion`, { Mapeos: [{ Clave: 'CAJA', IdCuenta: id('12121') }] })).json()).toMatchObject({ Errores: { 'Mapeos.0.IdCuenta': 'La cuenta no existe en el plan contable de la empresa' } });
    expect((await cajero.put(`${B}/libros/configuracion`, { Mapeos: [{ Clave: 'CAJA', IdCuenta: id('101') }] })).statusCode).toBe(403);
    expect((await cajero.get(`${B}/libros/configuracion`)).statusCode).toBe(403);
  });
});

let idFactura: number;
describe('asientos en la misma transacción de la operación', () => {
  it('una factura emitida ya tiene su asiento 12121 / 40111 / 70111 al responder, y el gancho dos veces no lo duplica', async () => {
    const r = await sup.post(DOC, factura(await idSerie(sup, 1003, 'F001')));
    expect(r.statusCode, r.body).toBe(201);
    idFactura = r.json().Id;
    expect(await lineasDe(`VENTA:${idFactura}`)).toEqual([
      ['12121', '63.60', '0.00'],
      ['40111', '0.00', '9.70'],
      ['70111', '0.00', '53.90'],
    ]);
    // The hook again (a retry of the same event): the unique source key keeps one entry.
    await e.dbh.db.transaction((tx) => contabilizarAlEmitir(tx, { creado: { Id: idFactura } }));
    expect(await cuantos(`VENTA:${idFactura}`)).toBe(1);
  });

  it('una caída después de la operación dentro de la transacción no deja ni el documento ni su asiento', async () => {
    const serie = await idSerie(sup, 1003, 'F001');
    const antes = await filas<{ docs: number; asientos: number }>(sql`select (select count(*)::int from documento_contable) as docs, (select count(*)::int from asiento_contable) as asientos`);
    romper = true;
    permitirErrorServidor(500, 'la prueba simula una caída dentro de la transacción de emisión');
    try {
      const r = await sup.post(DOC, factura(serie));
      expect(r.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      romper = false;
    }
    const despues = await filas<{ docs: number; asientos: number }>(sql`select (select count(*)::int from documento_contable) as docs, (select count(*)::int from asiento_contable) as asientos`);
    expect(despues).toEqual(antes);
  });

  it('una boleta de bienes del catálogo lleva su venta a 12122 y su costo de ventas 69 / 20 al costo del movimiento', async () => {
    const bien = await sup.post(`${LOG}/items`, { Codigo: 'CONT-1', Descripcion: 'ACEITE PRIMOR 1 L', CodigoUnidad: 'NIU', Precio: '11.80', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
    expect(bien.statusCode, bien.body).toBe(201);
    const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { Id: number; Serie: string; IdSucursal: number }[];
    const b001 = series.find((s) => s.Serie === 'B001')!;
    const almacen = ((await sup.get(`${LOG}/almacenes`)).json().Data as { Id: number; IdSucursal: number; EsPredeterminado: boolean }[]).find((a) => a.IdSucursal === b001.IdSucursal && a.EsPredeterminado)!;
    const ing = await sup.post(`${LOG}/movimientos`, { Clase: 'I', TipoOperacion: '02', Fecha: hoy, IdAlmacen: almacen.Id, Lineas: [{ IdItem: bien.json().Id, Cantidad: '10', CostoUnitario: '5.00' }] });
    expect(ing.statusCode, ing.body).toBe(201);
    const r = await sup.post(DOC, {
      IdTipoDocumento: 1004, IdSerie: b001.Id, FechaEmision: hoy, ListaEntidades: [CLIENTE_DNI],
      ListaItems: [{ IdItem: bien.json().Id, CodigoItem: 'CONT-1', ItemDescripcion: 'ACEITE PRIMOR 1 L', Cantidad: '2', PrecioUnitario: '11.80' }],
    });
    expect(r.statusCode, r.body).toBe(201);
    const idB = r.json().Id;
    expect(await lineasDe(`VENTA:${idB}`)).toEqual([
      ['12122', '23.60', '0.00'],
      ['40111', '0.00', '3.60'],
      ['70111', '0.00', '20.00'],
    ]);
    expect(await lineasDe(`COSTO:${idB}`)).toEqual([
      ['6911', '10.00', '0.00'],
      ['2011', '0.00', '10.00'],
    ]);
  });

  it('la anulación confirmada revierte la venta en su transacción, una sola vez', async () => {
    for (let i = 0; i < 2; i++)
      await e.dbh.db.transaction((tx) => cambiarEstado(tx, idFactura, { idEstadoSunat: 10, anulado: true, fechaAnulacion: new Date(), motivoAnulacion: 'ERROR EN EL RUC' }));
    expect(await lineasDe(`ANULA:${idFactura}`)).toEqual([
      ['12121', '0.00', '63.60'],
      ['40111', '9.70', '0.00'],
      ['70111', '53.90', '0.00'],
    ]);
    expect(await cuantos(`ANULA:${idFactura}`)).toBe(1);
  });

  it('un cobro en efectivo asienta 101 / 12121 y su anulación lo revierte', async () => {
    const f = await sup.post(DOC, factura(await idSerie(sup, 1003, 'F001'), { IdCondicionPago: 3, ListaCuotas: [{ Monto: '63.60', FechaVencimiento: sumarDias(hoy, 30) }] }));
    expect(f.statusCode, f.body).toBe(201);
    const cuota = (await sup.get(`${B}/cuentasporcobrar/${f.json().Id}`)).json().Cuotas[0].IdCuota as number;
    const caja = ((await sup.get(`${B}/cuentasfinancieras`)).json().Data as { Id: number; IdTipoCuenta: number }[]).find((c) => c.IdTipoCuenta !== 3)!;
    const c = await sup.post(`${B}/cobros/efectivos`, { IdCuentaFinanciera: caja.Id, Detalle: [{ IdCuota: cuota, Monto: '40.00' }] });
    expect(c.statusCode, c.body).toBe(201);
    expect(await lineasDe(`COBRO:${c.json().Id}`)).toEqual([
      ['101', '40.00', '0.00'],
      ['12121', '0.00', '40.00'],
    ]);
    const a = await sup.put(`${B}/cobros/${c.json().Id}/anulaciones`, { Motivo: 'Cobro duplicado' });
    expect(a.statusCode, a.body).toBe(200);
    expect(await lineasDe(`ANULA-COBRO:${c.json().Id}`)).toEqual([
      ['101', '0.00', '40.00'],
      ['12121', '40.00', '0.00'],
    ]);
  });

  it('un ingreso y un egreso de caja asientan 101 contra la cuenta configurada', async () => {
    const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { IdSucursal: number; Serie: string }[];
    const caja = await sup.post(`${B}/cajas`, { IdSucursal: series.find((s) => s.Serie === 'B001')!.IdSucursal, Descripcion: 'Caja contable' });
    expect(caja.statusCode, caja.body).toBe(201);
    expect((await cajero.post(`${B}/cajas/${caja.json().Id}/aperturas`, { MontoApertura: '50.00' })).statusCode).toBe(201);
    const ing = await cajero.post(`${B}/cajas/movimientos`, { Tipo: 1, Monto: '20', Motivo: 'Sencillo del banco' });
    expect(ing.statusCode, ing.body).toBe(201);
    const egr = await cajero.post(`${B}/cajas/movimientos`, { Tipo: 2, Monto: '15.50', Motivo: 'Compra de bolsas' });
    expect(await lineasDe(`CAJA:${ing.json().Id}`)).toEqual([
      ['101', '20.00', '0.00'],
      ['759', '0.00', '20.00'],
    ]);
    expect(await lineasDe(`CAJA:${egr.json().Id}`)).toEqual([
      ['659', '15.50', '0.00'],
      ['101', '0.00', '15.50'],
    ]);
  });

  it('con el mes cerrado, la factura se emite y su asiento va al siguiente periodo abierto con la fecha del documento', async () => {
    expect((await sup.post(`${B}/libros/periodos/${periodo}/cierre`, {})).statusCode).toBe(200);
    try {
      const r = await sup.post(DOC, factura(await idSerie(sup, 1003, 'F001')));
      expect(r.statusCode, r.body).toBe(201);
      const [a] = await filas<{ periodo: string; fecha: string; fecha_operacion: string }>(
        sql`select periodo, fecha::text as fecha, fecha_operacion::text as fecha_operacion from asiento_contable where clave_origen = ${`VENTA:${r.json().Id}`}`,
      );
      const [y, m] = periodo.split('-').map(Number);
      const siguiente = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
      expect(a).toEqual({ periodo: siguiente, fecha: `${siguiente}-01`, fecha_operacion: hoy });
      // A manual entry in the closed month is still refused in Spanish.
      const manual = await sup.post(`${B}/libros/asientos`, { IdDiario: 5, Fecha: hoy, Glosa: 'Tarde', Lineas: [{ IdCuenta: id('101'), Debe: '1' }, { IdCuenta: id('5011'), Haber: '1' }] });
      expect(manual.json().Mensaje).toBe(`El periodo ${periodo} está cerrado: no admite asientos. Reábralo para registrar.`);
    } finally {
      expect((await sup.post(`${B}/libros/periodos/${periodo}/reapertura`, {})).statusCode).toBe(200);
    }
  });
});

describe('estados financieros', () => {
  it('el estado de situación cuadra (activo = pasivo + patrimonio con el resultado) y el de resultados lleva las ventas', async () => {
    const s = await sup.get(`${B}/libros/estados/situacion?desde=${periodo}&hasta=${periodo}`);
    expect(s.statusCode, s.body).toBe(200);
    const es = s.json<TEstadoSituacion>();
    expect(es.Diferencia).toBe('0.00');
    const n = (await sup.get(`${B}/libros/estados/resultados?desde=${periodo}&hasta=${periodo}`)).json<TEstadoResultados>();
    const f = (await sup.get(`${B}/libros/estados/resultados?desde=${periodo}&hasta=${periodo}&tipo=FUNCION`)).json<TEstadoResultados>();
    // Sales of the month: 53.90 (voided) - 53.90 (reversal) + 20.00 + 53.90 (credit) = 73.90 (the closed-month factura went to next month).
    expect(n.Ventas).toBe('73.90');
    expect(f.Resultado).toBe(n.Resultado);
    // 73.90 sales - 10.00 cost + 20.00 other income - 15.50 other expense
    expect(n.Resultado).toBe('68.40');
    expect(es.ResultadoEjercicio).toBe('68.40');
    expect(f.Filas.find((x) => x.Concepto === 'Costo de ventas')?.Importe).toBe('-10.00');
    expect(new Decimal(es.TotalActivo).minus(es.TotalPasivo).minus(es.TotalPatrimonio).toFixed(2)).toBe('0.00');
    const x = await sup.get(`${B}/libros/estados/resultados/excel?desde=${periodo}&hasta=${periodo}`);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    expect(hoja.getRow(hoja.rowCount).values).toEqual([undefined, 'RESULTADO DEL EJERCICIO', '', 68.4]);
    const pdf = await sup.get(`${B}/libros/estados/situacion/pdf?desde=${periodo}&hasta=${periodo}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await sup.get(`${B}/libros/estados/resultados?desde=2026-05&hasta=2026-01`)).json()).toMatchObject({ Errores: { hasta: 'El periodo inicial no puede ser posterior al final' } });
  });

  it('otra empresa no ve estas cifras y un cajero no accede (403)', async () => {
    const o = (await otra.get(`${B}/libros/estados/resultados?desde=${periodo}&hasta=${periodo}`)).json<TEstadoResultados>();
    expect(o.Ventas).toBe('0.00');
    expect((await cajero.get(`${B}/libros/estados/situacion?desde=${periodo}&hasta=${periodo}`)).statusCode).toBe(403);
    expect((await cajero.post(`${B}/libros/ejercicios/2024/cierre`, {})).statusCode).toBe(403);
  });
});

describe('cierre del ejercicio y apertura del siguiente', () => {
  it('rechaza cerrar con periodos abiertos; cerrado, lleva el resultado a 89 y 59 y abre el año siguiente', async () => {
    const asiento = (Fecha: string, lineas: [string, string, string][]) =>
      sup.post(`${B}/libros/asientos`, { IdDiario: 5, Fecha, Glosa: 'Operación 2024', Lineas: lineas.map(([c, Debe, Haber]) => ({ IdCuenta: id(c), Debe, Haber })) });
    expect((await asiento('2024-03-01', [['101', '1000.00', '0'], ['5011', '0', '1000.00']])).statusCode).toBe(201);
    expect((await asiento('2024-06-10', [['12121', '118.00', '0'], ['40111', '0', '18.00'], ['70111', '0', '100.00']])).statusCode).toBe(201);
    expect((await asiento('2024-07-15', [['659', '30.00', '0'], ['101', '0', '30.00']])).statusCode).toBe(201);
    const abierto = await sup.post(`${B}/libros/ejercicios/2024/cierre`, {});
    expect(abierto.statusCode).toBe(400);
    expect(abierto.json().Mensaje).toContain('No se puede cerrar el ejercicio 2024: hay periodos abiertos (2024-01, 2024-02');
    for (let m = 1; m <= 12; m++) expect((await sup.post(`${B}/libros/periodos/2024-${String(m).padStart(2, '0')}/cierre`, {})).statusCode).toBe(200);
    const r = await sup.post(`${B}/libros/ejercicios/2024/cierre`, {});
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().Resultado).toBe('70.00');
    expect(await lineasDe('CIERRE-RES:2024')).toEqual([
      ['659', '0.00', '30.00'],
      ['70111', '100.00', '0.00'],
      ['891', '0.00', '70.00'],
      ['891', '70.00', '0.00'],
      ['5911', '0.00', '70.00'],
    ]);
    expect(await lineasDe('APERTURA:2025')).toEqual([
      ['101', '970.00', '0.00'],
      ['12121', '118.00', '0.00'],
      ['40111', '0.00', '18.00'],
      ['5011', '0.00', '1000.00'],
      ['5911', '0.00', '70.00'],
    ]);
    // December still shows its balances, the result now in 59; 2024's income statement keeps its figures.
    const es = (await sup.get(`${B}/libros/estados/situacion?desde=2024-01&hasta=2024-12`)).json<TEstadoSituacion>();
    expect(es).toMatchObject({ TotalActivo: '1088.00', TotalPasivo: '18.00', TotalPatrimonio: '1070.00', ResultadoEjercicio: '0.00', Diferencia: '0.00' });
    expect((await sup.get(`${B}/libros/estados/resultados?desde=2024-01&hasta=2024-12`)).json<TEstadoResultados>().Resultado).toBe('70.00');
    expect((await sup.get(`${B}/libros/estados/situacion?desde=2025-01&hasta=2025-01`)).json<TEstadoSituacion>()).toMatchObject({ TotalActivo: '1088.00', Diferencia: '0.00' });
    expect((await sup.post(`${B}/libros/ejercicios/2024/cierre`, {})).json().Mensaje).toBe('El ejercicio 2024 ya está cerrado');
    expect((await sup.post(`${B}/libros/periodos/2024-05/reapertura`, {})).json().Mensaje).toBe('El ejercicio 2024 está cerrado: sus periodos no se pueden reabrir');
  });
});
