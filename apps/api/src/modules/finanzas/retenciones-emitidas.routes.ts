import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAgenteRetencion,
  ZAgenteRetencionGuardar,
  ZComprobanteRetencion,
  ZComprobantesRetencion,
  ZComprobantesRetencionQuery,
  ZError,
  ZIdParams,
  ZPagoCrear,
  ZProveedorRetencion,
  ZProveedorRetencionGuardar,
  ZProveedorRetencionParams,
  ZRetencionCalculo,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as cre from './retenciones-emitidas.service';
import { calcularRetencionPago } from './pagos.service';
import { pdfRetencion } from './retencion-pdf';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError, 409: ZError };

/** Comprobantes de retención the company issues as agente de retención (issue 14), under /api/finanzas. */
export async function rutasRetencionesEmitidas(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['finanzas: retenciones emitidas'];

  r.get('/v1/retenciones-emitidas/agente', {
    config: { servicio: 'FIN_CRE_VER' },
    schema: { tags, security, summary: 'Si la empresa es agente de retención y desde qué fecha', response: { 200: ZAgenteRetencion, ...errores } },
    handler: async (req) => cre.obtenerAgente(ctx, requerirAuth(req)),
  });
  r.put('/v1/retenciones-emitidas/agente', {
    config: { servicio: 'FIN_CRE_GESTIONAR' },
    schema: { tags, security, summary: 'Designación como agente de retención (fecha desde; null: deja de serlo)', body: ZAgenteRetencionGuardar, response: { 200: ZAgenteRetencion, ...errores } },
    handler: async (req) => cre.guardarAgente(ctx, requerirAuth(req), req.body.AgenteRetencionDesde),
  });
  r.get('/v1/retenciones-emitidas/proveedores/:ruc', {
    config: { servicio: 'FIN_CRE_VER' },
    schema: { tags, security, summary: 'Si un proveedor está sujeto a retención', params: ZProveedorRetencionParams, response: { 200: ZProveedorRetencion, ...errores } },
    handler: async (req) => cre.proveedorRetencion(ctx, requerirAuth(req), req.params.ruc),
  });
  r.put('/v1/retenciones-emitidas/proveedores/:ruc', {
    config: { servicio: 'FIN_CRE_GESTIONAR' },
    schema: { tags, security, summary: 'Marcar un proveedor como no sujeto a retención (buen contribuyente, agente de retención o de percepción)', params: ZProveedorRetencionParams, body: ZProveedorRetencionGuardar, response: { 200: ZProveedorRetencion, ...errores } },
    handler: async (req) => cre.proveedorRetencion(ctx, requerirAuth(req), req.params.ruc, req.body.NoSujetoRetencion),
  });
  r.post('/v1/retenciones-emitidas/calculos', {
    config: { servicio: 'FIN_PAGO_REGISTRAR' },
    schema: { tags, security, summary: 'Retención que aplicará un pago a proveedor (mismo cuerpo que el pago; no registra nada)', body: ZPagoCrear, response: { 200: ZRetencionCalculo, ...errores } },
    handler: async (req) => calcularRetencionPago(ctx, requerirAuth(req), req.body),
  });
  r.get('/v1/retenciones-emitidas', {
    config: { servicio: 'FIN_CRE_VER' },
    schema: { tags, security, summary: 'Comprobantes de retención emitidos', querystring: ZComprobantesRetencionQuery, response: { 200: ZComprobantesRetencion, ...errores } },
    handler: async (req) => cre.listarCres(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/retenciones-emitidas/:id', {
    config: { servicio: 'FIN_CRE_VER' },
    schema: { tags, security, summary: 'Un comprobante de retención con sus documentos', params: ZIdParams, response: { 200: ZComprobanteRetencion, ...errores } },
    handler: async (req) => cre.obtenerCre(ctx, requerirAuth(req), req.params.id),
  });
  r.get('/v1/retenciones-emitidas/:id/xml', {
    config: { servicio: 'FIN_CRE_VER' },
    schema: { tags, security, summary: 'XML firmado del comprobante de retención', params: ZIdParams },
    handler: async (req, reply) => {
      const { xml, nombre } = await cre.xmlCre(ctx, requerirAuth(req), req.params.id);
      return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${nombre}.xml"`).send(xml);
    },
  });
  r.get('/v1/retenciones-emitidas/:id/pdf', {
    config: { servicio: 'FIN_CRE_VER' },
    schema: { tags, security, summary: 'Representación impresa (A4) del comprobante de retención', params: ZIdParams },
    handler: async (req, reply) => {
      const { pdf, nombre } = await pdfRetencion(ctx, requerirAuth(req), req.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nombre}"`).send(pdf);
    },
  });
  r.post('/v1/retenciones-emitidas/:id/envios', {
    config: { servicio: 'FIN_CRE_GESTIONAR' },
    schema: { tags, security, summary: 'Reenviar a SUNAT un comprobante de retención pendiente o erróneo (mismo número)', params: ZIdParams, response: { 200: ZComprobanteRetencion, ...errores } },
    handler: async (req) => cre.reenviarCre(ctx, requerirAuth(req), req.params.id),
  });
  r.get('/v1/retenciones-emitidas/:id/reversion/xml', {
    config: { servicio: 'FIN_CRE_VER' },
    schema: { tags, security, summary: 'XML firmado del resumen de reversiones (RR) del comprobante de retención', params: ZIdParams },
    handler: async (req, reply) => {
      const { contenido, nombre } = await cre.reversionCre(ctx, requerirAuth(req), req.params.id, 'xml');
      return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${nombre}"`).send(Buffer.from(contenido));
    },
  });
  r.get('/v1/retenciones-emitidas/:id/reversion/cdr', {
    config: { servicio: 'FIN_CRE_VER' },
    schema: { tags, security, summary: 'CDR de SUNAT del resumen de reversiones (zip)', params: ZIdParams },
    handler: async (req, reply) => {
      const { contenido, nombre } = await cre.reversionCre(ctx, requerirAuth(req), req.params.id, 'cdr');
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${nombre}"`).send(Buffer.from(contenido));
    },
  });
  r.get('/v1/retenciones-emitidas/:id/cdr', {
    config: { servicio: 'FIN_CRE_VER' },
    schema: { tags, security, summary: 'CDR de SUNAT del comprobante de retención (zip)', params: ZIdParams },
    handler: async (req, reply) => {
      const { zip, nombre } = await cre.cdrCre(ctx, requerirAuth(req), req.params.id);
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${nombre}.zip"`).send(Buffer.from(zip));
    },
  });
}
