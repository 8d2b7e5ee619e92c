// Issue 12: price lists, quotations and orders through the real stack (conversion once, issuing through the issuing
// engine, stock moved once by the document), the sales report's exact totals, and the company and permission limits.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { TListaPrecio, TPedido, TPedidoFacturado, TPreciosItem, TReporteVentas } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_DNI, CLIENTE_RUC, clienteDe, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let cajero: Cliente;
let otra: Cliente;
let idSucursal: number;
let idBoleta: number;
let idFactura: number;
let idBien: number;
let vip: TListaPrecio;
const LOG = '/api/logistica/v1';
const VEN = '/api/ventas/v1';
const REP = '/api/contabilidad/v1/reportes/ventas';
const hoy = hoyLima();

const filas = async (consulta: ReturnType<typeof sql>) => ((await e.dbh.db.execute(consulta)) as unknown as { rows: Record<string, unknown>[] }).rows;
const movimientosDe = async (idDocumento: number) => Number((await filas(sql`select count(*)::int as n from movimiento_inventario where id_documento_contable = ${idDocumento}`))[0].n);
const cliente = { IdTipoDocumento: CLIENTE_DNI.IdTipoDocumento, NumeroDocumento: CLIENTE_DNI.NumeroDocumento, RazonSocial: CLIENTE_DNI.RazonSocial };

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  otra = await clienteDe(e.app, 'demo.supervisor');
  idBoleta = await idSerie(sup, 1004, 'B001');
  idFactura = await idSerie(sup, 1003, 'F001');
  const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { Serie: string; IdSucursal: number }[];
  idSucursal = series.find((s) => s.Serie === 'B001')!.IdSucursal;
  const bien = await sup.post(`${LOG}/items`, { Codigo: 'PED-1', Descripcion: 'ACEITE PRIMOR 1 L', CodigoUnidad: 'NIU', Precio: '10.00', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(bien.statusCode, bien.body).toBe(201);
  idBien = bien.json().Id;
}, 120_000);
afterAll(async () => e?.cerrar());

describe('listas de precios', () => {
  it('las listas estáticas 0, 1 y 3 existen; precios por ítem y presentación; otra empresa no ve nada', async () => {
    const r = await sup.get(`${LOG}/listaprecios`);
    expect(r.statusCode, r.body).toBe(200);
    const listas = r.json().Data as TListaPrecio[];
    expect(listas.map((l) => [l.Tipo, l.Nombre])).toEqual([
      [0, 'Estándar'],
      [1, 'VIP'],
      [3, 'Mayorista'],
    ]);
    vip = listas.find((l) => l.Tipo === 1)!;
    const g = await sup.put(`${LOG}/listaprecios/${vip.Id}/precios`, {
      Precios: [
        { IdItem: idBien, CodigoUnidad: 'NIU', Precio: '9.50' },
        { IdItem: idBien, CodigoUnidad: 'BX', Factor: '12', Precio: '108.00' },
      ],
    });
    expect(g.statusCode, g.body).toBe(200);
    const p = await sup.get(`${LOG}/listaprecios/item/precios/${idBien}`);
    expect(p.statusCode, p.body).toBe(200);
    const precios = p.json() as TPreciosItem;
    expect(precios.Data.map((x) => [x.Lista, x.CodigoUnidad, x.Factor, x.Precio, x.PorDefecto])).toEqual([
      ['Estándar', 'NIU', '1.00', '10.00', true],
      ['VIP', 'NIU', '1.00', '9.50', false],
      ['VIP', 'BX', '12.00', '108.00', false],
    ]);
    // A named list; the same name twice is a field error; a static type cannot be created again.
    const n = await sup.post(`${LOG}/listaprecios`, { Nombre: 'Distribuidores' });
    expect(n.statusCode, n.body).toBe(201);
    expect((await sup.post(`${LOG}/listaprecios`, { Nombre: 'distribuidores' })).json().Errores.Nombre).toMatch(/Ya existe/);
    expect((await sup.post(`${LOG}/listaprecios`, { Nombre: 'VIP 2', Tipo: 1 })).statusCode).toBe(400);
    // The cashier reads prices (the point of sale needs them) but does not set them.
    expect((await cajero.get(`${LOG}/listaprecios/item/precios/${idBien}`)).statusCode).toBe(200);
    expect((await cajero.put(`${LOG}/listaprecios/${vip.Id}/precios`, { Precios: [{ IdItem: idBien, CodigoUnidad: 'NIU', Precio: '1' }] })).statusCode).toBe(403);
    expect((await otra.get(`${LOG}/listaprecios/item/precios/${idBien}`)).statusCode).toBe(404);
    expect((await otra.get(`${LOG}/listaprecios/${vip.Id}/precios`)).statusCode).toBe(404);
    expect((await otra.put(`${LOG}/listaprecios/${vip.Id}/precios`, { Precios: [{ IdItem: idBien, CodigoUnidad: 'NIU', Precio: '1' }] })).statusCode).toBe(404);
    const pag = (await sup.get(`${LOG}/listaprecios/${vip.Id}/precios?filtro=PRIMOR`)).json();
    expect(pag.Data[0].Precios).toEqual([
      { CodigoUnidad: 'NIU', Factor: '1.00', Precio: '9.50' },
      { CodigoUnidad: 'BX', Factor: '12.00', Precio: '108.00' },
    ]);
  });
});

