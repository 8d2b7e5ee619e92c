// Branch lotes2 (issue 13): presentation prices saved with the presentations (standard price list), the sale line's
// lot/serial picker `inventarios/stock/venta/{item}/{sucursal}`, and the kardex's Lote column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlmacen, TKardex, TStockVenta } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_DNI, clienteDe, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const LOG = '/api/logistica/v1';
const DOC = '/api/contabilidad/v1/documentoContable';
const hoy = hoyLima();
let idSucursal: number;
let principal: TAlmacen;
let deposito: TAlmacen;

const crearItem = async (codigo: string, descripcion: string, extra: object = {}) => {
  const r = await sup.post(`${LOG}/items`, { Codigo: codigo, Descripcion: descripcion, CodigoUnidad: 'NIU', Precio: '10', ...extra });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().Id as number;
};

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { Serie: string; IdSucursal: number }[];
  idSucursal = series.find((s) => s.Serie === 'B001')!.IdSucursal;
  const almacenes = (await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[];
  principal = almacenes.find((a) => a.IdSucursal === idSucursal && a.EsPredeterminado)!;
  deposito = (await sup.post(`${LOG}/almacenes`, { IdSucursal: idSucursal, Nombre: 'Depósito lotes2' })).json();
  expect((await sup.put(`${LOG}/logisconfig`, { PermiteStockNegativo: false })).statusCode).toBe(200);
}, 120_000);
afterAll(async () => e?.cerrar());

