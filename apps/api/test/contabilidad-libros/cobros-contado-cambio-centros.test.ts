// Issue 15, third part: contado sales collected at once (10 / 12 with the till's payment means), exchange differences
// of dollar documents collected at another rate (676 / 776) and cost centres on entry lines with their report,
// through the real stack (PGlite by default, PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCentrosCostoReporte } from '@yupana/contracts';
import { cambiarEstado } from '../../src/modules/contabilidad/envio/documentos.repo';
import { contabilizarAlEmitir, contabilizarVentaDeCaja } from '../../src/modules/contabilidad/libros/automaticos';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, CLIENTE_DNI, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let idContado: number;
const B = '/api/finanzas/v1';
const DOC = '/api/contabilidad/v1/documentoContable';
const hoy = hoyLima();
const ayer = sumarDias(hoy, -1);
const periodo = hoy.slice(0, 7);
const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe, l.haber from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => [l.codigo, l.debe, l.haber]);
const cuantos = async (clave: string) => (await filas<{ n: number }>(sql`select count(*)::int as n from asiento_contable where clave_origen = ${clave}`))[0].n;
/** Balance (debe - haber) of an account over the entries of some documents. */
const saldoDe = async (codigo: string, idDocumento: number) =>
  (
    await filas<{ s: string }>(sql`
      select coalesce(sum(l.debe - l.haber), 0)::numeric(16,2)::text as s from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where c.codigo = ${codigo} and a.clave_origen in (${`VENTA:${idDocumento}`}, ${`CONTADO:${idDocumento}`}, ${`ANULA:${idDocumento}`}, ${`ANULA-CONTADO:${idDocumento}`})`)
  )[0].s;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
}, 180_000);
afterAll(async () => e?.cerrar());

