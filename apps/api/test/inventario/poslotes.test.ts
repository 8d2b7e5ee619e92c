// Branch poslotes (issues 12/13): the sale line's lot/serial stock is read only for the user's own branches, it lists
// the item's presentations (the web counts serials as quantity x factor), the POS search tells whether negative
// stock is allowed, and a POS sale carries the chosen lot or serials in a presentation such as DZN (docena).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TAlmacen, TCaja, TItem, TStockVenta } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_DNI, clienteDe, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let cajero: Cliente;
const LOG = '/api/logistica/v1';
const F = '/api/finanzas/v1';
const DOC = '/api/contabilidad/v1/documentoContable';
const VENTA = '/api/ventas/v1/cajas/ventas';
const hoy = hoyLima();
let idSucursal: number;
let principal: TAlmacen;
let idBoleta: number;
const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;

const crearItem = async (codigo: string, descripcion: string, extra: object = {}) => {
  const r = await sup.post(`${LOG}/items`, { Codigo: codigo, Descripcion: descripcion, CodigoUnidad: 'NIU', Precio: '10', ...extra });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().Id as number;
};
const lotesDe = async (idItem: number) =>
  filas<{ codigo: string; c: string }>(await e.dbh.db.execute(sql`select codigo, cantidad::text as c from lote where id_item = ${idItem} and id_almacen = ${principal.Id} order by codigo`)).map((f) => [f.codigo, f.c]);

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  // The cashier's branch, from its token (the one its box is in).
  idSucursal = (JSON.parse(Buffer.from(cajero.token.split('.')[1], 'base64url').toString()) as { Sucursales: number[] }).Sucursales[0];
  principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.IdSucursal === idSucursal && a.EsPredeterminado)!;
  idBoleta = await idSerie(sup, 1004, 'B001');
  expect((await sup.put(`${LOG}/logisconfig`, { PermiteStockNegativo: false })).statusCode).toBe(200);
}, 120_000);
afterAll(async () => e?.cerrar());

describe('stock para la venta: solo de las sucursales del usuario', () => {
  it('un cajero de la sucursal A recibe 404 para la sucursal B (como la búsqueda con idsucursal)', async () => {
    const id = await crearItem('PL-LOT', 'YOGURT PL', { ControlLote: true });
    const b = await sup.post('/api/entidades/v1/sucursales', { RazonSocial: 'TIENDA PL NORTE', Direccion: 'AV. NORTE 100', IdUbigeo: '150101' });
    expect(b.statusCode, b.body).toBe(201);
    const idB = b.json().Id as number;
    expect(idB).not.toBe(idSucursal);
    const alm = await sup.post(`${LOG}/almacenes`, { IdSucursal: idB, Nombre: 'Almacén PL Norte' });
    expect(alm.statusCode, alm.body).toBe(201);
    const ing = await sup.post(`${LOG}/movimientos`, {
      Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: alm.json().Id,
      Lineas: [{ IdItem: id, Cantidad: '7', CostoUnitario: '2', Lote: 'PL-NORTE', FechaVencimiento: sumarDias(hoy, 30) }],
    });
    expect(ing.statusCode, ing.body).toBe(201);

    // The cashier's own branch answers; branch B, a branch of the company outside its list, is a 404 with no lots.
    expect((await cajero.get(`${LOG}/inventarios/stock/venta/${id}/${idSucursal}`)).statusCode).toBe(200);
    const ajena = await cajero.get(`${LOG}/inventarios/stock/venta/${id}/${idB}`);
    expect(ajena.statusCode, ajena.body).toBe(404);
    expect(ajena.json().Mensaje).toBe('No se encontró la sucursal');
    expect(ajena.body).not.toContain('PL-NORTE');
    // The same answer as the POS search with that branch.
    expect((await cajero.get(`${LOG}/items?filtro=YOGURT&idsucursal=${idB}`)).statusCode).toBe(404);
    // The supervisor gets the same answer from both routes for B (its token's branches decide, as for the cashier).
    const s = await sup.get(`${LOG}/inventarios/stock/venta/${id}/${idB}`);
    expect(s.statusCode).toBe((await sup.get(`${LOG}/items?filtro=YOGURT&idsucursal=${idB}`)).statusCode);
  });
});

