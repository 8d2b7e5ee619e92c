import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAsistencia,
  ZAsistenciaQuery,
  ZComandoHuelleroCrear,
  ZComandosEncolados,
  ZComandosHuellero,
  ZError,
  ZFeriado,
  ZFeriadoGuardar,
  ZFeriados,
  ZFeriadosQuery,
  ZHorario,
  ZHorarioAsignado,
  ZHorarioAsignar,
  ZHorarioGuardar,
  ZHorarios,
  ZHorariosAsignados,
  ZHorariosAsignadosQuery,
  ZHuellero,
  ZHuelleroGuardar,
  ZHuelleros,
  ZIdParams,
  ZMarcacionCorregir,
  ZMarcacionManual,
  ZMarcaciones,
  ZMarcacionesQuery,
} from '@yupana/contracts';
import { z } from 'zod';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as asistencia from './asistencia.service';
import { excelAsistencia } from './asistencia.excel';
import * as comandos from './huellero-comandos.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const conConflicto = { ...errores, 409: ZError };
const ZIdCreado = z.object({ Id: z.number().int() });
const ZIdCorregido = z.object({ Id: z.number().int().nullable() });

/** Attendance (issue 16): schedules, their assignment, devices, punches and the worked-time report (seed §7 paths). */
export async function rutasAsistencia(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['rrhh: asistencia'];
  const ver = { servicio: 'RRHH_ASISTENCIA_VER' };
  const guardar = { servicio: 'RRHH_ASISTENCIA_GUARDAR' };

  r.get('/v1/horarios', {
    config: ver,
    schema: { tags, security, summary: 'Horarios de la empresa con sus días', response: { 200: ZHorarios, ...errores } },
    handler: async (req) => asistencia.listarHorarios(ctx, requerirAuth(req)),
  });
  r.get('/v1/horarios/:id', {
    config: ver,
    schema: { tags, security, summary: 'Un horario con sus días', params: ZIdParams, response: { 200: ZHorario, ...errores } },
    handler: async (req) => asistencia.obtenerHorario(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/horarios', {
    config: guardar,
    schema: { tags, security, summary: 'Registrar un horario (días, entrada, salida, refrigerio, tolerancia)', body: ZHorarioGuardar, response: { 201: ZHorario, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await asistencia.guardarHorario(ctx, requerirAuth(req), null, req.body)),
  });
  r.put('/v1/horarios/:id', {
    config: guardar,
    schema: { tags, security, summary: 'Editar un horario', params: ZIdParams, body: ZHorarioGuardar, response: { 200: ZHorario, ...errores } },
    handler: async (req) => asistencia.guardarHorario(ctx, requerirAuth(req), req.params.id, req.body),
  });
  r.get('/v1/contratos/horarios', {
    config: ver,
    schema: { tags, security, summary: 'Horarios asignados a un trabajador (desde cada fecha)', querystring: ZHorariosAsignadosQuery, response: { 200: ZHorariosAsignados, ...errores } },
    handler: async (req) => asistencia.listarAsignaciones(ctx, requerirAuth(req), req.query.idTrabajador),
  });
  r.post('/v1/contratos/horarios', {
    config: guardar,
    schema: { tags, security, summary: 'Asignar un horario a un trabajador desde una fecha', body: ZHorarioAsignar, response: { 201: ZHorarioAsignado, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await asistencia.asignarHorario(ctx, requerirAuth(req), req.body)),
  });

  r.get('/v1/huelleros/entidades', {
    config: ver,
    schema: { tags, security, summary: 'Huelleros de la empresa', response: { 200: ZHuelleros, ...errores } },
    handler: async (req) => asistencia.listarHuelleros(ctx, requerirAuth(req)),
  });
  r.post('/v1/huelleros/entidades', {
    config: guardar,
    schema: { tags, security, summary: 'Registrar un huellero por su número de serie', body: ZHuelleroGuardar, response: { 201: ZHuellero, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await asistencia.guardarHuellero(ctx, requerirAuth(req), null, req.body)),
  });
  r.put('/v1/huelleros/entidades/:id', {
    config: guardar,
    schema: { tags, security, summary: 'Editar o desactivar un huellero', params: ZIdParams, body: ZHuelleroGuardar, response: { 200: ZHuellero, ...errores } },
    handler: async (req) => asistencia.guardarHuellero(ctx, requerirAuth(req), req.params.id, req.body),
  });

  r.get('/v1/marcacion/trabajador/marcaciones', {
    config: ver,
    schema: { tags, security, summary: 'Marcaciones en un rango de fechas (de un trabajador o de todos)', querystring: ZMarcacionesQuery, response: { 200: ZMarcaciones, ...errores } },
    handler: async (req) => asistencia.listarMarcaciones(ctx, requerirAuth(req), req.query),
  });
  r.post('/v1/marcacion/trabajador/marcaciones', {
    config: guardar,
    schema: { tags, security, summary: 'Registrar una marcación manual (origen 4) con su motivo', body: ZMarcacionManual, response: { 201: ZIdCreado, ...conConflicto } },
    handler: async (req, reply) => reply.code(201).send(await asistencia.registrarMarcacionManual(ctx, requerirAuth(req), req.body)),
  });
  r.put('/v1/marcacion/trabajador/marcaciones/:id', {
    config: guardar,
    schema: { tags, security, summary: 'Corregir (nueva fecha y hora) o anular una marcación; la original queda inactiva', params: ZIdParams, body: ZMarcacionCorregir, response: { 200: ZIdCorregido, ...conConflicto } },
    handler: async (req) => asistencia.corregirMarcacion(ctx, requerirAuth(req), req.params.id, req.body),
  });

  r.get('/v1/marcacion/reporte/tiempolaborado', {
    config: ver,
    schema: { tags, security, summary: 'Tiempo laborado, tardanzas, faltas y horas extra de un trabajador contra su horario', querystring: ZAsistenciaQuery, response: { 200: ZAsistencia, ...errores } },
    handler: async (req) => asistencia.reporteAsistencia(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/marcacion/reporte/tiempolaborado/excel', {
    config: ver,
    schema: { tags, security, summary: 'El reporte de tiempo laborado en Excel', querystring: ZAsistenciaQuery },
    handler: async (req, reply) => {
      const rep = await asistencia.reporteAsistencia(ctx, requerirAuth(req), req.query);
      const libro = await excelAsistencia(rep);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="asistencia-${rep.Documento.replace(/[^A-Za-z0-9]/g, '')}-${rep.Desde}-${rep.Hasta}.xlsx"`)
        .send(libro);
    },
  });

  r.get('/v1/feriados', {
    config: ver,
    schema: { tags, security, summary: 'Feriados nacionales y días no laborables de la empresa de un año', querystring: ZFeriadosQuery, response: { 200: ZFeriados, ...errores } },
    handler: async (req) => asistencia.listarFeriados(ctx, requerirAuth(req), req.query.anio),
  });
  r.post('/v1/feriados', {
    config: guardar,
    schema: { tags, security, summary: 'Registrar un día no laborable de la empresa', body: ZFeriadoGuardar, response: { 201: ZFeriado, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await asistencia.guardarFeriado(ctx, requerirAuth(req), req.body)),
  });
  r.delete('/v1/feriados/:id', {
    config: guardar,
    schema: { tags, security, summary: 'Eliminar un día no laborable de la empresa (los feriados nacionales no)', params: ZIdParams, response: { 204: z.null(), ...conConflicto } },
    handler: async (req, reply) => {
      await asistencia.eliminarFeriado(ctx, requerirAuth(req), req.params.id);
      return reply.code(204).send(null);
    },
  });

  r.get('/v1/huelleros/entidades/:id/comandos', {
    config: ver,
    schema: { tags, security, summary: 'Comandos enviados a un huellero y su resultado (los 200 últimos)', params: ZIdParams, response: { 200: ZComandosHuellero, ...errores } },
    handler: async (req) => comandos.listarComandos(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/huelleros/entidades/:id/comandos', {
    config: guardar,
    schema: {
      tags,
      security,
      summary: 'Encolar un comando para el huellero (enviar trabajadores, volver a enviar marcaciones, informar, reiniciar)',
      params: ZIdParams,
      body: ZComandoHuelleroCrear,
      response: { 201: ZComandosEncolados, ...errores },
    },
    handler: async (req, reply) => reply.code(201).send(await comandos.encolarComando(ctx, requerirAuth(req), req.params.id, req.body)),
  });
}
