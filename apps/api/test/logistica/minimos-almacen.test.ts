import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TMinimoAlmacen, type TStockMinimoFila } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';
import { hoyLima } from '../contabilidad/ayudas';

// Branch imagenes (issue 13): an item's minimum stock per warehouse overrides the item's minimum there.
let e: Entorno;
let token: string;
let tokenOtra: string;
let tokenCajero: string;
const LOG = '/api/logistica';
beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenOtra = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
  tokenCajero = (await sesionDe(e.app, 'cajero')).AccessToken;
});
afterAll(async () => {
  await e?.cerrar();
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url: `${LOG}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));
const bajo = async (extra = '') => {
  const r = await llamar('GET', `/v1/inventarios/stock/minimos${extra}`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().Data as TStockMinimoFila[]).filter((f) => f.Codigo === 'MIN-001');
};

describe('stock mínimo por almacén', () => {
  let idItem: number;
  let a1: number;
  let a2: number;
  beforeAll(async () => {
    const r = await llamar('POST', '/v1/items', { Codigo: 'MIN-001', Descripcion: 'AZUCAR RUBIA 1 KG', CodigoUnidad: 'NIU', Precio: '4.20', StockMinimo: '10' });
    expect(r.statusCode, r.body).toBe(201);
    idItem = r.json().Id;
    const almacenes = (await llamar('GET', '/v1/almacenes')).json().Data as { Id: number; IdSucursal: number }[];
    a1 = almacenes[0].Id;
    const nuevo = await llamar('POST', '/v1/almacenes', { IdSucursal: almacenes[0].IdSucursal, Nombre: 'Almacén mínimos 2' });
    expect(nuevo.statusCode, nuevo.body).toBe(201);
    a2 = nuevo.json().Id;
    // 12 units in the first warehouse, none in the second: the total (12) meets the item's minimum (10).
    const m = await llamar('POST', '/v1/movimientos', { Clase: 'I', TipoOperacion: '16', Fecha: hoyLima(), IdAlmacen: a1, Lineas: [{ IdItem: idItem, Cantidad: '12', CostoUnitario: '3.00' }] });
    expect(m.statusCode, m.body).toBe(201);
  });

  it('sin mínimos por almacén rige el del producto (total y por almacén)', async () => {
    expect(await bajo()).toEqual([]);
    expect(await bajo(`?idalmacen=${a1}`)).toEqual([]);
    expect(await bajo(`?idalmacen=${a2}`)).toMatchObject([{ IdAlmacen: a2, Almacen: 'Almacén mínimos 2', StockMinimo: '10', Stock: '0', Faltante: '10' }]);
    const l = await llamar('GET', `/v1/items/${idItem}/minimos`);
    expect(l.statusCode, l.body).toBe(200);
    expect(l.json().StockMinimoItem).toBe('10');
    expect((l.json().Data as TMinimoAlmacen[]).find((x) => x.IdAlmacen === a2)).toMatchObject({ Almacen: 'Almacén mínimos 2', StockMinimo: null });
  });

  it('el mínimo del almacén reemplaza al del producto en ese almacén; sin él vuelve el del producto', async () => {
    const g = await llamar('PUT', `/v1/items/${idItem}/minimos`, { Minimos: [{ IdAlmacen: a1, StockMinimo: '15.5' }, { IdAlmacen: a2, StockMinimo: '0' }] });
    expect(g.statusCode, g.body).toBe(200);
    const porAlmacen = new Map((g.json().Data as TMinimoAlmacen[]).map((x) => [x.IdAlmacen, x.StockMinimo]));
    expect([porAlmacen.get(a1), porAlmacen.get(a2)]).toEqual(['15.5', '0']);

    // Warehouse 1: 12 < 15.5 (its own minimum, not the item's 10); warehouse 2: 0 is not below its own 0.
    expect(await bajo(`?idalmacen=${a1}`)).toMatchObject([{ IdAlmacen: a1, StockMinimo: '15.5', Stock: '12', Faltante: '3.5' }]);
    expect(await bajo(`?idalmacen=${a2}`)).toEqual([]);
    // The company view: the total (12) meets the item's 10, but warehouse 1's own minimum is not met.
    expect(await bajo()).toMatchObject([{ IdAlmacen: a1, StockMinimo: '15.5', Stock: '12', Faltante: '3.5' }]);

    // Only warehouse 2 keeps one (null removes): warehouse 1 falls back to the item's 10 and 12 meets it.
    const g2 = await llamar('PUT', `/v1/items/${idItem}/minimos`, { Minimos: [{ IdAlmacen: a1, StockMinimo: null }, { IdAlmacen: a2, StockMinimo: '3' }] });
    expect(g2.statusCode, g2.body).toBe(200);
    expect(await bajo(`?idalmacen=${a1}`)).toEqual([]);
    expect(await bajo(`?idalmacen=${a2}`)).toMatchObject([{ StockMinimo: '3', Stock: '0', Faltante: '3' }]);
    expect(await bajo()).toMatchObject([{ IdAlmacen: a2, StockMinimo: '3', Faltante: '3' }]);

    // Item's minimum above the total: both rows (the total's first when equally short is not required; both present).
    const it = (await llamar('GET', `/v1/items/${idItem}`)).json();
    expect((await llamar('PUT', `/v1/items/${idItem}`, { ...it, StockMinimo: '20' })).statusCode).toBe(200);
    const filas = await bajo();
    expect(filas.map((f) => [f.IdAlmacen, f.Faltante])).toEqual([[null, '8'], [a2, '3']]);
  });

  it('valida, 404 para otra empresa y 403 para el cajero al escribir', async () => {
    const malo = await llamar('PUT', `/v1/items/${idItem}/minimos`, { Minimos: [{ IdAlmacen: a1, StockMinimo: '-1' }, { IdAlmacen: a1, StockMinimo: '2' }] });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().ErrorId).toBe(ErrorCodes.VALIDACION);
    expect(Object.keys(malo.json().Errores)).toEqual(expect.arrayContaining(['Minimos.0.StockMinimo', 'Minimos.1.IdAlmacen']));

    // Another company: our item is a 404, and our warehouse in its own item too.
    expect((await llamar('GET', `/v1/items/${idItem}/minimos`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('PUT', `/v1/items/${idItem}/minimos`, { Minimos: [] }, tokenOtra)).statusCode).toBe(404);
    const ajeno = (await llamar('POST', '/v1/items', { Codigo: 'MIN-AJENO', Descripcion: 'AJENO', CodigoUnidad: 'NIU', Precio: '1' }, tokenOtra)).json().Id as number;
    expect((await llamar('PUT', `/v1/items/${ajeno}/minimos`, { Minimos: [{ IdAlmacen: a1, StockMinimo: '1' }] }, tokenOtra)).statusCode).toBe(404);
    expect(((await llamar('GET', `/v1/items/${ajeno}/minimos`, undefined, tokenOtra)).json().Data as TMinimoAlmacen[]).some((x) => x.IdAlmacen === a1)).toBe(false);

    // A service has no minimum.
    const srv = (await llamar('POST', '/v1/items', { Codigo: 'MIN-SRV', Descripcion: 'SERVICIO', CodigoUnidad: 'ZZ', Precio: '1' })).json().Id as number;
    const s = await llamar('PUT', `/v1/items/${srv}/minimos`, { Minimos: [{ IdAlmacen: a1, StockMinimo: '1' }] });
    expect(s.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Minimos: 'Un servicio no lleva stock mínimo' } });

    expect((await llamar('GET', `/v1/items/${idItem}/minimos`, undefined, tokenCajero)).statusCode).toBe(200);
    expect((await llamar('PUT', `/v1/items/${idItem}/minimos`, { Minimos: [] }, tokenCajero)).statusCode).toBe(403);
  });
});
