import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  DiariosContables,
  ZAsiento,
  ZAsientoGuardar,
  ZAsientos,
  ZAsientosQuery,
  ZBalanceComprobacion,
  ZContabilizacionResultado,
  ZCuentaContable,
  ZCuentaGuardar,
  ZCuentasContables,
  ZCuentasQuery,
  ZError,
  ZIdParams,
  ZLibroMayor,
  ZMayorQuery,
  ZMensaje,
  ZPendientesContables,
  ZPeriodoContable,
  ZPeriodoParams,
  ZPeriodoQuery,
  ZPeriodosContables,
  ZPeriodosQuery,
} from '@yupana/contracts';
import { z } from 'zod';
import type { Contexto } from '../../../lib/contexto';
import { requerirAuth } from '../../../lib/auth';
import * as asientos from './asientos.service';
import * as cuentas from './cuentas.service';
import * as periodos from './periodos.service';
import * as reportes from './reportes.service';
import { contabilizarEmpresa, registrarContabilizacion } from './contabilizacion';
import { contabilizacionPendiente } from './libros.schema';

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

  r.get('/v1/libros/diarios', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Diarios contables', response: { 200: z.object({ Data: z.array(z.object({ Id: z.number().int(), Nombre: z.string() })), Count: z.number().int() }), ...errores } },
    handler: async (req) => {
      requerirAuth(req);
      const Data = Object.entries(DiariosContables).map(([Id, Nombre]) => ({ Id: Number(Id), Nombre }));
      return { Data, Count: Data.length };
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
  for (const [ruta, resumen, hacer] of [
    ['mayor', 'Libro mayor PLE 6.1 (mismo formato de 21 campos, ordenado por cuenta)', (a: Parameters<typeof reportes.plePlan>[1], p: string) => reportes.pleDiario(ctx, a, p, '060100')],
    ['plan', 'Plan de cuentas PLE 5.3 (cuentas usadas en el periodo)', (a: Parameters<typeof reportes.plePlan>[1], p: string) => reportes.plePlan(ctx, a, p)],
  ] as const)
    r.get(`/v1/libros/ple/${ruta}`, {
      config: { servicio: 'LIBROS_VER' },
      schema: { tags, security, summary: resumen, querystring: ZPeriodoQuery },
      handler: async (req, reply) => {
        const f = await hacer(requerirAuth(req), req.query.periodo);
        return reply.header('content-type', 'text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${f.nombre}"`).send(f.contenido);
      },
    });
  r.get('/v1/libros/ple/diario', {
    config: { servicio: 'LIBROS_VER' },
    schema: { tags, security, summary: 'Libro diario PLE 5.1 (archivo de texto con el nombre que pide SUNAT)', querystring: ZPeriodoQuery },
    handler: async (req, reply) => {
      const f = await reportes.pleDiario(ctx, requerirAuth(req), req.query.periodo);
      return reply.header('content-type', 'text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${f.nombre}"`).send(f.contenido);
    },
  });
}
