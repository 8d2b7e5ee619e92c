// Branch letras (issue 14): letras de cambio por cobrar through the real HTTP stack (PGlite by default, PostgreSQL with
// TEST_DATABASE_URL): canje of invoice dues, cobranza, descuento, cobro, protesto, renovación, anulación, with their
// exact entries, the refusals in Spanish and a race of two collections. decisions.md "letras".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TDocumentoPorCobrar, type TLetra } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_RUC, clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let idF001: number;
let banco: number;
let caja: number;
const DOC = '/api/contabilidad/v1/documentoContable';
const F = '/api/finanzas/v1';
const hoy = hoyLima();
const CLIENTE = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20131312955', RazonSocial: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA', Direccion: 'AV. GARCILASO DE LA VEGA 1472, LIMA' };

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const concepto = (texto: string, monto: string) => ({ ItemDescripcion: texto, CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: monto, TipoAfectacion: '10' });

async function facturaCredito(cuotas: string[], cliente: object = CLIENTE, idMoneda = 1, fecha = hoy) {
  const total = cuotas.reduce((s, c) => s + Number(c), 0).toFixed(2);
  const r = await sup.post(
    DOC,
    factura(idF001, {
      IdMoneda: idMoneda,
      FechaEmision: fecha,
      ListaEntidades: [cliente],
      IdCondicionPago: 2,
      ListaCuotas: cuotas.map((Monto, i) => ({ Monto, FechaVencimiento: sumarDias(fecha, 30 * (i + 1)) })),
      ListaItems: [concepto('SERVICIO DE ASESORÍA', total)],
    }),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { Id: number; MontoTotal: string };
}
async function cuotas(idDoc: number) {
  const r = await sup.get(`${F}/cuentasporcobrar/${idDoc}`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as TDocumentoPorCobrar).Cuotas;
}
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe::text, l.haber::text from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => [l.codigo, l.debe, l.haber]);
const ultimoCobro = async () => (await filas<{ id: number }>(sql`select max(id)::int as id from cobro`))[0].id;
const canjear = (b: object, quien = sup) => quien.post(`${F}/entidades/documentos/pagares`, { LugarGiro: 'Lima', LugarPago: 'Av. Arequipa 123, Lima', ...b });
const letra = async (id: number) => (await sup.get(`${F}/documentos/pagares/${id}`)).json() as TLetra;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  idF001 = await idSerie(sup, 1003, 'F001');
  banco = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'BCP letras', Banco: 'BCP', NumeroCuenta: '191-7654321-0-12', CCI: '00219100765432101254', IdMoneda: 1 })).json().Id;
  caja = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 2, Nombre: 'Caja letras', IdMoneda: 1 })).json().Id;
}, 180_000);
afterAll(async () => e?.cerrar());

