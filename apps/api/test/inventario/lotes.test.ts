// Lots, expiry and serials through the real stack (issue 13): lot entry on purchases and movements, the FEFO split
// of the seed's `inventarios/stock/lotes/{a}/{b}` call, sales taking lots by FEFO or by name, credit notes putting
// the quantity back into the same lot, voids reversing exactly, expiry alerts, and serials sold once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlmacen, TLotesFefo } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_DNI, clienteDe, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const LOG = '/api/logistica/v1';
const DOC = '/api/contabilidad/v1/documentoContable';
const hoy = hoyLima();
let principal: TAlmacen;
let deposito: TAlmacen;
let idLeche: number;
let idCelular: number;

const filas = async (consulta: ReturnType<typeof sql>) => ((await e.dbh.db.execute(consulta)) as unknown as { rows: Record<string, unknown>[] }).rows;
const lotesDe = async (idItem: number, idAlmacen: number) =>
  (await filas(sql`select codigo, cantidad::numeric::text as q from lote where id_item = ${idItem} and id_almacen = ${idAlmacen} order by fecha_vencimiento, id`)).map((f) => [f.codigo, String(Number(f.q))]);
const fefo = async (cantidad: string, c = sup, idAlmacen = principal.Id) => c.get(`${LOG}/inventarios/stock/lotes/${idLeche}/${idAlmacen}?cantidad=${cantidad}&modulo=V`);
const linea = (cantidad: string, extra: object = {}) => ({ IdItem: idLeche, CodigoItem: 'LOT-1', ItemDescripcion: 'YOGUR FRESA 1 L', Cantidad: cantidad, PrecioUnitario: '6.50', ...extra });
const boleta = async (lineas: object[]) => sup.post(DOC, { IdTipoDocumento: 1004, IdSerie: await idSerie(sup, 1004, 'B001'), FechaEmision: hoy, ListaItems: lineas, ListaEntidades: [CLIENTE_DNI] });
const notaVenta = async (lineas: object[]) => sup.post(DOC, { IdTipoDocumento: 1008, IdSerie: await idSerie(sup, 1008, 'NV01'), FechaEmision: hoy, ListaItems: lineas });
const notaCredito = async (idDoc: number, lineas: object[]) =>
  sup.post(DOC, {
    IdTipoDocumento: 1005, IdSerie: await idSerie(sup, 1005, 'B001'), FechaEmision: hoy, ListaEntidades: [CLIENTE_DNI], ListaItems: lineas,
    ListaReferencias: [{ IdDocumentoReferencia: idDoc, CodigoMotivo: '07', DescripcionMotivo: 'DEVOLUCIÓN POR ÍTEM' }],
  });

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { Serie: string; IdSucursal: number }[];
  const idSucursal = series.find((s) => s.Serie === 'B001')!.IdSucursal;
  const almacenes = (await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[];
  principal = almacenes.find((a) => a.IdSucursal === idSucursal && a.EsPredeterminado)!;
  deposito = (await sup.post(`${LOG}/almacenes`, { IdSucursal: idSucursal, Nombre: 'Depósito de lotes' })).json();
  const l = await sup.post(`${LOG}/items`, { Codigo: 'LOT-1', Descripcion: 'YOGUR FRESA 1 L', CodigoUnidad: 'NIU', Precio: '6.50', ControlLote: true });
  expect(l.statusCode, l.body).toBe(201);
  expect(l.json()).toMatchObject({ ControlLote: true, ControlSerie: false });
  idLeche = l.json().Id;
  const c = await sup.post(`${LOG}/items`, { Codigo: 'SER-1', Descripcion: 'CELULAR X1', CodigoUnidad: 'NIU', Precio: '900', ControlSerie: true });
  expect(c.statusCode, c.body).toBe(201);
  idCelular = c.json().Id;
  expect((await sup.put(`${LOG}/logisconfig`, { PermiteStockNegativo: false })).statusCode).toBe(200);
}, 120_000);
afterAll(async () => e?.cerrar());

