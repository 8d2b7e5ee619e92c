import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  z, ZError, ZSerieDescripcionQuery, ZSerieDocumento, ZSerieGuardar, ZSerieParams, ZSeriesLista, ZSeriesMultiples, ZSeriesPorTipos,
  ZSeriesQueryV1, ZSeriesQueryV2, ZSeriesQueryV3,
} from '@yupana/contracts';
import type { Contexto } from '../../../lib/contexto';
import { requerirAuth } from '../../../lib/auth';
import * as servicio from './series.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const comun = { tags: ['series'], security: [{ bearer: [] }] };

/** Series of the Series and entity service (prefix /api/entidades). `identidad` is always the session's company. */
export async function rutasSeries(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ver = { servicio: 'SERIE_VER' };
  const guardar = { servicio: 'SERIE_GUARDAR' };

  r.get('/v3/entidades/series', {
    config: ver,
    schema: { ...comun, summary: 'Series de la empresa, paginadas', querystring: ZSeriesQueryV3, response: { 200: ZSeriesLista, ...errores } },
    handler: async (req) => {
      const q = req.query;
      return servicio.listar(ctx, requerirAuth(req), { idTipoDocumento: q.idtipodocumento, tipoSerie: q.tiposerie, filtro: q.filtro, logEstado: -1 }, { numero: q.nropagina, tamano: q.regxpagina });
    },
  });

  r.get('/v2/entidades/series', {
    config: ver,
    schema: { ...comun, summary: 'Series por sucursal, tipo de documento y documento de referencia', querystring: ZSeriesQueryV2, response: { 200: ZSeriesLista, ...errores } },
    handler: async (req) => {
      const q = req.query;
      return servicio.listar(ctx, requerirAuth(req), {
        idTipoDocumento: q.idtipodocumento,
        tiposDocumento: q.ListaTipoDocumentos,
        tipoSerie: q.tiposerie,
        idSucursal: q.idsucursal,
        logEstado: q.logestado,
        tipoDocumentoReferencia: q.tipodocumentoreferencia,
        // The issuing forms read this list: a device's reserved series (posoffline) is not offered there.
        sinReservadas: true,
      });
    },
  });

  r.get('/v1/entidades/series', {
    config: ver,
    schema: { ...comun, summary: 'Series activas por tipos de documento', querystring: ZSeriesQueryV1, response: { 200: ZSeriesLista, ...errores } },
    handler: async (req) => servicio.listar(ctx, requerirAuth(req), { tiposDocumento: req.query.ListaTipoDocumentos, tipoSerie: req.query.tiposerie, sinReservadas: true }),
  });

  r.get('/v1/entidades/series/:id', {
    config: ver,
    schema: { ...comun, summary: 'Una serie', params: ZSerieParams, response: { 200: ZSerieDocumento, ...errores } },
    handler: async (req) => servicio.obtenerSerie(ctx, requerirAuth(req), req.params.id),
  });

  r.get('/v1/entidades/serie/descripcion', {
    config: ver,
    schema: { ...comun, summary: 'Series por descripción', querystring: ZSerieDescripcionQuery, response: { 200: ZSeriesLista, ...errores } },
    handler: async (req) => servicio.listar(ctx, requerirAuth(req), { descripcion: req.query.descripcion || undefined }),
  });

  r.post('/v1/series', {
    config: guardar,
    schema: { ...comun, summary: 'Crear una serie', body: ZSerieGuardar, response: { 201: ZSerieDocumento, ...errores } },
    handler: async (req, reply) => {
      const [creada] = await servicio.crearSeries(ctx, requerirAuth(req), [req.body]);
      return reply.code(201).send(creada);
    },
  });

  r.put('/v1/series', {
    config: guardar,
    schema: { ...comun, summary: 'Modificar una serie', body: ZSerieGuardar, response: { 200: ZSerieDocumento, ...errores } },
    handler: async (req) => servicio.actualizarSerie(ctx, requerirAuth(req), req.body),
  });

  r.post('/v1/series/multiples', {
    config: guardar,
    schema: { ...comun, summary: 'Crear varias series a la vez', body: ZSeriesMultiples, response: { 201: z.object({ Data: z.array(ZSerieDocumento) }), ...errores } },
    handler: async (req, reply) => reply.code(201).send({ Data: await servicio.crearSeries(ctx, requerirAuth(req), req.body.Lista) }),
  });

  r.post('/v1/tipo-docs/series/multiples', {
    config: guardar,
    schema: { ...comun, summary: 'Crear la misma numeración para varios tipos de documento (F001, B001, T001...)', body: ZSeriesPorTipos, response: { 201: z.object({ Data: z.array(ZSerieDocumento) }), ...errores } },
    handler: async (req, reply) => {
      const b = req.body;
      const letra: Record<number, string> = { 1003: 'F', 1004: 'B', 1005: 'F', 1006: 'F', 1007: 'T', 3005: 'V', 1008: 'N' };
      const lista = b.ListaTipoDocumentos.map((t) => ({
        IdSucursal: b.IdSucursal,
        IdTipoDocumento: t,
        Serie: `${letra[t] ?? '?'}${b.Serie}`,
        TipoSerie: b.TipoSerie,
        IdTipoDocumentoReferencia: t === 1005 || t === 1006 ? 1003 : undefined,
      }));
      return reply.code(201).send({ Data: await servicio.crearSeries(ctx, requerirAuth(req), lista) });
    },
  });

  r.delete('/v1/series/:id', {
    config: guardar,
    schema: { ...comun, summary: 'Eliminar (desactivar) una serie', params: ZSerieParams, response: { 200: ZSerieDocumento, ...errores } },
    handler: async (req) => servicio.eliminarSerie(ctx, requerirAuth(req), req.params.id),
  });
}
