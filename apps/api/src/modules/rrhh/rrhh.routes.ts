import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCatalogo,
  ZCatalogoGuardar,
  ZCatalogoItem,
  ZContratoLaboral,
  ZContratoLaboralGuardar,
  ZContratosLaborales,
  ZError,
  ZFechaFotocheck,
  ZGrupo,
  ZGrupoAsignar,
  ZGrupoClonar,
  ZGrupoCopiarListaPrecio,
  ZGrupoListaPrecioGuardar,
  ZGrupoListaPrecios,
  ZGrupoCambios,
  ZGrupoCopiarArea,
  ZGrupoGuardar,
  ZGrupoMiembros,
  ZGrupos,
  ZFotocheckEnviar,
  ZFotocheckEnvio,
  ZFotocheckGenerar,
  ZFotoGuardar,
  ZFotoTrabajador,
  ZFamiliar,
  ZFamiliares,
  ZFamiliarGuardar,
  ZIdParams,
  ZArchivoBancoCtsParams,
  ZArchivosBancoCts,
  ZCuentasTrabajador,
  ZCuentasTrabajadorGuardar,
  ZNomina,
  ZNominaCalcular,
  ZNominaConAsistencia,
  ZNominaCrear,
  ZNominaDetalle,
  ZNominaPagar,
  ZNominaPagoAnular,
  ZNominaPagoParams,
  ZNominaDepositarCts,
  ZNominaDepositoCtsParams,
  ZBoletaPdfParams,
  ZNominas,
  ZNominasQuery,
  ZParametrosPlanilla,
  ZParametrosPlanillaQuery,
  ZPlameParams,
  ZAfpnetQuery,
  ZPlantillaFlujo,
  ZPlantillaFlujoGuardar,
  ZPlantillasFlujo,
  ZSolicitud,
  ZSolicitudCrear,
  ZSolicitudes,
  ZSolicitudesQuery,
  ZSolicitudResolver,
  ZSistemasPension,
  ZTrabajador,
  ZTrabajadores,
  ZTrabajadoresQuery,
  ZTrabajadorGuardar,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import { pdfBoleta } from './boleta-pdf';
import * as nominas from './nominas.service';
import * as pagosNomina from './pagos-nomina.service';
import * as depositosCts from './depositos-cts.service';
import * as cuentas from './cuentas-trabajador.service';
import { archivoAfpnet, archivoPlameDeNomina } from './plame';
import * as fotochecks from './fotocheck.service';
import * as grupos from './grupos.service';
import * as gruposPrecios from './grupos-precios.service';
import * as solicitudes from './solicitudes.service';
import * as trabajadores from './trabajadores.service';
import { area, cargo } from './rrhh.schema';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const conConflicto = { ...errores, 409: ZError };