describe('productos con lote: ingreso y reparto FEFO', () => {
  it('el producto no puede llevar lote y serie a la vez, ni un servicio lotes', async () => {
    const r = await sup.post(`${LOG}/items`, { Codigo: 'LOT-X', Descripcion: 'X', CodigoUnidad: 'NIU', Precio: '1', ControlLote: true, ControlSerie: true });
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores.ControlSerie).toBe('Un producto se controla por lote o por serie, no por ambos');
    const s = await sup.post(`${LOG}/items`, { Codigo: 'LOT-Y', Descripcion: 'Y', CodigoUnidad: 'ZZ', Precio: '1', ControlLote: true });
    expect(s.json().Errores.ControlLote).toBe('Un servicio no lleva lotes ni series');
  });

  it('un ingreso sin lote se rechaza en español; con lote y vencimiento crea los lotes', async () => {
    const sin = await sup.post(`${LOG}/movimientos`, { Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idLeche, Cantidad: '5', CostoUnitario: '3' }] });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().Errores['Lineas.0.Lote']).toBe('YOGUR FRESA 1 L se controla por lotes: ingrese el número de lote');
    const sinVence = await sup.post(`${LOG}/movimientos`, { Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idLeche, Cantidad: '5', CostoUnitario: '3', Lote: 'L-NUEVO' }] });
    expect(sinVence.json().Errores['Lineas.0.FechaVencimiento']).toBe('Ingrese el vencimiento del lote L-NUEVO');
    // Saldo inicial: one lot already expired, one expiring in 10 days, one in 40 days.
    const r = await sup.post(`${LOG}/movimientos`, {
      Clase: 'I', TipoOperacion: '16', Fecha: sumarDias(hoy, -30), IdAlmacen: principal.Id,
      Lineas: [
        { IdItem: idLeche, Cantidad: '4', CostoUnitario: '3', Lote: 'L-VENCIDO', FechaVencimiento: sumarDias(hoy, -2) },
        { IdItem: idLeche, Cantidad: '6', CostoUnitario: '3', Lote: 'L-40', FechaVencimiento: sumarDias(hoy, 40) },
      ],
    });
    expect(r.statusCode, r.body).toBe(201);
    // A purchase brings the lot that expires first.
    const c = await sup.post(`${LOG}/compras`, {
      RucProveedor: '20100070970', RazonSocialProveedor: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', TipoDocumento: '01', Serie: 'F001', Numero: 771, FechaEmision: hoy,
      Lineas: [{ IdItem: idLeche, IdAlmacen: principal.Id, Cantidad: '5', ValorUnitario: '3', Lote: 'L-10', FechaVencimiento: sumarDias(hoy, 10) }],
    });
    expect(c.statusCode, c.body).toBe(201);
    expect(await lotesDe(idLeche, principal.Id)).toEqual([['L-VENCIDO', '4'], ['L-10', '5'], ['L-40', '6']]);
    // The same lot with another expiry is refused.
    const otraFecha = await sup.post(`${LOG}/movimientos`, { Clase: 'I', TipoOperacion: '91', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idLeche, Cantidad: '1', CostoUnitario: '3', Lote: 'L-40', FechaVencimiento: sumarDias(hoy, 41) }] });
    expect(otraFecha.statusCode).toBe(400);
    expect(otraFecha.json().Errores['Lineas.0.FechaVencimiento']).toContain(`El lote L-40 de YOGUR FRESA 1 L vence el ${sumarDias(hoy, 40)}`);
  });

  it('GET inventarios/stock/lotes/{item}/{almacén}: reparte 8 entre L-10 (5) y L-40 (3), sin el lote vencido', async () => {
    const r = await fefo('8');
    expect(r.statusCode, r.body).toBe(200);
    const f = r.json<TLotesFefo>();
    expect(f.Data.map((x) => [x.CodigoLote, x.Disponible, x.Cantidad])).toEqual([['L-10', '5', '5'], ['L-40', '6', '3']]);
    expect(f).toMatchObject({ Solicitado: '8', Asignado: '8', Faltante: '0' });
    const mucho = (await fefo('20')).json<TLotesFefo>();
    expect(mucho).toMatchObject({ Asignado: '11', Faltante: '9' });
    // Módulo I (inventory exits) lists the expired lot first.
    const inv = (await sup.get(`${LOG}/inventarios/stock/lotes/${idLeche}/${principal.Id}?cantidad=2&modulo=I`)).json<TLotesFefo>();
    expect(inv.Data[0]).toMatchObject({ CodigoLote: 'L-VENCIDO', Cantidad: '2', Vencido: true });
    // The cashier (who sells) may read it; another company gets 404.
    expect((await fefo('1', cajero)).statusCode).toBe(200);
    expect((await fefo('1', otra)).statusCode).toBe(404);
    expect((await sup.get(`${LOG}/inventarios/stock/lotes/${idLeche}/${principal.Id}?cantidad=-1`)).statusCode).toBe(400);
  });

  it('alertas de vencimiento: el lote vencido y el que vence en 10 días, no el de 40', async () => {
    const r = await sup.get(`${LOG}/inventarios/lotes/vencimientos?dias=30`);
    expect(r.statusCode, r.body).toBe(200);
    const propios = r.json().Data.filter((f: { IdItem: number }) => f.IdItem === idLeche);
    expect(propios.map((f: { CodigoLote: string; Vencido: boolean; DiasRestantes: number }) => [f.CodigoLote, f.Vencido, f.DiasRestantes])).toEqual([['L-VENCIDO', true, -2], ['L-10', false, 10]]);
    expect(r.json().Vencidos).toBeGreaterThanOrEqual(1);
    expect((await otra.get(`${LOG}/inventarios/lotes/vencimientos?dias=30`)).json().Data.some((f: { IdItem: number }) => f.IdItem === idLeche)).toBe(false);
    expect((await cajero.get(`${LOG}/inventarios/lotes/vencimientos`)).statusCode).toBe(403);
  });
});

