import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCodes,
  ZAnulacionRespuesta,
  ZAnulacionSolicitud,
  ZConfiguracionCorreo,
  ZConfiguracionCorreoGuardar,
  ZCorreoDocumentoSolicitud,
  ZEnvioListaQuery,
  ZError,
  ZId,
  ZLoteEnvio,
  ZMensaje,
  ZPruebaConexionSunat,
  ZRegularizacion,
  ZRegularizacionRespuesta,
  ZResumenRespuesta,
  ZResumenSolicitud,
} from '@yupana/contracts';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import type { Contexto } from '../../../lib/contexto';
import { requerirAuth } from '../../../lib/auth';
import { anularDocumento, listarRegularizaciones, regularizar } from './anulacion.service';
import { ConfiguracionIncompleta, probarConexion } from './conexion-sunat';
import { enviarDocumentoPorCorreo, guardarConfiguracionCorreo, obtenerConfiguracionCorreo } from './correo.service';
import { envioLote } from './envio.schema';
import { crearServicioEnvio, type TServicioEnvio } from './envio.service';
import { generarResumenes } from './lotes';

const ZParamsId = z.object({ id: ZId });
const servicios = new WeakMap<FastifyInstance, TServicioEnvio>();

type THub = { publicarEmpresa(idEmpresa: number, evento: { tipo: string; datos: unknown }): void };

/**
 * Sending to SUNAT: creates the process's sending service (its worker is started by main.ts, or by a test, through
 * servicioEnvioDe(app).iniciar()), stops it when the app closes, and mounts the routes.
 */
export async function registrarEnvio(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const envio = crearServicioEnvio({
    db: ctx.dbh.db,
    trabajos: ctx.trabajos,
    alAviso: (detalle, texto) => app.log.warn(detalle, texto),
    // The realtime hub is optional (absent in some tests): status changes are stored either way.
    publicar: (idEmpresa, evento) => (ctx as Contexto & { tiempoReal?: THub }).tiempoReal?.publicarEmpresa(idEmpresa, evento),
    alError: (err, detalle) => app.log.error({ err }, `envío a SUNAT: ${detalle ?? 'error'}`),
  });
  servicios.set(app, envio);
  app.addHook('onClose', async () => envio.detener());
  await app.register(async (api) => rutasEnvio(api, ctx, envio), { prefix: '/api/contabilidad' });
}

export function servicioEnvioDe(app: FastifyInstance): TServicioEnvio {
  const s = servicios.get(app);
  if (!s) throw new Error('registrarEnvio no se llamó para esta aplicación');
  return s;
}