describe('precios de las presentaciones', () => {
  it('el precio de cada presentación se guarda en la lista estándar y se quita con la presentación', async () => {
    const id = await crearItem('L2-PRS', 'AGUA 625 ML');
    const mal = await sup.put(`${LOG}/items/${id}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'BX', Descripcion: 'CAJA X 12', Factor: '12', Precio: '-3' }] });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().Errores['Presentaciones.0.Precio']).toMatch(/^Precio: número no negativo/);

    const r = await sup.put(`${LOG}/items/${id}/presentaciones`, {
      Presentaciones: [
        { CodigoUnidad: 'BX', Descripcion: 'CAJA X 12', Factor: '12', CodigoBarras: '7750000000024', Precio: '100.50' },
        { CodigoUnidad: 'PK', Descripcion: 'PAQUETE X 6', Factor: '6' },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().Data).toEqual([
      { CodigoUnidad: 'PK', Descripcion: 'PAQUETE X 6', Factor: '6' },
      { CodigoUnidad: 'BX', Descripcion: 'CAJA X 12', Factor: '12', CodigoBarras: '7750000000024', Precio: '100.50' },
    ]);
    // The sale screens read it from the standard list, with the presentation's factor.
    const precios = (await sup.get(`${LOG}/listaprecios/item/precios/${id}`)).json().Data as { TipoLista: number; CodigoUnidad: string; Factor: string; Precio: string }[];
    expect(precios.filter((p) => p.TipoLista === 0).map((p) => [p.CodigoUnidad, p.Factor, p.Precio])).toEqual(expect.arrayContaining([['BX', '12.00', '100.50'], ['NIU', '1.00', '10.00']]));

    // A price set on the price-list screen for a unit that is not a presentation stays.
    const listas = (await sup.get(`${LOG}/listaprecios`)).json().Data as { Id: number; Tipo: number }[];
    const estandar = listas.find((l) => l.Tipo === 0)!.Id;
    expect((await sup.put(`${LOG}/listaprecios/${estandar}/precios`, { Precios: [{ IdItem: id, CodigoUnidad: 'DZN', Factor: '12', Precio: '99' }] })).statusCode).toBe(200);

    // BX removed, PK priced now.
    const r2 = await sup.put(`${LOG}/items/${id}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'PK', Descripcion: 'PAQUETE X 6', Factor: '6', Precio: '55' }] });
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json().Data).toEqual([{ CodigoUnidad: 'PK', Descripcion: 'PAQUETE X 6', Factor: '6', Precio: '55.00' }]);
    const despues = (await sup.get(`${LOG}/listaprecios/item/precios/${id}`)).json().Data as { TipoLista: number; CodigoUnidad: string; Precio: string }[];
    expect(despues.filter((p) => p.TipoLista === 0).map((p) => p.CodigoUnidad).sort()).toEqual(['DZN', 'NIU', 'PK']);

    // Saved again without a price: the standard price goes.
    await sup.put(`${LOG}/items/${id}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'PK', Descripcion: 'PAQUETE X 6', Factor: '6' }] });
    expect((await sup.get(`${LOG}/items/${id}/presentaciones`)).json().Data).toEqual([{ CodigoUnidad: 'PK', Descripcion: 'PAQUETE X 6', Factor: '6' }]);
    expect((await otra.put(`${LOG}/items/${id}/presentaciones`, { Presentaciones: [] })).statusCode).toBe(404);
  });
});

describe('lotes y series para la línea de venta, y la columna Lote del kardex', () => {
  let idLote: number;
  let idSerieItem: number;
  let idLibre: number;

  it('lista los lotes del almacén predeterminado de la sucursal en orden FEFO, con los vencidos marcados', async () => {
    idLote = await crearItem('L2-LOT', 'LECHE EVAPORADA L2', { ControlLote: true });
    idSerieItem = await crearItem('L2-SER', 'TABLET L2', { ControlSerie: true });
    idLibre = await crearItem('L2-LIB', 'BOLSA L2');
    const ingreso = await sup.post(`${LOG}/movimientos`, {
      Clase: 'I', TipoOperacion: '16', Fecha: sumarDias(hoy, -20), IdAlmacen: principal.Id,
      Lineas: [
        { IdItem: idLote, Cantidad: '5', CostoUnitario: '2', Lote: 'L2-B', FechaVencimiento: sumarDias(hoy, 60) },
        { IdItem: idLote, Cantidad: '3', CostoUnitario: '2', Lote: 'L2-A', FechaVencimiento: sumarDias(hoy, 10) },
        { IdItem: idLote, Cantidad: '2', CostoUnitario: '2', Lote: 'L2-V', FechaVencimiento: sumarDias(hoy, -1) },
        { IdItem: idSerieItem, Cantidad: '2', CostoUnitario: '300', Series: ['TB-1', 'TB-2'] },
        { IdItem: idLibre, Cantidad: '4', CostoUnitario: '0.1' },
      ],
    });
    expect(ingreso.statusCode, ingreso.body).toBe(201);
    // A lot in another warehouse of the same branch is not offered: the sale moves the default one.
    const otro = await sup.post(`${LOG}/movimientos`, {
      Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: deposito.Id,
      Lineas: [{ IdItem: idLote, Cantidad: '9', CostoUnitario: '2', Lote: 'L2-DEP', FechaVencimiento: sumarDias(hoy, 5) }],
    });
    expect(otro.statusCode, otro.body).toBe(201);

    const r = await cajero.get(`${LOG}/inventarios/stock/venta/${idLote}/${idSucursal}`);
    expect(r.statusCode, r.body).toBe(200);
    const v = r.json<TStockVenta>();
    expect(v).toMatchObject({ IdAlmacen: principal.Id, Almacen: principal.Nombre, Control: 'L', Series: [] });
    expect(v.Lotes.map((l) => [l.CodigoLote, l.Disponible, l.FechaVencimiento, l.Vencido])).toEqual([
      ['L2-V', '2', sumarDias(hoy, -1), true],
      ['L2-A', '3', sumarDias(hoy, 10), false],
      ['L2-B', '5', sumarDias(hoy, 60), false],
    ]);

    const s = (await sup.get(`${LOG}/inventarios/stock/venta/${idSerieItem}/${idSucursal}`)).json<TStockVenta>();
    expect(s).toMatchObject({ Control: 'S', Lotes: [] });
    expect(s.Series.map((x) => x.Numero)).toEqual(['TB-1', 'TB-2']);
    expect((await sup.get(`${LOG}/inventarios/stock/venta/${idLibre}/${idSucursal}`)).json()).toMatchObject({ Control: null, Lotes: [], Series: [] });

    // Another company: its item and branch are not found.
    expect((await otra.get(`${LOG}/inventarios/stock/venta/${idLote}/${idSucursal}`)).statusCode).toBe(404);
    const ajena = await sup.get(`${LOG}/inventarios/stock/venta/${idLote}/999999`);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json().Mensaje).toBe('No se encontró la sucursal');
    expect((await sup.get(`${LOG}/inventarios/stock/venta/abc/${idSucursal}`)).statusCode).toBe(400);
  });

  it('el kardex muestra el lote de cada movimiento, y el reparto FEFO de una venta', async () => {
    const b = await sup.post(DOC, {
      IdTipoDocumento: 1004, IdSerie: await idSerie(sup, 1004, 'B001'), FechaEmision: hoy, ListaEntidades: [CLIENTE_DNI],
      ListaItems: [{ IdItem: idLote, CodigoItem: 'L2-LOT', ItemDescripcion: 'LECHE EVAPORADA L2', Cantidad: '4', PrecioUnitario: '4' }],
    });
    expect(b.statusCode, b.body).toBe(201);
    const nombrado = await sup.post(DOC, {
      IdTipoDocumento: 1004, IdSerie: await idSerie(sup, 1004, 'B001'), FechaEmision: hoy, ListaEntidades: [CLIENTE_DNI],
      ListaItems: [{ IdItem: idLote, CodigoItem: 'L2-LOT', ItemDescripcion: 'LECHE EVAPORADA L2', Cantidad: '1', PrecioUnitario: '4', CodigoLote: 'L2-B' }],
    });
    expect(nombrado.statusCode, nombrado.body).toBe(201);
    const k = await sup.get(`${LOG}/kardex?iditem=${idLote}&idalmacen=${principal.Id}&desde=${sumarDias(hoy, -30)}&hasta=${hoy}`);
    expect(k.statusCode, k.body).toBe(200);
    // The opening entry's three lines, one lot each; the FEFO sale of 4 took 3 of L2-A and 1 of L2-B; the named sale L2-B.
    expect(k.json<TKardex>().Data.map((f) => [f.TipoOperacion, f.EntradaCantidad, f.SalidaCantidad, f.Lote])).toEqual([
      ['16', '5', '0', 'L2-B'],
      ['16', '3', '0', 'L2-A'],
      ['16', '2', '0', 'L2-V'],
      ['01', '0', '4', 'L2-A (3); L2-B (1)'],
      ['01', '0', '1', 'L2-B'],
    ]);
    const libre = (await sup.get(`${LOG}/kardex?iditem=${idLibre}&idalmacen=${principal.Id}&desde=${sumarDias(hoy, -30)}&hasta=${hoy}`)).json<TKardex>();
    expect(libre.Data.map((f) => f.Lote)).toEqual([null]);
    // The picker now shows what is left.
    const v = (await sup.get(`${LOG}/inventarios/stock/venta/${idLote}/${idSucursal}`)).json<TStockVenta>();
    expect(v.Lotes.map((l) => [l.CodigoLote, l.Disponible])).toEqual([['L2-V', '2'], ['L2-B', '3']]);
  });
});
