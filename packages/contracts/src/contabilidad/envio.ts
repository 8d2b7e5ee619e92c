import { z } from '../zod-es';
import { ZEntero } from '../validacion';

/**
 * Sending to SUNAT after issuing: voiding, the resumen diario on demand, regularizaciones (documents stuck in
 * exceptions) and e-mailing a document. The worker's status changes reach the browser as the realtime event
 * 'documento.estado' with ZEventoDocumentoEstado.
 */

/** PUT /api/contabilidad/v1/documentoContable/{id}/anulaciones */
export const ZAnulacionSolicitud = z.object({
  Motivo: z
    .string({ error: 'Indique el motivo de la anulación' })
    .trim()
    .min(3, 'Indique el motivo de la anulación')
    .max(100, 'Máximo 100 caracteres'),
});
export type TAnulacionSolicitud = z.infer<typeof ZAnulacionSolicitud>;

export const ZAnulacionRespuesta = z.object({
  Id: z.number().int(),
  /** Status now: it becomes 10 (anulado) when SUNAT accepts the batch (pushed as 'documento.estado'). */
  IdestadoSunat: z.number().int(),
  /** The RA or RC that carries the void (null for internal documents, voided at once). */
  Lote: z.string().nullable(),
  Mensaje: z.string(),
});
export type TAnulacionRespuesta = z.infer<typeof ZAnulacionRespuesta>;

/** POST /api/contabilidad/v1/resumenes: the resumen diario now (boletas and their notes still pending). */
export const ZResumenSolicitud = z.object({
  /** Include documents issued up to this date (default today, Lima). */
  Hasta: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha con formato AAAA-MM-DD').optional(),
});
export type TResumenSolicitud = z.infer<typeof ZResumenSolicitud>;

export const ZResumenRespuesta = z.object({
  Data: z.array(z.object({ Id: z.number().int(), Nombre: z.string(), Documentos: z.number().int() })),
  Count: z.number().int(),
  Mensaje: z.string(),
});
export type TResumenRespuesta = z.infer<typeof ZResumenRespuesta>;

/** GET /api/contabilidad/v1/resumenes: batches sent (RC resumen diario, RA comunicación de baja). */
export const ZLoteEnvio = z.object({
  Id: z.number().int(),
  Tipo: z.enum(['RC', 'RA']),
  Nombre: z.string(),
  FechaGeneracion: z.string(),
  FechaReferencia: z.string(),
  Estado: z.enum(['GENERADO', 'ENVIADO', 'ACEPTADO', 'RECHAZADO']),
  Ticket: z.string().nullable(),
  CodigoSunat: z.string().nullable(),
  MensajeSunat: z.string().nullable(),
  Documentos: z.number().int(),
});
export type TLoteEnvio = z.infer<typeof ZLoteEnvio>;

export const ZEnvioListaQuery = z.object({
  pagina: ZEntero({ min: 1 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(10),
});

/** GET /api/contabilidad/v1/regularizaciones: documents stuck in exceptions or "erróneo". */
export const ZRegularizacion = z.object({
  IdDocumento: z.number().int(),
  IdTipoDocumento: z.number().int(),
  SerieNumero: z.string(),
  FechaEmision: z.string(),
  MontoTotal: z.string(),
  IdestadoSunat: z.number().int(),
  CodigoSunat: z.string().nullable(),
  MensajeSunat: z.string().nullable(),
  Intentos: z.number().int(),
  UltimoError: z.string().nullable(),
});
export type TRegularizacion = z.infer<typeof ZRegularizacion>;

/** POST .../regularizaciones (one document or all): re-queued under the same number. */
export const ZRegularizacionRespuesta = z.object({ Regularizados: z.number().int() });
export type TRegularizacionRespuesta = z.infer<typeof ZRegularizacionRespuesta>;

/** Realtime event 'documento.estado'. */
export const ZEventoDocumentoEstado = z.object({
  IdDocumento: z.number().int(),
  IdestadoSunat: z.number().int(),
  CodigoSunat: z.string().nullable(),
  MensajeSunat: z.string().nullable(),
});
export type TEventoDocumentoEstado = z.infer<typeof ZEventoDocumentoEstado>;

/** GET/PUT /api/contabilidad/v1/configuraciones/correo: the company's SMTP server. The password never comes back. */
export const ZConfiguracionCorreoGuardar = z.object({
  Host: z.string({ error: 'Indique el servidor SMTP' }).trim().min(1, 'Indique el servidor SMTP').max(200),
  Puerto: ZEntero({ min: 1, max: 65535, mensaje: 'Indique el puerto', mensajeMin: 'Puerto no válido', mensajeMax: 'Puerto no válido' }),
  /** true: TLS from the start (usually 465); false: STARTTLS when offered (587). */
  Seguro: z.boolean().default(false),
  Usuario: z.string().trim().max(200).optional(),
  /** Omit to keep the stored one. */
  Clave: z.string().max(200).optional(),
  Remitente: z.email('Correo del remitente no válido').max(200),
  NombreRemitente: z.string().trim().max(200).optional(),
});
export type TConfiguracionCorreoGuardar = z.infer<typeof ZConfiguracionCorreoGuardar>;

export const ZConfiguracionCorreo = z.object({
  Host: z.string(),
  Puerto: z.number().int(),
  Seguro: z.boolean(),
  Usuario: z.string().nullable(),
  TieneClave: z.boolean(),
  Remitente: z.string(),
  NombreRemitente: z.string().nullable(),
});
export type TConfiguracionCorreo = z.infer<typeof ZConfiguracionCorreo>;

/** POST /api/contabilidad/v1/documentoContable/{id}/correos: the PDF and the signed XML attached. */
export const ZCorreoDocumentoSolicitud = z.object({
  Destinatarios: z
    .array(z.email('Correo no válido'), { error: 'Indique al menos un correo' })
    .min(1, 'Indique al menos un correo')
    .max(10, 'Máximo 10 destinatarios'),
  Mensaje: z.string().trim().max(2000, 'Máximo 2000 caracteres').optional(),
  /** PDF format: A4 (default) or ticket 80 mm. */
  Formato: z.enum(['A4', 'TICKET', 'TICKET58']).default('A4'),
});
export type TCorreoDocumentoSolicitud = z.infer<typeof ZCorreoDocumentoSolicitud>;