describe('ventas de productos con lote', () => {
  let idBoleta: number;
  it('una boleta toma por FEFO (L-10 completo y 2 de L-40) y lo registra por movimiento', async () => {
    const r = await boleta([linea('7')]);
    expect(r.statusCode, r.body).toBe(201);
    idBoleta = r.json().Id;
    expect(await lotesDe(idLeche, principal.Id)).toEqual([['L-VENCIDO', '4'], ['L-10', '0'], ['L-40', '4']]);
    const ml = await filas(sql`select l.codigo, ml.cantidad::numeric::text as q from movimiento_lote ml join lote l on l.id = ml.id_lote join movimiento_inventario m on m.id = ml.id_movimiento
      where m.id_documento_contable = ${idBoleta} order by ml.id`);
    expect(ml.map((f) => [f.codigo, Number(f.q)])).toEqual([['L-10', -5], ['L-40', -2]]);
  });

  it('vender un lote vencido por nombre se rechaza; sin stock vigente suficiente también (y no se emite)', async () => {
    const v = await boleta([linea('1', { CodigoLote: 'L-VENCIDO' })]);
    expect(v.statusCode).toBe(400);
    expect(v.json().Errores['ListaItems.0.Lote']).toContain('El lote L-VENCIDO de YOGUR FRESA 1 L venció el');
    const falta = await boleta([linea('5')]);
    expect(falta.statusCode).toBe(400);
    expect(falta.json().Errores['ListaItems.0.Cantidad']).toBe('Stock insuficiente en lotes vigentes de YOGUR FRESA 1 L: disponible 4, requerido 5');
    expect(await lotesDe(idLeche, principal.Id)).toEqual([['L-VENCIDO', '4'], ['L-10', '0'], ['L-40', '4']]);
  });

  it('una nota de crédito por devolución devuelve la cantidad a los mismos lotes', async () => {
    const r = await notaCredito(idBoleta, [linea('6')]);
    expect(r.statusCode, r.body).toBe(201);
    // The last lot taken comes back first: 2 to L-40, then 4 to L-10.
    expect(await lotesDe(idLeche, principal.Id)).toEqual([['L-VENCIDO', '4'], ['L-10', '4'], ['L-40', '6']]);
    const mas = await notaCredito(idBoleta, [linea('2', { PrecioUnitario: '1.00' })]);
    expect(mas.statusCode).toBe(400);
    expect(mas.json().Errores['ListaItems.0.Cantidad']).toContain('el comprobante solo sacó 1 por devolver');
  });

  it('anular una nota de venta con lote elegido revierte exactamente ese lote', async () => {
    const r = await notaVenta([linea('3', { CodigoLote: 'L-40' })]);
    expect(r.statusCode, r.body).toBe(201);
    expect(await lotesDe(idLeche, principal.Id)).toEqual([['L-VENCIDO', '4'], ['L-10', '4'], ['L-40', '3']]);
    const a = await sup.put(`${DOC}/${r.json().Id}/anulaciones`, { Motivo: 'Error de digitación' });
    expect(a.statusCode, a.body).toBe(200);
    expect(await lotesDe(idLeche, principal.Id)).toEqual([['L-VENCIDO', '4'], ['L-10', '4'], ['L-40', '6']]);
  });

  it('una merma saca el lote vencido por nombre, y una transferencia lleva el lote con su vencimiento', async () => {
    const m = await sup.post(`${LOG}/movimientos`, { Clase: 'S', TipoOperacion: '13', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idLeche, Cantidad: '4', Lote: 'L-VENCIDO' }] });
    expect(m.statusCode, m.body).toBe(201);
    const t = await sup.post(`${LOG}/movimientos`, { Clase: 'T', Fecha: hoy, IdAlmacen: principal.Id, IdAlmacenDestino: deposito.Id, Lineas: [{ IdItem: idLeche, Cantidad: '5' }] });
    expect(t.statusCode, t.body).toBe(201);
    expect(await lotesDe(idLeche, principal.Id)).toEqual([['L-VENCIDO', '0'], ['L-10', '0'], ['L-40', '5']]);
    expect(await lotesDe(idLeche, deposito.Id)).toEqual([['L-10', '4'], ['L-40', '1']]);
    const [v] = await filas(sql`select fecha_vencimiento::text as v from lote where id_almacen = ${deposito.Id} and codigo = 'L-10'`);
    expect(v.v).toBe(sumarDias(hoy, 10));
  });
});

