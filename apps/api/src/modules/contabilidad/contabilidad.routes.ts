import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCodes, z, ZAmbienteSunat, ZArchivoParams, ZArchivoQuery, ZComprobantesLista, ZConfiguracionSunat, ZConfiguracionSunatGuardar,
  ZConsultaReceptor, ZConsultaReceptorArchivoParams, ZConsultaReceptorRespuesta, ZDocumentoContable, ZDocumentoContableCrear,
  ZDocumentoContableCreado, ZDocumentoContableParams, ZEmisionesQuery, ZError, ZId, ZPlantillaComprobante, ZPlantillaComprobanteGuardar,
  ZConfiguracionPredeterminada, ZParametrosEntidad, ZParametrosGuardar, ZParametrosQuery, ZTicketEscPosQuery,
} from '@yupana/contracts';
import { AppError } from '../../lib/app-error';
import { huellaSolicitud } from '../../lib/idempotencia';
import type { Contexto } from '../../lib/contexto';
import { registrarYContarIntento } from '../../lib/limite-intentos';
import { requerirAuth } from '../../lib/auth';
import * as configuracion from './configuracion/configuracion.service';
import * as plantilla from './configuracion/plantilla.service';
import * as parametros from './configuracion/parametros.service';
import * as consulta from './documentos/consulta.service';
import type { TArchivo } from './documentos/consulta.service';
import { archivoPublico, consultarComprobante } from './documentos/consulta-publica.service';
import { emitirDocumento } from './documentos/emision.service';
import { aFilaContrato, columnasListado } from './documentos/listado.repo';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const comun = { tags: ['contabilidad'], security: [{ bearer: [] }] };
const ZIdempotencia = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key de 8 a 100 caracteres')
    .max(100, 'Idempotency-Key de 8 a 100 caracteres')
    .regex(/^[\x21-\x7E]+$/, 'Idempotency-Key: solo letras, números y signos ASCII, sin espacios')
    .optional(),
});

function enviarArchivo(reply: FastifyReply, a: TArchivo, enLinea = false) {
  return reply
    .header('content-type', a.tipo)
    .header('content-disposition', `${enLinea ? 'inline' : 'attachment'}; filename="${a.nombre}"`)
    .header('cache-control', 'private, no-store')
    .send(a.contenido);
}

export type TOpcionesContabilidad = { limitePublicoPorMinuto?: number };

