import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import {
  ZContribuyentePadron,
  ZError,
  ZEstadoPadron,
  ZImportacionPadron,
  ZImportacionPadronParams,
  ZImportacionPadronRuta,
  ZPadronRucParams,
} from '@yupana/contracts';
import { z } from 'zod';
import { noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as servicio from './padron.service';
import { contribuyentePorRuc } from './padron.repo';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError, 409: ZError };

/** SUNAT's "padrón reducido del RUC": import (upload or server path), progress, pause/resume, lookup. */
export async function rutasPadron(app: FastifyInstance, ctx: Contexto): Promise<void> {
  // The file (about 1.3 GB) is streamed to disk as it arrives: the parser hands over the raw request stream,
  // so the JSON body limit does not apply to it.
  for (const tipo of ['application/octet-stream', 'text/plain'])
    app.addContentTypeParser(tipo, (_req, cuerpo, hecho) => hecho(null, cuerpo));

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['padron-ruc'];
  const security = [{ bearer: [] }];

  r.get('/v1/padron-ruc', {
    config: { servicio: 'PADRON_CONSULTAR' },
    schema: { tags, security, summary: 'Estado del padrón: última importación y contribuyentes cargados', response: { 200: ZEstadoPadron, ...errores } },
    handler: async () => servicio.estadoPadron(ctx),
  });

  r.get('/v1/padron-ruc/contribuyentes/:ruc', {
    config: { servicio: 'PADRON_CONSULTAR' },
    schema: { tags, security, summary: 'Un contribuyente del padrón por su RUC', params: ZPadronRucParams, response: { 200: ZContribuyentePadron, ...errores } },
    handler: async (req) => {
      const c = await contribuyentePorRuc(ctx.dbh.db, req.params.ruc);
      if (!c) throw noEncontrado('No hay Entidad - SUNAT');
      return c;
    },
  });

  r.post('/v1/padron-ruc/importaciones', {
    config: { servicio: 'PADRON_IMPORTAR' },
    schema: {
      tags,
      security,
      summary: 'Subir el archivo del padrón (texto, application/octet-stream) e importarlo en segundo plano',
      querystring: z.object({ nombre: z.string().trim().max(300).default('padron_reducido_ruc.txt') }),
      response: { 202: ZImportacionPadron, ...errores },
    },
    handler: async (req, reply) =>
      reply.code(202).send(await servicio.importarSubida(ctx, requerirAuth(req), req.query.nombre, req.body as Readable)),
  });

  r.post('/v1/padron-ruc/importaciones/ruta', {
    config: { servicio: 'PADRON_IMPORTAR' },
    schema: { tags, security, summary: 'Importar un archivo del padrón que ya está en el servidor', body: ZImportacionPadronRuta, response: { 202: ZImportacionPadron, ...errores } },
    handler: async (req, reply) => reply.code(202).send(await servicio.importarRuta(ctx, requerirAuth(req), req.body.Ruta)),
  });

  r.get('/v1/padron-ruc/importaciones/:id', {
    config: { servicio: 'PADRON_CONSULTAR' },
    schema: { tags, security, summary: 'Avance de una importación', params: ZImportacionPadronParams, response: { 200: ZImportacionPadron, ...errores } },
    handler: async (req) => servicio.obtenerImportacion(ctx, req.params.id),
  });

  r.post('/v1/padron-ruc/importaciones/:id/pausa', {
    config: { servicio: 'PADRON_IMPORTAR' },
    schema: { tags, security, summary: 'Pausar una importación en curso (queda en su último punto de control)', params: ZImportacionPadronParams, response: { 200: ZImportacionPadron, ...errores } },
    handler: async (req) => servicio.pausarImportacion(ctx, req.params.id),
  });

  r.post('/v1/padron-ruc/importaciones/:id/reanudacion', {
    config: { servicio: 'PADRON_IMPORTAR' },
    schema: { tags, security, summary: 'Reanudar una importación desde su último punto de control', params: ZImportacionPadronParams, response: { 202: ZImportacionPadron, ...errores } },
    handler: async (req, reply) => reply.code(202).send(await servicio.reanudarImportacion(ctx, requerirAuth(req), req.params.id)),
  });
}
