import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { ErrorCodes, type TCaja, type TItem, type TSesionCaja } from '@yupana/contracts';
import { documentoContable } from '../../src/modules/contabilidad/contabilidad.schema';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, CLIENTE_DNI, hoyLima, idSerie, type Cliente } from '../contabilidad/ayudas';

// Branch posstock (issue 12): the point of sale shows what is available (stock - reserved by orders "Por facturar")
// in its box's warehouse, and with negative stock forbidden no sale takes units an order reserves; the order itself
// can still be invoiced. PGlite, and PostgreSQL with TEST_DATABASE_URL (the concurrent case).
let e: Entorno;
let sup: Cliente;
let cajero: Cliente;
let idSucursal: number;
let idAlmacen: number;
let idBoleta: number;
let idNv: number;

const F = '/api/finanzas/v1';
const LOG = '/api/logistica/v1';
const VEN = '/api/ventas/v1';
const VENTA = '/api/ventas/v1/cajas/ventas';
const DOC = '/api/contabilidad/v1/documentoContable';
const hoy = hoyLima();

const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;
const documentos = async () => (await e.dbh.db.select({ n: count() }).from(documentoContable))[0].n;
const stockDe = async (idItem: number) =>
  filas<{ c: string }>(await e.dbh.db.execute(sql`select cantidad::text as c from stock where id_item = ${idItem} and id_almacen = ${idAlmacen}`))[0]?.c;
const movimientosDe = async (idItem: number) =>
  Number(filas<{ n: string }>(await e.dbh.db.execute(sql`select count(*)::text as n from movimiento_inventario_detalle where id_item = ${idItem}`))[0].n);