async function rutasEnvio(app: FastifyInstance, ctx: Contexto, envio: TServicioEnvio): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.dbh.db;

  r.put('/v1/documentoContable/:id/anulaciones', {
    config: { servicio: 'DOC_ANULAR' },
    schema: {
      tags: ['contabilidad'],
      summary: 'Anular un comprobante (comunicación de baja o resumen diario con estado 3)',
      security: [{ bearer: [] }],
      params: ZParamsId,
      body: ZAnulacionSolicitud,
      response: { 200: ZAnulacionRespuesta, 400: ZError, 401: ZError, 403: ZError, 404: ZError },
    },
    handler: async (req) => {
      const a = requerirAuth(req);
      const r = await anularDocumento(db, envio.ajustes, a, req.params.id, req.body.Motivo);
      envio.despertar();
      return r;
    },
  });

  r.post('/v1/configuraciones/sunat/conexion', {
    // Who may change the settings may test them (it calls SUNAT as the company).
    config: { servicio: 'SUNAT_CONFIG_GUARDAR' },
    schema: {
      tags: ['contabilidad'],
      summary: 'Probar la conexión con SUNAT (o el simulador) con el certificado y el usuario SOL guardados',
      security: [{ bearer: [] }],
      response: { 200: ZPruebaConexionSunat, 401: ZError, 403: ZError },
    },
    handler: async (req) => probarConexion(db, requerirAuth(req).idEmpresa, envio.ajustes),
  });

  r.post('/v1/resumenes', {
    config: { servicio: 'DOC_RESUMEN' },
    schema: {
      tags: ['contabilidad'],
      summary: 'Generar y enviar ahora el resumen diario de boletas y sus notas pendientes',
      security: [{ bearer: [] }],
      body: ZResumenSolicitud,
      response: { 200: ZResumenRespuesta, 400: ZError, 401: ZError, 403: ZError },
    },
    handler: async (req) => {
      const a = requerirAuth(req);
      let lotes;
      try {
        lotes = await generarResumenes(db, a.idEmpresa, envio.ajustes, { hasta: req.body.Hasta, idUsuario: a.idUsuario });
      } catch (e) {
        if (e instanceof ConfiguracionIncompleta) throw new AppError(ErrorCodes.VALIDACION, e.message, 400);
        throw e;
      }
      envio.despertar();
      const total = lotes.reduce((n, l) => n + l.documentos, 0);
      return {
        Data: lotes.map((l) => ({ Id: l.id, Nombre: l.nombre, Documentos: l.documentos })),
        Count: lotes.length,
        Mensaje: lotes.length ? `Resumen diario enviado a SUNAT con ${total} documento(s)` : 'No hay boletas ni notas pendientes de informar',
      };
    },
  });

  r.get('/v1/resumenes', {
    config: { servicio: 'DOC_RESUMEN' },
    schema: {
      tags: ['contabilidad'],
      summary: 'Resúmenes diarios y comunicaciones de baja enviados, del más reciente al más antiguo',
      security: [{ bearer: [] }],
      querystring: ZEnvioListaQuery,
      response: { 200: z.object({ Data: z.array(ZLoteEnvio), Count: z.number().int() }), 401: ZError, 403: ZError },
    },
    handler: async (req) => {
      const a = requerirAuth(req);
      const { pagina, regxpag } = req.query;
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(envioLote).where(eq(envioLote.idEmpresa, a.idEmpresa));
      const filas = await db
        .select({ l: envioLote, documentos: sql<number>`(select count(*)::int from envio_lote_documento d where d.id_lote = envio_lote.id)` })
        .from(envioLote)
        .where(eq(envioLote.idEmpresa, a.idEmpresa))
        .orderBy(desc(envioLote.id))
        .limit(regxpag)
        .offset((pagina - 1) * regxpag);
      return {
        Count: Number(n),
        Data: filas.map(({ l, documentos }) => ({
          Id: l.id,
          Tipo: l.tipo as 'RC' | 'RA',
          Nombre: l.nombre,
          FechaGeneracion: l.fechaGeneracion,
          FechaReferencia: l.fechaReferencia,
          Estado: l.estado as 'GENERADO' | 'ENVIADO' | 'ACEPTADO' | 'RECHAZADO',
          Ticket: l.ticket,
          CodigoSunat: l.codigoSunat,
          MensajeSunat: l.mensajeSunat,
          Documentos: Number(documentos),
        })),
      };
    },
  });

  r.get('/v1/regularizaciones', {
    config: { servicio: 'DOC_REGULARIZAR' },
    schema: {
      tags: ['contabilidad'],
      summary: 'Comprobantes detenidos por excepciones o errores de envío',
      security: [{ bearer: [] }],
      querystring: ZEnvioListaQuery,
      response: { 200: z.object({ Data: z.array(ZRegularizacion), Count: z.number().int() }), 401: ZError, 403: ZError },
    },
    handler: async (req) => listarRegularizaciones(db, requerirAuth(req).idEmpresa, req.query.pagina, req.query.regxpag),
  });

  r.post('/v1/regularizaciones', {
    config: { servicio: 'DOC_REGULARIZAR' },
    schema: {
      tags: ['contabilidad'],
      summary: 'Volver a enviar todos los comprobantes detenidos (con el mismo número)',
      security: [{ bearer: [] }],
      response: { 200: ZRegularizacionRespuesta, 401: ZError, 403: ZError },
    },
    handler: async (req) => {
      const a = requerirAuth(req);
      const r = await regularizar(db, a.idEmpresa, a.idUsuario);
      envio.despertar();
      return r;
    },
  });

  r.post('/v1/documentoContable/:id/regularizaciones', {
    config: { servicio: 'DOC_REGULARIZAR' },
    schema: {
      tags: ['contabilidad'],
      summary: 'Volver a enviar un comprobante detenido (con el mismo número)',
      security: [{ bearer: [] }],
      params: ZParamsId,
      response: { 200: ZRegularizacionRespuesta, 401: ZError, 403: ZError, 404: ZError },
    },
    handler: async (req) => {
      const a = requerirAuth(req);
      const r = await regularizar(db, a.idEmpresa, a.idUsuario, [req.params.id]);
      envio.despertar();
      return r;
    },
  });

  r.get('/v1/configuraciones/correo', {
    config: { servicio: 'CORREO_CONFIG_VER' },
    schema: {
      tags: ['contabilidad'],
      summary: 'Servidor de correo (SMTP) de la empresa; la contraseña nunca se devuelve',
      security: [{ bearer: [] }],
      response: { 200: ZConfiguracionCorreo.nullable(), 401: ZError, 403: ZError },
    },
    handler: async (req) => obtenerConfiguracionCorreo(db, requerirAuth(req).idEmpresa),
  });

  r.put('/v1/configuraciones/correo', {
    config: { servicio: 'CORREO_CONFIG_GUARDAR' },
    schema: {
      tags: ['contabilidad'],
      summary: 'Guardar el servidor de correo (SMTP) de la empresa',
      security: [{ bearer: [] }],
      body: ZConfiguracionCorreoGuardar,
      response: { 200: ZConfiguracionCorreo, 400: ZError, 401: ZError, 403: ZError },
    },
    handler: async (req) => guardarConfiguracionCorreo(db, requerirAuth(req), req.body),
  });

  r.post('/v1/documentoContable/:id/correos', {
    config: { servicio: 'DOC_CORREO' },
    schema: {
      tags: ['contabilidad'],
      summary: 'Enviar el comprobante por correo con su PDF y su XML',
      security: [{ bearer: [] }],
      params: ZParamsId,
      body: ZCorreoDocumentoSolicitud,
      response: { 200: ZMensaje, 400: ZError, 401: ZError, 403: ZError, 404: ZError, 422: ZError },
    },
    handler: async (req) => enviarDocumentoPorCorreo(db, requerirAuth(req), req.params.id, req.body, { log: req.log }),
  });
}

