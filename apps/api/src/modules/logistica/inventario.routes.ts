import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAlmacen,
  ZAlmacenes,
  ZAlmacenEditar,
  ZAlmacenGuardar,
  ZError,
  ZIdParams,
  ZKardex,
  ZKardexQuery,
  ZStockVenta,
  ZLogisticaConfig,
  ZLotesFefo,
  ZLotesFefoParams,
  ZLotesFefoQuery,
  ZSeriesDisponibles,
  ZVencimientos,
  ZVencimientosQuery,
  ZMovimiento,
  ZMovimientoGuardar,
  ZGuiaTraslado,
  ZMovimientos,
  ZMovimientosQuery,
  ZStock,
  ZStockQuery, ZStockMinimo, ZStockMinimoQuery,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as servicio from './inventario.service';
import * as lotes from './lotes.service';
import { emitirGuiaDeTraslado, registrarTrasladoConGuia } from './guia-traslado.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };

function enviarExcel(reply: FastifyReply, contenido: Buffer, nombre: string) {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${nombre}"`)
    .header('cache-control', 'private, no-store')
    .send(contenido);
}

/** Inventory (issue 13): warehouses, settings, stock, movements and kardex. Mounted under /api/logistica. */
export async function rutasInventario(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventario'];
  const security = [{ bearer: [] }];

  r.get('/v1/almacenes', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Almacenes de la empresa (por sucursal)', response: { 200: ZAlmacenes, ...errores } },
    handler: async (req) => servicio.listarAlmacenes(ctx, requerirAuth(req)),
  });
  r.post('/v1/almacenes', {
    config: { servicio: 'INVENTARIO_CONFIGURAR' },
    schema: { tags, security, summary: 'Registrar un almacén en una sucursal', body: ZAlmacenGuardar, response: { 201: ZAlmacen, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await servicio.crearAlmacen(ctx, requerirAuth(req), req.body)),
  });
  r.put('/v1/almacenes/:id', {
    config: { servicio: 'INVENTARIO_CONFIGURAR' },
    schema: { tags, security, summary: 'Editar un almacén: nombre y dirección propia (para sus guías de traslado)', params: ZIdParams, body: ZAlmacenEditar, response: { 200: ZAlmacen, ...errores } },
    handler: async (req) => servicio.editarAlmacen(ctx, requerirAuth(req), req.params.id, req.body),
  });

  r.get('/v1/logisconfig', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Configuración de logística (stock negativo)', response: { 200: ZLogisticaConfig, ...errores } },
    handler: async (req) => servicio.obtenerConfig(ctx, requerirAuth(req)),
  });
  r.put('/v1/logisconfig', {
    config: { servicio: 'INVENTARIO_CONFIGURAR' },
    schema: { tags, security, summary: 'Guardar la configuración de logística', body: ZLogisticaConfig, response: { 200: ZLogisticaConfig, ...errores } },
    handler: async (req) => servicio.guardarConfig(ctx, requerirAuth(req), req.body),
  });

  r.get('/v1/inventarios/stock', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Stock por producto y almacén, con costo promedio y valor', querystring: ZStockQuery, response: { 200: ZStock, ...errores } },
    handler: async (req) => servicio.listarStock(ctx, requerirAuth(req), req.query),
  });

  // Branch marcas: items below their minimum stock (the stock screen's "Bajo el mínimo" view).
  r.get('/v1/inventarios/stock/minimos', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Productos con stock por debajo de su stock mínimo (sumado en los almacenes, o en uno)', querystring: ZStockMinimoQuery, response: { 200: ZStockMinimo, ...errores } },
    handler: async (req) => servicio.listarBajoMinimo(ctx, requerirAuth(req), req.query),
  });

  // The sale screens pick lots and serials: whoever may search items (the cashier too) may read them.
  r.get('/v1/inventarios/stock/lotes/:a/:b', {
    config: { servicio: 'ITEM_VER' },
    schema: {
      tags, security,
      summary: 'Lotes con stock de un producto (a) en un almacén (b) en orden FEFO, y el reparto de una cantidad entre ellos',
      params: ZLotesFefoParams, querystring: ZLotesFefoQuery, response: { 200: ZLotesFefo, ...errores },
    },
    handler: async (req) => lotes.lotesFefo(ctx, requerirAuth(req), req.params.a, req.params.b, req.query),
  });
  r.get('/v1/inventarios/lotes/vencimientos', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Lotes con stock vencidos o que vencen en los próximos días', querystring: ZVencimientosQuery, response: { 200: ZVencimientos, ...errores } },
    handler: async (req) => lotes.vencimientos(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/inventarios/stock/series/:a/:b', {
    config: { servicio: 'ITEM_VER' },
    schema: { tags, security, summary: 'Series en stock de un producto (a) en un almacén (b)', params: ZLotesFefoParams, response: { 200: ZSeriesDisponibles, ...errores } },
    handler: async (req) => lotes.seriesDisponibles(ctx, requerirAuth(req), req.params.a, req.params.b),
  });

  r.get('/v1/inventarios/stock/venta/:a/:b', {
    config: { servicio: 'ITEM_VER' },
    schema: {
      tags, security,
      summary: 'Lotes (FEFO, vencidos marcados) o series en stock de un producto (a) en el almacén predeterminado de la sucursal (b), para la línea de venta',
      params: ZLotesFefoParams, response: { 200: ZStockVenta, ...errores },
    },
    handler: async (req) => lotes.stockParaVenta(ctx, requerirAuth(req), req.params.a, req.params.b),
  });

  r.get('/v1/movimientos', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Movimientos de inventario', querystring: ZMovimientosQuery, response: { 200: ZMovimientos, ...errores } },
    handler: async (req) => servicio.listarMovimientos(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/movimientos/:id', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Un movimiento con su detalle', params: ZIdParams, response: { 200: ZMovimiento, ...errores } },
    handler: async (req) => servicio.obtenerMovimiento(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/movimientos', {
    config: { servicio: 'INVENTARIO_MOVER' },
    schema: { tags, security, summary: 'Registrar un ingreso, una salida o una transferencia entre almacenes', body: ZMovimientoGuardar, response: { 201: ZMovimiento, ...errores } },
    handler: async (req, reply) => {
      const auth = requerirAuth(req);
      const b = req.body;
      // With `Guia`, the transfer and its GRE remitente (motivo 04) are written in one transaction.
      return reply.code(201).send(b.Guia ? await registrarTrasladoConGuia(ctx, auth, { ...b, Guia: b.Guia }) : await servicio.registrarMovimiento(ctx, auth, b));
    },
  });
  r.post('/v1/movimientos/:id/guias', {
    config: { servicio: 'INVENTARIO_MOVER' },
    schema: {
      tags, security,
      summary: 'Emitir la guía de remisión remitente (motivo 04, traslado entre establecimientos) de una transferencia entre sucursales',
      params: ZIdParams, body: ZGuiaTraslado, response: { 201: ZMovimiento, ...errores, 409: ZError },
    },
    handler: async (req, reply) => reply.code(201).send(await emitirGuiaDeTraslado(ctx, requerirAuth(req), req.params.id, req.body)),
  });

  r.get('/v1/kardex', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Kardex valorizado de un producto en un almacén (promedio ponderado)', querystring: ZKardexQuery, response: { 200: ZKardex, ...errores } },
    handler: async (req) => servicio.kardex(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/kardex/excel', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Kardex valorizado en Excel (.xlsx)', querystring: ZKardexQuery, response: errores },
    handler: async (req, reply) =>
      enviarExcel(reply, await servicio.kardexExcel(ctx, requerirAuth(req), req.query), `kardex-${req.query.iditem}-${req.query.desde}-${req.query.hasta}.xlsx`),
  });
}
