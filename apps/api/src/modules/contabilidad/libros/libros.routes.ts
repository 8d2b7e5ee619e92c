import type { FastifyInstance, FastifyReply } from 'fastify';
import { PassThrough } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  DiariosContables,
  ZAsiento,
  ZCierreAnio,
  ZCierreAnioParams,
  ZEstadoQuery,
  ZEstadoResultados,
  ZEstadoResultadosQuery,
  ZEstadoSituacion,
  ZMapeoGuardar,
  ZMapeosContables,
  ZAsientoGuardar,
  ZAsientos,
  ZAsientosQuery,
  ZBalanceComprobacion,
  ZCentrosCostoReporte,
  ZCentrosCostoReporteQuery,
  ZContabilizacionResultado,
  ZCuentaContable,
  ZCuentaGuardar,
  ZCuentasContables,
  ZCuentasQuery,
  ZDiariosContables,
  ZTiposCuentaContable,
  ZError,
  ZIdParams,
  ZLibroMayor,
  ZLibrosPle,
  ZMayorQuery,
  ZMensaje,
  ZPendientesContables,
  ZPeriodoContable,
  ZPeriodoParams,
  ZPeriodoQuery,
  ZPeriodosContables,
  ZPeriodosQuery,
} from '@yupana/contracts';
import type { Contexto } from '../../../lib/contexto';
import { requerirAuth } from '../../../lib/auth';
import { noEncontrado } from '../../../lib/app-error';
import * as asientos from './asientos.service';
import * as cuentas from './cuentas.service';
import * as periodos from './periodos.service';
import * as reportes from './reportes.service';
import { contabilizarEmpresa, registrarContabilizacion } from './contabilizacion';
import { contabilizacionPendiente } from './libros.schema';
import { guardarMapeos, leerMapeos } from './automaticos';
import * as estados from './estados.service';
import * as ple from './ple.service';

/**
 * Sends a PLE file as it is generated: writes wait for the socket (backpressure), a client that goes away stops the
 * generation (its cursor's transaction ends with the error) instead of leaving it waiting for a drain.
 */
