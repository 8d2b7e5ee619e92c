import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, sql } from 'drizzle-orm';
import { ErrorCodes, type TCaja, type TCuadreCaja, type TSesionCaja, type TVentaCaja } from '@yupana/contracts';
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
}, 240_000);
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
    // In the books the receivable stays open: the sale's 12 / 40 / 70 and no collection (10 / 12) at the till.
    const asientos = (await e.dbh.db.execute(sql`
      select a.clave_origen as clave, c.codigo, l.debe::text as debe from asiento_linea l join asiento_contable a on a.id = l.id_asiento
        join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen in (${`VENTA:${v.Documento.Id}`}, ${`CONTADO:${v.Documento.Id}`}) and l.debe > 0`)) as unknown as { rows: { clave: string; codigo: string; debe: string }[] };
    expect(asientos.rows).toEqual([{ clave: `VENTA:${v.Documento.Id}`, codigo: '1212', debe: '118.00' }]);
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

describe('canje de una nota de venta', () => {
  it('la nota muestra su canje; un segundo canje es 409 y no emite nada', async () => {
    const DOC = '/api/contabilidad/v1/documentoContable';
    const nv = await sup.post(DOC, { IdTipoDocumento: 1008, IdSerie: idNv, FechaEmision: hoy, ListaItems: lineas('30.00'), ListaEntidades: [CLIENTE_DNI] });
    expect(nv.statusCode, nv.body).toBe(201);
    const idNota = nv.json().Id as number;
    expect((await sup.get(`${DOC}/${idNota}`)).json().CanjeadoPor).toBeNull();
    const canje = { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy, ListaItems: lineas('30.00'), ListaEntidades: [CLIENTE_DNI], IdDocumentoOrigen: idNota };
    const b = await sup.post(DOC, canje);
    expect(b.statusCode, b.body).toBe(201);
    const nota = (await sup.get(`${DOC}/${idNota}`)).json();
    expect(nota.CanjeadoPor).toEqual({ Id: b.json().Id, SerieNumero: b.json().SerieNumero });
    expect((await sup.get(`${DOC}/${b.json().Id}`)).json().SerieNumeroAfectado).toBe(nota.SerieNumero);
    const antes = (await e.dbh.db.select({ n: count() }).from(documentoContable))[0].n;
    const otra = await sup.post(DOC, canje);
    expect(otra.statusCode, otra.body).toBe(409);
    expect(otra.json()).toMatchObject({ ErrorId: ErrorCodes.NOTA_VENTA_YA_CANJEADA, Mensaje: `La nota de venta ya fue canjeada por el comprobante ${b.json().SerieNumero}` });
    expect((await e.dbh.db.select({ n: count() }).from(documentoContable))[0].n).toBe(antes);
  });
});

