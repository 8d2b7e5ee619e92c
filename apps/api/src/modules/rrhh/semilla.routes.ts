import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZContratosMasivo,
  ZContratosMasivoRespuesta,
  ZDominio,
  ZDominioParams,
  ZError,
  ZEvento,
  ZEventoGuardar,
  ZEventos,
  ZEventosQuery,
  ZFamiliar,
  ZFamiliarEditar,
  ZGrupoCambios,
  ZGrupoCopiarGrupo,
  ZHorario,
  ZHorarioDetalleQuery,
  ZId,
  ZIdParams,
  ZTrabajadores,
  ZMarcacionImagen,
  ZMarcacionImagenCrear,
  ZRelacionado,
  ZRelacionadoDocumentoQuery,
  ZRelacionados,
  ZTiposDocumentoRrhh,
  ZTramosReporte,
  ZTramosReporteQuery,
  ZTramosTrabajador,
  ZTramosTrabajadorQuery,
  ZValidacionDesactivacion,
  ZValidacionReporte,
  ZValidacionReporteQuery,
} from '@yupana/contracts';
import { z } from 'zod';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import { obtenerHorario } from './asistencia.service';
import { copiarDeGrupo } from './grupos.service';
import { excelNomina } from './nomina.excel';
import { obtenerNomina } from './nominas.service';
import * as semilla from './semilla.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const conConflicto = { ...errores, 409: ZError };

/**
 * The seed's remaining HR calls (issue 16 §7) under /api/rrhh: bulk contracts, punch segments, face validation and
 * photos, calendar events, the check before deactivating a worker, relations by document, and catalogues. Each
 * reuses the RRHH_* service of its neighbours.
 */