describe('ventas al contado: el cobro 10 / 12 en la misma transacción', () => {
  it('una factura al contado del formulario cancela su 1212 contra caja (101) y no deja cuotas por cobrar', async () => {
    const r = await sup.post(DOC, factura(await idSerie(sup, 1003, 'F001')));
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().Id as number;
    idContado = id;
    expect(await lineasDe(`VENTA:${id}`)).toEqual([
      ['1212', '63.60', '0.00'],
      ['40111', '0.00', '9.70'],
      ['70111', '0.00', '53.90'],
    ]);
    expect(await lineasDe(`CONTADO:${id}`)).toEqual([
      ['101', '63.60', '0.00'],
      ['1212', '0.00', '63.60'],
    ]);
    expect(await saldoDe('1212', id)).toBe('0.00');
    // A contado document has no dues, so no collection can settle it a second time.
    expect((await sup.get(`${B}/cuentasporcobrar/${id}`)).json().Cuotas ?? []).toEqual([]);
    // The hook again (the posting job's retry of the same document): still one entry of each.
    await e.dbh.db.transaction((tx) => contabilizarAlEmitir(tx, { creado: { Id: id } }));
    expect([await cuantos(`VENTA:${id}`), await cuantos(`CONTADO:${id}`)]).toEqual([1, 1]);
  });

  it('una factura al crédito no se da por cobrada al emitirla', async () => {
    const r = await sup.post(DOC, factura(await idSerie(sup, 1003, 'F001'), { IdCondicionPago: 3, ListaCuotas: [{ Monto: '63.60', FechaVencimiento: sumarDias(hoy, 30) }] }));
    expect(r.statusCode, r.body).toBe(201);
    expect(await cuantos(`CONTADO:${r.json().Id}`)).toBe(0);
    expect(await saldoDe('1212', r.json().Id)).toBe('63.60');
  });

  it('en el punto de venta el efectivo (menos el vuelto) va a 101 y la tarjeta a 1041; la anulación lo devuelve', async () => {
    const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { Id: number; IdSucursal: number; Serie: string }[];
    const b001 = series.find((s) => s.Serie === 'B001')!;
    const caja = await sup.post(`${B}/cajas`, { IdSucursal: b001.IdSucursal, Descripcion: 'Caja contado' });
    expect(caja.statusCode, caja.body).toBe(201);
    expect((await cajero.post(`${B}/cajas/${caja.json().Id}/aperturas`, { MontoApertura: '0' })).statusCode).toBe(201);
    const Documento = {
      IdTipoDocumento: 1004, IdSerie: b001.Id, FechaEmision: hoy, ListaEntidades: [CLIENTE_DNI],
      ListaItems: [{ CodigoItem: 'P001', ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: '30.00', TipoAfectacion: '10' }],
    };
    // 30.00: 20.00 in cash and 15.00 by card, 5.00 of change.
    const v = await cajero.post('/api/ventas/v1/cajas/ventas', { Documento, Pagos: [{ IdMedioPago: 1, Monto: '20' }, { IdMedioPago: 2, Monto: '15' }] });
    expect(v.statusCode, v.body).toBe(201);
    const id = v.json().Documento.Id as number;
    expect(await lineasDe(`VENTA:${id}`)).toEqual([
      ['1212', '30.00', '0.00'],
      ['40111', '0.00', '4.58'],
      ['70111', '0.00', '25.42'],
    ]);
    expect(await lineasDe(`CONTADO:${id}`)).toEqual([
      ['101', '15.00', '0.00'],
      ['1041', '15.00', '0.00'],
      ['1212', '0.00', '30.00'],
    ]);
    // Neither the till's hook again nor the issue hook (as the job retries it) doubles it.
    await e.dbh.db.transaction(async (tx) => {
      await contabilizarVentaDeCaja(tx, { idDocumento: id });
      await contabilizarAlEmitir(tx, { creado: { Id: id } });
    });
    expect(await cuantos(`CONTADO:${id}`)).toBe(1);
    // The void, confirmed: the sale and the money received are reversed (the cash goes back to the customer).
    await e.dbh.db.transaction((tx) => cambiarEstado(tx, id, { idEstadoSunat: 10, anulado: true, fechaAnulacion: new Date(), motivoAnulacion: 'ERROR EN EL PRECIO' }));
    expect(await lineasDe(`ANULA-CONTADO:${id}`)).toEqual([
      ['101', '0.00', '15.00'],
      ['1041', '0.00', '15.00'],
      ['1212', '30.00', '0.00'],
    ]);
    for (const c of ['1212', '101', '1041', '70111', '40111']) expect(await saldoDe(c, id)).toBe('0.00');
  });
});

