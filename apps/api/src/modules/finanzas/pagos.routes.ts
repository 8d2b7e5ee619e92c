import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCobroAnular,
  ZCuentasPorPagar,
  ZCuentasPorPagarQuery,
  ZDocumentoPorPagar,
  ZError,
  ZIdParams,
  ZPago,
  ZPagoCrear,
  ZPagos,
  ZPagosQuery,
  ZSaldoAFavorProveedor,
  ZSaldoAFavorProveedorAplicar,
  ZSaldoAFavorProveedorQuery,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as pagos from './pagos.service';
import { pdfReciboPago } from './recibo-pdf';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };

/** Payables and supplier payments (issue 14), under /api/finanzas with the seed's paths (§7). */
export async function rutasPagos(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tCxp = ['finanzas: cuentas por pagar'];
  const tPagos = ['finanzas: pagos'];

  r.get('/v1/cuentasporpagar', {
    config: { servicio: 'FIN_CXP_VER' },
    schema: { tags: tCxp, security, summary: 'Compras con saldo: cuotas, días vencidos, tramo de antigüedad y resumen por tramos', querystring: ZCuentasPorPagarQuery, response: { 200: ZCuentasPorPagar, ...errores } },
    handler: async (req) => pagos.listarCuentasPorPagar(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/cuentasporpagar/:id', {
    config: { servicio: 'FIN_CXP_VER' },
    schema: { tags: tCxp, security, summary: 'Cuotas de una compra (id de la compra)', params: ZIdParams, response: { 200: ZDocumentoPorPagar, ...errores } },
    handler: async (req) => pagos.obtenerCuentaPorPagar(ctx, requerirAuth(req), req.params.id),
  });
  const registrar = (tipo: 1 | 2, summary: string, ruta: string) =>
    r.post(ruta, {
      config: { servicio: 'FIN_PAGO_REGISTRAR' },
      schema: { tags: tPagos, security, summary, body: ZPagoCrear, response: { 201: ZPago, ...errores } },
      handler: async (req, reply) => reply.code(201).send(await pagos.registrarPago(ctx, requerirAuth(req), tipo, req.body)),
    });
  registrar(1, 'Pago en efectivo de una o varias cuotas (desde una caja)', '/v1/pagos/efectivos');
  registrar(2, 'Pago bancarizado de una o varias cuotas (desde una cuenta bancaria, con medio de pago y operación)', '/v1/pagos/bancarizados');
  // The seed's multi-document payment: the same operation; the kind follows the account (a bank account is bancarizado).
  r.post('/v1/pagos/multiples/comprobantes', {
    config: { servicio: 'FIN_PAGO_REGISTRAR' },
    schema: { tags: tPagos, security, summary: 'Pago de varias compras y cuotas de un proveedor en una transacción (efectivo o bancarizado según la cuenta)', body: ZPagoCrear, response: { 201: ZPago, ...errores } },
    handler: async (req, reply) => {
      const auth = requerirAuth(req);
      const tipo = req.body.NumeroOperacion || req.body.MedioPago ? 2 : 1;
      return reply.code(201).send(await pagos.registrarPago(ctx, auth, tipo, req.body));
    },
  });
  r.post('/v1/pagos/saldosafavor', {
    config: { servicio: 'FIN_PAGO_REGISTRAR' },
    schema: {
      tags: tPagos,
      security,
      summary: 'Aplicar el saldo a favor del proveedor (de sus notas de crédito) a una o varias cuotas por pagar, sin dinero ni cuenta',
      body: ZSaldoAFavorProveedorAplicar,
      response: { 201: ZPago, ...errores },
    },
    handler: async (req, reply) => reply.code(201).send(await pagos.aplicarSaldoAFavorProveedor(ctx, requerirAuth(req), req.body)),
  });
  r.get('/v1/saldosafavor/proveedores', {
    config: { servicio: 'FIN_CXP_VER' },
    schema: { tags: tCxp, security, summary: 'Saldo a favor de la empresa ante un proveedor en una moneda: generado por sus notas de crédito, aplicado y disponible', querystring: ZSaldoAFavorProveedorQuery, response: { 200: ZSaldoAFavorProveedor, ...errores } },
    handler: async (req) => pagos.consultarSaldoAFavorProveedor(ctx, requerirAuth(req), req.query.proveedor, req.query.idmoneda),
  });
  r.get('/v1/pagos', {
    config: { servicio: 'FIN_CXP_VER' },
    schema: { tags: tPagos, security, summary: 'Pagos a proveedores', querystring: ZPagosQuery, response: { 200: ZPagos, ...errores } },
    handler: async (req) => pagos.listarPagos(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/pagos/:id', {
    config: { servicio: 'FIN_CXP_VER' },
    schema: { tags: tPagos, security, summary: 'Un pago con las cuotas que cubrió', params: ZIdParams, response: { 200: ZPago, ...errores } },
    handler: async (req) => pagos.obtenerPago(ctx, requerirAuth(req), req.params.id),
  });
  r.put('/v1/pagos/:id/anulaciones', {
    config: { servicio: 'FIN_PAGO_ANULAR' },
    schema: { tags: tPagos, security, summary: 'Anular un pago a proveedor (repone el saldo de las cuotas y revierte su asiento)', params: ZIdParams, body: ZCobroAnular, response: { 200: ZPago, ...errores, 409: ZError } },
    handler: async (req) => pagos.anularPago(ctx, requerirAuth(req), req.params.id, req.body.Motivo),
  });
  r.get('/v1/pagos/:id/recibo', {
    config: { servicio: 'FIN_CXP_VER' },
    schema: { tags: tPagos, security, summary: 'Recibo de pago a proveedor (PDF)', params: ZIdParams },
    handler: async (req, reply) => {
      const { pdf, nombre } = await pdfReciboPago(ctx, requerirAuth(req), req.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nombre}"`).send(pdf);
    },
  });
}
