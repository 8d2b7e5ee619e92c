import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCobroAnular, ZDeduccion, ZDeduccionesDocumento, ZDetraccionCrear, ZError, ZIdParams, ZRetencionCrear } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as deducciones from './deducciones.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };

/** Detracciones and retenciones recorded against receivable and payable documents (issue 14), under /api/finanzas. */
export async function rutasDeducciones(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['finanzas: detracciones y retenciones'];

  r.get('/v1/cuentasporcobrar/:id/deducciones', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags, security, summary: 'Detracciones y retenciones registradas contra un documento por cobrar, con la detracción esperada y la retención sugerida (3 %)', params: ZIdParams, response: { 200: ZDeduccionesDocumento, ...errores } },
    handler: async (req) => deducciones.listarDeDocumento(ctx, requerirAuth(req), 'C', req.params.id),
  });
  r.get('/v1/cuentasporpagar/:id/deducciones', {
    config: { servicio: 'FIN_CXP_VER' },
    schema: { tags, security, summary: 'Detracciones depositadas contra una compra por pagar', params: ZIdParams, response: { 200: ZDeduccionesDocumento, ...errores } },
    handler: async (req) => deducciones.listarDeDocumento(ctx, requerirAuth(req), 'P', req.params.id),
  });
  r.post('/v1/cuentasporcobrar/:id/detracciones', {
    config: { servicio: 'FIN_DETRACCION_REGISTRAR' },
    schema: { tags, security, summary: 'Registrar el depósito de detracción del cliente en nuestra cuenta del Banco de la Nación (constancia): baja el saldo del documento', params: ZIdParams, body: ZDetraccionCrear, response: { 201: ZDeduccion, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await deducciones.registrarDetraccion(ctx, requerirAuth(req), 'C', req.params.id, req.body)),
  });
  r.post('/v1/cuentasporpagar/:id/detracciones', {
    config: { servicio: 'FIN_DETRACCION_REGISTRAR' },
    schema: { tags, security, summary: 'Registrar nuestro depósito de detracción en la cuenta del Banco de la Nación del proveedor (constancia): baja el saldo de la compra', params: ZIdParams, body: ZDetraccionCrear, response: { 201: ZDeduccion, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await deducciones.registrarDetraccion(ctx, requerirAuth(req), 'P', req.params.id, req.body)),
  });
  r.post('/v1/cuentasporcobrar/:id/retenciones', {
    config: { servicio: 'FIN_RETENCION_REGISTRAR' },
    schema: { tags, security, summary: 'Registrar la retención de IGV sufrida (comprobante de retención del cliente): baja el saldo del documento', params: ZIdParams, body: ZRetencionCrear, response: { 201: ZDeduccion, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await deducciones.registrarRetencion(ctx, requerirAuth(req), req.params.id, req.body)),
  });
  r.put('/v1/detracciones/:id/anulaciones', {
    config: { servicio: 'FIN_DETRACCION_ANULAR' },
    schema: { tags, security, summary: 'Anular una detracción (repone el saldo del documento y revierte su asiento)', params: ZIdParams, body: ZCobroAnular, response: { 200: ZDeduccion, ...errores, 409: ZError } },
    handler: async (req) => deducciones.anularDeduccion(ctx, requerirAuth(req), 'D', req.params.id, req.body.Motivo),
  });
  r.put('/v1/retenciones/:id/anulaciones', {
    config: { servicio: 'FIN_RETENCION_ANULAR' },
    schema: { tags, security, summary: 'Anular una retención sufrida (repone el saldo del documento y revierte su asiento)', params: ZIdParams, body: ZCobroAnular, response: { 200: ZDeduccion, ...errores, 409: ZError } },
    handler: async (req) => deducciones.anularDeduccion(ctx, requerirAuth(req), 'R', req.params.id, req.body.Motivo),
  });
}
