// Inventory through the real stack (issue 13): manual movements with weighted-average cost worked by hand, the
// negative-stock setting, issued documents moving stock (and credit notes and voids bringing it back), the kardex,
// and the company and permission boundaries.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlmacen, TKardex, TMovimiento, TStockFila } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_DNI, clienteDe, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const LOG = '/api/logistica/v1';
const DOC = '/api/contabilidad/v1/documentoContable';
const hoy = hoyLima();

let idBien: number;
let idServicio: number;
let principal: TAlmacen;
let tienda: TAlmacen;
let idBoleta: number;

const filas = async (consulta: ReturnType<typeof sql>) => ((await e.dbh.db.execute(consulta)) as unknown as { rows: Record<string, unknown>[] }).rows;
async function stockDe(idAlmacen: number): Promise<TStockFila | undefined> {
  const r = await sup.get(`${LOG}/inventarios/stock?idalmacen=${idAlmacen}&filtro=inv-1`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().Data as TStockFila[]).find((f) => f.IdItem === idBien);
}
async function mover(cuerpo: object, c = sup) {
  return c.post(`${LOG}/movimientos`, cuerpo);
}
const boleta = async (idSerieB: number, lineas: object[]) => sup.post(DOC, { IdTipoDocumento: 1004, IdSerie: idSerieB, FechaEmision: hoy, ListaItems: lineas, ListaEntidades: [CLIENTE_DNI] });

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  const bien = await sup.post(`${LOG}/items`, { Codigo: 'INV-1', Descripcion: 'LECHE EVAPORADA 400 G', CodigoUnidad: 'NIU', Precio: '4.50', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(bien.statusCode, bien.body).toBe(201);
  idBien = bien.json().Id;
  idServicio = (await sup.post(`${LOG}/items`, { Codigo: 'INV-SRV', Descripcion: 'SERVICIO DE ENVÍO', CodigoUnidad: 'ZZ', Precio: '5', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
  // The boletas' branch: its default warehouse is where sales take stock from.
  const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { Serie: string; IdSucursal: number }[];
  const idSucursal = series.find((s) => s.Serie === 'B001')!.IdSucursal;
  const almacenes = (await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[];
  principal = almacenes.find((a) => a.IdSucursal === idSucursal && a.EsPredeterminado)!;
  expect(principal).toBeTruthy();
  const t = await sup.post(`${LOG}/almacenes`, { IdSucursal: idSucursal, Nombre: 'Depósito de la tienda' });
  expect(t.statusCode, t.body).toBe(201);
  tienda = t.json();
  expect(tienda.EsPredeterminado).toBe(false);
  const c = await sup.put(`${LOG}/logisconfig`, { PermiteStockNegativo: false });
  expect(c.json()).toEqual({ PermiteStockNegativo: false });
}, 120_000);
afterAll(async () => e?.cerrar());

describe('movimientos manuales y costo promedio ponderado', () => {
  it('tres ingresos: el costo promedio es exacto (10 x 5.00 + 5 x 8.00 = 6.00; + 3 x 7.00 = 111 / 18)', async () => {
    const m1 = await mover({ Clase: 'I', TipoOperacion: '16', Fecha: sumarDias(hoy, -2), IdAlmacen: principal.Id, Lineas: [{ IdItem: idBien, Cantidad: '10', CostoUnitario: '5.00' }] });
    expect(m1.statusCode, m1.body).toBe(201);
    const a = m1.json<TMovimiento>();
    expect(a).toMatchObject({ Clase: 'I', TipoOperacion: '16', Detalle: [{ IdItem: idBien, Cantidad: '10', CostoUnitario: '5.0000', CostoTotal: '50.00' }] });
    const m2 = await mover({ Clase: 'I', TipoOperacion: '02', Fecha: sumarDias(hoy, -1), IdAlmacen: principal.Id, Lineas: [{ IdItem: idBien, Cantidad: '5', CostoUnitario: '8' }] });
    expect(m2.json().Numero).toBe(a.Numero! + 1);
    expect(await stockDe(principal.Id)).toMatchObject({ Cantidad: '15', CostoPromedio: '6.0000', Valor: '90.00' });
    await mover({ Clase: 'I', TipoOperacion: '02', Fecha: sumarDias(hoy, -1), IdAlmacen: principal.Id, Lineas: [{ IdItem: idBien, Cantidad: '3', CostoUnitario: '7' }] });
    expect(await stockDe(principal.Id)).toMatchObject({ Cantidad: '18', CostoPromedio: '6.1667', Valor: '111.00' });
    const [s] = await filas(sql`select costo_promedio::text as c from stock where id_item = ${idBien} and id_almacen = ${principal.Id}`);
    expect(s.c).toBe('6.1666666667');
  });

  it('una salida por merma sale al costo promedio y no lo cambia', async () => {
    const r = await mover({ Clase: 'S', TipoOperacion: '13', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idBien, Cantidad: '4' }] });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().Detalle[0]).toMatchObject({ Cantidad: '-4', CostoUnitario: '6.1667', CostoTotal: '-24.67' });
    expect(await stockDe(principal.Id)).toMatchObject({ Cantidad: '14', CostoPromedio: '6.1667', Valor: '86.33' });
  });

  it('con el stock negativo prohibido, una salida mayor al stock se rechaza en español nombrando el producto y no mueve nada', async () => {
    const r = await mover({ Clase: 'S', TipoOperacion: '99', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idBien, Cantidad: '100' }] });
    expect(r.statusCode).toBe(400);
    expect(r.json().Mensaje).toContain('Stock insuficiente de LECHE EVAPORADA 400 G');
    expect(r.json().Mensaje).toContain('disponible 14, requerido 100');
    expect(await stockDe(principal.Id)).toMatchObject({ Cantidad: '14' });
  });

  it('una transferencia mueve ambos lados al mismo costo, en un solo movimiento', async () => {
    const r = await mover({ Clase: 'T', Fecha: hoy, IdAlmacen: principal.Id, IdAlmacenDestino: tienda.Id, Lineas: [{ IdItem: idBien, Cantidad: '4' }] });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().Detalle.map((d: { IdAlmacen: number; Cantidad: string }) => [d.IdAlmacen, d.Cantidad])).toEqual([[principal.Id, '-4'], [tienda.Id, '4']]);
    expect(await stockDe(principal.Id)).toMatchObject({ Cantidad: '10', CostoPromedio: '6.1667' });
    expect(await stockDe(tienda.Id)).toMatchObject({ Cantidad: '4', CostoPromedio: '6.1667', Valor: '24.67' });
  });

  it('valida: servicios sin stock, ingreso sin costo, transferencia al mismo almacén', async () => {
    const srv = await mover({ Clase: 'I', TipoOperacion: '02', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idServicio, Cantidad: '1', CostoUnitario: '1' }] });
    expect(srv.statusCode).toBe(400);
    expect(srv.json().Errores['Lineas.0.IdItem']).toContain('es un servicio');
    const sinCosto = await mover({ Clase: 'I', TipoOperacion: '02', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idBien, Cantidad: '1' }] });
    expect(sinCosto.statusCode).toBe(400);
    const mismo = await mover({ Clase: 'T', Fecha: hoy, IdAlmacen: principal.Id, IdAlmacenDestino: principal.Id, Lineas: [{ IdItem: idBien, Cantidad: '1' }] });
    expect(mismo.json().Errores.IdAlmacenDestino).toBe('El almacén de destino debe ser distinto del de origen');
  });
});