describe('productos con serie', () => {
  let idCompra: number;
  let idBoleta: number;
  const cel = (extra: object) => ({ IdItem: idCelular, CodigoItem: 'SER-1', ItemDescripcion: 'CELULAR X1', Cantidad: '1', PrecioUnitario: '900', ...extra });
  it('la compra pide una serie por unidad y no admite una serie que ya está en stock', async () => {
    const compra = (numero: number, series: string[]) =>
      sup.post(`${LOG}/compras`, {
        RucProveedor: '20100070970', RazonSocialProveedor: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', TipoDocumento: '01', Serie: 'F002', Numero: numero, FechaEmision: hoy,
        Lineas: [{ IdItem: idCelular, IdAlmacen: principal.Id, Cantidad: '3', ValorUnitario: '700', Series: series }],
      });
    const pocas = await compra(1, ['IMEI-1']);
    expect(pocas.statusCode).toBe(400);
    expect(pocas.json().Errores['Lineas.0.Series']).toBe('CELULAR X1 se controla por series: ingrese 3 series (hay 1)');
    const r = await compra(2, ['IMEI-1', 'IMEI-2', 'IMEI-3']);
    expect(r.statusCode, r.body).toBe(201);
    idCompra = r.json().Id;
    const repetida = await compra(3, ['IMEI-3', 'IMEI-4', 'IMEI-5']);
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().Errores['Lineas.0.Series']).toBe('La serie IMEI-3 de CELULAR X1 ya está en stock');
    const s = await cajero.get(`${LOG}/inventarios/stock/series/${idCelular}/${principal.Id}`);
    expect(s.json().Data.map((x: { Numero: string }) => x.Numero)).toEqual(['IMEI-1', 'IMEI-2', 'IMEI-3']);
  });

  it('cada serie se vende una vez: la segunda venta de la misma serie se rechaza en español', async () => {
    const r = await boleta([cel({ Series: ['IMEI-2'] })]);
    expect(r.statusCode, r.body).toBe(201);
    idBoleta = r.json().Id;
    const otraVez = await boleta([cel({ Series: ['IMEI-2'] })]);
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json().Errores['ListaItems.0.Series']).toBe('La serie IMEI-2 de CELULAR X1 ya fue vendida o salió del almacén');
    const noExiste = await boleta([cel({ Series: ['IMEI-99'] })]);
    expect(noExiste.json().Errores['ListaItems.0.Series']).toBe('La serie IMEI-99 de CELULAR X1 no está registrada');
    // Voiding the purchase now is refused: IMEI-2 was sold (stock would go negative).
    expect((await sup.put(`${LOG}/compras/${idCompra}/anulaciones`, { Motivo: 'Prueba' })).statusCode).toBe(400);
  });

  it('la serie devuelta con nota de crédito vuelve a estar disponible y se puede vender otra vez', async () => {
    const r = await notaCredito(idBoleta, [cel({ Series: ['IMEI-2'] })]);
    expect(r.statusCode, r.body).toBe(201);
    const s = await sup.get(`${LOG}/inventarios/stock/series/${idCelular}/${principal.Id}`);
    expect(s.json().Data.map((x: { Numero: string }) => x.Numero).sort()).toEqual(['IMEI-1', 'IMEI-2', 'IMEI-3']);
    const again = await boleta([cel({ Series: ['IMEI-2'] })]);
    expect(again.statusCode, again.body).toBe(201);
    // Without serials the sale takes the oldest one in stock.
    const auto = await notaVenta([cel({})]);
    expect(auto.statusCode, auto.body).toBe(201);
    const disponibles = (await sup.get(`${LOG}/inventarios/stock/series/${idCelular}/${principal.Id}`)).json().Data.map((x: { Numero: string }) => x.Numero);
    expect(disponibles).toEqual(['IMEI-3']);
    // Its void brings IMEI-1 back.
    expect((await sup.put(`${DOC}/${auto.json().Id}/anulaciones`, { Motivo: 'Error' })).statusCode).toBe(200);
    expect((await sup.get(`${LOG}/inventarios/stock/series/${idCelular}/${principal.Id}`)).json().Data.map((x: { Numero: string }) => x.Numero)).toEqual(['IMEI-1', 'IMEI-3']);
  });

  it('dos ventas simultáneas de la misma serie: una se emite y la otra se rechaza (en PostgreSQL, dos conexiones)', async () => {
    const [a, b] = await Promise.all([boleta([cel({ Series: ['IMEI-3'] })]), boleta([cel({ Series: ['IMEI-3'] })])]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect((a.statusCode === 400 ? a : b).json().Errores['ListaItems.0.Series']).toBe('La serie IMEI-3 de CELULAR X1 ya fue vendida o salió del almacén');
    const [{ n }] = await filas(sql`select count(*)::int as n from movimiento_lote ml join item_serie s on s.id = ml.id_serie where s.numero = 'IMEI-3' and ml.cantidad < 0`);
    expect(n).toBe(1);
  });
});
