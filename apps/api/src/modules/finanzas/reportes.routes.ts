import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAntiguedadTerceros,
  ZAntiguedadTercerosQuery,
  ZError,
  ZEstadoCuentaCorreo,
  ZEstadoCuentaQuery,
  ZFlujoCaja,
  ZFlujoCajaQuery,
  ZGastosCentro,
  ZGastosCentroQuery,
  ZMensaje,
  ZProyeccion,
  ZProyeccionQuery,
  ZSaldosCuentas,
  ZTableroDeudores,
  ZTableroMonedaQuery,
  ZTableroMontos,
  ZTableroMontosQuery,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import { LADO_COBRAR, LADO_PAGAR } from './antiguedad';
import { estadoDeCuenta } from './cuentas-por-cobrar.service';
import * as reportes from './reportes.service';
import * as tesoreria from './flujo-caja.service';
import { saldosCuentas } from './movimientos.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const archivo = (reply: FastifyReply, tipo: string, f: { contenido: Buffer; nombre: string }, enLinea = false) =>
  reply.header('content-type', tipo).header('content-disposition', `${enLinea ? 'inline' : 'attachment'}; filename="${f.nombre}"`).send(f.contenido);

/**
 * Finance reports (issue 14): aging per customer / supplier, the weekly forecast of collections and payments, and the
 * customer statement as PDF, Excel and e-mail. Receivables reports need FIN_CXC_VER, payables ones FIN_CXP_VER.
 */