describe('letras de cambio por cobrar', () => {
  let idFactura: number;
  let lt1: TLetra;
  let lt2: TLetra;
  let idCanje: number;

  it('canje de las dos cuotas de una factura por dos letras: la deuda pasa a las letras (1231 D / 1212 H)', async () => {
    const f = await facturaCredito(['300.00', '200.00']);
    idFactura = f.Id;
    const [q1, q2] = await cuotas(f.Id);
    const r = await canjear({
      AvalNombre: 'JUAN PÉREZ', AvalDocumento: '10203040',
      Cuotas: [{ IdCuota: q1.IdCuota, Monto: '300.00' }, { IdCuota: q2.IdCuota, Monto: '200.00' }],
      Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '250.00' }, { FechaVencimiento: sumarDias(hoy, 60), Monto: '250.00' }],
    });
    expect(r.statusCode, r.body).toBe(201);
    idCanje = r.json().IdCanje;
    [lt1, lt2] = r.json().Letras as TLetra[];
    expect(lt1).toMatchObject({ Numero: 'LT-1', Estado: 1, EstadoNombre: 'En cartera', Monto: '250.00', Saldo: '250.00', AvalNombre: 'JUAN PÉREZ', NumeroDocumentoCliente: CLIENTE.NumeroDocumento, FechaGiro: hoy });
    expect(lt2).toMatchObject({ Numero: 'LT-2', Monto: '250.00', FechaVencimiento: sumarDias(hoy, 60) });
    expect(lt1.Documentos).toMatch(/^F001-\d+$/);
    expect((await cuotas(f.Id)).map((q) => q.Saldo)).toEqual(['0.00', '0.00']);
    // The canje is a collection of kind 4 without account; the books move the debt from 1212 to 1231.
    const c = (await sup.get(`${F}/cobros/${idCanje}`)).json();
    expect(c).toMatchObject({ IdTipoCobro: 4, TipoCobro: 'Canje por letras', IdCuentaFinanciera: null, Monto: '500.00', CuentaFinanciera: 'Letras de cambio' });
    expect(await lineasDe(`LETRA-CANJE:${idCanje}`)).toEqual([
      ['1231', '500.00', '0.00'],
      ['1212', '0.00', '500.00'],
    ]);
    // Receivables and aging: the debt is now in the two letras (500 not yet due).
    const cxc = (await sup.get(`${F}/cuentasporcobrar?cliente=${CLIENTE.NumeroDocumento}`)).json();
    expect(cxc.Data.map((d: { SerieNumero: string; Saldo: string }) => [d.SerieNumero, d.Saldo])).toEqual([
      ['LT-1', '250.00'],
      ['LT-2', '250.00'],
    ]);
    expect(cxc.Resumen).toEqual([expect.objectContaining({ IdMoneda: 1, PorVencer: '500.00', Total: '500.00' })]);
    // A voided canje is not voided as a collection.
    const x = await sup.put(`${F}/cobros/${idCanje}/anulaciones`, { Motivo: 'Error' });
    expect(x.statusCode, x.body).toBe(409);
    expect(x.json().ErrorId).toBe(ErrorCodes.COBRO_ES_CANJE);
    // The letra's PDF.
    const pdf = await sup.get(`${F}/documentos/pagares/${lt1.Id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('LT-1 a cobranza (1232/1231) y cobrada en el banco (1041/1232); cobrarla otra vez se rechaza', async () => {
    const r = await sup.post(`${F}/ordenes/cobros/pagares`, { IdLetra: lt1.Id, Tipo: 'COBRANZA', IdCuentaFinanciera: banco });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Estado: 2, EstadoNombre: 'En cobranza', CuentaFinanciera: 'BCP letras' });
    expect(await lineasDe(`LETRA-COBRANZA:${lt1.Id}.1`)).toEqual([
      ['1232', '250.00', '0.00'],
      ['1231', '0.00', '250.00'],
    ]);
    const c = await sup.post(`${F}/cobros/pagares`, { IdLetra: lt1.Id, IdCuentaFinanciera: banco, MedioPago: '003', NumeroOperacion: 'OP-1' });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json()).toMatchObject({ Estado: 4, EstadoNombre: 'Cobrada', Cobrado: '250.00', Saldo: '0.00' });
    expect(await lineasDe(`COBRO:${await ultimoCobro()}`)).toEqual([
      ['1041', '250.00', '0.00'],
      ['1232', '0.00', '250.00'],
    ]);
    const otra2 = await sup.post(`${F}/cobros/pagares`, { IdLetra: lt1.Id, IdCuentaFinanciera: caja });
    expect(otra2.statusCode, otra2.body).toBe(409);
    expect(otra2.json()).toMatchObject({ ErrorId: ErrorCodes.LETRA_YA_COBRADA, Mensaje: 'La letra LT-1 ya fue cobrada: no se puede cobrarla' });
    // Nor voided: the canje had movements.
    const a = await sup.put(`${F}/documentos/pagares/${lt2.Id}/anulaciones`, { Motivo: 'Error de digitación' });
    expect(a.statusCode, a.body).toBe(409);
    expect(a.json().ErrorId).toBe(ErrorCodes.LETRA_CON_MOVIMIENTOS);
  });

  it('LT-2 descontada: neto al banco, interés 6734 y obligación 4511; el cliente paga al banco y se cancela 4511/1233', async () => {
    const sinInteres = await sup.post(`${F}/ordenes/cobros/pagares`, { IdLetra: lt2.Id, Tipo: 'DESCUENTO', IdCuentaFinanciera: banco });
    expect(sinInteres.statusCode).toBe(400);
    expect(sinInteres.json().Errores?.Interes ?? sinInteres.json().Detalle?.Interes ?? JSON.stringify(sinInteres.json())).toContain('Indique el interés');
    const r = await sup.post(`${F}/ordenes/cobros/pagares`, { IdLetra: lt2.Id, Tipo: 'DESCUENTO', IdCuentaFinanciera: banco, Interes: '5.00' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Estado: 3, EstadoNombre: 'Descontada', InteresDescuento: '5.00', Saldo: '250.00' });
    expect(await lineasDe(`LETRA-DESCUENTO:${lt2.Id}.1`)).toEqual([
      ['1233', '250.00', '0.00'],
      ['1231', '0.00', '250.00'],
      ['1041', '245.00', '0.00'],
      ['6734', '5.00', '0.00'],
      ['4511', '0.00', '250.00'],
    ]);
    const c = await sup.post(`${F}/cobros/pagares`, { IdLetra: lt2.Id, IdCuentaFinanciera: banco, MedioPago: '001', NumeroOperacion: 'OP-2' });
    expect(c.statusCode, c.body).toBe(201);
    expect(await lineasDe(`COBRO:${await ultimoCobro()}`)).toEqual([
      ['4511', '250.00', '0.00'],
      ['1233', '0.00', '250.00'],
    ]);
    expect((await sup.get(`${F}/cuentasporcobrar?cliente=${CLIENTE.NumeroDocumento}`)).json().Count).toBe(0);
    // The statement: invoice 500, canje 500, letras 250 + 250, two collections: balance 0.
    const ec = (await sup.get(`${F}/reportes/estadoscuentas?cliente=${CLIENTE.NumeroDocumento}&idmoneda=1`)).json();
    expect(ec).toMatchObject({ TotalCargos: '1000.00', TotalAbonos: '1000.00', Saldo: '0.00' });
    expect(idFactura).toBeGreaterThan(0);
  });

  it('protesto de una letra vencida en cobranza (vuelve a 1231, gastos 6391) y renovación con interés 772; la vencida cuenta como vencida', async () => {
    const f = await facturaCredito(['100.00'], CLIENTE, 1, sumarDias(hoy, -3));
    const [q] = await cuotas(f.Id);
    const r = await canjear({ FechaGiro: sumarDias(hoy, -3), Cuotas: [{ IdCuota: q.IdCuota, Monto: '100.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, -2), Monto: '100.00' }] });
    expect(r.statusCode, r.body).toBe(201);
    const l = (r.json().Letras as TLetra[])[0];
    expect(l).toMatchObject({ Numero: 'LT-3', DiasVencido: 2 });
    const cxc = (await sup.get(`${F}/cuentasporcobrar?cliente=${CLIENTE.NumeroDocumento}`)).json();
    expect(cxc.Data).toEqual([expect.objectContaining({ SerieNumero: 'LT-3', DiasVencido: 2, Tramo: 'De1a30', Saldo: '100.00' })]);
    expect(cxc.Resumen).toEqual([expect.objectContaining({ De1a30: '100.00', PorVencer: '0.00' })]);

    expect((await sup.post(`${F}/ordenes/cobros/pagares`, { IdLetra: l.Id, Tipo: 'COBRANZA', IdCuentaFinanciera: banco })).statusCode).toBe(200);
    const p = await sup.put(`${F}/documentos/pagares/${l.Id}/protestos`, { Gastos: '12.50' });
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ Estado: 5, EstadoNombre: 'Protestada', GastosProtesto: '12.50', Saldo: '100.00', IdCuentaFinanciera: null });
    expect(await lineasDe(`LETRA-PROTESTO:${l.Id}.2`)).toEqual([
      ['1231', '100.00', '0.00'],
      ['1232', '0.00', '100.00'],
      ['6391', '12.50', '0.00'],
      ['1041', '0.00', '12.50'],
    ]);

    const n = await sup.post(`${F}/documentos/pagares/${l.Id}/renovaciones`, { FechaVencimiento: sumarDias(hoy, 30), Interes: '3.00' });
    expect(n.statusCode, n.body).toBe(201);
    const nueva = n.json() as TLetra;
    expect(nueva).toMatchObject({ Numero: 'LT-4', Estado: 1, Monto: '103.00', Saldo: '103.00', IdLetraOrigen: l.Id, InteresRenovacion: '3.00', FechaGiro: hoy });
    expect(await letra(l.Id)).toMatchObject({ Estado: 6, EstadoNombre: 'Renovada', Saldo: '0.00', IdLetraRenovacion: nueva.Id });
    expect(await lineasDe(`LETRA-RENOVACION:${nueva.Id}`)).toEqual([
      ['1231', '103.00', '0.00'],
      ['1231', '0.00', '100.00'],
      ['772', '0.00', '3.00'],
    ]);
    const cxc2 = (await sup.get(`${F}/cuentasporcobrar?cliente=${CLIENTE.NumeroDocumento}`)).json();
    expect(cxc2.Data.map((d: { SerieNumero: string; Saldo: string }) => [d.SerieNumero, d.Saldo])).toEqual([['LT-4', '103.00']]);
    const ec = (await sup.get(`${F}/reportes/estadoscuentas?cliente=${CLIENTE.NumeroDocumento}&idmoneda=1`)).json();
    expect(ec.Saldo).toBe('103.00');
    // A renewed letra is neither collected nor renewed again.
    const c = await sup.post(`${F}/cobros/pagares`, { IdLetra: l.Id, IdCuentaFinanciera: caja });
    expect(c.statusCode).toBe(409);
    expect(c.json()).toMatchObject({ ErrorId: ErrorCodes.LETRA_ESTADO_INVALIDO, Mensaje: 'La letra LT-3 está renovada: no se puede cobrarla' });
    // Filters: state, customer, maturity range.
    const lista = (await sup.get(`${F}/documentos/pagares?estado=6&cliente=${CLIENTE.NumeroDocumento}`)).json();
    expect(lista.Data.map((x: TLetra) => x.Numero)).toEqual(['LT-3']);
    const rango = (await sup.get(`${F}/documentos/pagares?vencimientodesde=${sumarDias(hoy, 29)}&vencimientohasta=${sumarDias(hoy, 31)}`)).json();
    expect(rango.Data.map((x: TLetra) => x.Numero)).toEqual(['LT-1', 'LT-4']);
    expect((await sup.get(`${F}/documentos/pagares?regxpag=2&pagina=2`)).json()).toMatchObject({ Count: 4 });
  });

  it('anulación de un canje sin movimientos: las cuotas vuelven y el asiento se revierte', async () => {
    const f = await facturaCredito(['80.00']);
    const [q] = await cuotas(f.Id);
    const r = await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '80.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 45), Monto: '80.00' }] });
    expect(r.statusCode, r.body).toBe(201);
    const { IdCanje, Letras } = r.json() as { IdCanje: number; Letras: TLetra[] };
    expect((await cuotas(f.Id))[0].Saldo).toBe('0.00');
    const a = await sup.put(`${F}/documentos/pagares/${Letras[0].Id}/anulaciones`, { Motivo: 'El cliente pagará al contado' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ Estado: 7, EstadoNombre: 'Anulada', Saldo: '0.00' });
    expect((await cuotas(f.Id))[0].Saldo).toBe('80.00');
    expect(await lineasDe(`ANULA-LETRA-CANJE:${IdCanje}`)).toEqual([
      ['1231', '0.00', '80.00'],
      ['1212', '80.00', '0.00'],
    ]);
    const otraVez = await sup.put(`${F}/documentos/pagares/${Letras[0].Id}/anulaciones`, { Motivo: 'Otra vez' });
    expect(otraVez.statusCode).toBe(409);
  });

  it('rechazos en español: total distinto, otra moneda, cuotas de otro cliente, otra empresa 404, cajero 403', async () => {
    const f = await facturaCredito(['50.00']);
    const [q] = await cuotas(f.Id);
    const t = await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '50.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '49.99' }] });
    expect(t.statusCode).toBe(400);
    expect(t.json()).toMatchObject({ ErrorId: ErrorCodes.LETRA_TOTAL_DISTINTO, Mensaje: 'El total de las letras (S/ 49.99) debe ser igual al saldo canjeado de las cuotas (S/ 50.00)' });

    const usd = await facturaCredito(['10.00'], CLIENTE, 2);
    const [qu] = await cuotas(usd.Id);
    const m = await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '50.00' }, { IdCuota: qu.IdCuota, Monto: '10.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '60.00' }] });
    expect(m.statusCode).toBe(400);
    expect(JSON.stringify(m.json())).toContain('Las cuotas de un canje deben estar en una sola moneda');

    const otro = await facturaCredito(['20.00'], CLIENTE_RUC);
    const [qo] = await cuotas(otro.Id);
    const o = await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '50.00' }, { IdCuota: qo.IdCuota, Monto: '20.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '70.00' }] });
    expect(o.statusCode).toBe(400);
    expect(JSON.stringify(o.json())).toContain('Un canje es de un solo cliente');

    const v = await canjear({ Cuotas: [], Letras: [] });
    expect(v.statusCode).toBe(400);
    expect(v.json().ErrorId).toBe(ErrorCodes.VALIDACION);

    // Another company: its ids are not found.
    expect((await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '50.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '50.00' }] }, otra)).statusCode).toBe(404);
    expect((await otra.get(`${F}/documentos/pagares/${lt1.Id}`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/documentos/pagares/${lt1.Id}/pdf`)).statusCode).toBe(404);
    expect((await otra.put(`${F}/documentos/pagares/${lt2.Id}/protestos`, {})).statusCode).toBe(404);
    expect((await otra.post(`${F}/cobros/pagares`, { IdLetra: lt2.Id, IdCuentaFinanciera: caja })).statusCode).toBe(404);
    expect((await otra.get(`${F}/documentos/pagares`)).json().Count).toBe(0);
    // A cashier reaches none of it.
    expect((await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '50.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '50.00' }] }, cajero)).statusCode).toBe(403);
    expect((await cajero.get(`${F}/documentos/pagares`)).statusCode).toBe(403);
    expect((await cajero.post(`${F}/cobros/pagares`, { IdLetra: lt2.Id, IdCuentaFinanciera: caja })).statusCode).toBe(403);
  });

  it('dos cobros de la misma letra a la vez: solo uno queda', async () => {
    const f = await facturaCredito(['40.00']);
    const [q] = await cuotas(f.Id);
    const l = ((await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '40.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '40.00' }] })).json().Letras as TLetra[])[0];
    const cobrar = () => sup.post(`${F}/cobros/pagares`, { IdLetra: l.Id, IdCuentaFinanciera: caja });
    const rs = await Promise.all([cobrar(), cobrar()]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([201, expect.any(Number)]);
    const fallida = rs.find((r) => r.statusCode !== 201)!;
    expect([400, 409]).toContain(fallida.statusCode);
    const [{ n }] = await filas<{ n: number }>(sql`select count(*)::int as n from cobro_detalle d join cobro c on c.id = d.id_cobro where d.id_cuota = ${l.IdCuota} and not c.anulado`);
    expect(n).toBe(1);
    expect(await letra(l.Id)).toMatchObject({ Estado: 4, Cobrado: '40.00', Saldo: '0.00' });
  });

  it('canje de una factura en dólares a otro tipo de cambio: la letra al del canje, la 12 se cancela a lo contabilizado y la diferencia va a 776/676', async () => {
    const ayer = sumarDias(hoy, -1);
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: ayer, Compra: '3.690', Venta: '3.700' })).statusCode).toBe(201);
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: hoy, Compra: '3.740', Venta: '3.750' })).statusCode).toBe(201);
    // US$ 100.00 issued yesterday: the receivable booked at 3.700 = S/ 370.00.
    const f = await facturaCredito(['100.00'], CLIENTE, 2, ayer);
    expect((await lineasDe(`VENTA:${f.Id}`))[0]).toEqual(['1212', '370.00', '0.00']);
    const [q] = await cuotas(f.Id);
    const r = await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '100.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '60.00' }, { FechaVencimiento: sumarDias(hoy, 60), Monto: '40.00' }] });
    expect(r.statusCode, r.body).toBe(201);
    const { IdCanje, Letras } = r.json() as { IdCanje: number; Letras: TLetra[] };
    // Letras at today's 3.750: US$ 100.00 = S/ 375.00 (225.00 + 150.00); 12 credited with the S/ 370.00 booked: S/ 5.00 gained.
    expect(await lineasDe(`LETRA-CANJE:${IdCanje}`)).toEqual([
      ['1231', '375.00', '0.00'],
      ['1212', '0.00', '370.00'],
      ['776', '0.00', '5.00'],
    ]);
    const saldo12 = async () =>
      (
        await filas<{ s: string }>(sql`
          select coalesce(sum(l.debe - l.haber), 0)::numeric(16,2)::text as s from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
           where c.codigo = '1212' and a.clave_origen in (${`VENTA:${f.Id}`}, ${`LETRA-CANJE:${IdCanje}`}, ${`ANULA-LETRA-CANJE:${IdCanje}`})`)
      )[0].s;
    expect(await saldo12()).toBe('0.00');
    // A loss the other way: another invoice of yesterday (3.700), exchanged after today's rate is corrected to 3.650.
    const g = await facturaCredito(['20.00'], CLIENTE, 2, ayer);
    expect((await lineasDe(`VENTA:${g.Id}`))[0]).toEqual(['1212', '74.00', '0.00']);
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: hoy, Compra: '3.640', Venta: '3.650' })).statusCode).toBe(201);
    const [qg] = await cuotas(g.Id);
    const rg = await canjear({ Cuotas: [{ IdCuota: qg.IdCuota, Monto: '20.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '20.00' }] });
    expect(rg.statusCode, rg.body).toBe(201);
    // US$ 20.00 x 3.650 = S/ 73.00 in letras; booked S/ 74.00: S/ 1.00 lost.
    expect(await lineasDe(`LETRA-CANJE:${rg.json().IdCanje}`)).toEqual([
      ['1231', '73.00', '0.00'],
      ['1212', '0.00', '74.00'],
      ['676', '1.00', '0.00'],
    ]);
    // Voiding the first canje reverses its difference too, and 12 is back to the invoice's S/ 370.00.
    const a = await sup.put(`${F}/documentos/pagares/${Letras[0].Id}/anulaciones`, { Motivo: 'Canje mal registrado' });
    expect(a.statusCode, a.body).toBe(200);
    expect(await lineasDe(`ANULA-LETRA-CANJE:${IdCanje}`)).toEqual([
      ['1231', '0.00', '375.00'],
      ['1212', '370.00', '0.00'],
      ['776', '5.00', '0.00'],
    ]);
    expect(await saldo12()).toBe('370.00');
  });
});