describe('cotización -> pedido -> boleta', () => {
  let cot: TPedido;
  let ped: TPedido;
  it('crea una cotización con precios de la lista VIP, descuento y validez; totales del motor de SUNAT', async () => {
    const r = await sup.post(`${VEN}/pedidos`, {
      Tipo: 1,
      IdSucursal: idSucursal,
      FechaEmision: hoy,
      IdListaPrecio: vip.Id,
      Cliente: cliente,
      Lineas: [
        { IdItem: idBien, ItemDescripcion: 'ACEITE PRIMOR 1 L', Cantidad: '3' },
        { IdItem: idBien, ItemDescripcion: 'ACEITE PRIMOR 1 L', Cantidad: '10', Descuento: '10', DescuentoEsPorcentaje: true },
        { ItemDescripcion: 'FLETE', CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: '5.90' },
      ],
    });
    expect(r.statusCode, r.body).toBe(201);
    cot = r.json();
    // 3 x 9.50 = 28.50; 10 x 9.50 = 95.00 - 10% = 85.50; 5.90 -> 119.90.
    expect(cot).toMatchObject({ Tipo: 1, Numero: 'COT-00000001', Estado: 13, EstadoNombre: 'Pendiente', FechaValidez: sumarDias(hoy, 15), Total: '119.90', Vencida: false });
    expect(cot.Lineas.map((l) => [l.PrecioUnitario, l.Descuento, l.Total])).toEqual([
      ['9.50', '0.00', '28.50'],
      ['9.50', '8.05', '85.50'],
      ['5.90', '0.00', '5.90'],
    ]);
    // Value + IGV = total, to the cent (the 10% off 95.00 with IGV is 8.05 off the value without it).
    expect(new Decimal(cot.SubTotal).plus(cot.Igv).toFixed(2)).toBe('119.90');
    const pdf = await sup.get(`${VEN}/pedidos/${cot.Id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('la cotización se convierte en pedido una sola vez', async () => {
    const r = await sup.post(`${VEN}/pedidos/${cot.Id}/pedidos`, {});
    expect(r.statusCode, r.body).toBe(201);
    ped = r.json();
    expect(ped).toMatchObject({ Tipo: 2, Numero: 'PED-00000001', Estado: 13, IdOrigen: cot.Id, Origen: 'COT-00000001', Total: '119.90' });
    const again = await sup.post(`${VEN}/pedidos/${cot.Id}/pedidos`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ErrorId: 601202, Mensaje: 'Cotización COT-00000001 ya fue atendido' });
    const c = (await sup.get(`${VEN}/pedidos/${cot.Id}`)).json() as TPedido;
    expect(c).toMatchObject({ Estado: 15, IdPedidoGenerado: ped.Id });
    // A concluded quotation cannot be edited.
    expect((await sup.put(`${VEN}/pedidos/${cot.Id}`, { Tipo: 1, IdSucursal: idSucursal, FechaEmision: hoy, Cliente: cliente, Lineas: [{ ItemDescripcion: 'X', Cantidad: '1', PrecioUnitario: '1' }] })).statusCode).toBe(409);
  });

  it('estados: pendiente -> por facturar; facturado solo al emitir; un pedido no mueve stock', async () => {
    expect((await sup.put(`${VEN}/pedidos/${ped.Id}/estados`, { Estado: 15 })).statusCode).toBe(409);
    const r = await sup.put(`${VEN}/pedidos/${ped.Id}/estados`, { Estado: 18 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Estado: 18, EstadoNombre: 'Por facturar' });
    expect((await sup.put(`${VEN}/pedidos/${ped.Id}/estados`, { Estado: 14 })).statusCode).toBe(400);
    expect(Number((await filas(sql`select count(*)::int as n from movimiento_inventario where id_empresa = (select id_empresa from pedido_venta where id = ${ped.Id})`))[0].n)).toBe(0);
  });

  it('el pedido se factura con boleta por el servicio de emisión: una vez, stock una vez', async () => {
    // A factura needs a customer with RUC: refused before anything is issued.
    expect((await sup.post(`${VEN}/pedidos/${ped.Id}/documentos`, { IdTipoDocumento: 1003, IdSerie: idFactura, FechaEmision: hoy })).statusCode).toBe(400);
    // The cashier may not invoice orders.
    expect((await cajero.post(`${VEN}/pedidos/${ped.Id}/documentos`, { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy })).statusCode).toBe(403);
    expect((await otra.post(`${VEN}/pedidos/${ped.Id}/documentos`, { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy })).statusCode).toBe(404);
    const r = await sup.post(`${VEN}/pedidos/${ped.Id}/documentos`, { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy });
    expect(r.statusCode, r.body).toBe(201);
    const f = r.json() as TPedidoFacturado;
    expect(f.MontoTotal).toBe('119.90');
    expect(f.SerieNumero).toMatch(/^B001-\d+$/);
    expect(f.Pedido).toMatchObject({ Estado: 14, EstadoNombre: 'Facturado', IdDocumento: f.IdDocumento });
    const [d] = await filas(sql`select observaciones, monto_total::text as t from documento_contable where id = ${f.IdDocumento}`);
    expect(d).toMatchObject({ observaciones: 'Pedido PED-00000001', t: '119.90' });
    expect(await movimientosDe(f.IdDocumento)).toBe(1);
    const [m] = await filas(sql`select sum(d.cantidad)::text as q from movimiento_inventario_detalle d join movimiento_inventario m on m.id = d.id_movimiento where m.id_documento_contable = ${f.IdDocumento}`);
    expect(Number(m.q)).toBe(-13);
    // Twice: refused, and nothing more is issued.
    const antes = Number((await filas(sql`select count(*)::int as n from documento_contable`))[0].n);
    const again = await sup.post(`${VEN}/pedidos/${ped.Id}/documentos`, { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy });
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorId).toBe(601202);
    expect(Number((await filas(sql`select count(*)::int as n from documento_contable`))[0].n)).toBe(antes);
    // Invoiced -> concluded (delivered).
    expect((await sup.put(`${VEN}/pedidos/${ped.Id}/estados`, { Estado: 15 })).json().Estado).toBe(15);
  });

  it('dos conversiones a la vez: una sola emite', async () => {
    const p = (
      await sup.post(`${VEN}/pedidos`, { Tipo: 2, IdSucursal: idSucursal, FechaEmision: hoy, Cliente: { IdTipoDocumento: 2, NumeroDocumento: CLIENTE_RUC.NumeroDocumento, RazonSocial: CLIENTE_RUC.RazonSocial }, Lineas: [{ IdItem: idBien, ItemDescripcion: 'ACEITE', Cantidad: '2' }] })
    ).json() as TPedido;
    expect(p.Total).toBe('20.00');
    const [a, b] = await Promise.all([
      sup.post(`${VEN}/pedidos/${p.Id}/documentos`, { IdTipoDocumento: 1003, IdSerie: idFactura, FechaEmision: hoy }),
      sup.post(`${VEN}/pedidos/${p.Id}/documentos`, { IdTipoDocumento: 1003, IdSerie: idFactura, FechaEmision: hoy }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(Number((await filas(sql`select count(*)::int as n from documento_contable where observaciones = ${`Pedido ${p.Numero}`}`))[0].n)).toBe(1);
    // A cancelled order cannot be invoiced.
    const q = (await sup.post(`${VEN}/pedidos`, { Tipo: 2, IdSucursal: idSucursal, FechaEmision: hoy, Cliente: cliente, Lineas: [{ ItemDescripcion: 'X', Cantidad: '1', PrecioUnitario: '1' }] })).json() as TPedido;
    expect((await sup.put(`${VEN}/pedidos/${q.Id}/estados`, { Estado: 16 })).json().EstadoNombre).toBe('Anulado');
    expect((await sup.post(`${VEN}/pedidos/${q.Id}/documentos`, { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy })).json().Mensaje).toBe('Pedido PED-00000003 está anulado');
  });

  it('listado, entrada inválida, cajero y otra empresa', async () => {
    const l = await sup.get(`${VEN}/pedidos?tipo=2&filtro=PED-00000001`);
    expect(l.json().Data.map((p: TPedido) => p.Numero)).toEqual(['PED-00000001']);
    expect((await cajero.get(`${VEN}/pedidos?tipo=1`)).json().Count).toBe(1);
    expect((await cajero.post(`${VEN}/pedidos`, { Tipo: 1, IdSucursal: idSucursal, FechaEmision: hoy, Cliente: cliente, Lineas: [{ ItemDescripcion: 'X', Cantidad: '1', PrecioUnitario: '1' }] })).statusCode).toBe(403);
    expect((await otra.get(`${VEN}/pedidos/${ped.Id}`)).statusCode).toBe(404);
    expect((await otra.get(`${VEN}/pedidos?tipo=2`)).json().Count).toBe(0);
    expect((await otra.post(`${VEN}/pedidos/${cot.Id}/pedidos`, {})).statusCode).toBe(404);
    const mal = await sup.post(`${VEN}/pedidos`, { Tipo: 3, IdSucursal: idSucursal, FechaEmision: 'ayer', Cliente: {}, Lineas: [] });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().ErrorId).toBe(500001);
    expect(Object.keys(mal.json().Errores)).toEqual(expect.arrayContaining(['Tipo', 'FechaEmision', 'Lineas']));
    const dsc = await sup.post(`${VEN}/pedidos`, { Tipo: 1, IdSucursal: idSucursal, FechaEmision: hoy, Cliente: cliente, Lineas: [{ ItemDescripcion: 'X', Cantidad: '1', PrecioUnitario: '5', Descuento: '6' }] });
    expect(dsc.json().Errores['Lineas.0.Descuento']).toBe('El descuento no puede superar el importe de la línea');
  });
});

describe('reporte de ventas', () => {
  it('totales exactos por periodo, sucursal, vendedor, ítem y medio de pago; notas de crédito y anulados aparte', async () => {
    // A credit note of 20.00 over the first boleta, and a voided boleta of 7.00 (not counted).
    const [b] = await filas(sql`select id from documento_contable where observaciones = 'Pedido PED-00000001'`);
    const nc = await sup.post('/api/contabilidad/v1/documentoContable', {
      IdTipoDocumento: 1005,
      IdSerie: await idSerie(sup, 1005, 'B001'),
      FechaEmision: hoy,
      ListaItems: [{ ItemDescripcion: 'DEVOLUCIÓN', CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: '20.00' }],
      ListaEntidades: [CLIENTE_DNI],
      ListaReferencias: [{ IdDocumentoReferencia: b.id, CodigoMotivo: '07', DescripcionMotivo: 'Devolución parcial' }],
    });
    expect(nc.statusCode, nc.body).toBe(201);
    const anulada = await sup.post('/api/contabilidad/v1/documentoContable', { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy, ListaItems: [{ ItemDescripcion: 'X', Cantidad: '1', PrecioUnitario: '7.00' }], ListaEntidades: [CLIENTE_DNI] });
    await filas(sql`update documento_contable set anulado = true, motivo_anulacion = 'Error en el cliente' where id = ${anulada.json().Id}`);

    const r = await sup.get(`${REP}?desde=${hoy}&hasta=${hoy}`);
    expect(r.statusCode, r.body).toBe(200);
    const rep = r.json() as TReporteVentas;
    // Sales: 119.90 (boleta) + 20.00 (factura) = 139.90; minus the credit note 20.00 = 119.90.
    expect(rep.Resumen).toEqual([
      { IdMoneda: 1, Ventas: '139.90', CantidadVentas: 2, NotasCredito: '20.00', CantidadNotasCredito: 1, NotasDebito: '0.00', CantidadNotasDebito: 0, Neto: '119.90', Anulados: '7.00', CantidadAnulados: 1 },
    ]);
    expect(rep.PorPeriodo).toEqual([{ Clave: hoy, Nombre: hoy, IdMoneda: 1, Cantidad: '3', MontoTotal: '119.90' }]);
    expect(rep.PorSucursal.map((x) => x.MontoTotal)).toEqual(['119.90']);
    expect(rep.PorVendedor).toEqual([expect.objectContaining({ Nombre: 'supervisor', MontoTotal: '119.90' })]);
    const aceite = rep.PorItem.find((x) => x.Clave === String(idBien))!;
    expect(aceite).toMatchObject({ Cantidad: '15', MontoTotal: '134.00' });
    expect(rep.PorMedioPago).toEqual([expect.objectContaining({ Clave: 'c1', Nombre: 'Contado (fuera de caja)', Cantidad: '2', MontoTotal: '139.90' })]);
    expect(rep.NotasCredito).toEqual([expect.objectContaining({ MontoTotal: '20.00', Afectado: expect.stringMatching(/^B001-/) })]);
    expect(rep.Anulados).toEqual([expect.objectContaining({ MontoTotal: '7.00', Motivo: 'Error en el cliente' })]);
    const mes = (await sup.get(`${REP}?desde=${hoy}&hasta=${hoy}&periodo=mes`)).json() as TReporteVentas;
    expect(mes.PorPeriodo[0].Clave).toBe(hoy.slice(0, 7));
    // Filter by seller: the cashier sold nothing.
    const idCajero = Number((await filas(sql`select id from usuario where usuario = 'cajero'`))[0].id);
    expect((await sup.get(`${REP}?desde=${hoy}&hasta=${hoy}&idUsuario=${idCajero}`)).json().Resumen).toEqual([]);
  });

  it('Excel con una hoja por tabla', async () => {
    const r = await sup.get(`${REP}/excel?desde=${hoy}&hasta=${hoy}`);
    expect(r.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(libro.worksheets.map((w) => w.name)).toEqual(['Resumen', 'Por periodo', 'Por sucursal', 'Por vendedor', 'Por ítem', 'Por medio de pago', 'Notas de crédito', 'Anulados']);
    expect(libro.getWorksheet('Resumen')!.getRow(2).getCell(6).value).toBe(119.9);
  });

  it('el cajero (permiso 120: ve /admin/ventas) no ve el reporte; otra empresa no ve estas ventas; rango inválido', async () => {
    expect((await cajero.get(`/api/contabilidad/v1/ventas?desde=${hoy}&hasta=${hoy}`)).statusCode).toBe(200);
    expect((await cajero.get(`${REP}?desde=${hoy}&hasta=${hoy}`)).statusCode).toBe(403);
    expect((await cajero.get(`${REP}/excel?desde=${hoy}&hasta=${hoy}`)).statusCode).toBe(403);
    expect((await otra.get(`${REP}?desde=${hoy}&hasta=${hoy}`)).json().Resumen).toEqual([]);
    expect((await otra.get(`${REP}?desde=${hoy}&hasta=${hoy}&idSucursal=${idSucursal}`)).statusCode).toBe(403);
    const mal = await sup.get(`${REP}?desde=${hoy}&hasta=2000-01-01`);
    expect(mal.statusCode).toBe(400);
    expect(mal.json().Errores.hasta).toBeTruthy();
  });
});

describe('reporte de ventas: medios de pago de caja', () => {
  it('tarjeta como se pagó; efectivo = total - lo no efectivo (el vuelto sale del efectivo)', async () => {
    const caja = await sup.post('/api/finanzas/v1/cajas', { IdSucursal: idSucursal, Descripcion: 'Caja de pedidos' });
    expect(caja.statusCode, caja.body).toBe(201);
    expect((await sup.post(`/api/finanzas/v1/cajas/${caja.json().Id}/aperturas`, { MontoApertura: '0' })).statusCode).toBe(201);
    const v = await sup.post('/api/ventas/v1/cajas/ventas', {
      Documento: { IdTipoDocumento: 1004, IdSerie: idBoleta, FechaEmision: hoy, ListaItems: [{ ItemDescripcion: 'CAJA', CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: '30.00' }], ListaEntidades: [CLIENTE_DNI] },
      Pagos: [
        { IdMedioPago: 2, Monto: '10.00' },
        { IdMedioPago: 1, Monto: '50.00' },
      ],
    });
    expect(v.statusCode, v.body).toBe(201);
    expect(v.json().Vuelto).toBe('30.00');
    const rep = (await sup.get(`${REP}?desde=${hoy}&hasta=${hoy}`)).json() as TReporteVentas;
    expect(rep.PorMedioPago.filter((m) => m.Clave.startsWith('m'))).toEqual([
      { Clave: 'm1', Nombre: 'Efectivo (caja)', IdMoneda: 1, Cantidad: '1', MontoTotal: '20.00' },
      { Clave: 'm2', Nombre: 'Tarjeta (caja)', IdMoneda: 1, Cantidad: '1', MontoTotal: '10.00' },
    ]);
    expect(rep.Resumen[0].Neto).toBe('149.90');
  });
});
