import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import type { TCaja, TCuadreCaja, TSesionCaja, TVentaCaja } from '@yupana/contracts';
import { documentoContable } from '../../src/modules/contabilidad/contabilidad.schema';
import { cuotaCobrar } from '../../src/modules/finanzas/finanzas.schema';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, CLIENTE_DNI, CLIENTE_RUC, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

// Issue 12 (branch pos): a credit sale at the point of sale writes the receivable's dues in the checkout's transaction;
// the session counts no cash for it.
let e: Entorno;
let sup: Cliente;
let cajero: Cliente;
let sesion: TSesionCaja;
let idFactura: number;
let idBoleta: number;
let idNv: number;

const F = '/api/finanzas/v1';
const VENTA = '/api/ventas/v1/cajas/ventas';
const hoy = hoyLima();
const lineas = (precio: string) => [{ CodigoItem: 'P001', ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: precio, TipoAfectacion: '10' }];
const credito = (idTipo: number, idSerieX: number, precio: string, cuotas: { Monto: string; FechaVencimiento: string }[], cliente: object | null = CLIENTE_RUC) => ({
  IdTipoDocumento: idTipo,
  IdSerie: idSerieX,
  FechaEmision: hoy,
  IdCondicionPago: 2,
  ListaItems: lineas(precio),
  ListaEntidades: cliente ? [cliente] : [],
  ListaCuotas: cuotas,
});

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  const idSucursal = (JSON.parse(Buffer.from(cajero.token.split('.')[1], 'base64url').toString()) as { Sucursales: number[] }).Sucursales[0];
  idFactura = await idSerie(sup, 1003, 'F001');
  idBoleta = await idSerie(sup, 1004, 'B001');
  idNv = await idSerie(sup, 1008, 'NV01');
  const caja = (await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja crédito' })).json() as TCaja;
  sesion = (await cajero.post(`${F}/cajas/${caja.Id}/aperturas`, { MontoApertura: '100.00' })).json() as TSesionCaja;
});
afterAll(async () => {
  await e?.cerrar();
});