export async function rutasReportesFinanzas(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['finanzas: reportes'];

  // ---- Dashboards (seed §7 smartreasons/...): the finance board's three panels ----
  r.get('/v1/smartreasons/estadoscuentas/clientes', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags, security, summary: 'Tablero: lo que se cobra y lo vencido, con los diez clientes de mayor deuda vencida', querystring: ZTableroMonedaQuery, response: { 200: ZTableroDeudores, ...errores } },
    handler: async (req) => reportes.tableroDeudores(ctx, requerirAuth(req), req.query.idmoneda),
  });
  r.get('/v1/smartreasons/clientes/montos', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags, security, summary: 'Tablero: ventas al crédito del periodo por cliente (emitido, cobrado, pendiente)', querystring: ZTableroMontosQuery, response: { 200: ZTableroMontos, ...errores } },
    handler: async (req) => reportes.tableroMontos(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/smartreasons/cuentasbancarias', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Tablero: saldo de cada cuenta bancaria de la empresa', response: { 200: ZSaldosCuentas, ...errores } },
    handler: async (req) => {
      const s = await saldosCuentas(ctx, requerirAuth(req));
      const Data = s.Data.filter((c) => c.IdTipoCuenta === 3);
      return { Data, Count: Data.length };
    },
  });

  for (const [lado, L, servicio, quien] of [
    ['clientes', LADO_COBRAR, 'FIN_CXC_VER', 'cliente'],
    ['proveedores', LADO_PAGAR, 'FIN_CXP_VER', 'proveedor'],
  ] as const) {
    r.get(`/v1/reportes/antiguedades/${lado}`, {
      config: { servicio },
      schema: { tags, security, summary: `Antigüedad de saldos por ${quien} (por vencer, 1-30, 31-60, 61-90, más de 90 días) en una moneda`, querystring: ZAntiguedadTercerosQuery, response: { 200: ZAntiguedadTerceros, ...errores } },
      handler: async (req) => reportes.antiguedadPorTercero(ctx, requerirAuth(req), L, req.query),
    });
    r.get(`/v1/reportes/antiguedades/${lado}/excel`, {
      config: { servicio },
      schema: { tags, security, summary: `Antigüedad de saldos por ${quien} (Excel)`, querystring: ZAntiguedadTercerosQuery, response: errores },
      handler: async (req, reply) => {
        const auth = requerirAuth(req);
        return archivo(reply, XLSX, await reportes.antiguedadExcel(auth, await reportes.antiguedadPorTercero(ctx, auth, L, req.query), lado));
      },
    });
  }
  for (const [lado, L, servicio] of [
    ['cobros', LADO_COBRAR, 'FIN_CXC_VER'],
    ['pagos', LADO_PAGAR, 'FIN_CXP_VER'],
  ] as const) {
    r.get(`/v1/reportes/proyecciones/${lado}`, {
      config: { servicio },
      schema: { tags, security, summary: `Proyección de ${lado} por semana (lunes a domingo): vencido, semanas siguientes y posterior`, querystring: ZProyeccionQuery, response: { 200: ZProyeccion, ...errores } },
      handler: async (req) => reportes.proyeccion(ctx, requerirAuth(req), L, req.query),
    });
    r.get(`/v1/reportes/proyecciones/${lado}/excel`, {
      config: { servicio },
      schema: { tags, security, summary: `Proyección de ${lado} por semana (Excel)`, querystring: ZProyeccionQuery, response: errores },
      handler: async (req, reply) => {
        const auth = requerirAuth(req);
        return archivo(reply, XLSX, await reportes.proyeccionExcel(auth, await reportes.proyeccion(ctx, auth, L, req.query), lado));
      },
    });
  }

  // Treasury: cash flow by account and expenses by cost centre (who sees the accounts' movements: FIN_MOV_VER).
  r.get('/v1/reportes/tiposmovimientos', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Flujo de caja por cuenta financiera: saldo inicial, ingresos y egresos por tipo de operación, saldo final', querystring: ZFlujoCajaQuery, response: { 200: ZFlujoCaja, ...errores } },
    handler: async (req) => tesoreria.flujoDeCaja(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/reportes/tiposmovimientos/excel', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Flujo de caja por cuenta financiera (Excel)', querystring: ZFlujoCajaQuery, response: errores },
    handler: async (req, reply) => {
      const auth = requerirAuth(req);
      return archivo(reply, XLSX, await tesoreria.flujoDeCajaExcel(auth, await tesoreria.flujoDeCaja(ctx, auth, req.query)));
    },
  });
  r.get('/v1/reportes/elementosgastos', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Gastos (notas de salida) por centro de costo y elemento de gasto, en soles', querystring: ZGastosCentroQuery, response: { 200: ZGastosCentro, ...errores } },
    handler: async (req) => tesoreria.gastosPorCentro(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/reportes/elementosgastos/excel', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Gastos por centro de costo y elemento de gasto (Excel)', querystring: ZGastosCentroQuery, response: errores },
    handler: async (req, reply) => {
      const auth = requerirAuth(req);
      return archivo(reply, XLSX, await tesoreria.gastosPorCentroExcel(auth, await tesoreria.gastosPorCentro(ctx, auth, req.query)));
    },
  });

  r.get('/v1/reportes/estadoscuentas/pdf', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags, security, summary: 'Estado de cuenta de un cliente (PDF A4)', querystring: ZEstadoCuentaQuery, response: errores },
    handler: async (req, reply) => {
      const auth = requerirAuth(req);
      return archivo(reply, 'application/pdf', await reportes.estadoCuentaPdf(auth, await estadoDeCuenta(ctx, auth, req.query.cliente, req.query.idmoneda)), true);
    },
  });
  r.get('/v1/reportes/estadoscuentas/excel', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags, security, summary: 'Estado de cuenta de un cliente (Excel)', querystring: ZEstadoCuentaQuery, response: errores },
    handler: async (req, reply) => {
      const auth = requerirAuth(req);
      return archivo(reply, XLSX, await reportes.estadoCuentaExcel(auth, await estadoDeCuenta(ctx, auth, req.query.cliente, req.query.idmoneda)));
    },
  });
  r.post('/v1/reportes/estadoscuentas/correos', {
    config: { servicio: 'FIN_COBRO_REGISTRAR' },
    schema: { tags, security, summary: 'Enviar el estado de cuenta por correo (PDF y Excel adjuntos) con el servidor de correo de la empresa', body: ZEstadoCuentaCorreo, response: { 200: ZMensaje, ...errores, 422: ZError } },
    handler: async (req) => reportes.enviarEstadoCuenta(ctx, requerirAuth(req), req.body, { log: req.log }),
  });
}
