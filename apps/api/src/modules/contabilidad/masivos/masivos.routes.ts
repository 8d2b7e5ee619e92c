import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITES_MASIVO, z, ZError, ZErrorMasivo, ZId, ZLoteMasivo, ZLoteMasivoDetalle, ZLotesMasivosLista, ZLotesMasivosQuery, ZMasivoSubir } from '@yupana/contracts';
import { requerirAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { ErroresArchivo, listarLotes, obtenerLote, plantilla, resultadoExcel, subirLote } from './masivos.service';
import { crearProcesadorMasivo, type TProcesadorMasivo } from './procesador';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const comun = { tags: ['contabilidad'], security: [{ bearer: [] }] };
const procesadores = new WeakMap<FastifyInstance, TProcesadorMasivo>();

function enviarExcel(reply: FastifyReply, contenido: Buffer, nombre: string) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${nombre}"`)
    .header('cache-control', 'private, no-store')
    .send(contenido);
}

/**
 * Mass issuing from Excel (/api/contabilidad/v1/documentosmasivos): template, upload (validate everything, then a
 * batch), progress, result file. Batches are jobs of the app's job runner, which runs in every API process once it
 * listens (resuming batches left pending by a restart) and is woken by each upload.
 */
export async function registrarMasivos(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const procesador = crearProcesadorMasivo(ctx, { alError: (err) => app.log.error({ err }, 'emisión masiva: error al procesar un lote') });
  procesadores.set(app, procesador);
  // Started and stopped with the app's job runner (app.ts).
  await app.register(async (api) => rutasMasivos(api, ctx, procesador), { prefix: '/api/contabilidad' });
}

export function procesadorMasivoDe(app: FastifyInstance): TProcesadorMasivo {
  const p = procesadores.get(app);
  if (!p) throw new Error('registrarMasivos no se llamó para esta aplicación');
  return p;
}

async function rutasMasivos(app: FastifyInstance, ctx: Contexto, procesador: TProcesadorMasivo): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/documentosmasivos/plantilla', {
    config: { servicio: 'MASIVO_VER' },
    schema: { ...comun, summary: 'Plantilla Excel de la emisión masiva (con las series de la empresa)', response: errores },
    handler: async (req, reply) => enviarExcel(reply, await plantilla(ctx, requerirAuth(req)), 'plantilla-emision-masiva.xlsx'),
  });

  r.post('/v1/documentosmasivos', {
    config: { servicio: 'MASIVO_EMITIR' },
    bodyLimit: Math.ceil((LIMITES_MASIVO.MAX_BYTES * 4) / 3) + 64 * 1024,
    schema: {
      ...comun,
      summary: 'Subir un Excel de comprobantes: valida todas las filas y, sin errores, crea el lote y lo emite en segundo plano',
      description: 'Con errores responde 400 con ErroresFilas [{Fila, Columna, Letra, Mensaje}] y no emite nada.',
      body: ZMasivoSubir,
      response: { 201: ZLoteMasivo, 400: ZErrorMasivo, 401: ZError, 403: ZError, 404: ZError },
    },
    handler: async (req, reply) => {
      try {
        const lote = await subirLote(ctx, requerirAuth(req), req.body.NombreArchivo, req.body.Archivo);
        procesador.despertar();
        return reply.code(201).send(lote);
      } catch (e) {
        if (e instanceof ErroresArchivo) return reply.code(400).send({ ErrorId: e.code, Mensaje: e.mensaje, ErroresFilas: e.filas });
        throw e;
      }
    },
  });

  r.get('/v1/documentosmasivos', {
    config: { servicio: 'MASIVO_VER' },
    schema: { ...comun, summary: 'Lotes de emisión masiva de la empresa (más recientes primero)', querystring: ZLotesMasivosQuery, response: { 200: ZLotesMasivosLista, ...errores } },
    handler: async (req) => listarLotes(ctx, requerirAuth(req).idEmpresa, req.query.pagina, req.query.regxpag),
  });

  r.get('/v1/documentosmasivos/:id', {
    config: { servicio: 'MASIVO_VER' },
    schema: { ...comun, summary: 'Un lote con su avance y el resultado de cada comprobante', params: z.object({ id: ZId }), response: { 200: ZLoteMasivoDetalle, ...errores } },
    handler: async (req) => obtenerLote(ctx, requerirAuth(req).idEmpresa, req.params.id),
  });

  r.get('/v1/documentosmasivos/:id/resultado', {
    config: { servicio: 'MASIVO_VER' },
    schema: { ...comun, summary: 'Resultado del lote en Excel: serie-número, estado o error de cada comprobante', params: z.object({ id: ZId }), response: errores },
    handler: async (req, reply) => {
      const { contenido, nombre } = await resultadoExcel(ctx, requerirAuth(req).idEmpresa, req.params.id);
      return enviarExcel(reply, contenido, nombre);
    },
  });
}