describe('venta al crédito en el punto de venta', () => {
  it('una factura al crédito en dos cuotas: las cuotas por cobrar en la misma transacción, sin cobro en caja', async () => {
    const cuotas = [
      { Monto: '60.00', FechaVencimiento: sumarDias(hoy, 15) },
      { Monto: '58.00', FechaVencimiento: sumarDias(hoy, 30) },
    ];
    const r = await cajero.post(VENTA, { Documento: credito(1003, idFactura, '118.00', cuotas) }, { 'idempotency-key': 'credito-pos-0001' });
    expect(r.statusCode, r.body).toBe(201);
    const v = r.json() as TVentaCaja;
    expect(v).toMatchObject({ IdSesion: sesion.Id, Total: '118.00', Pagado: '0.00', Vuelto: '0.00' });
    const dues = await e.dbh.db
      .select({ n: cuotaCobrar.numeroCuota, monto: cuotaCobrar.monto, fecha: cuotaCobrar.fechaVencimiento, cliente: cuotaCobrar.numeroDocumentoCliente })
      .from(cuotaCobrar)
      .where(eq(cuotaCobrar.idDocumento, v.Documento.Id))
      .orderBy(asc(cuotaCobrar.numeroCuota));
    expect(dues).toEqual([
      { n: 1, monto: '60.00', fecha: cuotas[0].FechaVencimiento, cliente: CLIENTE_RUC.NumeroDocumento },
      { n: 2, monto: '58.00', fecha: cuotas[1].FechaVencimiento, cliente: CLIENTE_RUC.NumeroDocumento },
    ]);
    // The receivable shows it to the supervisor.
    const cxc = await sup.get(`${F}/cuentasporcobrar/${v.Documento.Id}`);
    expect(cxc.statusCode, cxc.body).toBe(200);
    // A retry with the same key: the same sale, no second set of dues.
    const otra = await cajero.post(VENTA, { Documento: credito(1003, idFactura, '118.00', cuotas) }, { 'idempotency-key': 'credito-pos-0001' });
    expect(otra.json().Id).toBe(v.Id);
    expect((await e.dbh.db.select({ n: count() }).from(cuotaCobrar).where(eq(cuotaCobrar.idDocumento, v.Documento.Id)))[0].n).toBe(2);
  });

  it('una nota de venta al crédito a un DNI; un contado después: la caja espera solo lo cobrado', async () => {
    const r = await cajero.post(VENTA, { Documento: credito(1008, idNv, '50.00', [{ Monto: '50.00', FechaVencimiento: sumarDias(hoy, 7) }], CLIENTE_DNI) });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().Pagado).toBe('0.00');
    const contado = await cajero.post(VENTA, { Documento: { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy, ListaItems: lineas('20.00'), ListaEntidades: [CLIENTE_DNI] }, Pagos: [{ IdMedioPago: 1, Monto: '20' }] });
    expect(contado.statusCode, contado.body).toBe(201);
    const c = (await sup.get(`${F}/cuadrescajas/${sesion.Id}`)).json() as TCuadreCaja;
    // Cash expected: the 100 float + the 20 boleta; the 168 sold on credit are sales, not cash.
    expect(c.Medios.find((m) => m.IdMedioPago === 1)?.Esperado).toBe('120.00');
    expect(c.Sesion).toMatchObject({ Ventas: 3, TotalVentas: '188.00' });
  });

  it('rechaza crédito sin cliente identificado, con pagos en caja, boleta, o cuotas que no suman el total; nada se emite', async () => {
    const antes = (await e.dbh.db.select({ n: count() }).from(documentoContable))[0].n;
    const cuota = [{ Monto: '10.00', FechaVencimiento: sumarDias(hoy, 10) }];
    const anonimo = await cajero.post(VENTA, { Documento: credito(1008, idNv, '10.00', cuota, null) });
    expect(anonimo.statusCode).toBe(400);
    expect(anonimo.json()).toMatchObject({ ErrorId: 500001, Errores: { 'Documento.ListaEntidades': 'La venta al crédito requiere un cliente identificado con DNI o RUC' } });
    const conPago = await cajero.post(VENTA, { Documento: credito(1003, idFactura, '10.00', cuota), Pagos: [{ IdMedioPago: 1, Monto: '5' }] });
    expect(conPago.statusCode).toBe(400);
    expect(conPago.json().Errores.Pagos).toMatch(/no se cobra en caja/);
    const bol = await cajero.post(VENTA, { Documento: credito(1004, idBoleta, '10.00', cuota, CLIENTE_DNI) });
    expect(bol.statusCode).toBe(400);
    expect(bol.json().Errores['Documento.IdCondicionPago']).toMatch(/boleta se emite al contado/);
    const sinCuotas = await cajero.post(VENTA, { Documento: credito(1003, idFactura, '10.00', []) });
    expect(sinCuotas.statusCode).toBe(400);
    const noSuma = await cajero.post(VENTA, { Documento: credito(1003, idFactura, '10.00', [{ Monto: '9.00', FechaVencimiento: sumarDias(hoy, 10) }]) });
    expect(noSuma.statusCode).toBe(400);
    expect(JSON.stringify(noSuma.json().Errores)).toMatch(/suma de las cuotas/);
    const vencida = await cajero.post(VENTA, { Documento: credito(1003, idFactura, '10.00', [{ Monto: '10.00', FechaVencimiento: hoy }]) });
    expect(vencida.statusCode).toBe(400);
    // Contado still needs a payment.
    const sinPago = await cajero.post(VENTA, { Documento: { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy, ListaItems: lineas('20.00') } });
    expect(sinPago.statusCode).toBe(400);
    expect(sinPago.json().Errores.Pagos).toBe('Indique al menos un pago');
    expect((await e.dbh.db.select({ n: count() }).from(documentoContable))[0].n).toBe(antes);
  });
});