async function bien(codigo: string, descripcion: string, stock: string): Promise<number> {
  const r = await sup.post(`${LOG}/items`, { Codigo: codigo, Descripcion: descripcion, CodigoUnidad: 'NIU', Precio: '5.00', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(r.statusCode, r.body).toBe(201);
  const id = r.json().Id as number;
  const m = await sup.post(`${LOG}/movimientos`, { Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: idAlmacen, Lineas: [{ IdItem: id, Cantidad: stock, CostoUnitario: '3.00' }] });
  expect(m.statusCode, m.body).toBe(201);
  return id;
}
const linea = (idItem: number, descripcion: string, cantidad: string) => ({ IdItem: idItem, ItemDescripcion: descripcion, CodigoUnidad: 'NIU', Cantidad: cantidad, PrecioUnitario: '5.00', TipoAfectacion: '10' });
async function pedido(idItem: number, descripcion: string, cantidad: string): Promise<number> {
  const r = await sup.post(`${VEN}/pedidos`, {
    Tipo: 2, IdSucursal: idSucursal, FechaEmision: hoy, Cliente: { IdTipoDocumento: 1, NumeroDocumento: CLIENTE_DNI.NumeroDocumento, RazonSocial: CLIENTE_DNI.RazonSocial },
    Lineas: [{ IdItem: idItem, ItemDescripcion: descripcion, CodigoUnidad: 'NIU', Cantidad: cantidad, PrecioUnitario: '5.00' }],
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().Id as number;
}
const ventaPos = (idItem: number, descripcion: string, cantidad: string, clave?: string) =>
  cajero.post(
    VENTA,
    { Documento: { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy, ListaItems: [linea(idItem, descripcion, cantidad)], ListaEntidades: [CLIENTE_DNI] }, Pagos: [{ IdMedioPago: 1, Monto: '500' }] },
    clave ? { 'idempotency-key': clave } : {},
  );
const buscar = async (c: Cliente, filtro: string, suc: number | string = idSucursal) => c.get(`${LOG}/items?filtro=${filtro}&idsucursal=${suc}`);

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  idBoleta = await idSerie(sup, 1004, 'B001');
  idNv = await idSerie(sup, 1008, 'NV01');
  const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { Serie: string; IdSucursal: number }[];
  idSucursal = series.find((s) => s.Serie === 'B001')!.IdSucursal;
  idAlmacen = ((await sup.get(`${LOG}/almacenes`)).json().Data as { Id: number; IdSucursal: number; EsPredeterminado: boolean }[]).find((a) => a.IdSucursal === idSucursal && a.EsPredeterminado)!.Id;
  const caja = (await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja stock' })).json() as TCaja;
  const s = await cajero.post(`${F}/cajas/${caja.Id}/aperturas`, { MontoApertura: '100.00' });
  expect(s.statusCode, s.body).toBe(201);
  expect((s.json() as TSesionCaja).IdSucursal).toBe(idSucursal);
  const conf = await sup.put(`${LOG}/logisconfig`, { PermiteStockNegativo: false });
  expect(conf.statusCode, conf.body).toBe(200);
}, 240_000);
afterAll(async () => {
  await e?.cerrar();
});

describe('punto de venta: stock disponible y reservas', () => {
  it('la búsqueda del punto de venta trae stock, reservado y disponible del almacén de la caja; un servicio no', async () => {
    const id = await bien('PSK-LECHE', 'PSK LECHE EVAPORADA 400 G', '10');
    const srv = await sup.post(`${LOG}/items`, { Codigo: 'PSK-SRV', Descripcion: 'PSK SERVICIO DE DELIVERY', CodigoUnidad: 'ZZ', Precio: '5.00', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
    expect(srv.statusCode, srv.body).toBe(201);
    const a = await pedido(id, 'PSK LECHE EVAPORADA 400 G', '4');
    expect((await sup.put(`${VEN}/pedidos/${a}/estados`, { Estado: 18 })).statusCode).toBe(200);
    const r = await buscar(cajero, 'PSK');
    expect(r.statusCode, r.body).toBe(200);
    const items = r.json().Data as TItem[];
    expect(items.find((i) => i.Id === id)?.Existencia).toMatchObject({ Stock: '10', Reservado: '4', Disponible: '6' });
    expect(items.find((i) => i.Codigo === 'PSK-SRV')?.Existencia).toBeNull();
    // Without idsucursal the search is as before (no stock column).
    expect(((await cajero.get(`${LOG}/items?filtro=PSK`)).json().Data as TItem[])[0]).not.toHaveProperty('Existencia');
    // Another company's branch, or one that does not exist: 404; bad input: 400.
    const [otra] = filas<{ id: number }>(await e.dbh.db.execute(sql`select id from sucursal where id_empresa <> (select id_empresa from sucursal where id = ${idSucursal}) limit 1`));
    if (otra) expect((await buscar(cajero, 'PSK', otra.id)).statusCode).toBe(404);
    expect((await buscar(cajero, 'PSK', 987654)).statusCode).toBe(404);
    expect((await buscar(cajero, 'PSK', 'abc')).statusCode).toBe(400);
  });

  it('una venta en caja por más de lo disponible se rechaza con el disponible y no escribe nada; hasta lo disponible sí', async () => {
    const d = 'PSK ACEITE PRIMOR 1 L';
    const id = await bien('PSK-ACEITE', d, '10');
    const a = await pedido(id, d, '4');
    expect((await sup.put(`${VEN}/pedidos/${a}/estados`, { Estado: 18 })).statusCode).toBe(200);
    const antes = await documentos();
    const ventasAntes = Number(filas<{ n: string }>(await e.dbh.db.execute(sql`select count(*)::text as n from venta_caja`))[0].n);
    const r = await ventaPos(id, d, '7', 'psk-exceso-0001');
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.STOCK_NO_DISPONIBLE });
    expect(r.json().Mensaje).toBe(`Stock insuficiente para ${d}: disponible 6, solicitado 7 (stock 10, reservado por pedidos por facturar 4)`);
    expect(await documentos()).toBe(antes);
    expect(Number(filas<{ n: string }>(await e.dbh.db.execute(sql`select count(*)::text as n from venta_caja`))[0].n)).toBe(ventasAntes);
    expect(await stockDe(id)).toBe('10.0000000000');
    expect(await movimientosDe(id)).toBe(1);
    // Exactly what is available sells; then nothing is left and the search says so.
    const ok = await ventaPos(id, d, '6');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await stockDe(id)).toBe('4.0000000000');
    const item = ((await buscar(cajero, 'PSK-ACEITE')).json().Data as TItem[])[0];
    expect(item.Existencia).toMatchObject({ Stock: '4', Reservado: '4', Disponible: '0' });
    expect((await ventaPos(id, d, '1')).statusCode).toBe(409);
  });

  it('boleta y nota de venta del emisor normal también respetan la reserva; el pedido que reserva sí se factura', async () => {
    const d = 'PSK AZÚCAR RUBIA 1 KG';
    const id = await bien('PSK-AZUCAR', d, '5');
    const a = await pedido(id, d, '5');
    expect((await sup.put(`${VEN}/pedidos/${a}/estados`, { Estado: 18 })).statusCode).toBe(200);
    const antes = await documentos();
    for (const [idTipo, idSerieX] of [[1004, idBoleta], [1008, idNv]]) {
      const r = await sup.post(DOC, { IdTipoDocumento: idTipo, IdSerie: idSerieX, FechaEmision: hoy, ListaItems: [linea(id, d, '1')], ListaEntidades: [CLIENTE_DNI] });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().Mensaje).toMatch(new RegExp(`^Stock insuficiente para ${d}: disponible 0, solicitado 1`));
    }
    expect(await documentos()).toBe(antes);
    // Its own reservation is available to the order: invoicing it takes the 5 units once.
    const f = await sup.post(`${VEN}/pedidos/${a}/documentos`, { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy });
    expect(f.statusCode, f.body).toBe(201);
    expect(await stockDe(id)).toBe('0.0000000000');
    expect((await sup.get(`${VEN}/pedidos/${a}`)).json().Estado).toBe(14);
    expect(((await buscar(cajero, 'PSK-AZUCAR')).json().Data as TItem[])[0].Existencia).toMatchObject({ Stock: '0', Reservado: '0', Disponible: '0' });
  });

  it('cada pedido se factura con lo que reservó aunque no quede nada libre; una venta suelta no', async () => {
    const d = 'PSK FIDEOS DON VITTORIO';
    const id = await bien('PSK-FIDEOS', d, '8');
    const a = await pedido(id, d, '3');
    const b = await pedido(id, d, '5');
    for (const p of [a, b]) expect((await sup.put(`${VEN}/pedidos/${p}/estados`, { Estado: 18 })).statusCode).toBe(200);
    // Nothing is free: a walk-in sale of 1 is refused, each order is invoiced with its own units.
    expect((await ventaPos(id, d, '1')).statusCode).toBe(409);
    expect((await sup.post(`${VEN}/pedidos/${a}/documentos`, { IdTipoDocumento: 1008, IdSerie: idNv, FechaEmision: hoy })).statusCode).toBe(201);
    expect((await sup.post(`${VEN}/pedidos/${b}/documentos`, { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy })).statusCode).toBe(201);
    expect(await stockDe(id)).toBe('0.0000000000');
    expect(await movimientosDe(id)).toBe(3);
  });

  it('a la vez: un pedido que reserva y una venta en caja por las mismas unidades; solo uno se queda con ellas', async () => {
    const d = 'PSK ATÚN REAL 170 G';
    const id = await bien('PSK-ATUN', d, '5');
    const p = await pedido(id, d, '3');
    const [rp, rv] = await Promise.all([sup.put(`${VEN}/pedidos/${p}/estados`, { Estado: 18 }), ventaPos(id, d, '3', 'psk-carrera-0001')]);
    const codigos = [rp.statusCode, rv.statusCode];
    // One of them gets the units, the other is refused with the Spanish message; never both.
    expect(codigos.filter((c) => c === 409), `${rp.body} ${rv.body}`).toHaveLength(1);
    const stock = await stockDe(id);
    const reservado = (await buscar(cajero, 'PSK-ATUN')).json().Data[0].Existencia as { Stock: string; Reservado: string };
    if (rv.statusCode === 201) expect([stock, reservado.Reservado]).toEqual(['2.0000000000', '0']);
    else expect([stock, reservado.Reservado]).toEqual(['5.0000000000', '3']);
    expect((rp.statusCode === 409 ? rp : rv).json().Mensaje).toMatch(/^Stock insuficiente para PSK ATÚN REAL 170 G: disponible 2/);
  });

  it('con stock negativo permitido la reserva no bloquea la venta (la empresa eligió no controlar stock)', async () => {
    const d = 'PSK GASEOSA 500 ML';
    const id = await bien('PSK-GASEOSA', d, '2');
    const a = await pedido(id, d, '2');
    expect((await sup.put(`${VEN}/pedidos/${a}/estados`, { Estado: 18 })).statusCode).toBe(200);
    expect((await sup.put(`${LOG}/logisconfig`, { PermiteStockNegativo: true })).statusCode).toBe(200);
    try {
      const r = await ventaPos(id, d, '1');
      expect(r.statusCode, r.body).toBe(201);
    } finally {
      expect((await sup.put(`${LOG}/logisconfig`, { PermiteStockNegativo: false })).statusCode).toBe(200);
    }
  });
});

describe('punto de venta: presentaciones (caja x 12)', () => {
  it('el código de barras de la caja trae el ítem con esa presentación; la venta en cajas mueve factor x cantidad', async () => {
    const id = await bien('PSK-REFRESCO', 'PSK REFRESCO DE PIÑA 500 ML', '30');
    const p = await sup.put(`${LOG}/items/${id}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'BX', Descripcion: 'CAJA', Factor: '12', CodigoBarras: '20000000000017', Precio: '55.00' }] });
    expect(p.statusCode, p.body).toBe(200);

    // The scanner's text is the box's barcode: the item comes first, named in that presentation, with its price.
    const r = await buscar(cajero, '20000000000017');
    expect(r.statusCode, r.body).toBe(200);
    const [g] = r.json().Data as TItem[];
    expect(g).toMatchObject({ Id: id, PresentacionLeida: 'BX', Presentaciones: [{ CodigoUnidad: 'BX', Descripcion: 'CAJA', Factor: '12', CodigoBarras: '20000000000017', Precio: '55.00' }] });
    // A text search at the till carries the presentations too; the item list (no branch) does not.
    expect(((await buscar(cajero, 'psk refresco')).json().Data as TItem[])[0]).toMatchObject({ Id: id, Presentaciones: [{ CodigoUnidad: 'BX' }] });
    expect(((await buscar(cajero, 'psk refresco')).json().Data as TItem[])[0].PresentacionLeida).toBeUndefined();
    const lista = (await sup.get(`${LOG}/items?filtro=20000000000017`)).json().Data as TItem[];
    expect(lista.map((i) => i.Id)).toEqual([id]);
    expect(lista[0].Presentaciones).toBeUndefined();

    // Two boxes: 24 units leave the box's warehouse.
    const caja = { IdItem: id, ItemDescripcion: 'PSK REFRESCO DE PIÑA 500 ML', CodigoUnidad: 'BX', PrecioUnitario: '55.00', TipoAfectacion: '10' };
    const v = await cajero.post(VENTA, { Documento: { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy, ListaItems: [{ ...caja, Cantidad: '2' }], ListaEntidades: [CLIENTE_DNI] }, Pagos: [{ IdMedioPago: 1, Monto: '110.00' }] });
    expect(v.statusCode, v.body).toBe(201);
    expect(v.json().Documento.MontoTotal).toBe('110.00');
    expect(Number(await stockDe(id))).toBe(6);
    // One more box is 12 units: more than the 6 left, refused with nothing written.
    const antes = await documentos();
    const otra = await cajero.post(VENTA, { Documento: { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy, ListaItems: [{ ...caja, Cantidad: '1' }], ListaEntidades: [CLIENTE_DNI] }, Pagos: [{ IdMedioPago: 1, Monto: '55.00' }] });
    expect(otra.statusCode, otra.body).toBe(400);
    expect(otra.json().Mensaje).toContain('disponible 6, requerido 12');
    expect(await documentos()).toBe(antes);
    expect(Number(await stockDe(id))).toBe(6);
  });
});
