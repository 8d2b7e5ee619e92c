import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCodes,
  ZError,
  ZId,
  ZListaPrecio,
  ZListaPrecioGuardar,
  ZListasPrecios,
  ZPedido,
  ZPedidoEstado,
  ZPedidoFacturado,
  ZPedidoFacturar,
  ZPedidoGuardar,
  ZPedidos,
  ZPedidosQuery,
  ZPreciosGuardar,
  ZPreciosItem,
  ZPreciosItemQuery,
  ZPreciosLista,
  ZPreciosListaQuery,
  ZReporteVentas,
  ZReporteVentasQuery,
  type TReporteFila,
} from '@yupana/contracts';
import { AppError } from '../../lib/app-error';
import { requerirAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import * as listas from './listaprecios.service';
import { pdfPedido } from './pedido-pdf';
import * as svc from './pedidos.service';
import { reporteVentas } from './reporte-ventas.repo';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const conConflicto = { ...errores, 409: ZError };
const ZParamId = z.object({ id: ZId });
const security = [{ bearer: [] }];

/** Quotations and sales orders (issue 12), under /api/ventas. */
export async function rutasPedidos(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.dbh.db;
  const tags = ['ventas: pedidos'];
  r.get('/v1/pedidos', {
    config: { servicio: 'PEDIDOS_VER' },
    schema: { tags, security, summary: 'Cotizaciones (tipo 1) o pedidos (tipo 2) de las sucursales del usuario', querystring: ZPedidosQuery, response: { 200: ZPedidos, ...errores } },
    handler: async (req) => svc.listarPedidos(db, requerirAuth(req), req.query),
  });
  r.get('/v1/pedidos/:id', {
    config: { servicio: 'PEDIDOS_VER' },
    schema: { tags, security, summary: 'Una cotización o pedido con sus líneas', params: ZParamId, response: { 200: ZPedido, ...errores } },
    handler: async (req) => svc.obtenerPedido(db, requerirAuth(req), req.params.id),
  });
  r.get('/v1/pedidos/:id/pdf', {
    config: { servicio: 'PEDIDOS_VER' },
    schema: { tags, security, summary: 'PDF A4 de la cotización o pedido', params: ZParamId },
    handler: async (req, reply) => {
      const { pdf, nombre } = await pdfPedido(ctx, requerirAuth(req), req.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nombre}"`).header('cache-control', 'private, no-store').send(pdf);
    },
  });
  r.post('/v1/pedidos', {
    config: { servicio: 'PEDIDOS_GESTIONAR' },
    schema: { tags, security, summary: 'Crear una cotización o un pedido (estado 13 Pendiente); precios de la lista si se omiten', body: ZPedidoGuardar, response: { 201: ZPedido, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await svc.crearPedido(db, requerirAuth(req), req.body)),
  });
  r.put('/v1/pedidos/:id', {
    config: { servicio: 'PEDIDOS_GESTIONAR' },
    schema: { tags, security, summary: 'Editar una cotización o pedido pendiente', params: ZParamId, body: ZPedidoGuardar, response: { 200: ZPedido, ...conConflicto } },
    handler: async (req) => svc.editarPedido(db, requerirAuth(req), req.params.id, req.body),
  });
  r.put('/v1/pedidos/:id/estados', {
    config: { servicio: 'PEDIDOS_GESTIONAR' },
    schema: { tags, security, summary: 'Cambiar el estado: 18 Por facturar, 13 Pendiente, 16 Anulado, 15 Concluido', params: ZParamId, body: ZPedidoEstado, response: { 200: ZPedido, ...conConflicto } },
    handler: async (req) => svc.cambiarEstado(db, requerirAuth(req), req.params.id, req.body.Estado),
  });
  r.post('/v1/pedidos/:id/pedidos', {
    config: { servicio: 'PEDIDOS_GESTIONAR' },
    schema: { tags, security, summary: 'Convertir una cotización en pedido (una sola vez)', params: ZParamId, response: { 201: ZPedido, ...conConflicto } },
    handler: async (req, reply) => reply.code(201).send(await svc.convertirEnPedido(db, requerirAuth(req), req.params.id)),
  });
  r.post('/v1/pedidos/:id/documentos', {
    config: { servicio: 'PEDIDOS_GESTIONAR' },
    schema: {
      tags,
      security,
      summary: 'Emitir nota de venta, boleta o factura desde el pedido o la cotización (una sola vez; el comprobante mueve el stock)',
      params: ZParamId,
      body: ZPedidoFacturar,
      response: { 201: ZPedidoFacturado, ...conConflicto },
    },
    handler: async (req, reply) => reply.code(201).send(await svc.facturarPedido(ctx, requerirAuth(req), req.params.id, req.body)),
  });
}

/** Price lists (seed §7 Logistics `listaprecios/item/precios/{id}`), under /api/logistica. */
export async function rutasListasPrecios(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.dbh.db;
  const tags = ['logística: listas de precios'];
  r.get('/v1/listaprecios', {
    config: { servicio: 'LISTAPRECIOS_VER' },
    schema: { tags, security, summary: 'Listas de precios de la empresa (Estándar 0, VIP 1, Mayorista 3 y las propias)', response: { 200: ZListasPrecios, ...errores } },
    handler: async (req) => listas.listarListas(db, requerirAuth(req)),
  });
  r.post('/v1/listaprecios', {
    config: { servicio: 'LISTAPRECIOS_GESTIONAR' },
    schema: { tags, security, summary: 'Crear una lista de precios', body: ZListaPrecioGuardar, response: { 201: ZListaPrecio, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await listas.guardarLista(db, requerirAuth(req), req.body)),
  });
  r.put('/v1/listaprecios/:id', {
    config: { servicio: 'LISTAPRECIOS_GESTIONAR' },
    schema: { tags, security, summary: 'Renombrar, activar o desactivar una lista de precios', params: ZParamId, body: ZListaPrecioGuardar, response: { 200: ZListaPrecio, ...errores } },
    handler: async (req) => listas.guardarLista(db, requerirAuth(req), req.body, req.params.id),
  });
  r.get('/v1/listaprecios/item/precios/:id', {
    config: { servicio: 'LISTAPRECIOS_VER' },
    schema: {
      tags,
      security,
      summary: 'Precios de un ítem en cada lista y presentación; con el documento del cliente, también los de sus grupos de trabajadores',
      params: ZParamId,
      querystring: ZPreciosItemQuery,
      response: { 200: ZPreciosItem, ...errores },
    },
    handler: async (req) => listas.preciosDeItem(db, requerirAuth(req), req.params.id, req.query),
  });
  r.get('/v1/listaprecios/:id/precios', {
    config: { servicio: 'LISTAPRECIOS_VER' },
    schema: { tags, security, summary: 'Ítems con sus precios en una lista (páginas de 500)', params: ZParamId, querystring: ZPreciosListaQuery, response: { 200: ZPreciosLista, ...errores } },
    handler: async (req) => listas.preciosDeLista(db, requerirAuth(req), req.params.id, req.query),
  });
  r.put('/v1/listaprecios/:id/precios', {
    config: { servicio: 'LISTAPRECIOS_GESTIONAR' },
    schema: {
      tags,
      security,
      summary: 'Fijar (o quitar, con Precio null) precios por ítem y presentación, en una transacción',
      params: ZParamId,
      body: ZPreciosGuardar,
      response: { 200: z.object({ Guardados: z.number().int() }), ...errores },
    },
    handler: async (req) => listas.guardarPrecios(db, requerirAuth(req), req.params.id, req.body),
  });
}

/** The sales report (/admin/reporte-ventas), under /api/contabilidad. */
export async function rutasReporteVentas(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.dbh.db;
  const tags = ['ventas'];
  const consultar = (req: { query: z.output<typeof ZReporteVentasQuery> } & Parameters<typeof requerirAuth>[0]) => {
    const auth = requerirAuth(req);
    const q = req.query;
    if (q.idSucursal && !auth.sucursales.includes(q.idSucursal)) throw new AppError(ErrorCodes.SUCURSAL_NO_ASIGNADA, undefined, 403);
    return reporteVentas(db, { idEmpresa: auth.idEmpresa, sucursales: q.idSucursal ? [q.idSucursal] : auth.sucursales, desde: q.desde, hasta: q.hasta, idUsuario: q.idUsuario, idMoneda: q.idMoneda, periodo: q.periodo });
  };
  r.get('/v1/reportes/ventas', {
    config: { servicio: 'VENTAS_REPORTE' },
    schema: {
      tags,
      security,
      summary: 'Reporte de ventas: resumen, por periodo, sucursal, vendedor, ítem y medio de pago; notas de crédito y anulados aparte',
      querystring: ZReporteVentasQuery,
      response: { 200: ZReporteVentas, ...errores },
    },
    handler: async (req) => consultar(req),
  });
  r.get('/v1/reportes/ventas/excel', {
    config: { servicio: 'VENTAS_REPORTE' },
    schema: { tags, security, summary: 'Excel (.xlsx) del reporte de ventas, una hoja por tabla', querystring: ZReporteVentasQuery },
    handler: async (req, reply) => {
      const rep = await consultar(req);
      const libro = new ExcelJS.Workbook();
      const moneda = (m: number) => (m === 2 ? 'USD' : 'PEN');
      const num = (v: string) => Number(v);
      const resumen = libro.addWorksheet('Resumen');
      resumen.columns = [
        { header: 'Moneda', key: 'm', width: 10 },
        { header: 'Ventas', key: 'v', width: 16, style: { numFmt: '#,##0.00' } },
        { header: 'N.° ventas', key: 'nv', width: 12 },
        { header: 'Notas de crédito', key: 'nc', width: 16, style: { numFmt: '#,##0.00' } },
        { header: 'Notas de débito', key: 'nd', width: 16, style: { numFmt: '#,##0.00' } },
        { header: 'Neto', key: 'n', width: 16, style: { numFmt: '#,##0.00' } },
        { header: 'Anulados', key: 'a', width: 16, style: { numFmt: '#,##0.00' } },
        { header: 'N.° anulados', key: 'na', width: 12 },
      ];
      for (const x of rep.Resumen)
        resumen.addRow({ m: moneda(x.IdMoneda), v: num(x.Ventas), nv: x.CantidadVentas, nc: num(x.NotasCredito), nd: num(x.NotasDebito), n: num(x.Neto), a: num(x.Anulados), na: x.CantidadAnulados });
      const hoja = (nombre: string, titulo: string, datos: TReporteFila[], cantidad = 'Documentos') => {
        const h = libro.addWorksheet(nombre);
        h.columns = [
          { header: titulo, key: 'n', width: 40 },
          { header: 'Moneda', key: 'm', width: 10 },
          { header: cantidad, key: 'c', width: 14 },
          { header: 'Monto', key: 't', width: 16, style: { numFmt: '#,##0.00' } },
        ];
        for (const d of datos) h.addRow({ n: d.Nombre, m: moneda(d.IdMoneda), c: num(d.Cantidad), t: num(d.MontoTotal) });
        h.getRow(1).font = { bold: true };
      };
      hoja('Por periodo', 'Periodo', rep.PorPeriodo);
      hoja('Por sucursal', 'Sucursal', rep.PorSucursal);
      hoja('Por vendedor', 'Vendedor', rep.PorVendedor);
      hoja('Por ítem', 'Ítem', rep.PorItem, 'Cantidad');
      hoja('Por medio de pago', 'Medio de pago', rep.PorMedioPago, 'Operaciones');
      const nc = libro.addWorksheet('Notas de crédito');
      nc.columns = [
        { header: 'Fecha', key: 'f', width: 12 },
        { header: 'Documento', key: 'd', width: 34 },
        { header: 'Afecta a', key: 'a', width: 16 },
        { header: 'Cliente', key: 'c', width: 36 },
        { header: 'Moneda', key: 'm', width: 10 },
        { header: 'Monto', key: 't', width: 16, style: { numFmt: '#,##0.00' } },
      ];
      for (const x of rep.NotasCredito) nc.addRow({ f: x.FechaEmision, d: x.Documento, a: x.Afectado ?? '', c: x.Cliente, m: moneda(x.IdMoneda), t: num(x.MontoTotal) });
      const an = libro.addWorksheet('Anulados');
      an.columns = [
        { header: 'Fecha', key: 'f', width: 12 },
        { header: 'Documento', key: 'd', width: 34 },
        { header: 'Cliente', key: 'c', width: 36 },
        { header: 'Moneda', key: 'm', width: 10 },
        { header: 'Monto', key: 't', width: 16, style: { numFmt: '#,##0.00' } },
        { header: 'Motivo', key: 'mo', width: 30 },
      ];
      for (const x of rep.Anulados) an.addRow({ f: x.FechaEmision, d: x.Documento, c: x.Cliente, m: moneda(x.IdMoneda), t: num(x.MontoTotal), mo: x.Motivo ?? '' });
      for (const h of [resumen, nc, an]) h.getRow(1).font = { bold: true };
      const buffer = Buffer.from(await libro.xlsx.writeBuffer());
      const nombre = `reporte-ventas-${req.query.desde}-${req.query.hasta}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${nombre}"`)
        .header('cache-control', 'private, no-store')
        .send(buffer);
    },
  });
}
