import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCompra, ZCompraAnular, ZCompraGuardar, ZCompraXml, ZCompraXmlLeida, ZCompras, ZComprasQuery, ZError, ZIdParams } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as compras from './compras.service';
import { leerXmlCompra } from './compras-xml';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };

/** Purchases (issue 13), mounted under /api/logistica. */
export async function rutasCompras(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['logistica: compras'];

  r.get('/v1/compras', {
    config: { servicio: 'COMPRAS_VER' },
    schema: { tags, security, summary: 'Compras a proveedores', querystring: ZComprasQuery, response: { 200: ZCompras, ...errores } },
    handler: async (req) => compras.listarCompras(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/compras/:id', {
    config: { servicio: 'COMPRAS_VER' },
    schema: { tags, security, summary: 'Una compra con sus líneas y su estado de pago', params: ZIdParams, response: { 200: ZCompra, ...errores } },
    handler: async (req) => compras.obtenerCompra(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/compras', {
    config: { servicio: 'COMPRAS_REGISTRAR' },
    schema: {
      tags,
      security,
      summary: 'Registrar una compra: documento, ingreso al almacén (tabla 12 código 02) y cuentas por pagar, en una transacción',
      body: ZCompraGuardar,
      response: { 201: ZCompra, ...errores },
    },
    handler: async (req, reply) => reply.code(201).send(await compras.registrarCompra(ctx, requerirAuth(req), req.body)),
  });
  r.post('/v1/compras/xml', {
    config: { servicio: 'COMPRAS_REGISTRAR' },
    bodyLimit: 6 * 1024 * 1024,
    schema: { tags, security, summary: 'Leer el XML UBL del proveedor (no guarda nada): datos, líneas y productos reconocidos', body: ZCompraXml, response: { 200: ZCompraXmlLeida, ...errores } },
    handler: async (req) => leerXmlCompra(ctx, requerirAuth(req), req.body.Xml),
  });
  r.put('/v1/compras/:id/anulaciones', {
    config: { servicio: 'COMPRAS_ANULAR' },
    schema: { tags, security, summary: 'Anular una compra (revierte el stock y las cuentas por pagar; no si tiene pagos)', params: ZIdParams, body: ZCompraAnular, response: { 200: ZCompra, ...errores, 409: ZError } },
    handler: async (req) => compras.anularCompra(ctx, requerirAuth(req), req.params.id, req.body.Motivo),
  });
}
