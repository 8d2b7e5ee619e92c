import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCanjeLetrasPagar, ZCanjePagarResultado, ZError, ZIdParams, ZLetraAnular, ZLetraPagar, ZLetraPago, ZLetraRenovacion, ZLetrasPagar, ZLetrasPagarQuery, ZPago } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as letras from './letras-pagar.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError, 409: ZError };

/**
 * Letras de cambio por pagar (issue 14, branch letraspagar), under /api/finanzas, in the style of the receivables'
 * letras (documentos/pagares, entidades/documentos/pagares, cobros/pagares) on the supplier side.
 */
export async function rutasLetrasPagar(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['finanzas: letras por pagar'];

  r.get('/v1/proveedores/documentos/pagares', {
    config: { servicio: 'FIN_LETRA_PAGAR_VER' },
    schema: { tags, security, summary: 'Letras de cambio por pagar a proveedores (filtros: estado, proveedor)', querystring: ZLetrasPagarQuery, response: { 200: ZLetrasPagar, ...errores } },
    handler: async (req) => letras.listarLetrasPagar(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/proveedores/documentos/pagares/:id', {
    config: { servicio: 'FIN_LETRA_PAGAR_VER' },
    schema: { tags, security, summary: 'Una letra de cambio por pagar', params: ZIdParams, response: { 200: ZLetraPagar, ...errores } },
    handler: async (req) => letras.obtenerLetraPagar(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/proveedores/documentos/pagares', {
    config: { servicio: 'FIN_LETRA_PAGAR_GESTIONAR' },
    schema: { tags, security, summary: 'Canjear cuotas por pagar de un proveedor (una moneda) por una o varias letras aceptadas', body: ZCanjeLetrasPagar, response: { 201: ZCanjePagarResultado, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await letras.canjearPagar(ctx, requerirAuth(req), req.body)),
  });
  r.post('/v1/pagos/pagares', {
    config: { servicio: 'FIN_LETRA_PAGAR_GESTIONAR' },
    schema: { tags, security, summary: 'Pagar una letra por pagar (todo su saldo) desde una caja o una cuenta bancaria', body: ZLetraPago, response: { 201: ZPago, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await letras.pagarLetra(ctx, requerirAuth(req), req.body)),
  });
  r.post('/v1/proveedores/documentos/pagares/:id/renovaciones', {
    config: { servicio: 'FIN_LETRA_PAGAR_GESTIONAR' },
    schema: { tags, security, summary: 'Renovar una letra por pagar: una nueva por el saldo más el interés del proveedor', params: ZIdParams, body: ZLetraRenovacion, response: { 201: ZLetraPagar, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await letras.renovarLetraPagar(ctx, requerirAuth(req), req.params.id, req.body)),
  });
  r.put('/v1/proveedores/documentos/pagares/:id/anulaciones', {
    config: { servicio: 'FIN_LETRA_PAGAR_GESTIONAR' },
    schema: { tags, security, summary: 'Anular el canje de la letra (ninguna letra pagada): las compras recuperan su saldo', params: ZIdParams, body: ZLetraAnular, response: { 200: ZLetraPagar, ...errores } },
    handler: async (req) => letras.anularCanjePagar(ctx, requerirAuth(req), req.params.id, req.body.Motivo),
  });
}