describe('reserva de stock por pedidos', () => {
  it('dos pedidos a la vez por las últimas unidades: uno reserva, el otro 409; facturar o anular libera', async () => {
    const LOG = '/api/logistica/v1';
    const VEN = '/api/ventas/v1';
    const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { Serie: string; IdSucursal: number }[];
    const idSucursal = series.find((s) => s.Serie === 'B001')!.IdSucursal;
    const bien = await sup.post(`${LOG}/items`, { Codigo: 'RES-1', Descripcion: 'LECHE GLORIA 400 G', CodigoUnidad: 'NIU', Precio: '4.20', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
    expect(bien.statusCode, bien.body).toBe(201);
    const idItem = bien.json().Id as number;
    const principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as { Id: number; IdSucursal: number; EsPredeterminado: boolean }[]).find((a) => a.IdSucursal === idSucursal && a.EsPredeterminado)!;
    const ingreso = await sup.post(`${LOG}/movimientos`, { Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idItem, Cantidad: '10', CostoUnitario: '3.00' }] });
    expect(ingreso.statusCode, ingreso.body).toBe(201);
    const pedido = async (cantidadPedida: string) => {
      const r = await sup.post(`${VEN}/pedidos`, {
        Tipo: 2, IdSucursal: idSucursal, FechaEmision: hoy, Cliente: { IdTipoDocumento: 1, NumeroDocumento: CLIENTE_DNI.NumeroDocumento, RazonSocial: CLIENTE_DNI.RazonSocial },
        Lineas: [{ IdItem: idItem, ItemDescripcion: 'LECHE GLORIA 400 G', CodigoUnidad: 'NIU', Cantidad: cantidadPedida, PrecioUnitario: '4.20' }],
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().Id as number;
    };
    const stockFila = async () => ((await sup.get(`${LOG}/inventarios/stock?filtro=RES-1`)).json().Data as { IdAlmacen: number; Cantidad: string; Reservado: string; Disponible: string }[]).find((f) => f.IdAlmacen === principal.Id)!;

    const a = await pedido('4');
    expect((await sup.put(`${VEN}/pedidos/${a}/estados`, { Estado: 18 })).statusCode).toBe(200);
    expect(await stockFila()).toMatchObject({ Cantidad: '10', Reservado: '4', Disponible: '6' });

    // Two orders for the last 6 units at once: one reserves, the other is 409 and stays pending.
    const [b, c] = [await pedido('6'), await pedido('6')];
    const [rb, rc] = await Promise.all([sup.put(`${VEN}/pedidos/${b}/estados`, { Estado: 18 }), sup.put(`${VEN}/pedidos/${c}/estados`, { Estado: 18 })]);
    expect([rb.statusCode, rc.statusCode].sort()).toEqual([200, 409]);
    const perdedor = rb.statusCode === 409 ? rb : rc;
    expect(perdedor.json()).toMatchObject({ ErrorId: ErrorCodes.STOCK_NO_DISPONIBLE });
    expect(perdedor.json().Mensaje).toMatch(/Stock insuficiente para LECHE GLORIA 400 G: disponible 0/);
    const idPerdedor = rb.statusCode === 409 ? b : c;
    const idGanador = rb.statusCode === 409 ? c : b;
    expect((await sup.get(`${VEN}/pedidos/${idPerdedor}`)).json().Estado).toBe(13);
    expect(await stockFila()).toMatchObject({ Reservado: '10', Disponible: '0' });

    // Voiding releases; invoicing releases the reservation and the document takes the stock once.
    expect((await sup.put(`${VEN}/pedidos/${idGanador}/estados`, { Estado: 16 })).statusCode).toBe(200);
    expect(await stockFila()).toMatchObject({ Cantidad: '10', Reservado: '4', Disponible: '6' });
    const f = await sup.post(`${VEN}/pedidos/${a}/documentos`, { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy });
    expect(f.statusCode, f.body).toBe(201);
    expect(await stockFila()).toMatchObject({ Cantidad: '6', Reservado: '0', Disponible: '6' });
    // Now the other order fits.
    expect((await sup.put(`${VEN}/pedidos/${idPerdedor}/estados`, { Estado: 18 })).statusCode).toBe(200);
    expect(await stockFila()).toMatchObject({ Cantidad: '6', Reservado: '6', Disponible: '0' });
  });

  it('un pedido en cajas (CAJA x 12) reserva las unidades que moverá: 2 cajas son 24 unidades', async () => {
    const LOG = '/api/logistica/v1';
    const VEN = '/api/ventas/v1';
    const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { Serie: string; IdSucursal: number }[];
    const idSucursal = series.find((s) => s.Serie === 'B001')!.IdSucursal;
    const bien = await sup.post(`${LOG}/items`, { Codigo: 'RES-CJ', Descripcion: 'ATÚN FLORIDA 170 G', CodigoUnidad: 'NIU', Precio: '6.50', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
    expect(bien.statusCode, bien.body).toBe(201);
    const idItem = bien.json().Id as number;
    const p = await sup.put(`${LOG}/items/${idItem}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'BX', Descripcion: 'CAJA X 12', Factor: '12' }] });
    expect(p.statusCode, p.body).toBe(200);
    const principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as { Id: number; IdSucursal: number; EsPredeterminado: boolean }[]).find((a) => a.IdSucursal === idSucursal && a.EsPredeterminado)!;
    expect((await sup.post(`${LOG}/movimientos`, { Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idItem, Cantidad: '30', CostoUnitario: '4.00' }] })).statusCode).toBe(201);
    const pedido = async (cajas: string) => {
      const r = await sup.post(`${VEN}/pedidos`, {
        Tipo: 2, IdSucursal: idSucursal, FechaEmision: hoy, Cliente: { IdTipoDocumento: 1, NumeroDocumento: CLIENTE_DNI.NumeroDocumento, RazonSocial: CLIENTE_DNI.RazonSocial },
        Lineas: [{ IdItem: idItem, ItemDescripcion: 'ATÚN FLORIDA 170 G CAJA X 12', CodigoUnidad: 'BX', Cantidad: cajas, PrecioUnitario: '72.00' }],
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().Id as number;
    };
    const a = await pedido('2');
    expect((await sup.put(`${VEN}/pedidos/${a}/estados`, { Estado: 18 })).statusCode).toBe(200);
    const fila = ((await sup.get(`${LOG}/inventarios/stock?filtro=RES-CJ`)).json().Data as { IdAlmacen: number; Reservado: string; Disponible: string }[]).find((f) => f.IdAlmacen === principal.Id)!;
    expect(fila).toMatchObject({ Reservado: '24', Disponible: '6' });
    // One more box does not fit in the 6 units left.
    const b = await pedido('1');
    const r = await sup.put(`${VEN}/pedidos/${b}/estados`, { Estado: 18 });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().Mensaje).toMatch(/disponible 6/);
  });
});