/** Accounting host (prefix /api/contabilidad): issuing, documents and their files, SUNAT settings, public lookup. */
export async function rutasContabilidad(app: FastifyInstance, ctx: Contexto, opciones: TOpcionesContabilidad = {}): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/documentoContable', {
    config: { servicio: 'DOC_EMITIR' },
    schema: {
      ...comun,
      summary: 'Emitir un comprobante (una transacción: número, XML firmado, cola de envío)',
      description:
        'Con la cabecera Idempotency-Key, repetir la solicitud devuelve el mismo documento y no crea otro; ' +
        'la misma clave con otros datos responde 422 y no emite nada.',
      headers: ZIdempotencia,
      body: ZDocumentoContableCrear,
      response: { 201: ZDocumentoContableCreado, 422: ZError, ...errores },
    },
    handler: async (req, reply) => {
      const clave = req.headers['idempotency-key'];
      const { creado, repetido } = await emitirDocumento(ctx, requerirAuth(req), req.body, clave, clave ? huellaSolicitud(req.body) : undefined);
      if (repetido) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(creado);
    },
  });

  r.get('/v1/documentoContable/:id', {
    config: { servicio: 'DOC_VER' },
    schema: { ...comun, summary: 'Un documento con su estado SUNAT, código y notas', params: ZDocumentoContableParams, response: { 200: ZDocumentoContable, ...errores } },
    handler: async (req) => consulta.obtenerDocumento(ctx.dbh.db, requerirAuth(req).idEmpresa, req.params.id),
  });

  r.get('/v1/documentoContable/:id/archivos/:TipoArchivo', {
    config: { servicio: 'DOC_VER' },
    schema: { ...comun, summary: 'Archivo del documento: 1 PDF, 2 XML firmado, 3 CDR', params: ZArchivoParams, querystring: ZArchivoQuery, response: errores },
    handler: async (req, reply) => {
      const f = await consulta.filaDocumento(ctx.dbh.db, requerirAuth(req).idEmpresa, req.params.id);
      return enviarArchivo(reply, await consulta.archivoDocumento(ctx.dbh.db, f, req.params.TipoArchivo, req.query.formato), req.params.TipoArchivo === 1);
    },
  });

  r.get('/v1/documentoContable/:id/escpos', {
    config: { servicio: 'DOC_VER' },
    schema: {
      ...comun,
      summary: 'El ticket en comandos ESC/POS para una impresora térmica (80 o 58 mm; cajon=1 abre el cajón de dinero tras el corte)',
      params: ZDocumentoContableParams,
      querystring: ZTicketEscPosQuery,
      response: errores,
    },
    handler: async (req, reply) => {
      const f = await consulta.filaDocumento(ctx.dbh.db, requerirAuth(req).idEmpresa, req.params.id);
      return enviarArchivo(reply, await consulta.ticketEscPosDocumento(ctx.dbh.db, f, { ancho: req.query.ancho, cajon: req.query.cajon }), false);
    },
  });

  r.get('/v1/entidades/:id/emisiones', {
    config: { servicio: 'DOC_VER' },
    schema: { ...comun, summary: 'Documentos emitidos a un cliente', params: z.object({ id: ZId }), querystring: ZEmisionesQuery, response: { 200: ZComprobantesLista, ...errores } },
    handler: async (req) => {
      const { filas, total } = await consulta.emisionesDeEntidad(ctx.dbh.db, requerirAuth(req).idEmpresa, req.params.id, req.query.pagina, req.query.regxpag);
      return { Data: filas.map((f) => aFilaContrato(Object.fromEntries(Object.keys(columnasListado).map((k) => [k, f[k as keyof typeof f]])) as never)), Count: total };
    },
  });

  r.get('/v1/configuraciones/sunat', {
    config: { servicio: 'SUNAT_CONFIG_VER' },
    schema: { ...comun, summary: 'Configuración SUNAT de la empresa (sin secretos)', response: { 200: ZConfiguracionSunat, ...errores } },
    handler: async (req) => configuracion.obtenerConfiguracion(ctx.dbh.db, requerirAuth(req).idEmpresa),
  });

  r.put('/v1/configuraciones/sunat', {
    config: { servicio: 'SUNAT_CONFIG_GUARDAR' },
    bodyLimit: 512 * 1024,
    schema: { ...comun, summary: 'Guardar ambiente, certificado digital (.pfx en base64) y clave SOL', body: ZConfiguracionSunatGuardar, response: { 200: ZConfiguracionSunat, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      return configuracion.guardarConfiguracion(ctx.dbh.db, auth.idEmpresa, auth.idUsuario, req.body);
    },
  });

  r.get('/v1/ambiente/sunat', {
    config: { servicio: 'SUNAT_CONFIG_VER' },
    schema: { ...comun, summary: "Ambiente SUNAT de la empresa ('BETA' y 'SIMULADOR' son de prueba)", response: { 200: ZAmbienteSunat, ...errores } },
    handler: async (req) => configuracion.obtenerAmbiente(ctx.dbh.db, requerirAuth(req).idEmpresa),
  });

  // The seed's invoice-template calls (entidades/{id}/plantillascomprobantes): {id} must be the token's company.
  r.get('/v1/entidades/:id/plantillascomprobantes', {
    config: { servicio: 'PLANTILLA_VER' },
    schema: { ...comun, summary: 'Plantilla de comprobantes de la empresa (logo, formato por defecto, texto adicional)', params: z.object({ id: ZId }), response: { 200: ZPlantillaComprobante, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      plantilla.exigirEmpresaPropia(req.params.id, auth.idEmpresa);
      return plantilla.obtenerPlantilla(ctx.dbh.db, auth.idEmpresa);
    },
  });
  for (const metodo of ['put', 'post'] as const)
    r[metodo]('/v1/entidades/:id/plantillascomprobantes', {
      config: { servicio: 'PLANTILLA_GUARDAR' },
      bodyLimit: 512 * 1024,
      schema: { ...comun, summary: 'Guardar la plantilla de comprobantes (logo PNG/JPG en base64, hasta 300 KB)', params: z.object({ id: ZId }), body: ZPlantillaComprobanteGuardar, response: { 200: ZPlantillaComprobante, ...errores } },
      handler: async (req) => {
        const auth = requerirAuth(req);
        plantilla.exigirEmpresaPropia(req.params.id, auth.idEmpresa);
        return plantilla.guardarPlantilla(ctx.dbh.db, auth.idEmpresa, auth.idUsuario, req.body);
      },
    });

  // Billing parameters (seed §3 "Billing parameter" and the Series and entity service's parameter calls).
  const ZTipoParametro = z.object({ IdEntidad: z.number({ error: 'Indique la entidad' }).int().positive(), IdTipo: z.number({ error: 'Indique el tipo' }).int().positive() });
  r.get('/v1/entidades/parametros', {
    config: { servicio: 'PARAMETROS_VER' },
    schema: { ...comun, summary: 'Parámetros de facturación de la empresa (valor guardado o el predeterminado)', querystring: ZParametrosQuery, response: { 200: ZParametrosEntidad, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      if (req.query.identidad !== undefined) plantilla.exigirEmpresaPropia(req.query.identidad, auth.idEmpresa);
      return { Data: await parametros.listarParametros(ctx.dbh.db, auth.idEmpresa, { tipo: req.query.tipo }) };
    },
  });
  r.get('/v1/parametros', {
    config: { servicio: 'PARAMETROS_VER' },
    schema: { ...comun, summary: 'Un parámetro de facturación de la empresa', querystring: ZParametrosQuery, response: { 200: ZParametrosEntidad, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      if (req.query.identidad !== undefined) plantilla.exigirEmpresaPropia(req.query.identidad, auth.idEmpresa);
      return { Data: await parametros.listarParametros(ctx.dbh.db, auth.idEmpresa, { idParametro: req.query.idparametro }) };
    },
  });
  r.post('/v1/entidades/:id/parametros', {
    config: { servicio: 'PARAMETROS_GUARDAR' },
    schema: { ...comun, summary: 'Guardar parámetros de facturación (todo o nada)', params: z.object({ id: ZId }), body: ZParametrosGuardar, response: { 200: ZParametrosEntidad, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      plantilla.exigirEmpresaPropia(req.params.id, auth.idEmpresa);
      return { Data: await parametros.guardarParametros(ctx.dbh.db, auth.idEmpresa, auth.idUsuario, req.body) };
    },
  });
  r.post('/entidad/configuracionpredeterminadaentidad', {
    config: { servicio: 'PARAMETROS_GUARDAR' },
    schema: { ...comun, summary: 'Restablecer los parámetros de facturación predeterminados', body: ZConfiguracionPredeterminada, response: { 200: ZParametrosEntidad, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      plantilla.exigirEmpresaPropia(req.body.IdEntidad, auth.idEmpresa);
      return { Data: await parametros.restablecerParametros(ctx.dbh.db, auth.idEmpresa) };
    },
  });
  r.post('/entidad/configuracion/parametroentidad', {
    config: { servicio: 'PARAMETROS_VER' },
    schema: { ...comun, summary: 'Parámetros de la empresa de un tipo (1 facturación)', body: ZTipoParametro, response: { 200: ZParametrosEntidad, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      plantilla.exigirEmpresaPropia(req.body.IdEntidad, auth.idEmpresa);
      return { Data: await parametros.listarParametros(ctx.dbh.db, auth.idEmpresa, { tipo: req.body.IdTipo }) };
    },
  });

  // The public lookup asks for six exact data of a document, so guessing is the attack: one budget per client IP for
  // the lookup and its file downloads together, kept in the database so it holds across API processes and restarts.
  const maxPorMinuto = opciones.limitePublicoPorMinuto ?? 30;
  const limitePublico = async (req: FastifyRequest) => {
    const { total, segundosParaLiberar } = await registrarYContarIntento(ctx.dbh.db, `consultareceptor:ip:${req.ip}`, 60);
    if (total > maxPorMinuto)
      throw new AppError(ErrorCodes.DEMASIADOS_INTENTOS, `Demasiadas consultas. Inténtelo nuevamente en ${segundosParaLiberar} segundos`, 429, {
        headers: { 'retry-after': String(segundosParaLiberar) },
      });
  };
  r.post('/v1/consultareceptor', {
    config: { publica: true },
    onRequest: limitePublico,
    schema: {
      tags: ['contabilidad'],
      summary: 'Consulta pública de un comprobante por el receptor (todos los datos deben coincidir)',
      body: ZConsultaReceptor,
      response: { 200: ZConsultaReceptorRespuesta, 400: ZError, 404: ZError, 429: ZError },
    },
    handler: async (req) => consultarComprobante(ctx.dbh.db, req.body),
  });

  r.get('/v1/consultareceptor/archivos/:TipoArchivo', {
    config: { publica: true },
    onRequest: limitePublico,
    schema: {
      tags: ['contabilidad'],
      summary: 'Archivo de un comprobante consultado (mismos seis datos en la consulta)',
      params: ZConsultaReceptorArchivoParams,
      querystring: ZConsultaReceptor,
      response: { 400: ZError, 404: ZError, 429: ZError },
    },
    handler: async (req, reply) => enviarArchivo(reply, await archivoPublico(ctx.dbh.db, req.query, req.params.TipoArchivo), req.params.TipoArchivo === 1),
  });
}
