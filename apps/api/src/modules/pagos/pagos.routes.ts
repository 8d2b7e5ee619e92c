import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCodes,
  ZCargoResultado,
  ZCargoTarjeta,
  ZComprobanteProveedor,
  ZDatosDeposito,
  ZDatosDepositoGuardar,
  ZEntidadPago,
  ZEntidadPagoGuardar,
  ZError,
  ZGestionConsulta,
  ZId,
  ZEntero,
  ZEnteroConsulta,
  MAX_ID,
  ZMensaje,
  ZPagoGestion,
  ZPaquetes,
  ZPaquetesConsulta,
  ZPagoUnicoSolicitud,
  ZPasarelaConfig,
  ZPlan,
  ZPlanEntidad,
  ZPlanGuardar,
  ZPrepago,
  ZPrepagosConsulta,
  ZPrepagoSolicitud,
  ZRechazoPago,
  ZResumenDeuda,
  ZSaldo,
  ZTarjetaTokenizar,
  ZTokenTarjeta,
  ZVoucherSubida,
} from '@yupana/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { modulo } from '../../db/schema';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import { registrarYContarIntento } from '../../lib/limite-intentos';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import { guardarDatosDeposito, obtenerDatosDeposito } from './datos-deposito';
import { facturadorDelProveedor, facturarPago, pdfDePago, rutasFacturacionProveedor } from './facturacion';
import { crearPasarelaSandbox } from './pasarela/sandbox';
import * as servicio from './pagos.service';
import { consultarSaldo } from './saldo';
import { guardarEntidadPago, leerEntidadPago } from './entidad-pago';
import { rutasSuscripciones } from './suscripciones/suscripciones.routes';

const lista = <T extends z.ZodType>(item: T) => z.object({ Data: z.array(item), Count: z.number().int() });
const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError, 409: ZError, 429: ZError };
const tags = ['pagos'];