describe('presentaciones, DZN y el punto de venta con lote y series', () => {
  let idLote: number;
  let idSer: number;

  it('el stock para la venta trae las presentaciones (factor), y la búsqueda del POS dice si se permite stock negativo', async () => {
    idLote = await crearItem('PL-HUE', 'HUEVOS PL', { ControlLote: true });
    idSer = await crearItem('PL-SER', 'RADIO PL', { ControlSerie: true });
    for (const id of [idLote, idSer]) {
      const p = await sup.put(`${LOG}/items/${id}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'DZN', Descripcion: 'DOCENA', Factor: '12' }, { CodigoUnidad: 'PK', Descripcion: 'PAR', Factor: '2' }] });
      expect(p.statusCode, p.body).toBe(200);
    }
    const ing = await sup.post(`${LOG}/movimientos`, {
      Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: principal.Id,
      Lineas: [
        { IdItem: idLote, Cantidad: '20', CostoUnitario: '0.4', Lote: 'PL-H1', FechaVencimiento: sumarDias(hoy, 5) },
        { IdItem: idLote, Cantidad: '30', CostoUnitario: '0.4', Lote: 'PL-H2', FechaVencimiento: sumarDias(hoy, 40) },
        { IdItem: idSer, Cantidad: '3', CostoUnitario: '50', Series: ['RS-1', 'RS-2', 'RS-3'] },
      ],
    });
    expect(ing.statusCode, ing.body).toBe(201);
    const v = (await cajero.get(`${LOG}/inventarios/stock/venta/${idLote}/${idSucursal}`)).json<TStockVenta>();
    expect(v.Presentaciones).toEqual([{ CodigoUnidad: 'PK', Factor: '2' }, { CodigoUnidad: 'DZN', Factor: '12' }]);
    expect(v.Lotes.map((l) => [l.CodigoLote, l.Disponible])).toEqual([['PL-H1', '20'], ['PL-H2', '30']]);

    const buscar = async () => ((await cajero.get(`${LOG}/items?filtro=HUEVOS%20PL&idsucursal=${idSucursal}`)).json().Data as TItem[])[0].Existencia;
    expect(await buscar()).toMatchObject({ Disponible: '50', PermiteNegativo: false });
    expect((await sup.put(`${LOG}/logisconfig`, { PermiteStockNegativo: true })).statusCode).toBe(200);
    try {
      expect(await buscar()).toMatchObject({ Disponible: '50', PermiteNegativo: true });
    } finally {
      expect((await sup.put(`${LOG}/logisconfig`, { PermiteStockNegativo: false })).statusCode).toBe(200);
    }
  });

  it('una boleta en DZN (docena, catálogo 03) se acepta y mueve 12 unidades base por docena del lote elegido', async () => {
    const r = await sup.post(DOC, {
      IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy, ListaEntidades: [CLIENTE_DNI],
      ListaItems: [{ IdItem: idLote, CodigoItem: 'PL-HUE', ItemDescripcion: 'HUEVOS PL', CodigoUnidad: 'DZN', Cantidad: '1', PrecioUnitario: '6.00', CodigoLote: 'PL-H2' }],
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(await lotesDe(idLote)).toEqual([['PL-H1', '20.0000000000'], ['PL-H2', '18.0000000000']]);
    // Not a catálogo 03 code: a field error, never a 5xx.
    const mala = await sup.post(DOC, {
      IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy, ListaEntidades: [CLIENTE_DNI],
      ListaItems: [{ ItemDescripcion: 'HUEVOS SUELTOS', CodigoUnidad: 'QQQ', Cantidad: '1', PrecioUnitario: '6.00' }],
    });
    expect(mala.statusCode, mala.body).toBe(400);
  });

  it('el punto de venta envía el lote y las series elegidos como las líneas de la boleta; más allá del lote se rechaza sin escribir', async () => {
    const caja = (await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja PL' })).json() as TCaja;
    expect((await cajero.post(`${F}/cajas/${caja.Id}/aperturas`, { MontoApertura: '50.00' })).statusCode).toBe(201);
    const venta = (lineas: object[], clave: string) =>
      cajero.post(
        VENTA,
        { Documento: { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy, ListaItems: lineas, ListaEntidades: [CLIENTE_DNI] }, Pagos: [{ IdMedioPago: 1, Monto: '500' }] },
        { 'idempotency-key': clave },
      );
    // A pair (PK x 2) of radios takes exactly two serials; one lot-named dozen and one unit of the later lot.
    const ok = await venta(
      [
        { IdItem: idSer, ItemDescripcion: 'RADIO PL', CodigoUnidad: 'PK', Cantidad: '1', PrecioUnitario: '90.00', TipoAfectacion: '10', Series: ['RS-3', 'RS-1'] },
        { IdItem: idLote, ItemDescripcion: 'HUEVOS PL', CodigoUnidad: 'NIU', Cantidad: '2', PrecioUnitario: '0.60', TipoAfectacion: '10', CodigoLote: 'PL-H2' },
      ],
      'poslotes-ok-0001',
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await lotesDe(idLote)).toEqual([['PL-H1', '20.0000000000'], ['PL-H2', '16.0000000000']]);
    expect((await cajero.get(`${LOG}/inventarios/stock/venta/${idSer}/${idSucursal}`)).json<TStockVenta>().Series.map((s) => s.Numero)).toEqual(['RS-2']);
    // A pair with one serial is refused by the server (base units, 2), and a lot asked beyond what it holds too.
    const pocas = await venta([{ IdItem: idSer, ItemDescripcion: 'RADIO PL', CodigoUnidad: 'PK', Cantidad: '1', PrecioUnitario: '90.00', TipoAfectacion: '10', Series: ['RS-2'] }], 'poslotes-mal-0001');
    expect(pocas.statusCode, pocas.body).toBe(400);
    const lote = await venta([{ IdItem: idLote, ItemDescripcion: 'HUEVOS PL', CodigoUnidad: 'DZN', Cantidad: '2', PrecioUnitario: '6.00', TipoAfectacion: '10', CodigoLote: 'PL-H1' }], 'poslotes-mal-0002');
    expect([400, 409], lote.body).toContain(lote.statusCode);
    expect(await lotesDe(idLote)).toEqual([['PL-H1', '20.0000000000'], ['PL-H2', '16.0000000000']]);
  });
});
