import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCanjeLetras, ZCanjeResultado, ZError, ZIdParams, ZLetra, ZLetraAnular, ZLetraCobro, ZLetraOrdenBanco, ZLetraProtesto, ZLetraRenovacion, ZLetras, ZLetrasQuery } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as letras from './letras.service';
import { pdfLetra } from './letra-pdf';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError, 409: ZError };

/** Letras de cambio por cobrar (issue 14), under /api/finanzas with the seed's paths (pagares). */
export async function rutasLetras(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['finanzas: letras de cambio'];

  r.get('/v1/documentos/pagares', {
    config: { servicio: 'FIN_LETRA_VER' },
    schema: { tags, security, summary: 'Letras de cambio por cobrar (filtros: estado, cliente, rango de vencimiento)', querystring: ZLetrasQuery, response: { 200: ZLetras, ...errores } },
    handler: async (req) => letras.listarLetras(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/documentos/pagares/:id', {
    config: { servicio: 'FIN_LETRA_VER' },
    schema: { tags, security, summary: 'Una letra de cambio', params: ZIdParams, response: { 200: ZLetra, ...errores } },
    handler: async (req) => letras.obtenerLetra(ctx, requerirAuth(req), req.params.id),
  });
  r.get('/v1/documentos/pagares/:id/pdf', {
    config: { servicio: 'FIN_LETRA_VER' },
    schema: { tags, security, summary: 'La letra de cambio (PDF A4)', params: ZIdParams },
    handler: async (req, reply) => {
      const { pdf, nombre } = await pdfLetra(ctx, requerirAuth(req), req.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nombre}"`).send(pdf);
    },
  });
  r.post('/v1/entidades/documentos/pagares', {
    config: { servicio: 'FIN_LETRA_GESTIONAR' },
    schema: { tags, security, summary: 'Canjear cuotas por cobrar de un cliente (una moneda) por una o varias letras', body: ZCanjeLetras, response: { 201: ZCanjeResultado, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await letras.canjear(ctx, requerirAuth(req), req.body)),
  });
  r.post('/v1/ordenes/cobros/pagares', {
    config: { servicio: 'FIN_LETRA_GESTIONAR' },
    schema: { tags, security, summary: 'Enviar una letra al banco: en cobranza o descontada (interés)', body: ZLetraOrdenBanco, response: { 200: ZLetra, ...errores } },
    handler: async (req) => letras.enviarAlBanco(ctx, requerirAuth(req), req.body),
  });
  r.post('/v1/cobros/pagares', {
    config: { servicio: 'FIN_LETRA_GESTIONAR' },
    schema: { tags, security, summary: 'Cobrar una letra (todo su saldo) en una caja o cuenta bancaria', body: ZLetraCobro, response: { 201: ZLetra, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await letras.cobrarLetra(ctx, requerirAuth(req), req.body)),
  });
  r.put('/v1/documentos/pagares/:id/protestos', {
    config: { servicio: 'FIN_LETRA_GESTIONAR' },
    schema: { tags, security, summary: 'Protestar una letra vencida (vuelve a cartera; gastos de protesto)', params: ZIdParams, body: ZLetraProtesto, response: { 200: ZLetra, ...errores } },
    handler: async (req) => letras.protestar(ctx, requerirAuth(req), req.params.id, req.body),
  });
  r.post('/v1/documentos/pagares/:id/renovaciones', {
    config: { servicio: 'FIN_LETRA_GESTIONAR' },
    schema: { tags, security, summary: 'Renovar una letra: una nueva por el saldo más el interés', params: ZIdParams, body: ZLetraRenovacion, response: { 201: ZLetra, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await letras.renovar(ctx, requerirAuth(req), req.params.id, req.body)),
  });
  r.put('/v1/documentos/pagares/:id/anulaciones', {
    config: { servicio: 'FIN_LETRA_GESTIONAR' },
    schema: { tags, security, summary: 'Anular el canje de la letra (sin movimientos): las cuotas recuperan su saldo', params: ZIdParams, body: ZLetraAnular, response: { 200: ZLetra, ...errores } },
    handler: async (req) => letras.anularLetra(ctx, requerirAuth(req), req.params.id, req.body.Motivo),
  });
}