/** Plans, prepaid payments, the document allowance and debts to the provider (mounted under /api/pagos). */
export async function rutasPagos(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.dbh.db;
  // Retry of the provider's own receipt (button in the payments inbox and a job): facturacion.ts.
  await rutasFacturacionProveedor(app, ctx);

  r.get('/v1/entidades/saldos', {
    config: { servicio: 'PAGOS_VER' },
    schema: { tags, summary: 'Saldo de comprobantes y vigencia de la empresa', response: { 200: ZSaldo, ...errores } },
    handler: async (req) => consultarSaldo(db, requerirAuth(req).idEmpresa),
  });

  r.get('/v1/:IdEmpresa/paquetes', {
    config: { servicio: 'PAGOS_VER' },
    schema: { tags, summary: 'Paquetes a la venta (o todos, para el proveedor)', params: z.object({ IdEmpresa: ZId }), querystring: ZPaquetesConsulta, response: { 200: ZPaquetes, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      // The seed's path carries the company: another company's id is not found.
      if (req.params.IdEmpresa !== auth.idEmpresa) throw noEncontrado();
      return servicio.listarPaquetes(db, auth, req.query);
    },
  });

  r.get('/v1/paquetes_v2/:Id', {
    config: { servicio: 'PAGOS_VER' },
    schema: { tags, summary: 'Un paquete', params: z.object({ Id: ZId }), response: { 200: ZPlan, ...errores } },
    handler: async (req) => servicio.obtenerPlan(db, req.params.Id),
  });

  r.post('/v1/paquetes', {
    config: { servicio: 'PLAN_CONFIGURAR' },
    schema: { tags, summary: 'Crear un plan o paquete (proveedor)', body: ZPlanGuardar, response: { 200: ZPlan, ...errores } },
    handler: async (req) => servicio.crearPlan(db, requerirAuth(req), req.body),
  });

  r.put('/v1/paquetes/:Id', {
    config: { servicio: 'PLAN_CONFIGURAR' },
    schema: { tags, summary: 'Editar un plan o paquete (proveedor)', params: z.object({ Id: ZId }), body: ZPlanGuardar, response: { 200: ZPlan, ...errores } },
    handler: async (req) => servicio.actualizarPlan(db, requerirAuth(req), req.params.Id, req.body),
  });

  r.get('/v1/pagos/entidadpago/:IdEmpresa/prepagos', {
    config: { servicio: 'PAGOS_VER' },
    schema: { tags, summary: 'Pagos prepago de la empresa (paginados)', params: z.object({ IdEmpresa: ZId }), querystring: ZPrepagosConsulta, response: { 200: lista(ZPrepago), ...errores } },
    handler: async (req) => servicio.listarPrepagos(db, requerirAuth(req), req.params.IdEmpresa, req.query),
  });

  r.post('/v1/contratos/prepago', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: { tags, summary: 'Comprar un paquete (queda pendiente de pago)', body: ZPrepagoSolicitud, response: { 200: ZPrepago, ...errores } },
    handler: async (req) => servicio.comprarPaquete(db, requerirAuth(req), req.body),
  });

  r.post('/v1/prepagos/:Id/comprobantes', {
    config: { servicio: 'PAGOS_COMPRAR' },
    // A 2 MB file is about 2.7 MB in base64.
    bodyLimit: 3 * 1024 * 1024,
    schema: { tags, summary: 'Subir el comprobante de pago (imagen o PDF, hasta 2 MB)', params: z.object({ Id: ZId }), body: ZVoucherSubida, response: { 200: ZPrepago, ...errores } },
    handler: async (req) => servicio.subirVoucher(db, requerirAuth(req), req.params.Id, req.body),
  });

  r.get('/v1/prepagos/:Id/comprobantes', {
    config: { servicio: 'PAGOS_VER' },
    schema: { tags, summary: 'Descargar el comprobante de pago subido', params: z.object({ Id: ZId }) },
    handler: async (req, reply) => {
      const v = await servicio.descargarVoucher(db, requerirAuth(req), req.params.Id);
      const nombre = v.nombre.replace(/[^\w.\- ]/g, '_');
      return reply.header('content-type', v.tipo).header('content-disposition', `inline; filename="${nombre}"`).send(v.contenido);
    },
  });

  // Card payments (pasarela/): the browser tokenizes the card at the gateway and posts only the token here.
  const pasarela = crearPasarelaSandbox();
  // Subscriptions charge cycles through the same gateway (suscripciones/).
  await rutasSuscripciones(app, ctx, pasarela);
  // The seed's entity integrations call: the card gateway the company pays the provider through.
  r.get('/v1/entidades/integraciones/:IdEmpresa', {
    config: { servicio: 'PAGOS_VER' },
    schema: {
      tags,
      summary: 'Pasarela de pagos con tarjeta de la empresa: dónde tokenizar la tarjeta y si es de pruebas',
      params: z.object({ IdEmpresa: ZId }),
      response: { 200: ZPasarelaConfig, ...errores },
    },
    handler: async (req) => {
      if (req.params.IdEmpresa !== requerirAuth(req).idEmpresa) throw noEncontrado();
      return pasarela.config;
    },
  });
  r.post('/v1/contratos/prepago/pasarela', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: {
      tags,
      summary: 'Pagar un pago prepago pendiente con tarjeta (solo el token de la pasarela; nunca los datos de la tarjeta)',
      body: ZCargoTarjeta,
      response: { 200: ZCargoResultado, ...errores },
    },
    handler: async (req) => {
      const auth = requerirAuth(req);
      const { IdPrepago, Token } = req.body;
      const facturador = await facturadorDelProveedor(ctx);
      const r = await servicio.pagarConTarjeta(db, pasarela, auth, IdPrepago, Token, facturador?.idUsuario ?? null);
      // As with an approved voucher: the payment stands on its own; the provider's receipt follows (retried by the job).
      if (facturador) await facturarPago(ctx, facturador, IdPrepago).catch((err: unknown) => req.log.warn({ err, idPago: IdPrepago }, 'no se pudo emitir el comprobante del pago con tarjeta'));
      return r;
    },
  });
  // The sandbox gateway's own tokenization endpoint (what a real gateway serves from its domain): public, as the card
  // form posts to it without our session, and limited per client IP.
  r.post('/v1/pasarela-sandbox/tokens', {
    config: { publica: true },
    schema: { tags, summary: 'Pasarela sandbox: tokenizar una tarjeta de prueba', body: ZTarjetaTokenizar, response: { 200: ZTokenTarjeta, ...errores } },
    handler: async (req) => {
      const { total, segundosParaLiberar } = await registrarYContarIntento(db, `pasarela-sandbox:ip:${req.ip}`, 60);
      if (total > 20) throw new AppError(ErrorCodes.DEMASIADOS_INTENTOS, `Demasiados intentos. Inténtelo nuevamente en ${segundosParaLiberar} segundos`, 429);
      try {
        return pasarela.tokenizar(req.body);
      } catch (e) {
        throw errorDeCampo('NumeroTarjeta', (e as Error).message);
      }
    },
  });

  // The seed's payment entity: who the provider's receipts are made out to.
  r.get('/v1/entidades/entidadpago', {
    config: { servicio: 'PAGOS_VER' },
    schema: { tags, summary: 'Datos de facturación de la empresa para los comprobantes del proveedor', response: { 200: ZEntidadPago, ...errores } },
    handler: async (req) => leerEntidadPago(db, requerirAuth(req).idEmpresa),
  });
  r.put('/v1/entidades/entidadpago', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: { tags, summary: 'Guardar los datos de facturación (factura a un RUC, o boleta)', body: ZEntidadPagoGuardar, response: { 200: ZEntidadPago, ...errores } },
    handler: async (req) => guardarEntidadPago(db, requerirAuth(req), req.body),
  });

  r.get('/v1/pagos/entidadpago/:IdEmpresa/comprobantes', {
    config: { servicio: 'PAGOS_VER' },
    schema: {
      tags,
      summary: 'Comprobantes que el proveedor emitió por los pagos de la empresa (paginados)',
      params: z.object({ IdEmpresa: ZId }),
      querystring: ZPrepagosConsulta,
      response: { 200: lista(ZComprobanteProveedor), ...errores },
    },
    handler: async (req) => servicio.comprobantesProveedor(db, requerirAuth(req), req.params.IdEmpresa, req.query),
  });

  r.post('/v1/pagos/unicos', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: { tags, summary: 'Pago único de por vida (queda pendiente de pago)', body: ZPagoUnicoSolicitud, response: { 200: ZPrepago, ...errores } },
    handler: async (req) => servicio.comprarPagoUnico(db, requerirAuth(req), req.body),
  });

  // The seed's module-scoped purchase: a package covers every module, so the module only has to exist.
  r.post('/v1/contratos/modulo/:IdModulo/prepago/:IdPlan', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: {
      tags,
      summary: 'Comprar un paquete desde un módulo (queda pendiente de pago)',
      params: z.object({ IdModulo: ZId, IdPlan: ZId }),
      body: z.object({ RequiereFactura: z.boolean().default(false) }).default({ RequiereFactura: false }),
      response: { 200: ZPrepago, ...errores },
    },
    handler: async (req) => {
      const [m] = await db.select({ id: modulo.id }).from(modulo).where(eq(modulo.id, req.params.IdModulo));
      if (!m) throw noEncontrado('No se encontró el módulo');
      return servicio.comprarPaquete(db, requerirAuth(req), { IdPlan: req.params.IdPlan, RequiereFactura: req.body.RequiereFactura });
    },
  });

  r.put('/v1/contratos/cancelaciones', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: { tags, summary: 'Anular un pago pendiente', body: z.object({ Id: ZId, IdModulo: ZEntero().optional() }), response: { 200: ZMensaje, ...errores } },
    handler: async (req) => {
      await servicio.cancelarPago(db, requerirAuth(req), req.body.Id);
      return { Mensaje: 'Pago anulado' };
    },
  });

  r.get('/v1/mis-deudas', {
    config: { servicio: 'PAGOS_VER' },
    schema: { tags, summary: 'Deudas de la empresa con el proveedor (resumen por moneda y documentos)', response: { 200: ZResumenDeuda, ...errores } },
    handler: async (req) => servicio.misDeudas(db, requerirAuth(req)),
  });

  // Where customers pay by deposit (issue 11 item 12): every company that buys reads it; the provider writes it.
  r.get('/v1/datos-deposito', {
    config: { servicio: 'PAGOS_VER' },
    schema: { tags, summary: 'Cuenta bancaria, CCI y Yape/Plin del proveedor para pagar por depósito', response: { 200: ZDatosDeposito, ...errores } },
    handler: async () => obtenerDatosDeposito(db),
  });

  r.put('/v1/gestion/datos-deposito', {
    config: { servicio: 'PAGOS_GESTIONAR' },
    schema: { tags, summary: 'Guardar los datos para depósitos (proveedor)', body: ZDatosDepositoGuardar, response: { 200: ZDatosDeposito, ...errores } },
    handler: async (req) => guardarDatosDeposito(db, requerirAuth(req), req.body),
  });

  // Provider side.
  r.get('/v1/gestion/pagos', {
    config: { servicio: 'PAGOS_GESTIONAR' },
    schema: { tags, summary: 'Bandeja de pagos de los clientes (proveedor)', querystring: ZGestionConsulta, response: { 200: lista(ZPagoGestion), ...errores } },
    handler: async (req) => servicio.bandejaPagos(db, requerirAuth(req), req.query),
  });

  r.put('/v1/gestion/pagos/:Id/aprobaciones', {
    config: { servicio: 'PAGOS_GESTIONAR' },
    schema: {
      tags,
      summary: 'Aprobar un pago: amplía el plan y el saldo de la empresa',
      params: z.object({ Id: ZId }),
      response: { 200: z.object({ IdEmpresa: z.number().int(), FechaVencimiento: z.string() }), ...errores },
    },
    handler: async (req) => {
      const auth = requerirAuth(req);
      const r = await servicio.aprobarPago(db, auth, req.params.Id);
      // The approval stands on its own (one transaction); the provider's receipt is issued right after it. If that
      // fails (e.g. no series), the payment stays approved without receipt and the reason is logged for support.
      await facturarPago(ctx, auth, req.params.Id).catch((err: unknown) => req.log.warn({ err, idPago: req.params.Id }, 'no se pudo emitir el comprobante del pago aprobado'));
      return r;
    },
  });

  r.get('/v1/prepagos/:Id/comprobantes/pdf', {
    config: { servicio: 'PAGOS_VER' },
    schema: { tags, summary: 'PDF del comprobante que el proveedor emitió por el pago', params: z.object({ Id: ZId }) },
    handler: async (req, reply) => {
      const { pdf, nombre } = await pdfDePago(ctx, requerirAuth(req), req.params.Id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nombre}"`).send(pdf);
    },
  });

  r.put('/v1/gestion/pagos/:Id/rechazos', {
    config: { servicio: 'PAGOS_GESTIONAR' },
    schema: { tags, summary: 'Rechazar un pago con su motivo', params: z.object({ Id: ZId }), body: ZRechazoPago, response: { 200: ZMensaje, ...errores } },
    handler: async (req) => {
      await servicio.rechazarPago(db, requerirAuth(req), req.params.Id, req.body.Motivo);
      return { Mensaje: 'Pago rechazado' };
    },
  });

  r.get('/v1/gestion/reportes', {
    config: { servicio: 'PLAN_CONFIGURAR' },
    schema: {
      tags,
      summary: 'Pagos por paquete y estado en un rango de fechas (proveedor)',
      querystring: z.object({ desde: z.iso.date('Fecha AAAA-MM-DD'), hasta: z.iso.date('Fecha AAAA-MM-DD') }),
      response: {
        200: z.object({ Data: z.array(z.object({ NombrePaquete: z.string(), Moneda: z.string(), Estado: z.number().int(), DescripcionEstado: z.string(), Cantidad: z.number().int(), Monto: z.string() })) }),
        ...errores,
      },
    },
    handler: async (req) => servicio.reportePagos(db, requerirAuth(req), req.query),
  });

  r.get('/v1/gestion/entidades', {
    config: { servicio: 'PLAN_CONFIGURAR' },
    schema: {
      tags,
      summary: 'Plan y saldo de cada empresa (proveedor)',
      querystring: z.object({ pagina: ZEnteroConsulta(1, MAX_ID, 1), regxpag: ZEnteroConsulta(1, 100, 10) }),
      response: { 200: lista(ZPlanEntidad), ...errores },
    },
    handler: async (req) => servicio.planesEntidades(db, requerirAuth(req), req.query),
  });
}