describe('diferencia de cambio de documentos en dólares', () => {
  it('el cobro a otro tipo de cambio que el de la emisión lleva la diferencia a 776 (ganancia) o 676 (pérdida), al céntimo', async () => {
    expect((await sup.post(`${B}/tiposcambios`, { Fecha: ayer, Compra: '3.690', Venta: '3.700' })).statusCode).toBe(201);
    expect((await sup.post(`${B}/tiposcambios`, { Fecha: hoy, Compra: '3.740', Venta: '3.750' })).statusCode).toBe(201);
    const f = await sup.post(DOC, factura(await idSerie(sup, 1003, 'F001'), { IdMoneda: 2, FechaEmision: ayer, IdCondicionPago: 3, ListaCuotas: [{ Monto: '63.60', FechaVencimiento: sumarDias(hoy, 30) }] }));
    expect(f.statusCode, f.body).toBe(201);
    const idF = f.json().Id as number;
    // US$ 63.60 x 3.700 = S/ 235.32 on the receivable.
    expect((await lineasDe(`VENTA:${idF}`))[0]).toEqual(['1212', '235.32', '0.00']);
    const cuota = (await sup.get(`${B}/cuentasporcobrar/${idF}`)).json().Cuotas[0].IdCuota as number;
    const caja = ((await sup.get(`${B}/cuentasfinancieras`)).json().Data as { Id: number; IdTipoCuenta: number; IdMoneda: number }[]).find((c) => c.IdTipoCuenta !== 3 && c.IdMoneda === 1)!;
    // US$ 40.00 at 3.750 = S/ 150.00 received; booked at 3.700 = S/ 148.00: S/ 2.00 gained.
    const c1 = await sup.post(`${B}/cobros/efectivos`, { IdCuentaFinanciera: caja.Id, Fecha: hoy, Detalle: [{ IdCuota: cuota, Monto: '40.00' }] });
    expect(c1.statusCode, c1.body).toBe(201);
    expect(await lineasDe(`COBRO:${c1.json().Id}`)).toEqual([
      ['101', '150.00', '0.00'],
      ['1212', '0.00', '148.00'],
      ['776', '0.00', '2.00'],
    ]);
    // The day's rate corrected to 3.650: US$ 23.60 = S/ 86.14 received; booked 23.60 x 3.700 = S/ 87.32: S/ 1.18 lost.
    expect((await sup.post(`${B}/tiposcambios`, { Fecha: hoy, Compra: '3.640', Venta: '3.650' })).statusCode).toBe(201);
    const c2 = await sup.post(`${B}/cobros/efectivos`, { IdCuentaFinanciera: caja.Id, Fecha: hoy, Detalle: [{ IdCuota: cuota, Monto: '23.60' }] });
    expect(c2.statusCode, c2.body).toBe(201);
    expect(await lineasDe(`COBRO:${c2.json().Id}`)).toEqual([
      ['101', '86.14', '0.00'],
      ['1212', '0.00', '87.32'],
      ['676', '1.18', '0.00'],
    ]);
    // The receivable of the document is exactly settled in soles: 235.32 - 148.00 - 87.32.
    const [r] = await filas<{ s: string }>(sql`
      select sum(l.debe - l.haber)::numeric(16,2)::text as s from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where c.codigo = '1212' and a.clave_origen in (${`VENTA:${idF}`}, ${`COBRO:${c1.json().Id}`}, ${`COBRO:${c2.json().Id}`})`);
    expect(r.s).toBe('0.00');
    // Voiding the first collection reverses its difference too.
    expect((await sup.put(`${B}/cobros/${c1.json().Id}/anulaciones`, { Motivo: 'Cobro duplicado' })).statusCode).toBe(200);
    expect(await lineasDe(`ANULA-COBRO:${c1.json().Id}`)).toEqual([
      ['101', '0.00', '150.00'],
      ['1212', '148.00', '0.00'],
      ['776', '2.00', '0.00'],
    ]);
  });
});

