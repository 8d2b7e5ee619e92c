import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZArticuloAyuda,
  ZArticuloAyudaParams,
  ZArticulosAyuda,
  ZArticulosAyudaQuery,
  ZError,
  ZEstadoAsistente,
  ZMensajeAsistente,
  ZRespuestaAsistente,
  ErrorCodes,
} from '@yupana/contracts';
import { requerirAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { AppError, noEncontrado } from '../../lib/app-error';
import { registrarYContarIntento } from '../../lib/limite-intentos';
import { articuloPorSlug, buscarArticulos, sincronizarArticulos } from './articulos';
import { configuracionAsistente, responder } from './asistente.service';

/**
 * Messages a user may send to the assistant per minute. Each one may call the company's webhook (the server makes the
 * outbound request) or run a full-text search, so a script with a stolen or shared session must not loop on it.
 */
export const MENSAJES_ASISTENTE_POR_MINUTO = 20;

/** Help articles and the virtual assistant (/api/sistema/v1/...): every signed-in user of any company. */
export async function rutasAyuda(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { servicio: 'AYUDA_CONSULTAR' };
  const tags = ['ayuda'];
  const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError, 429: ZError };

  // The repository's articles into the table, once the database is ready (every start: the files are the source).
  app.addHook('onReady', async () => sincronizarArticulos(ctx.dbh.db));

  r.get('/v1/ayuda/articulos', {
    config,
    schema: { tags, summary: 'Artículos de ayuda: todos, o los que responden a una búsqueda (sin distinguir tildes)', querystring: ZArticulosAyudaQuery, response: { 200: ZArticulosAyuda, ...errores } },
    handler: async (req) => ({ Data: await buscarArticulos(ctx.dbh.db, req.query.buscar) }),
  });

  r.get('/v1/ayuda/articulos/:slug', {
    config,
    schema: { tags, summary: 'Un artículo de ayuda con su contenido (Markdown)', params: ZArticuloAyudaParams, response: { 200: ZArticuloAyuda, ...errores } },
    handler: async (req) => {
      const a = await articuloPorSlug(ctx.dbh.db, req.params.slug);
      if (!a) throw noEncontrado('El artículo de ayuda no existe');
      return a;
    },
  });

  r.get('/v1/asistente', {
    config,
    schema: { tags, summary: 'Si el Asistente Virtual se muestra a la empresa del usuario', response: { 200: ZEstadoAsistente, ...errores } },
    handler: async (req) => ({ Activo: (await configuracionAsistente(ctx, requerirAuth(req))) !== null }),
  });

  r.post('/v1/asistente/mensajes', {
    config,
    schema: {
      tags,
      summary: 'Un mensaje al Asistente Virtual: lo responde el webhook de la empresa o, sin él, la ayuda del producto',
      body: ZMensajeAsistente,
      response: { 200: ZRespuestaAsistente, ...errores },
    },
    handler: async (req) => {
      const auth = requerirAuth(req);
      const { total, segundosParaLiberar } = await registrarYContarIntento(ctx.dbh.db, `asistente:usuario:${auth.idUsuario}`, 60);
      if (total > MENSAJES_ASISTENTE_POR_MINUTO)
        throw new AppError(ErrorCodes.DEMASIADOS_INTENTOS, `Demasiados mensajes al asistente. Inténtelo nuevamente en ${segundosParaLiberar} segundos`, 429, {
          headers: { 'retry-after': String(segundosParaLiberar) },
        });
      return responder(ctx, auth, req.body);
    },
  });
}