function enviarPle(reply: FastifyReply, a: ple.TArchivoPle) {
  const salida = new PassThrough();
  let cerrado = false;
  salida.on('close', () => (cerrado = true));
  const escribir = (trozo: string) =>
    new Promise<void>((resolver, rechazar) => {
      if (cerrado) return rechazar(new Error('La descarga se interrumpió'));
      if (salida.write(trozo)) return resolver();
      const listo = () => {
        salida.off('close', corte);
        resolver();
      };
      const corte = () => {
        salida.off('drain', listo);
        rechazar(new Error('La descarga se interrumpió'));
      };
      salida.once('drain', listo);
      salida.once('close', corte);
    });
  a.escribir(escribir).then(
    () => salida.end(),
    (e: unknown) => {
      reply.log.error({ err: e }, 'PLE: generación interrumpida');
      salida.destroy(e instanceof Error ? e : new Error(String(e)));
    },
  );
  return reply.header('content-type', 'text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${a.nombre}"`).send(salida);
}

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Accounting books (issue 15) under the finance host as the seed calls them (/api/finanzas/v1/cuentascontables...),
 * the rest under /v1/libros. Also registers the automatic-posting job.
 */
export async function rutasLibros(app: FastifyInstance, ctx: Contexto): Promise<void> {
  registrarContabilizacion(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['contabilidad: libros'];

  r.get('/v1/cuentascontables', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Plan de cuentas de la empresa (PCGE 2019 y subcuentas propias)', querystring: ZCuentasQuery, response: { 200: ZCuentasContables, ...errores } },
    handler: async (req) => cuentas.listarCuentas(ctx, requerirAuth(req), req.query),
  });
  r.post('/v1/cuentascontables', {
    config: { servicio: 'LIBROS_CUENTA_GUARDAR' },
    schema: { tags, security, summary: 'Crear una subcuenta', body: ZCuentaGuardar, response: { 201: ZCuentaContable, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await cuentas.crearCuenta(ctx, requerirAuth(req), req.body)),
  });
  r.put('/v1/cuentascontables/:id', {
    config: { servicio: 'LIBROS_CUENTA_GUARDAR' },
    schema: { tags, security, summary: 'Editar una subcuenta propia', params: ZIdParams, body: ZCuentaGuardar, response: { 200: ZCuentaContable, ...errores } },
    handler: async (req) => cuentas.editarCuenta(ctx, requerirAuth(req), req.params.id, req.body),
  });
  r.delete('/v1/cuentascontables/:id', {
    config: { servicio: 'LIBROS_CUENTA_GUARDAR' },
    schema: { tags, security, summary: 'Eliminar una subcuenta propia sin movimientos', params: ZIdParams, response: { 200: ZMensaje, ...errores } },
    handler: async (req) => cuentas.eliminarCuenta(ctx, requerirAuth(req), req.params.id),
  });

  // Static paths before /:id: find-my-way prefers them, and they are also declared first for the reader.
  r.get('/v1/cuentascontables/tipos', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Tipos de cuenta: los elementos del PCGE (primer dígito del código), con cuántas cuentas tiene la empresa', response: { 200: ZTiposCuentaContable, ...errores } },
    handler: async (req) => cuentas.tiposCuenta(ctx, requerirAuth(req)),
  });
  r.get('/v1/cuentascontables/:id', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Una cuenta del plan de la empresa (PCGE o subcuenta propia)', params: ZIdParams, response: { 200: ZCuentaContable, ...errores } },
    handler: async (req) => cuentas.cuentaPorId(ctx, requerirAuth(req), req.params.id),
  });

  const diarios = () => {
    const Data = Object.entries(DiariosContables).map(([Id, Nombre]) => ({ Id: Number(Id), Nombre }));
    return { Data, Count: Data.length };
  };
  r.get('/v1/libros/diarios', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Diarios contables', response: { 200: ZDiariosContables, ...errores } },
    handler: async (req) => {
      requerirAuth(req);
      return diarios();
    },
  });
  r.get('/v1/entidades/:id/diarios', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Diarios contables de la empresa (la del token; otra empresa: 404)', params: ZIdParams, response: { 200: ZDiariosContables, ...errores } },
    handler: async (req) => {
      // Another company's journals do not exist for this user.
      if (req.params.id !== requerirAuth(req).idEmpresa) throw noEncontrado('No se encontró la empresa');
      return diarios();
    },
  });

  r.get('/v1/libros/periodos', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Periodos (meses) de un año con su estado', querystring: ZPeriodosQuery, response: { 200: ZPeriodosContables, ...errores } },
    handler: async (req) => periodos.listarPeriodos(ctx, requerirAuth(req), req.query.anio),
  });
  r.post('/v1/libros/periodos/:periodo/cierre', {
    config: { servicio: 'LIBROS_PERIODO_CERRAR' },
    schema: { tags, security, summary: 'Cerrar un periodo (no admite más asientos)', params: ZPeriodoParams, response: { 200: ZPeriodoContable, ...errores } },
    handler: async (req) => periodos.cambiarEstadoPeriodo(ctx, requerirAuth(req), req.params.periodo, 'CERRADO'),
  });
  r.post('/v1/libros/periodos/:periodo/reapertura', {
    config: { servicio: 'LIBROS_PERIODO_CERRAR' },
    schema: { tags, security, summary: 'Reabrir un periodo cerrado', params: ZPeriodoParams, response: { 200: ZPeriodoContable, ...errores } },
    handler: async (req) => periodos.cambiarEstadoPeriodo(ctx, requerirAuth(req), req.params.periodo, 'ABIERTO'),
  });

  r.get('/v1/libros/asientos', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Asientos de un periodo (manuales y automáticos)', querystring: ZAsientosQuery, response: { 200: ZAsientos, ...errores } },
    handler: async (req) => asientos.listarAsientos(ctx, requerirAuth(req), req.query),
  });
  r.post('/v1/libros/asientos', {
    config: { servicio: 'LIBROS_ASIENTO_GUARDAR' },
    schema: { tags, security, summary: 'Registrar un asiento manual (debe = haber, periodo abierto, cuentas de último nivel)', body: ZAsientoGuardar, response: { 201: ZAsiento, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await asientos.crearAsientoManual(ctx, requerirAuth(req), req.body)),
  });

  r.get('/v1/libros/pendientes', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Documentos de venta que no se pudieron contabilizar y su motivo', response: { 200: ZPendientesContables, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      const f = await ctx.dbh.db.select().from(contabilizacionPendiente).where(eq(contabilizacionPendiente.idEmpresa, auth.idEmpresa)).orderBy(contabilizacionPendiente.idDocumento).limit(500);
      return {
        Data: f.map((x) => ({ IdDocumento: x.idDocumento, Documento: x.documento, FechaEmision: x.fechaEmision, Motivo: x.motivo, Fecha: (x.logFechaModif ?? x.logFechaCrea).toISOString() })),
        Count: f.length,
      };
    },
  });
  r.post('/v1/libros/contabilizacion', {
    config: { servicio: 'LIBROS_ASIENTO_GUARDAR' },
    schema: { tags, security, summary: 'Contabilizar ahora los documentos de venta emitidos que aún no tienen asiento', response: { 200: ZContabilizacionResultado, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      const x = await contabilizarEmpresa(ctx.dbh.db, auth.idEmpresa);
      return { Contabilizados: x.contabilizados, Pendientes: x.pendientes };
    },
  });

  r.get('/v1/libros/centroscostos', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Reporte por centro de costo (cuentas movidas, gastos, ingresos y resultado)', querystring: ZCentrosCostoReporteQuery, response: { 200: ZCentrosCostoReporte, ...errores } },
    handler: async (req) => reportes.reporteCentrosCosto(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/libros/balance', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Balance de comprobación de un periodo', querystring: ZPeriodoQuery, response: { 200: ZBalanceComprobacion, ...errores } },
    handler: async (req) => reportes.balanceComprobacion(ctx, requerirAuth(req), req.query.periodo),
  });
  r.get('/v1/libros/balance/excel', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Balance de comprobación en Excel (.xlsx)', querystring: ZPeriodoQuery },
    handler: async (req, reply) => {
      const buf = await reportes.balanceExcel(ctx, requerirAuth(req), req.query.periodo);
      return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="balance-comprobacion-${req.query.periodo}.xlsx"`).send(buf);
    },
  });
  r.get('/v1/libros/mayor', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Libro mayor de una cuenta en un periodo', querystring: ZMayorQuery, response: { 200: ZLibroMayor, ...errores } },
    handler: async (req) => reportes.libroMayor(ctx, requerirAuth(req), req.query.periodo, req.query.idcuenta),
  });
  r.get('/v1/libros/mayor/excel', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Libro mayor de una cuenta en Excel (.xlsx)', querystring: ZMayorQuery },
    handler: async (req, reply) => {
      const buf = await reportes.mayorExcel(ctx, requerirAuth(req), req.query.periodo, req.query.idcuenta);
      return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="libro-mayor-${req.query.periodo}.xlsx"`).send(buf);
    },
  });
  // PLE books (5.1, 5.3, 6.1, caja y bancos 1.1/1.2, registers 8.1/14.1), streamed: the file name goes first.
  r.get('/v1/libros/ple', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Libros electrónicos (PLE) de un periodo: nombre de archivo de SUNAT y si tienen movimiento', querystring: ZPeriodoQuery, response: { 200: ZLibrosPle, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      const Data = [];
      for (const l of ple.LIBROS_PLE) {
        const a = await l.hacer(ctx, auth, req.query.periodo);
        Data.push({ Codigo: l.Codigo, Nombre: l.Nombre, Ruta: l.Ruta, Archivo: a.nombre, ConDatos: a.conDatos });
      }
      return { Periodo: req.query.periodo, Data, Count: Data.length };
    },
  });
  for (const l of ple.LIBROS_PLE)
    r.get(`/v1/libros/ple/${l.Ruta}`, {
      config: { servicio: 'LIBROS_VER' },
      schema: { tags, security, summary: `${l.Nombre} (PLE ${l.Codigo}, archivo de texto con el nombre que pide SUNAT)`, querystring: ZPeriodoQuery },
      handler: async (req, reply) => enviarPle(reply, await l.hacer(ctx, requerirAuth(req), req.query.periodo)),
    });

  // Automatic entries: which account each concept posts to (issue 15, second part).
  r.get('/v1/libros/configuracion', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Cuentas de los asientos automáticos (tributos, medios de pago, tipos de documento, ventas, costo)', response: { 200: ZMapeosContables, ...errores } },
    handler: async (req) => {
      const Data = await leerMapeos(ctx.dbh.db, requerirAuth(req).idEmpresa);
      return { Data, Count: Data.length };
    },
  });
  r.put('/v1/libros/configuracion', {
    config: { servicio: 'LIBROS_CONFIGURAR' },
    schema: { tags, security, summary: 'Cambiar las cuentas de los asientos automáticos (solo cuentas de último nivel)', body: ZMapeoGuardar, response: { 200: ZMapeosContables, ...errores } },
    handler: async (req) => {
      const Data = await guardarMapeos(ctx, requerirAuth(req), req.body);
      return { Data, Count: Data.length };
    },
  });

  // Financial statements, to JSON, Excel and PDF.
  r.get('/v1/libros/estados/situacion', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Estado de situación financiera al cierre del periodo final', querystring: ZEstadoQuery, response: { 200: ZEstadoSituacion, ...errores } },
    handler: async (req) => estados.estadoSituacion(ctx, requerirAuth(req), req.query.desde, req.query.hasta),
  });
  r.get('/v1/libros/estados/resultados', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Estado de resultados por naturaleza o por función de un rango de periodos', querystring: ZEstadoResultadosQuery, response: { 200: ZEstadoResultados, ...errores } },
    handler: async (req) => estados.estadoResultados(ctx, requerirAuth(req), req.query.desde, req.query.hasta, req.query.tipo),
  });
  for (const formato of ['excel', 'pdf'] as const) {
    const tipoMime = formato === 'excel' ? XLSX : 'application/pdf';
    const ext = formato === 'excel' ? 'xlsx' : 'pdf';
    r.get(`/v1/libros/estados/situacion/${formato}`, {
      config: { servicio: 'LIBROS_VER' },
      schema: { tags, security, summary: `Estado de situación financiera en ${formato === 'excel' ? 'Excel' : 'PDF'}`, querystring: ZEstadoQuery },
      handler: async (req, reply) => {
        const auth = requerirAuth(req);
        const e = await estados.estadoSituacion(ctx, auth, req.query.desde, req.query.hasta);
        const buf = formato === 'excel' ? await estados.estadoExcel(auth, 'situacion', e.Desde, e.Hasta, e.Filas) : await estados.estadoPdf(auth, 'situacion', e.Desde, e.Hasta, e.Filas);
        return reply.header('content-type', tipoMime).header('content-disposition', `attachment; filename="estado-situacion-${e.Hasta}.${ext}"`).send(buf);
      },
    });
    r.get(`/v1/libros/estados/resultados/${formato}`, {
      config: { servicio: 'LIBROS_VER' },
      schema: { tags, security, summary: `Estado de resultados en ${formato === 'excel' ? 'Excel' : 'PDF'}`, querystring: ZEstadoResultadosQuery },
      handler: async (req, reply) => {
        const auth = requerirAuth(req);
        const e = await estados.estadoResultados(ctx, auth, req.query.desde, req.query.hasta, req.query.tipo);
        const buf = formato === 'excel' ? await estados.estadoExcel(auth, e.Tipo, e.Desde, e.Hasta, e.Filas) : await estados.estadoPdf(auth, e.Tipo, e.Desde, e.Hasta, e.Filas);
        return reply.header('content-type', tipoMime).header('content-disposition', `attachment; filename="estado-resultados-${e.Tipo.toLowerCase()}-${e.Desde}-${e.Hasta}.${ext}"`).send(buf);
      },
    });
  }

  r.post('/v1/libros/ejercicios/:anio/cierre', {
    config: { servicio: 'LIBROS_CIERRE_ANUAL' },
    schema: { tags, security, summary: 'Cerrar un ejercicio (resultados a 89 y 59) y abrir el siguiente (asiento de apertura)', params: ZCierreAnioParams, response: { 200: ZCierreAnio, ...errores } },
    handler: async (req) => estados.cerrarAnio(ctx, requerirAuth(req), req.params.anio),
  });
}
