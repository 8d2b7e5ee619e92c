import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZComparacionSire,
  ZError,
  ZProcesoSire,
  ZProcesosSire,
  ZSireCredenciales,
  ZSireCredencialesGuardar,
  ZSireParams,
  ZSireProcesoParams,
} from '@yupana/contracts';
import { requerirAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import type { TAjustesEnvio } from '../envio/conexion-sunat';
import * as sire from './sire.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError, 409: ZError };

/**
 * SIRE (RVIE / RCE) under /api/contabilidad/v1/sire. `ajustes` are the SUNAT-sending settings of the process (where
 * the stand-in listens, the guarded fetch): SUNAT's hosts never come from a request.
 */
export async function rutasSire(app: FastifyInstance, ctx: Contexto, ajustes: TAjustesEnvio, opciones: { consultas?: number; esperaMs?: number } = {}): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['contabilidad: SIRE'];
  const o: sire.TOpcionesSire = { ajustes, ...opciones };

  r.get('/v1/sire/credenciales', {
    config: { servicio: 'CONTAB_SIRE_VER' },
    schema: { tags, security, summary: 'Si la empresa tiene credenciales de la API SIRE (nunca se devuelven)', response: { 200: ZSireCredenciales, ...errores } },
    handler: async (req) => sire.leerCredenciales(ctx, requerirAuth(req), o),
  });
  r.put('/v1/sire/credenciales', {
    config: { servicio: 'CONTAB_SIRE_CONFIGURAR' },
    schema: { tags, security, summary: 'Guardar (cifrados) el client ID y el client secret de la API SIRE', body: ZSireCredencialesGuardar, response: { 200: ZSireCredenciales, ...errores } },
    handler: async (req) => sire.guardarCredenciales(ctx, requerirAuth(req), o, req.body),
  });

  r.get('/v1/sire/:libro/:periodo/comparacion', {
    config: { servicio: 'CONTAB_SIRE_VER' },
    schema: { tags, security, summary: 'Propuesta de SUNAT frente a los documentos de Yupana (iguales, diferentes, faltantes)', params: ZSireParams, response: { 200: ZComparacionSire, ...errores } },
    handler: async (req) => sire.comparar(ctx, requerirAuth(req), req.params.libro, req.params.periodo),
  });
  r.get('/v1/sire/:libro/:periodo/historial', {
    config: { servicio: 'CONTAB_SIRE_VER' },
    schema: { tags, security, summary: 'Solicitudes SIRE del periodo (propuestas, aceptaciones, reemplazos)', params: ZSireParams, response: { 200: ZProcesosSire, ...errores } },
    handler: async (req) => sire.historial(ctx, requerirAuth(req), req.params.libro, req.params.periodo),
  });
  r.get('/v1/sire/:libro/:periodo/reemplazo', {
    config: { servicio: 'CONTAB_SIRE_VER' },
    schema: { tags, security, summary: 'Archivo de reemplazo (LE…140400… / LE…080400…) con los documentos de Yupana', params: ZSireParams },
    handler: async (req, reply) => {
      const f = await sire.generarReemplazo(ctx, requerirAuth(req), req.params.libro, req.params.periodo);
      return reply.header('content-type', 'text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${f.nombre}"`).send(f.contenido);
    },
  });
  r.post('/v1/sire/:libro/:periodo/propuesta', {
    config: { servicio: 'CONTAB_SIRE_GESTIONAR' },
    schema: { tags, security, summary: 'Pedir a SUNAT la propuesta del periodo (ticket) y descargarla', params: ZSireParams, response: { 200: ZProcesoSire, ...errores } },
    handler: async (req) => sire.descargarPropuesta(ctx, requerirAuth(req), o, req.params.libro, req.params.periodo),
  });
  r.post('/v1/sire/:libro/:periodo/aceptacion', {
    config: { servicio: 'CONTAB_SIRE_GESTIONAR' },
    schema: { tags, security, summary: 'Aceptar la propuesta de SUNAT del periodo', params: ZSireParams, response: { 200: ZProcesoSire, ...errores } },
    handler: async (req) => sire.aceptar(ctx, requerirAuth(req), o, req.params.libro, req.params.periodo),
  });
  r.post('/v1/sire/:libro/:periodo/reemplazo', {
    config: { servicio: 'CONTAB_SIRE_GESTIONAR' },
    schema: { tags, security, summary: 'Enviar a SUNAT el archivo de reemplazo generado con los documentos de Yupana', params: ZSireParams, response: { 200: ZProcesoSire, ...errores } },
    handler: async (req) => sire.enviarReemplazo(ctx, requerirAuth(req), o, req.params.libro, req.params.periodo),
  });
  r.post('/v1/sire/procesos/:id/consulta', {
    config: { servicio: 'CONTAB_SIRE_GESTIONAR' },
    schema: { tags, security, summary: 'Consultar en SUNAT el ticket de una solicitud en proceso', params: ZSireProcesoParams, response: { 200: ZProcesoSire, ...errores } },
    handler: async (req) => sire.consultarProceso(ctx, requerirAuth(req), o, req.params.id),
  });
  r.get('/v1/sire/procesos/:id/archivo', {
    config: { servicio: 'CONTAB_SIRE_VER' },
    schema: { tags, security, summary: 'Archivo de reemplazo que se envió en una solicitud', params: ZSireProcesoParams },
    handler: async (req, reply) => {
      const f = await sire.archivoDeProceso(ctx, requerirAuth(req), req.params.id);
      return reply.header('content-type', 'text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${f.nombre}"`).send(f.contenido);
    },
  });
}