describe('los documentos emitidos mueven el stock', () => {
  it('una boleta saca los bienes del almacén predeterminado de la sucursal; el servicio no mueve stock', async () => {
    const r = await boleta(await idSerie(sup, 1004, 'B001'), [
      { IdItem: idBien, CodigoItem: 'INV-1', ItemDescripcion: 'LECHE EVAPORADA 400 G', Cantidad: '2', PrecioUnitario: '4.50' },
      { IdItem: idServicio, CodigoItem: 'INV-SRV', ItemDescripcion: 'SERVICIO DE ENVÍO', CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: '5' },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    idBoleta = r.json().Id;
    expect(await stockDe(principal.Id)).toMatchObject({ Cantidad: '8', CostoPromedio: '6.1667' });
    const m = await filas(sql`select m.tipo_operacion, m.numero, count(d.id)::int as n from movimiento_inventario m join movimiento_inventario_detalle d on d.id_movimiento = m.id
      where m.id_documento_contable = ${idBoleta} group by m.id`);
    expect(m).toEqual([{ tipo_operacion: '01', numero: null, n: 1 }]);
  });

  it('una boleta por más del stock se rechaza (400 nombrando el producto) y no se emite', async () => {
    const idB = await idSerie(sup, 1004, 'B001');
    const [{ n: antes }] = await filas(sql`select count(*)::int as n from documento_contable where id_serie = ${idB}`);
    const r = await boleta(idB, [{ IdItem: idBien, ItemDescripcion: 'LECHE EVAPORADA 400 G', Cantidad: '50', PrecioUnitario: '4.50' }]);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().Mensaje).toContain('Stock insuficiente de LECHE EVAPORADA 400 G');
    const [{ n: despues }] = await filas(sql`select count(*)::int as n from documento_contable where id_serie = ${idB}`);
    expect(despues).toBe(antes);
    expect(await stockDe(principal.Id)).toMatchObject({ Cantidad: '8' });
  });

  it('una nota de crédito por devolución devuelve el stock al almacén de la venta, al costo con que salió', async () => {
    const r = await sup.post(DOC, {
      IdTipoDocumento: 1005, IdSerie: await idSerie(sup, 1005, 'B001'), FechaEmision: hoy, ListaEntidades: [CLIENTE_DNI],
      ListaItems: [{ IdItem: idBien, ItemDescripcion: 'LECHE EVAPORADA 400 G', Cantidad: '1', PrecioUnitario: '4.50' }],
      ListaReferencias: [{ IdDocumentoReferencia: idBoleta, CodigoMotivo: '07', DescripcionMotivo: 'DEVOLUCIÓN POR ÍTEM' }],
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(await stockDe(principal.Id)).toMatchObject({ Cantidad: '9', CostoPromedio: '6.1667' });
  });

  it('anular una nota de venta revierte su salida exactamente', async () => {
    const r = await sup.post(DOC, { IdTipoDocumento: 1008, IdSerie: await idSerie(sup, 1008, 'NV01'), FechaEmision: hoy, ListaItems: [{ IdItem: idBien, ItemDescripcion: 'LECHE EVAPORADA 400 G', Cantidad: '3', PrecioUnitario: '4.50' }] });
    expect(r.statusCode, r.body).toBe(201);
    expect(await stockDe(principal.Id)).toMatchObject({ Cantidad: '6' });
    const a = await sup.put(`${DOC}/${r.json().Id}/anulaciones`, { Motivo: 'Error de digitación' });
    expect(a.statusCode, a.body).toBe(200);
    expect(await stockDe(principal.Id)).toMatchObject({ Cantidad: '9', CostoPromedio: '6.1667' });
    const m = await filas(sql`select m.clase, m.tipo_operacion, d.cantidad::text as q from movimiento_inventario m join movimiento_inventario_detalle d on d.id_movimiento = m.id
      where m.id_documento_contable = ${r.json().Id} order by m.id`);
    expect(m).toEqual([{ clase: 'S', tipo_operacion: '01', q: '-3.0000000000' }, { clase: 'I', tipo_operacion: '05', q: '3.0000000000' }]);
  });
});

describe('la última unidad', () => {
  it('dos ventas simultáneas de la última unidad: una se emite y la otra se rechaza (en PostgreSQL con TEST_DATABASE_URL, dos conexiones)', async () => {
    const u = (await sup.post(`${LOG}/items`, { Codigo: 'INV-ULT', Descripcion: 'ÚLTIMA UNIDAD DE PRUEBA', CodigoUnidad: 'NIU', Precio: '10', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id as number;
    expect((await mover({ Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: u, Cantidad: '1', CostoUnitario: '3' }] })).statusCode).toBe(201);
    const [idB, idNv] = [await idSerie(sup, 1004, 'B001'), await idSerie(sup, 1008, 'NV01')];
    const linea = { IdItem: u, ItemDescripcion: 'ÚLTIMA UNIDAD DE PRUEBA', Cantidad: '1', PrecioUnitario: '10' };
    const [a, b] = await Promise.all([boleta(idB, [linea]), sup.post(DOC, { IdTipoDocumento: 1008, IdSerie: idNv, FechaEmision: hoy, ListaItems: [linea] })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect((a.statusCode === 400 ? a : b).json().Mensaje).toContain('Stock insuficiente de ÚLTIMA UNIDAD DE PRUEBA');
    const [s] = await filas(sql`select cantidad::text as q from stock where id_item = ${u} and id_almacen = ${principal.Id}`);
    expect(s.q).toBe('0.0000000000');
  });
});

describe('kardex', () => {
  it('kardex valorizado con saldo inicial, entradas, salidas y saldos del promedio ponderado', async () => {
    const r = await sup.get(`${LOG}/kardex?iditem=${idBien}&idalmacen=${principal.Id}&desde=${sumarDias(hoy, -1)}&hasta=${hoy}`);
    expect(r.statusCode, r.body).toBe(200);
    const k = r.json<TKardex>();
    expect(k.SaldoInicial).toEqual({ Cantidad: '10', CostoPromedio: '5.0000', Valor: '50.00' });
    expect(k.Data.map((f) => [f.TipoOperacion, f.EntradaCantidad, f.SalidaCantidad, f.SaldoCantidad, f.SaldoValor])).toEqual([
      ['02', '5', '0', '15', '90.00'],
      ['02', '3', '0', '18', '111.00'],
      ['13', '0', '4', '14', '86.33'],
      ['11', '0', '4', '10', '61.67'],
      ['01', '0', '2', '8', '49.33'],
      ['05', '1', '0', '9', '55.50'],
      ['01', '0', '3', '6', '37.00'],
      ['05', '3', '0', '9', '55.50'],
    ]);
    expect(k.Count).toBe(8);
    const x = await sup.get(`${LOG}/kardex/excel?iditem=${idBien}&idalmacen=${principal.Id}&desde=${sumarDias(hoy, -1)}&hasta=${hoy}`);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('límites de empresa y permisos', () => {
  it('otra empresa no ve ni usa los almacenes, productos ni movimientos (404)', async () => {
    const [mov] = await filas(sql`select id from movimiento_inventario where id_almacen = ${principal.Id} limit 1`);
    expect((await otra.get(`${LOG}/movimientos/${mov.id}`)).statusCode).toBe(404);
    expect((await otra.get(`${LOG}/kardex?iditem=${idBien}&idalmacen=${principal.Id}&desde=${hoy}&hasta=${hoy}`)).statusCode).toBe(404);
    const r = await mover({ Clase: 'S', TipoOperacion: '99', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idBien, Cantidad: '1' }] }, otra);
    expect(r.statusCode).toBe(404);
    const stockOtra = (await otra.get(`${LOG}/inventarios/stock`)).json().Data as TStockFila[];
    expect(stockOtra.some((f) => f.IdItem === idBien)).toBe(false);
    expect(((await otra.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).some((a) => a.Id === principal.Id)).toBe(false);
  });

  it('el cajero no consulta el stock ni registra movimientos (403)', async () => {
    expect((await cajero.get(`${LOG}/inventarios/stock`)).statusCode).toBe(403);
    expect((await mover({ Clase: 'I', TipoOperacion: '02', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idBien, Cantidad: '1', CostoUnitario: '1' }] }, cajero)).statusCode).toBe(403);
    expect((await cajero.put(`${LOG}/logisconfig`, { PermiteStockNegativo: true })).statusCode).toBe(403);
  });
});

describe('entradas extremas', () => {
  it('un importe que no cabe en 12 dígitos enteros es un 400, no un error del servidor', async () => {
    const r = await mover({ Clase: 'I', TipoOperacion: '91', Fecha: hoy, IdAlmacen: tienda.Id, Lineas: [{ IdItem: idBien, Cantidad: '999999999999', CostoUnitario: '999999999999' }] });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().Mensaje).toContain('excede las cantidades o importes permitidos');
  });
});
