import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCentroCosto,
  ZCentroCostoGuardar,
  ZCentrosCosto,
  ZCobro,
  ZCobroAnular,
  ZCobroCrear,
  ZCobros,
  ZCobrosQuery,
  ZCuentaFinanciera,
  ZCuentaFinancieraGuardar,
  ZCuentasFinancieras,
  ZCuentasFinancierasQuery,
  ZCuentasPorCobrar,
  ZCuentasPorCobrarQuery,
  ZDocumentoPorCobrar,
  ZError,
  ZEstadoCuenta,
  ZEstadoCuentaQuery,
  ZIdParams,
  ZSaldoAFavor,
  ZSaldoAFavorAplicar,
  ZSaldoAFavorQuery,
  ZTipoCambio,
  ZTipoCambioGuardar,
  ZTiposCambio,
  ZTiposCambioQuery,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as maestros from './maestros.service';
import * as cxc from './cuentas-por-cobrar.service';
import * as cobros from './cobros.service';
import { pdfRecibo } from './recibo-pdf';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };

/** Finance (issue 14), mounted under /api/finanzas with the seed's paths (§7): master data, receivables, collections. */
export async function rutasFinanzas(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tMaestros = ['finanzas: datos maestros'];
  const tCxc = ['finanzas: cuentas por cobrar'];
  const tCobros = ['finanzas: cobros'];

  // ---- Exchange rates ----
  r.get('/v1/tiposcambios', {
    config: { servicio: 'FIN_MAESTROS_VER' },
    schema: { tags: tMaestros, security, summary: 'Tipos de cambio del dólar por fecha (compra y venta)', querystring: ZTiposCambioQuery, response: { 200: ZTiposCambio, ...errores } },
    handler: async (req) => maestros.listarTiposCambio(ctx, requerirAuth(req), req.query),
  });
  r.post('/v1/tiposcambios', {
    config: { servicio: 'FIN_MAESTROS_GUARDAR' },
    schema: { tags: tMaestros, security, summary: 'Registrar (o reemplazar) el tipo de cambio de una fecha', body: ZTipoCambioGuardar, response: { 201: ZTipoCambio, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await maestros.guardarTipoCambio(ctx, requerirAuth(req), req.body)),
  });
  r.put('/v1/tiposcambios/:id', {
    config: { servicio: 'FIN_MAESTROS_GUARDAR' },
    schema: { tags: tMaestros, security, summary: 'Editar un tipo de cambio', params: ZIdParams, body: ZTipoCambioGuardar, response: { 200: ZTipoCambio, ...errores } },
    handler: async (req) => maestros.editarTipoCambio(ctx, requerirAuth(req), req.params.id, req.body),
  });

  // ---- Financial accounts ----
  r.get('/v1/cuentasfinancieras', {
    config: { servicio: 'FIN_MAESTROS_VER' },
    schema: { tags: tMaestros, security, summary: 'Cuentas financieras (caja chica, caja y banco)', querystring: ZCuentasFinancierasQuery, response: { 200: ZCuentasFinancieras, ...errores } },
    handler: async (req) => maestros.listarCuentas(ctx, requerirAuth(req), req.query.estado),
  });
  r.get('/v1/cuentasfinancieras/:id', {
    config: { servicio: 'FIN_MAESTROS_VER' },
    schema: { tags: tMaestros, security, summary: 'Una cuenta financiera', params: ZIdParams, response: { 200: ZCuentaFinanciera, ...errores } },
    handler: async (req) => maestros.obtenerCuenta(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/cuentasfinancieras', {
    config: { servicio: 'FIN_MAESTROS_GUARDAR' },
    schema: { tags: tMaestros, security, summary: 'Registrar una cuenta financiera', body: ZCuentaFinancieraGuardar, response: { 201: ZCuentaFinanciera, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await maestros.crearCuenta(ctx, requerirAuth(req), req.body)),
  });
  r.put('/v1/cuentasfinancieras/:id', {
    config: { servicio: 'FIN_MAESTROS_GUARDAR' },
    schema: { tags: tMaestros, security, summary: 'Editar una cuenta financiera (o desactivarla)', params: ZIdParams, body: ZCuentaFinancieraGuardar, response: { 200: ZCuentaFinanciera, ...errores } },
    handler: async (req) => maestros.editarCuenta(ctx, requerirAuth(req), req.params.id, req.body),
  });

  // ---- Cost centres ----
  r.get('/v1/centroscostos', {
    config: { servicio: 'FIN_MAESTROS_VER' },
    schema: { tags: tMaestros, security, summary: 'Centros de costo', response: { 200: ZCentrosCosto, ...errores } },
    handler: async (req) => maestros.listarCentros(ctx, requerirAuth(req)),
  });
  r.post('/v1/centroscostos', {
    config: { servicio: 'FIN_MAESTROS_GUARDAR' },
    schema: { tags: tMaestros, security, summary: 'Registrar un centro de costo', body: ZCentroCostoGuardar, response: { 201: ZCentroCosto, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await maestros.crearCentro(ctx, requerirAuth(req), req.body)),
  });
  r.put('/v1/centroscostos/:id', {
    config: { servicio: 'FIN_MAESTROS_GUARDAR' },
    schema: { tags: tMaestros, security, summary: 'Editar un centro de costo (o desactivarlo)', params: ZIdParams, body: ZCentroCostoGuardar, response: { 200: ZCentroCosto, ...errores } },
    handler: async (req) => maestros.editarCentro(ctx, requerirAuth(req), req.params.id, req.body),
  });

  // ---- Receivables ----
  r.get('/v1/cuentasporcobrar', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: {
      tags: tCxc,
      security,
      summary: 'Documentos al crédito con saldo: cuotas, días vencidos, tramo de antigüedad y resumen por tramos',
      querystring: ZCuentasPorCobrarQuery,
      response: { 200: ZCuentasPorCobrar, ...errores },
    },
    handler: async (req) => cxc.listarCuentasPorCobrar(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/cuentasporcobrar/:id', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags: tCxc, security, summary: 'Cuotas de un documento al crédito (id del documento)', params: ZIdParams, response: { 200: ZDocumentoPorCobrar, ...errores } },
    handler: async (req) => cxc.obtenerCuentaPorCobrar(ctx, requerirAuth(req), req.params.id),
  });
  r.get('/v1/reportes/estadoscuentas', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags: tCxc, security, summary: 'Estado de cuenta de un cliente en una moneda, con saldo acumulado', querystring: ZEstadoCuentaQuery, response: { 200: ZEstadoCuenta, ...errores } },
    handler: async (req) => cxc.estadoDeCuenta(ctx, requerirAuth(req), req.query.cliente, req.query.idmoneda),
  });

  // ---- Collections ----
  r.post('/v1/cobros/efectivos', {
    config: { servicio: 'FIN_COBRO_REGISTRAR' },
    schema: { tags: tCobros, security, summary: 'Cobro en efectivo de una o varias cuotas (a una caja)', body: ZCobroCrear, response: { 201: ZCobro, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await cobros.registrarCobro(ctx, requerirAuth(req), 1, req.body)),
  });
  r.post('/v1/cobros/bancarizados', {
    config: { servicio: 'FIN_COBRO_REGISTRAR' },
    schema: { tags: tCobros, security, summary: 'Cobro bancarizado de una o varias cuotas (a una cuenta bancaria, con medio de pago y operación)', body: ZCobroCrear, response: { 201: ZCobro, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await cobros.registrarCobro(ctx, requerirAuth(req), 2, req.body)),
  });
  r.post('/v1/cobros/saldosafavor', {
    config: { servicio: 'FIN_COBRO_REGISTRAR' },
    schema: {
      tags: tCobros,
      security,
      summary: 'Aplicar el saldo a favor del cliente (de sus notas de crédito) a una o varias cuotas, sin dinero ni cuenta',
      body: ZSaldoAFavorAplicar,
      response: { 201: ZCobro, ...errores },
    },
    handler: async (req, reply) => reply.code(201).send(await cobros.aplicarSaldoAFavor(ctx, requerirAuth(req), req.body)),
  });
  r.get('/v1/saldosafavor', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags: tCxc, security, summary: 'Saldo a favor de un cliente en una moneda: generado por notas de crédito, aplicado y disponible', querystring: ZSaldoAFavorQuery, response: { 200: ZSaldoAFavor, ...errores } },
    handler: async (req) => cobros.consultarSaldoAFavor(ctx, requerirAuth(req), req.query.cliente, req.query.idmoneda),
  });
  r.get('/v1/cobros', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags: tCobros, security, summary: 'Cobros registrados', querystring: ZCobrosQuery, response: { 200: ZCobros, ...errores } },
    handler: async (req) => cobros.listarCobros(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/cobros/:id', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags: tCobros, security, summary: 'Un cobro con las cuotas que cubrió', params: ZIdParams, response: { 200: ZCobro, ...errores } },
    handler: async (req) => cobros.obtenerCobro(ctx, requerirAuth(req), req.params.id),
  });
  r.put('/v1/cobros/:id/anulaciones', {
    config: { servicio: 'FIN_COBRO_ANULAR' },
    schema: { tags: tCobros, security, summary: 'Anular un cobro (repone el saldo de las cuotas)', params: ZIdParams, body: ZCobroAnular, response: { 200: ZCobro, ...errores, 409: ZError } },
    handler: async (req) => cobros.anularCobro(ctx, requerirAuth(req), req.params.id, req.body.Motivo),
  });
  r.get('/v1/cobros/:id/recibo', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags: tCobros, security, summary: 'Recibo de cobro (PDF)', params: ZIdParams },
    handler: async (req, reply) => {
      const { pdf, nombre } = await pdfRecibo(ctx, requerirAuth(req), req.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nombre}"`).send(pdf);
    },
  });
}