export async function rutasRrhhSemilla(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const personal = ['rrhh: trabajadores'];
  const asistencia = ['rrhh: asistencia'];
  const verPersonal = { servicio: 'RRHH_TRABAJADOR_VER' };
  const guardarPersonal = { servicio: 'RRHH_TRABAJADOR_GUARDAR' };
  const verAsistencia = { servicio: 'RRHH_ASISTENCIA_VER' };
  const guardarAsistencia = { servicio: 'RRHH_ASISTENCIA_GUARDAR' };

  r.post('/v1/contratos/masivo', {
    config: guardarPersonal,
    schema: {
      tags: personal,
      security,
      summary: 'Registrar muchos contratos a la vez: todos o ninguno (errores por fila en Contratos.<fila>.<campo>), en una transacción',
      body: ZContratosMasivo,
      response: { 201: ZContratosMasivoRespuesta, ...errores },
    },
    handler: async (req, reply) => reply.code(201).send(await semilla.contratosMasivo(ctx, requerirAuth(req), req.body)),
  });

  r.get('/v1/nominas/:id/excels', {
    config: { servicio: 'RRHH_NOMINA_VER' },
    schema: { tags: ['rrhh: planillas'], security, summary: 'La planilla en Excel: una fila por boleta (ingresos, descuentos, aportes, neto) y los totales', params: ZIdParams },
    handler: async (req, reply) => {
      const { nombre, contenido } = await excelNomina(await obtenerNomina(ctx, requerirAuth(req), req.params.id));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${nombre}"`)
        .send(contenido);
    },
  });

  // ---- Punch reports: segments and face validation; camera punches with their photo ----
  r.get('/v1/marcacion/trabajador/tramos', {
    config: verAsistencia,
    schema: { tags: asistencia, security, summary: 'Tramos (entrada y salida) de cada día de un trabajador', querystring: ZTramosTrabajadorQuery, response: { 200: ZTramosTrabajador, ...errores } },
    handler: async (req) => semilla.tramosTrabajador(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/marcacion/reporte/tramos', {
    config: verAsistencia,
    schema: { tags: asistencia, security, summary: 'Tramos de los trabajadores activos de la empresa en un rango (paginado)', querystring: ZTramosReporteQuery, response: { 200: ZTramosReporte, ...errores } },
    handler: async (req) => semilla.reporteTramos(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/marcacion/reporte/validacion', {
    config: verAsistencia,
    schema: {
      tags: asistencia,
      security,
      summary: 'Marcaciones con cámara y su validación facial (90 válida, 0 no válida, -1 sin rostro, -2 sin foto), con el resumen por código',
      querystring: ZValidacionReporteQuery,
      response: { 200: ZValidacionReporte, ...errores },
    },
    handler: async (req) => semilla.reporteValidacion(ctx, requerirAuth(req), req.query),
  });
  r.post('/v1/marcacion/trabajador/imagen', {
    config: guardarAsistencia,
    schema: {
      tags: asistencia,
      security,
      summary: 'Registrar una marcación desde la web con la foto de la cámara (hora del servidor, origen 2) y su validación facial',
      body: ZMarcacionImagenCrear,
      response: { 201: ZMarcacionImagen, ...conConflicto },
    },
    handler: async (req, reply) => reply.code(201).send(await semilla.marcarConImagen(ctx, requerirAuth(req), req.body)),
  });
  r.get('/v1/marcacion/trabajador/imagen/:id', {
    config: verAsistencia,
    schema: { tags: asistencia, security, summary: 'Foto y validación facial de una marcación (Imagen null si no tiene)', params: ZIdParams, response: { 200: ZMarcacionImagen, ...errores } },
    handler: async (req) => semilla.imagenMarcacion(ctx, requerirAuth(req), req.params.id),
  });

  // ---- Calendar events ----
  r.get('/v1/entidades/evento', {
    config: verPersonal,
    schema: { tags: personal, security, summary: 'Eventos del calendario que tocan un rango de fechas', querystring: ZEventosQuery, response: { 200: ZEventos, ...errores } },
    handler: async (req) => semilla.listarEventos(ctx, requerirAuth(req), req.query),
  });
  r.post('/v1/entidades/evento', {
    config: guardarPersonal,
    schema: { tags: personal, security, summary: 'Registrar un evento del calendario (de la empresa o de un trabajador)', body: ZEventoGuardar, response: { 201: ZEvento, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await semilla.guardarEvento(ctx, requerirAuth(req), null, req.body)),
  });
  r.put('/v1/entidades/evento/:id', {
    config: guardarPersonal,
    schema: { tags: personal, security, summary: 'Editar un evento del calendario', params: ZIdParams, body: ZEventoGuardar, response: { 200: ZEvento, ...errores } },
    handler: async (req) => semilla.guardarEvento(ctx, requerirAuth(req), req.params.id, req.body),
  });
  r.delete('/v1/entidades/evento/:id', {
    config: guardarPersonal,
    schema: { tags: personal, security, summary: 'Eliminar un evento del calendario', params: ZIdParams, response: { 204: z.null(), ...errores } },
    handler: async (req, reply) => {
      await semilla.eliminarEvento(ctx, requerirAuth(req), req.params.id);
      return reply.code(204).send(null);
    },
  });

  // ---- People ----
  r.get('/v1/entidades/validar/desactivacion/:id', {
    config: verPersonal,
    schema: {
      tags: personal,
      security,
      summary: 'Si un trabajador puede desactivarse hoy, y por qué no (contrato vigente, planilla en borrador, solicitudes pendientes)',
      params: ZIdParams,
      response: { 200: ZValidacionDesactivacion, ...errores },
    },
    handler: async (req) => semilla.validarDesactivacion(ctx, requerirAuth(req), req.params.id),
  });
  r.get('/v1/entidades/relacionados/documentos', {
    config: verPersonal,
    schema: {
      tags: personal,
      security,
      summary: 'Buscar por documento un trabajador (tipo 1), familiar (2) o colaborador (5) de la empresa; lista vacía si no existe',
      querystring: ZRelacionadoDocumentoQuery,
      response: { 200: ZRelacionados, ...errores },
    },
    handler: async (req) => semilla.relacionadoPorDocumento(ctx, requerirAuth(req), req.query),
  });
  r.put('/v1/entidades/relacionados', {
    config: guardarPersonal,
    schema: { tags: personal, security, summary: 'Editar un familiar de un trabajador (nombres, documento, parentesco)', body: ZFamiliarEditar, response: { 200: ZFamiliar, ...errores } },
    handler: async (req) => semilla.editarFamiliar(ctx, requerirAuth(req), req.body),
  });
  r.get('/v1/entidades/relacionados/:id', {
    config: verPersonal,
    schema: { tags: personal, security, summary: 'Un trabajador, familiar o colaborador con sus relaciones', params: ZIdParams, response: { 200: ZRelacionado, ...errores } },
    handler: async (req) => semilla.obtenerRelacionado(ctx, requerirAuth(req), req.params.id),
  });

  // ---- Schedules and groups ----
  r.get('/v1/horarios/detalle', {
    config: verAsistencia,
    schema: { tags: asistencia, security, summary: 'Días de un horario (entrada, salida, refrigerio)', querystring: ZHorarioDetalleQuery, response: { 200: z.object({ Data: ZHorario.shape.Dias }), ...errores } },
    handler: async (req) => ({ Data: (await obtenerHorario(ctx, requerirAuth(req), req.query.idHorario)).Dias }),
  });
  r.post('/v1/copiarcolaboradores', {
    config: { servicio: 'RRHH_GRUPO_GUARDAR' },
    schema: { tags: ['rrhh: grupos'], security, summary: 'Copiar a un grupo los integrantes de otro grupo', body: ZGrupoCopiarGrupo, response: { 200: ZGrupoCambios, ...errores } },
    handler: async (req) => copiarDeGrupo(ctx, requerirAuth(req), req.body),
  });

  r.get('/v1/relacionentidadarea', {
    config: verPersonal,
    schema: { tags: personal, security, summary: 'Trabajadores activos cuyo contrato vigente es de un área', querystring: z.object({ idArea: ZId }), response: { 200: ZTrabajadores, ...errores } },
    handler: async (req) => semilla.trabajadoresDeArea(ctx, requerirAuth(req), req.query.idArea),
  });

  // ---- Catalogues ----
  r.get('/v1/tipodocumentos', {
    config: verPersonal,
    schema: { tags: personal, security, summary: 'Tipos de documento de identidad', response: { 200: ZTiposDocumentoRrhh, ...errores } },
    handler: async (req) => {
      requerirAuth(req);
      return semilla.tiposDocumento();
    },
  });
  r.get('/v1/configuracion/dominio/:dominio', {
    config: verPersonal,
    schema: {
      tags: personal,
      security,
      summary: 'Valores de un dominio de RRHH (tipoentidad, parentesco, regimenlaboral, origenmarcacion, validacionfacial, diasemana, tiponomina)',
      params: ZDominioParams,
      response: { 200: ZDominio, ...errores },
    },
    handler: async (req) => {
      requerirAuth(req);
      return semilla.dominio(req.params.dominio);
    },
  });
}