/** HR and payroll (issue 16), mounted under /api/rrhh with the seed's paths (§7). */
export async function rutasRrhh(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const personal = ['rrhh: trabajadores'];
  const planilla = ['rrhh: planillas'];

  // ---- Workers (entity type 1) ----
  r.get('/v1/entidades', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags: personal, security, summary: 'Trabajadores de la empresa con su contrato vigente', querystring: ZTrabajadoresQuery, response: { 200: ZTrabajadores, ...errores } },
    handler: async (req) => trabajadores.listarTrabajadores(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/entidades/:id', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags: personal, security, summary: 'Un trabajador', params: ZIdParams, response: { 200: ZTrabajador, ...errores } },
    handler: async (req) => trabajadores.obtenerTrabajador(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/entidades', {
    config: { servicio: 'RRHH_TRABAJADOR_GUARDAR' },
    schema: { tags: personal, security, summary: 'Registrar un trabajador', body: ZTrabajadorGuardar, response: { 201: ZTrabajador, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await trabajadores.crearTrabajador(ctx, requerirAuth(req), req.body)),
  });
  r.put('/v1/entidades/:id', {
    config: { servicio: 'RRHH_TRABAJADOR_GUARDAR' },
    schema: { tags: personal, security, summary: 'Editar un trabajador', params: ZIdParams, body: ZTrabajadorGuardar, response: { 200: ZTrabajador, ...errores } },
    handler: async (req) => trabajadores.editarTrabajador(ctx, requerirAuth(req), req.params.id, req.body),
  });

  // ---- Bank accounts (salary and CTS; rrhhbanco) ----
  r.get('/v1/entidades/:id/cuentas', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags: personal, security, summary: 'Cuentas bancarias de un trabajador (sueldo y CTS)', params: ZIdParams, response: { 200: ZCuentasTrabajador, ...errores } },
    handler: async (req) => cuentas.cuentasTrabajador(ctx, requerirAuth(req), req.params.id),
  });
  r.put('/v1/entidades/:id/cuentas', {
    config: { servicio: 'RRHH_TRABAJADOR_GUARDAR' },
    schema: {
      tags: personal,
      security,
      summary: 'Guardar las cuentas bancarias de un trabajador (sueldo y CTS; banco, número, CCI validado y moneda; null la elimina)',
      params: ZIdParams,
      body: ZCuentasTrabajadorGuardar,
      response: { 200: ZCuentasTrabajador, ...errores },
    },
    handler: async (req) => cuentas.guardarCuentasTrabajador(ctx, requerirAuth(req), req.params.id, req.body),
  });

  // ---- Relatives (entity type 2) ----
  r.get('/v1/entidades/:id/relacionados', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags: personal, security, summary: 'Familiares de un trabajador (asignación familiar)', params: ZIdParams, response: { 200: ZFamiliares, ...errores } },
    handler: async (req) => trabajadores.listarFamiliares(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/entidades/relacionados', {
    config: { servicio: 'RRHH_TRABAJADOR_GUARDAR' },
    schema: { tags: personal, security, summary: 'Registrar un familiar de un trabajador', body: ZFamiliarGuardar, response: { 201: ZFamiliar, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await trabajadores.agregarFamiliar(ctx, requerirAuth(req), req.body)),
  });

  // ---- Contracts ----
  r.get('/v1/entidades/:id/contratos', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags: personal, security, summary: 'Contratos de un trabajador', params: ZIdParams, response: { 200: ZContratosLaborales, ...errores } },
    handler: async (req) => trabajadores.listarContratos(ctx, requerirAuth(req), req.params.id),
  });
  r.get('/v1/contratos/:id', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags: personal, security, summary: 'Un contrato', params: ZIdParams, response: { 200: ZContratoLaboral, ...errores } },
    handler: async (req) => trabajadores.obtenerContrato(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/contratos/colaborador', {
    config: { servicio: 'RRHH_TRABAJADOR_GUARDAR' },
    schema: { tags: personal, security, summary: 'Registrar el contrato de un trabajador', body: ZContratoLaboralGuardar, response: { 201: ZContratoLaboral, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await trabajadores.crearContrato(ctx, requerirAuth(req), req.body)),
  });
  r.put('/v1/contratos/:id', {
    config: { servicio: 'RRHH_TRABAJADOR_GUARDAR' },
    schema: { tags: personal, security, summary: 'Editar un contrato', params: ZIdParams, body: ZContratoLaboralGuardar, response: { 200: ZContratoLaboral, ...errores } },
    handler: async (req) => trabajadores.editarContrato(ctx, requerirAuth(req), req.params.id, req.body),
  });

  // ---- Areas, positions, pension systems, parameters ----
  r.get('/v1/areas', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags: personal, security, summary: 'Áreas de la empresa', response: { 200: ZCatalogo, ...errores } },
    handler: async (req) => trabajadores.listarCatalogo(ctx, requerirAuth(req), area),
  });
  r.post('/v1/areas', {
    config: { servicio: 'RRHH_TRABAJADOR_GUARDAR' },
    schema: { tags: personal, security, summary: 'Registrar un área', body: ZCatalogoGuardar, response: { 201: ZCatalogoItem, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await trabajadores.crearCatalogo(ctx, requerirAuth(req), area, req.body, 'Ya existe un área con ese nombre')),
  });
  r.get('/v1/entidades/cargo', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags: personal, security, summary: 'Cargos de la empresa', response: { 200: ZCatalogo, ...errores } },
    handler: async (req) => trabajadores.listarCatalogo(ctx, requerirAuth(req), cargo),
  });
  r.post('/v1/entidades/cargo', {
    config: { servicio: 'RRHH_TRABAJADOR_GUARDAR' },
    schema: { tags: personal, security, summary: 'Registrar un cargo', body: ZCatalogoGuardar, response: { 201: ZCatalogoItem, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await trabajadores.crearCatalogo(ctx, requerirAuth(req), cargo, req.body, 'Ya existe un cargo con ese nombre')),
  });
  r.get('/v1/sistemapensiones', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags: personal, security, summary: 'Sistemas de pensiones (ONP y AFP)', response: { 200: ZSistemasPension, ...errores } },
    handler: async (req) => {
      requerirAuth(req);
      return trabajadores.sistemasPension();
    },
  });
  r.get('/v1/parametros', {
    config: { servicio: 'RRHH_NOMINA_VER' },
    schema: { tags: planilla, security, summary: 'Parámetros de planilla con su vigencia y fuente (todos, o los vigentes en una fecha)', querystring: ZParametrosPlanillaQuery, response: { 200: ZParametrosPlanilla, ...errores } },
    handler: async (req) => {
      requerirAuth(req);
      return trabajadores.listarParametros(ctx, req.query.fecha);
    },
  });

  // ---- Payroll runs ----
  r.get('/v1/nominas', {
    config: { servicio: 'RRHH_NOMINA_VER' },
    schema: { tags: planilla, security, summary: 'Planillas de la empresa', querystring: ZNominasQuery, response: { 200: ZNominas, ...errores } },
    handler: async (req) => nominas.listarNominas(ctx, requerirAuth(req), req.query),
  });
  r.post('/v1/nominas', {
    config: { servicio: 'RRHH_NOMINA_CALCULAR' },
    schema: { tags: planilla, security, summary: 'Crear la planilla de un mes (borrador)', body: ZNominaCrear, response: { 201: ZNomina, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await nominas.crearNomina(ctx, requerirAuth(req), req.body)),
  });
  r.get('/v1/nominas/:id', {
    config: { servicio: 'RRHH_NOMINA_VER' },
    schema: { tags: planilla, security, summary: 'Una planilla con la boleta de cada trabajador', params: ZIdParams, response: { 200: ZNominaDetalle, ...errores } },
    handler: async (req) => nominas.obtenerNomina(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/nominas/:id/calculo', {
    config: { servicio: 'RRHH_NOMINA_CALCULAR' },
    schema: { tags: planilla, security, summary: 'Calcular (o recalcular) una planilla en borrador', params: ZIdParams, body: ZNominaCalcular, response: { 200: ZNominaDetalle, ...conConflicto } },
    handler: async (req) => nominas.calcularNomina(ctx, requerirAuth(req), req.params.id, req.body),
  });
  r.post('/v1/nominas/:id/asistencia', {
    config: { servicio: 'RRHH_NOMINA_CALCULAR' },
    schema: {
      tags: planilla,
      security,
      summary: 'Tomar la asistencia del mes (faltas, tardanzas, horas extra, feriados) y recalcular la planilla en borrador',
      params: ZIdParams,
      response: { 200: ZNominaConAsistencia, ...conConflicto },
    },
    handler: async (req) => nominas.importarAsistencia(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/nominas/:id/aprobacion', {
    config: { servicio: 'RRHH_NOMINA_APROBAR' },
    schema: { tags: planilla, security, summary: 'Aprobar una planilla calculada (queda cerrada)', params: ZIdParams, response: { 200: ZNomina, ...conConflicto } },
    handler: async (req) => nominas.aprobarNomina(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/nominas/:id/pagos', {
    config: { servicio: 'RRHH_NOMINA_PAGAR' },
    schema: {
      tags: planilla,
      security,
      summary: 'Pagar el neto de una planilla aprobada (todas las boletas por pagar o las elegidas) desde una caja o cuenta bancaria en soles',
      params: ZIdParams,
      body: ZNominaPagar,
      response: { 200: ZNominaDetalle, ...conConflicto },
    },
    handler: async (req) => pagosNomina.pagarNomina(ctx, requerirAuth(req), req.params.id, req.body),
  });
  r.put('/v1/nominas/:id/pagos/:idPago/anulaciones', {
    config: { servicio: 'RRHH_NOMINA_PAGO_ANULAR' },
    schema: {
      tags: planilla,
      security,
      summary: 'Anular un pago de planilla: sus boletas vuelven a quedar por pagar y se revierte su asiento',
      params: ZNominaPagoParams,
      body: ZNominaPagoAnular,
      response: { 200: ZNominaDetalle, ...conConflicto },
    },
    handler: async (req) => pagosNomina.anularPagoNomina(ctx, requerirAuth(req), req.params.id, req.params.idPago, req.body.Motivo),
  });
  // The CTS deposit is the same treasury act as the payment (money out of the company's bank for the run's workers):
  // it reuses the payment's service codes, so the roles that pay the run deposit its CTS and void with the same grant.
  r.post('/v1/nominas/:id/depositoscts', {
    config: { servicio: 'RRHH_NOMINA_PAGAR' },
    schema: {
      tags: planilla,
      security,
      summary: 'Depositar la CTS de una planilla aprobada de mayo o noviembre (todas las boletas con CTS por depositar o las elegidas) desde una cuenta bancaria en soles',
      params: ZIdParams,
      body: ZNominaDepositarCts,
      response: { 200: ZNominaDetalle, ...conConflicto },
    },
    handler: async (req) => depositosCts.depositarCts(ctx, requerirAuth(req), req.params.id, req.body),
  });
  // The bank files carry the workers' accounts: the same grant as the deposit they prepare.
  r.get('/v1/nominas/:id/depositoscts/bancos', {
    config: { servicio: 'RRHH_NOMINA_PAGAR' },
    schema: {
      tags: planilla,
      security,
      summary: 'Archivos para el banco de la CTS por depositar de una planilla aprobada de mayo o noviembre: uno por banco, y los trabajadores sin cuenta CTS',
      params: ZIdParams,
      response: { 200: ZArchivosBancoCts, ...conConflicto },
    },
    handler: async (req) => cuentas.archivosBancoCts(ctx, requerirAuth(req), req.params.id),
  });
  r.get('/v1/nominas/:id/depositoscts/bancos/:banco', {
    config: { servicio: 'RRHH_NOMINA_PAGAR' },
    schema: {
      tags: planilla,
      security,
      summary: 'Descargar el archivo de la CTS para un banco (CSV: documento, nombre, cuenta, CCI y monto por trabajador)',
      params: ZArchivoBancoCtsParams,
    },
    handler: async (req, reply) => {
      const { nombre, contenido } = await cuentas.archivoBancoCts(ctx, requerirAuth(req), req.params.id, req.params.banco);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${nombre}"`).send(contenido);
    },
  });
  r.put('/v1/nominas/:id/depositoscts/:idDeposito/anulaciones', {
    config: { servicio: 'RRHH_NOMINA_PAGO_ANULAR' },
    schema: {
      tags: planilla,
      security,
      summary: 'Anular un depósito de CTS: sus boletas vuelven a quedar por depositar y se revierte su asiento',
      params: ZNominaDepositoCtsParams,
      body: ZNominaPagoAnular,
      response: { 200: ZNominaDetalle, ...conConflicto },
    },
    handler: async (req) => depositosCts.anularDepositoCts(ctx, requerirAuth(req), req.params.id, req.params.idDeposito, req.body.Motivo),
  });
  r.get('/v1/nominas/:id/boletas/:idBoleta/pdf', {
    config: { servicio: 'RRHH_NOMINA_VER' },
    schema: { tags: planilla, security, summary: 'Boleta de pago de un trabajador (PDF)', params: ZBoletaPdfParams },
    handler: async (req, reply) => {
      const { pdf, nombre } = await pdfBoleta(ctx, requerirAuth(req), req.params.id, req.params.idBoleta);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nombre}"`).send(pdf);
    },
  });
  r.get('/v1/nominas/:id/plame/:extension', {
    config: { servicio: 'RRHH_NOMINA_VER' },
    schema: {
      tags: planilla,
      security,
      summary: 'Archivo de importación del PLAME (PDT 0601) de una planilla aprobada: .rem, .jor, .snl, .toc o .for, con el nombre de SUNAT',
      params: ZPlameParams,
    },
    handler: async (req, reply) => {
      const { nombre, contenido } = await archivoPlameDeNomina(ctx, requerirAuth(req), req.params.id, req.params.extension);
      return reply.header('content-type', 'text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${nombre}"`).send(contenido);
    },
  });

  r.get('/v1/nominas/:id/afpnet', {
    config: { servicio: 'RRHH_NOMINA_VER' },
    schema: {
      tags: planilla,
      security,
      summary: 'Archivo de AFPnet (planilla de declaración y pago, Excel de 17 columnas) de una planilla aprobada; opcionalmente de una sola AFP',
      params: ZIdParams,
      querystring: ZAfpnetQuery,
    },
    handler: async (req, reply) => {
      const { nombre, contenido } = await archivoAfpnet(ctx, requerirAuth(req), req.params.id, req.query.afp);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${nombre}"`)
        .send(contenido);
    },
  });

  // ---- Requests and their approval flows (solicitud, plantillaflujo, flujosolicitud) ----
  const pedidos = ['rrhh: solicitudes'];
  r.get('/v1/plantillaflujo', {
    config: { servicio: 'RRHH_SOLICITUD_VER' },
    schema: { tags: pedidos, security, summary: 'Flujos de aprobación por tipo de solicitud', response: { 200: ZPlantillasFlujo, ...errores } },
    handler: async (req) => solicitudes.listarPlantillas(ctx, requerirAuth(req)),
  });
  r.post('/v1/plantillaflujo', {
    config: { servicio: 'RRHH_SOLICITUD_GUARDAR' },
    schema: { tags: pedidos, security, summary: 'Registrar el flujo de aprobación de un tipo de solicitud (reemplaza el anterior)', body: ZPlantillaFlujoGuardar, response: { 201: ZPlantillaFlujo, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await solicitudes.guardarPlantilla(ctx, requerirAuth(req), req.body)),
  });
  r.get('/v1/solicitud', {
    config: { servicio: 'RRHH_SOLICITUD_VER' },
    schema: { tags: pedidos, security, summary: 'Solicitudes de los trabajadores', querystring: ZSolicitudesQuery, response: { 200: ZSolicitudes, ...errores } },
    handler: async (req) => solicitudes.listarSolicitudes(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/solicitud/:id', {
    config: { servicio: 'RRHH_SOLICITUD_VER' },
    schema: { tags: pedidos, security, summary: 'Una solicitud con su flujo de aprobación', params: ZIdParams, response: { 200: ZSolicitud, ...errores } },
    handler: async (req) => solicitudes.obtenerSolicitud(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/solicitud', {
    config: { servicio: 'RRHH_SOLICITUD_GUARDAR' },
    schema: { tags: pedidos, security, summary: 'Registrar la solicitud de un trabajador (vacaciones, permiso, licencia)', body: ZSolicitudCrear, response: { 201: ZSolicitud, ...conConflicto } },
    handler: async (req, reply) => reply.code(201).send(await solicitudes.crearSolicitud(ctx, requerirAuth(req), req.body, { log: req.log })),
  });
  r.post('/v1/solicitud/:id/notificacion', {
    config: { servicio: 'RRHH_SOLICITUD_GUARDAR' },
    schema: {
      tags: pedidos,
      security,
      summary: 'Reintentar la notificación por correo de una solicitud cuyo último envío falló (el aviso se borra si sale)',
      params: ZIdParams,
      response: { 200: ZSolicitud, ...conConflicto },
    },
    handler: async (req) => solicitudes.reintentarNotificacion(ctx, requerirAuth(req), req.params.id, { log: req.log }),
  });
  r.post('/v1/flujosolicitud/:id', {
    config: { servicio: 'RRHH_SOLICITUD_RESOLVER' },
    schema: { tags: pedidos, security, summary: 'Aprobar o rechazar el paso actual de una solicitud', params: ZIdParams, body: ZSolicitudResolver, response: { 200: ZSolicitud, ...conConflicto } },
    handler: async (req) => solicitudes.resolverSolicitud(ctx, requerirAuth(req), req.params.id, req.body, { log: req.log }),
  });

  // ---- Photos and badges (fotocheck) ----
  const fotocheck = ['rrhh: fotochecks'];
  r.get('/v1/entidades/relacionados/:id/imagenes', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags: fotocheck, security, summary: 'Foto de un trabajador (null si no tiene)', params: ZIdParams, response: { 200: ZFotoTrabajador, ...errores } },
    handler: async (req) => fotochecks.obtenerFoto(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/entidades/relacionados/:id/imagenes', {
    config: { servicio: 'RRHH_FOTOCHECK_GENERAR' },
    schema: { tags: fotocheck, security, summary: 'Registrar o reemplazar la foto de un trabajador (PNG o JPG, 300 KB)', params: ZIdParams, body: ZFotoGuardar, response: { 200: ZFotoTrabajador, ...errores } },
    handler: async (req) => fotochecks.guardarFoto(ctx, requerirAuth(req), req.params.id, req.body),
  });
  r.delete('/v1/entidades/relacionados/:id/imagenes', {
    config: { servicio: 'RRHH_FOTOCHECK_GENERAR' },
    schema: { tags: fotocheck, security, summary: 'Quitar la foto de un trabajador', params: ZIdParams, response: { 200: ZFotoTrabajador, ...errores } },
    handler: async (req) => fotochecks.quitarFoto(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/entidades/generar/fotocheck', {
    config: { servicio: 'RRHH_FOTOCHECK_GENERAR' },
    schema: {
      tags: fotocheck,
      security,
      summary: 'Fotochecks (PDF) de los trabajadores elegidos, de un área o de todos: hoja A4 con marcas de corte o una tarjeta CR80 por página',
      body: ZFotocheckGenerar,
    },
    handler: async (req, reply) => {
      const { pdf, nombre, cantidad } = await fotochecks.generarFotochecks(ctx, requerirAuth(req), req.body);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${nombre}"`)
        .header('x-fotochecks', String(cantidad))
        .send(pdf);
    },
  });
  r.post('/v1/enviar/fotocheck', {
    config: { servicio: 'RRHH_FOTOCHECK_GENERAR' },
    schema: {
      tags: fotocheck,
      security,
      summary: 'Enviar por correo el fotocheck (PDF de una tarjeta) de cada trabajador elegido, con el servidor de correo de la empresa',
      body: ZFotocheckEnviar,
      response: { 200: ZFotocheckEnvio, ...errores },
    },
    handler: async (req) => fotochecks.enviarFotochecks(ctx, requerirAuth(req), req.body, { log: req.log }),
  });
  r.get('/v1/fecha_creacion/fotocheck/:id', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags: fotocheck, security, summary: 'Fecha en que se imprimió por última vez el fotocheck de un trabajador', params: ZIdParams, response: { 200: ZFechaFotocheck, ...errores } },
    handler: async (req) => fotochecks.fechaFotocheck(ctx, requerirAuth(req), req.params.id),
  });

  // ---- Groups of workers (grupos, colaboradores, asignar/grupo, remove/grupo, copiarcolaboradores) ----
  const tGrupos = ['rrhh: grupos'];
  r.get('/v1/grupos', {
    config: { servicio: 'RRHH_GRUPO_VER' },
    schema: { tags: tGrupos, security, summary: 'Grupos de trabajadores', response: { 200: ZGrupos, ...errores } },
    handler: async (req) => grupos.listarGrupos(ctx, requerirAuth(req)),
  });
  r.get('/v1/grupos/:id', {
    config: { servicio: 'RRHH_GRUPO_VER' },
    schema: { tags: tGrupos, security, summary: 'Un grupo', params: ZIdParams, response: { 200: ZGrupo, ...errores } },
    handler: async (req) => grupos.obtenerGrupo(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/grupos', {
    config: { servicio: 'RRHH_GRUPO_GUARDAR' },
    schema: { tags: tGrupos, security, summary: 'Registrar un grupo', body: ZGrupoGuardar, response: { 201: ZGrupo, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await grupos.guardarGrupo(ctx, requerirAuth(req), null, req.body)),
  });
  r.put('/v1/grupos/:id', {
    config: { servicio: 'RRHH_GRUPO_GUARDAR' },
    schema: { tags: tGrupos, security, summary: 'Editar un grupo', params: ZIdParams, body: ZGrupoGuardar, response: { 200: ZGrupo, ...errores } },
    handler: async (req) => grupos.guardarGrupo(ctx, requerirAuth(req), req.params.id, req.body),
  });
  r.delete('/v1/grupos/:id', {
    config: { servicio: 'RRHH_GRUPO_GUARDAR' },
    schema: { tags: tGrupos, security, summary: 'Eliminar un grupo (y quitar a sus integrantes)', params: ZIdParams, response: { 200: ZGrupo, ...errores } },
    handler: async (req) => grupos.eliminarGrupo(ctx, requerirAuth(req), req.params.id),
  });
  r.get('/v1/grupos/:id/colaboradores', {
    config: { servicio: 'RRHH_GRUPO_VER' },
    schema: { tags: tGrupos, security, summary: 'Integrantes de un grupo', params: ZIdParams, response: { 200: ZGrupoMiembros, ...errores } },
    handler: async (req) => grupos.listarMiembros(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/asignar/grupo', {
    config: { servicio: 'RRHH_GRUPO_GUARDAR' },
    schema: { tags: tGrupos, security, summary: 'Agregar trabajadores a un grupo', body: ZGrupoAsignar, response: { 200: ZGrupoCambios, ...errores } },
    handler: async (req) => grupos.asignar(ctx, requerirAuth(req), req.body),
  });
  r.post('/v1/remove/grupo', {
    config: { servicio: 'RRHH_GRUPO_GUARDAR' },
    schema: { tags: tGrupos, security, summary: 'Quitar trabajadores de un grupo', body: ZGrupoAsignar, response: { 200: ZGrupoCambios, ...errores } },
    handler: async (req) => grupos.quitar(ctx, requerirAuth(req), req.body),
  });
  r.post('/v1/copiarcolaboradores/area', {
    config: { servicio: 'RRHH_GRUPO_GUARDAR' },
    schema: { tags: tGrupos, security, summary: 'Copiar a un grupo los trabajadores activos de un área', body: ZGrupoCopiarArea, response: { 200: ZGrupoCambios, ...errores } },
    handler: async (req) => grupos.copiarPorArea(ctx, requerirAuth(req), req.body),
  });
  // A group's price list (what its workers pay for catalogue items), clone, reset and copy of another group's list.
  r.get('/v1/grupos/:id/listaprecios', {
    config: { servicio: 'RRHH_GRUPO_VER' },
    schema: { tags: tGrupos, security, summary: 'Lista de precios de un grupo', params: ZIdParams, response: { 200: ZGrupoListaPrecios, ...errores } },
    handler: async (req) => gruposPrecios.listaDePrecios(ctx, requerirAuth(req), req.params.id),
  });
  r.put('/v1/grupos/:id/listaprecios', {
    config: { servicio: 'RRHH_GRUPO_GUARDAR' },
    schema: {
      tags: tGrupos,
      security,
      summary: 'Fijar precios del grupo (agregar o actualizar, quitar con Precio null, o Reemplazar toda la lista), en una transacción',
      params: ZIdParams,
      body: ZGrupoListaPrecioGuardar,
      response: { 200: ZGrupoListaPrecios, ...errores },
    },
    handler: async (req) => gruposPrecios.guardarListaDePrecios(ctx, requerirAuth(req), req.params.id, req.body),
  });
  r.post('/v1/grupos/:id/clonar', {
    config: { servicio: 'RRHH_GRUPO_GUARDAR' },
    schema: { tags: tGrupos, security, summary: 'Clonar un grupo con su lista de precios (y sus integrantes si se pide)', params: ZIdParams, body: ZGrupoClonar, response: { 201: ZGrupo, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await gruposPrecios.clonar(ctx, requerirAuth(req), req.params.id, req.body)),
  });
  r.post('/v1/grupos/:id/reset', {
    config: { servicio: 'RRHH_GRUPO_GUARDAR' },
    schema: { tags: tGrupos, security, summary: 'Vaciar la lista de precios del grupo', params: ZIdParams, response: { 200: ZGrupoCambios, ...errores } },
    handler: async (req) => gruposPrecios.vaciarLista(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/grupos/:id/copiarlistaprecio', {
    config: { servicio: 'RRHH_GRUPO_GUARDAR' },
    schema: { tags: tGrupos, security, summary: 'Reemplazar la lista de precios del grupo por la de otro grupo', params: ZIdParams, body: ZGrupoCopiarListaPrecio, response: { 200: ZGrupoCambios, ...errores } },
    handler: async (req) => gruposPrecios.copiarListaDe(ctx, requerirAuth(req), req.params.id, req.body),
  });
}
