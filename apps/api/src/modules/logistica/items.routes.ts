import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZError, ZItem, ZItemFavoritoQuery, ZItemGuardar, ZItemParams, ZItems, ZItemsQuery } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as servicio from './items.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };

/** Minimal item catalogue. Mounted under /api/logistica. */
export async function rutasItems(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['items'];
  const security = [{ bearer: [] }];

  r.get('/v1/items', {
    config: { servicio: 'ITEM_VER' },
    schema: { tags, security, summary: 'Buscar productos y servicios (al menos tres letras; 10 por página)', querystring: ZItemsQuery, response: { 200: ZItems, ...errores } },
    handler: async (req) => servicio.buscarItems(ctx, requerirAuth(req), req.query),
  });

  r.get('/v1/items/:id', {
    config: { servicio: 'ITEM_VER' },
    schema: { tags, security, summary: 'Un producto o servicio', params: ZItemParams, response: { 200: ZItem, ...errores } },
    handler: async (req) => servicio.obtenerItem(ctx, requerirAuth(req), req.params.id),
  });

  r.post('/v1/items', {
    config: { servicio: 'ITEM_GUARDAR' },
    schema: { tags, security, summary: 'Registrar un producto o servicio', body: ZItemGuardar, response: { 201: ZItem, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await servicio.crearItem(ctx, requerirAuth(req), req.body)),
  });

  r.put('/v1/items/:id', {
    config: { servicio: 'ITEM_GUARDAR' },
    schema: { tags, security, summary: 'Editar un producto o servicio', params: ZItemParams, body: ZItemGuardar, response: { 200: ZItem, ...errores } },
    handler: async (req) => servicio.editarItem(ctx, requerirAuth(req), req.params.id, req.body),
  });

  r.put('/v1/items/favoritos/:id', {
    config: { servicio: 'ITEM_FAVORITO' },
    schema: { tags, security, summary: 'Marcar o desmarcar un favorito', params: ZItemParams, querystring: ZItemFavoritoQuery, response: { 200: ZItem, ...errores } },
    handler: async (req) => servicio.marcarFavorito(ctx, requerirAuth(req), req.params.id, req.query.esFavorito),
  });
}