describe('centros de costo en las líneas de los asientos', () => {
  let ven: number;
  let adm: number;
  it('un asiento manual lleva el centro de costo de cada línea; uno de otra empresa o inactivo se rechaza', async () => {
    ven = (await sup.post(`${B}/centroscostos`, { Codigo: 'VEN', Nombre: 'Ventas' })).json().Id;
    adm = (await sup.post(`${B}/centroscostos`, { Codigo: 'ADM', Nombre: 'Administración' })).json().Id;
    const ajeno = (await otra.post(`${B}/centroscostos`, { Codigo: 'X1', Nombre: 'Ajeno' })).json().Id;
    const cuentas = new Map(((await sup.get(`${B}/cuentascontables`)).json().Data as { Id: number; Codigo: string }[]).map((c) => [c.Codigo, c.Id]));
    const asiento = (lineas: unknown[]) => sup.post(`${B}/libros/asientos`, { IdDiario: 5, Fecha: hoy, Glosa: 'Gastos del mes por centro', Lineas: lineas });
    const ok = await asiento([
      { IdCuenta: cuentas.get('659'), Debe: '120.50', IdCentroCosto: ven },
      { IdCuenta: cuentas.get('659'), Debe: '80.00', IdCentroCosto: adm },
      { IdCuenta: cuentas.get('101'), Haber: '200.50' },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().Lineas.map((l: { IdCentroCosto: number | null; CentroCosto: string | null }) => [l.IdCentroCosto, l.CentroCosto])).toEqual([[ven, 'Ventas'], [adm, 'Administración'], [null, null]]);
    const ingreso = await asiento([
      { IdCuenta: cuentas.get('101'), Debe: '300.00' },
      { IdCuenta: cuentas.get('70111'), Haber: '300.00', IdCentroCosto: ven },
    ]);
    expect(ingreso.statusCode, ingreso.body).toBe(201);
    const mala = await asiento([{ IdCuenta: cuentas.get('659'), Debe: '1', IdCentroCosto: ajeno }, { IdCuenta: cuentas.get('101'), Haber: '1' }]);
    expect(mala.statusCode).toBe(400);
    expect(mala.json()).toMatchObject({ ErrorId: 500001, Errores: { 'Lineas.0.IdCentroCosto': 'El centro de costo no existe o está inactivo' } });
    expect((await sup.put(`${B}/centroscostos/${adm}`, { Codigo: 'ADM', Nombre: 'Administración', LogEstado: 0 })).statusCode).toBe(200);
    const inactivo = await asiento([{ IdCuenta: cuentas.get('659'), Debe: '1', IdCentroCosto: adm }, { IdCuenta: cuentas.get('101'), Haber: '1' }]);
    expect(inactivo.json().Errores).toEqual({ 'Lineas.0.IdCentroCosto': 'El centro de costo no existe o está inactivo' });
    expect((await sup.put(`${B}/centroscostos/${adm}`, { Codigo: 'ADM', Nombre: 'Administración', LogEstado: 1 })).statusCode).toBe(200);
  });

  it('el reporte por centro de costo suma cada cuenta, gastos, ingresos y resultado; otra empresa no lo ve', async () => {
    const r = await sup.get(`${B}/libros/centroscostos?desde=${periodo}&hasta=${periodo}`);
    expect(r.statusCode, r.body).toBe(200);
    const rep = r.json<TCentrosCostoReporte>();
    expect(rep.Data.map((c) => [c.Codigo, c.Gastos, c.Ingresos, c.Resultado])).toEqual([
      ['ADM', '80.00', '0.00', '-80.00'],
      ['VEN', '120.50', '300.00', '179.50'],
    ]);
    expect(rep.Data[1].Cuentas.map((c) => [c.Codigo, c.Debe, c.Haber, c.Saldo])).toEqual([
      ['659', '120.50', '0.00', '120.50'],
      ['70111', '0.00', '300.00', '-300.00'],
    ]);
    // Classes 6, 7 and 9 without a centre: the sales and exchange differences of this file, none assigned.
    const [sin] = await filas<{ s: string }>(sql`
      select coalesce(sum(l.debe - l.haber), 0)::numeric(16,2)::text as s from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.id_empresa = (select id_empresa from documento_contable where id = ${idContado}) and l.id_centro_costo is null and a.periodo = ${periodo} and left(c.codigo, 1) in ('6', '7', '9')`);
    expect(rep.SinCentro).toBe(sin.s);
    expect(Number(rep.SinCentro)).toBeLessThan(0);
    const uno = (await sup.get(`${B}/libros/centroscostos?desde=${periodo}&hasta=${periodo}&idcentrocosto=${ven}`)).json<TCentrosCostoReporte>();
    expect(uno.Data.map((c) => c.Codigo)).toEqual(['VEN']);
    expect((await otra.get(`${B}/libros/centroscostos?desde=${periodo}&hasta=${periodo}&idcentrocosto=${ven}`)).statusCode).toBe(404);
    expect((await otra.get(`${B}/libros/centroscostos?desde=${periodo}&hasta=${periodo}`)).json<TCentrosCostoReporte>().Data).toEqual([]);
    expect((await cajero.get(`${B}/libros/centroscostos?desde=${periodo}&hasta=${periodo}`)).statusCode).toBe(403);
    const malo = await sup.get(`${B}/libros/centroscostos?desde=2026-05&hasta=2026-01`);
    expect(malo.statusCode).toBe(400);
    expect(malo.json()).toMatchObject({ ErrorId: 500001, Errores: { hasta: 'El periodo inicial no puede ser posterior al final' } });
  });
});
