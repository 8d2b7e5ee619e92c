import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LIMITES_IMPORTACION_CONTEO,
  ZError,
  ZErrorImportacionConteo,
  ZIdParams,
  ZPleInventarioQuery,
  ZPresentaciones,
  ZPresentacionesGuardar,
  ZToma,
  ZTomaAgregar,
  ZTomaConteos,
  ZTomaContabilizar,
  ZTomaCrear,
  ZTomaImportada,
  ZTomaImportar,
  ZTomas,
  ZTomasQuery,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import { ErroresImportacionConteo, importarConteo, plantillaConteo } from './conteos-importacion';
import * as tomas from './conteos.service';
import { pleInventario } from './ple-inventario.service';
import { guardarPresentaciones, listarPresentaciones } from './presentaciones.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };

/** Physical counts, item presentations and the PLE inventory books (issue 13, branch conteos). Under /api/logistica. */
export async function rutasConteos(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventario'];
  const security = [{ bearer: [] }];

  r.get('/v1/tomasinventario', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Tomas de inventario (conteos físicos)', querystring: ZTomasQuery, response: { 200: ZTomas, ...errores } },
    handler: async (req) => tomas.listarTomas(ctx, requerirAuth(req), req.query),
  });
  r.post('/v1/tomasinventario', {
    config: { servicio: 'INVENTARIO_MOVER' },
    schema: { tags, security, summary: 'Abrir una toma de inventario: congela el stock esperado del almacén', body: ZTomaCrear, response: { 201: ZToma, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await tomas.crearToma(ctx, requerirAuth(req), req.body)),
  });
  r.get('/v1/tomasinventario/:id', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Una toma con sus líneas (sin el stock esperado mientras está en conteo)', params: ZIdParams, response: { 200: ZToma, ...errores } },
    handler: async (req) => tomas.obtenerToma(ctx, requerirAuth(req), req.params.id),
  });
  r.put('/v1/tomasinventario/:id/conteos', {
    config: { servicio: 'INVENTARIO_MOVER' },
    schema: { tags, security, summary: 'Registrar cantidades contadas', params: ZIdParams, body: ZTomaConteos, response: { 200: ZToma, ...errores } },
    handler: async (req) => tomas.guardarConteos(ctx, requerirAuth(req), req.params.id, req.body),
  });
  r.post('/v1/tomasinventario/:id/items', {
    config: { servicio: 'INVENTARIO_MOVER' },
    schema: { tags, security, summary: 'Agregar a la toma un producto que no estaba en el stock congelado', params: ZIdParams, body: ZTomaAgregar, response: { 200: ZToma, ...errores } },
    handler: async (req) => tomas.agregarItem(ctx, requerirAuth(req), req.params.id, req.body.IdItem),
  });
  r.get('/v1/tomasinventario/:id/plantilla', {
    config: { servicio: 'INVENTARIO_VER' },
    schema: { tags, security, summary: 'Plantilla Excel para importar el conteo (los productos de la toma, sin el stock esperado)', params: ZIdParams, response: errores },
    handler: async (req, reply) => {
      const f = await plantillaConteo(ctx, requerirAuth(req), req.params.id);
      return (reply as FastifyReply)
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${f.nombre}"`)
        .header('cache-control', 'private, no-store')
        .send(f.contenido);
    },
  });
  r.post('/v1/tomasinventario/:id/importacion', {
    config: { servicio: 'INVENTARIO_MOVER' },
    bodyLimit: Math.ceil((LIMITES_IMPORTACION_CONTEO.MAX_BYTES * 4) / 3) + 64 * 1024,
    schema: {
      tags,
      security,
      summary: 'Importar cantidades contadas desde Excel (Código, Cantidad contada, Lote) a una toma abierta',
      description: 'Con filas erradas responde 400 con ErroresFilas [{Fila, Columna, Mensaje}] y no registra nada, salvo AplicarValidas: true.',
      params: ZIdParams,
      body: ZTomaImportar,
      response: { 200: ZTomaImportada, 400: ZErrorImportacionConteo, 401: ZError, 403: ZError, 404: ZError },
    },
    handler: async (req, reply) => {
      try {
        return await importarConteo(ctx, requerirAuth(req), req.params.id, req.body);
      } catch (e) {
        if (e instanceof ErroresImportacionConteo) return reply.code(400).send({ ErrorId: e.code, Mensaje: e.mensaje, ErroresFilas: e.filas });
        throw e;
      }
    },
  });
  r.post('/v1/tomasinventario/:id/revision', {
    config: { servicio: 'INVENTARIO_MOVER' },
    schema: { tags, security, summary: 'Cerrar el conteo y revisar las diferencias', params: ZIdParams, response: { 200: ZToma, ...errores } },
    handler: async (req) => tomas.pasarARevision(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/tomasinventario/:id/contabilizacion', {
    config: { servicio: 'INVENTARIO_MOVER' },
    schema: { tags, security, summary: 'Contabilizar las diferencias como movimientos (tabla 12: 28 ajuste o 13 mermas), una sola vez', params: ZIdParams, body: ZTomaContabilizar, response: { 200: ZToma, ...errores } },
    handler: async (req) => tomas.contabilizarToma(ctx, requerirAuth(req), req.params.id, req.body),
  });

  r.get('/v1/items/:id/presentaciones', {
    config: { servicio: 'ITEM_VER' },
    schema: { tags, security, summary: 'Presentaciones de un ítem (unidad, factor, código de barras)', params: ZIdParams, response: { 200: ZPresentaciones, ...errores } },
    handler: async (req) => listarPresentaciones(ctx, requerirAuth(req), req.params.id),
  });
  r.put('/v1/items/:id/presentaciones', {
    config: { servicio: 'ITEM_GUARDAR' },
    schema: { tags, security, summary: 'Reemplazar las presentaciones de un ítem', params: ZIdParams, body: ZPresentacionesGuardar, response: { 200: ZPresentaciones, ...errores } },
    handler: async (req) => guardarPresentaciones(ctx, requerirAuth(req), req.params.id, req.body),
  });

  for (const [ruta, libro, resumen] of [
    ['fisico', '120100', 'PLE 12.1: registro del inventario permanente en unidades físicas de un mes (TXT con el nombre de SUNAT)'],
    ['valorizado', '130100', 'PLE 13.1: registro del inventario permanente valorizado de un mes (TXT con el nombre de SUNAT)'],
  ] as const)
    r.get(`/v1/kardex/ple/${ruta}`, {
      config: { servicio: 'INVENTARIO_VER' },
      schema: { tags, security, summary: resumen, querystring: ZPleInventarioQuery },
      handler: async (req, reply) => {
        const f = await pleInventario(ctx, requerirAuth(req), req.query.periodo, libro, req.query.idalmacen);
        return reply.header('content-type', 'text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${f.nombre}"`).header('cache-control', 'private, no-store').send(f.contenido);
      },
    });
}
