import { z } from '../zod-es';
import { ZTexto } from '../validacion';

/**
 * The product's own help (issue 11): Spanish articles kept as Markdown in the repository (apps/api/src/modules/ayuda/
 * articulos), searched with PostgreSQL's full-text search, shown in the AYUDA panel and used by the virtual assistant
 * (seed "Asistente Virtual", Smarty) when the company has no chat webhook of its own.
 */
export const ZArticuloAyudaResumen = z.object({
  Slug: z.string(),
  Titulo: z.string(),
  Resumen: z.string(),
  /** Where in the app the article's task is done (a path of this app), if any. */
  Ruta: z.string().nullable(),
});
export type TArticuloAyudaResumen = z.infer<typeof ZArticuloAyudaResumen>;

export const ZArticuloAyuda = ZArticuloAyudaResumen.extend({
  /** Markdown (a small subset: paragraphs, **bold**, *italic*, `code`, lists, [links](...)). */
  Contenido: z.string(),
  /** A video that shows the task, if any (the assistant offers it as a 'Ver video' button). */
  Video: z.string().nullable(),
});
export type TArticuloAyuda = z.infer<typeof ZArticuloAyuda>;

/** GET /api/sistema/v1/ayuda/articulos?buscar=: every article without a search; the best matches with one. */
export const ZArticulosAyudaQuery = z.object({ buscar: ZTexto(200).optional() });
export const ZArticulosAyuda = z.object({ Data: z.array(ZArticuloAyudaResumen) });
export const ZArticuloAyudaParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/, 'Artículo no válido') });

/**
 * The seed's chat request. The client sends sessionId, chatInput and messageId; the server adds userId, tenantId, ruc
 * and razon_social from the session (never trusted from the browser) before posting it to the company's webhook.
 */
export const ZMensajeAsistente = z.object({
  sessionId: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Sesión de chat no válida'),
  chatInput: ZTexto(2000, { min: 1, mensajeMin: 'Escriba un mensaje' }),
  messageId: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Mensaje no válido'),
});
export type TMensajeAsistente = z.infer<typeof ZMensajeAsistente>;

/** The bot's answer (Markdown) and where it came from: the company's webhook, or the product's help articles. */
export const ZRespuestaAsistente = z.object({
  output: z.string(),
  Fuente: z.enum(['webhook', 'ayuda', 'error']),
  Articulos: z.array(ZArticuloAyudaResumen),
});
export type TRespuestaAsistente = z.infer<typeof ZRespuestaAsistente>;

/** Whether the assistant is shown to this user's company (entity parameter 103 'true' and the main brand). */
export const ZEstadoAsistente = z.object({ Activo: z.boolean() });

/** The seed's texts of the chat. */
export const TextosAsistente = {
  SALUDO: '¡Hola! ¿Te puedo ayudar?',
  MARCADOR: 'Escribe un mensaje',
  ERROR_CONEXION: 'Lo siento, hubo un error de conexión. Intenta de nuevo.',
  SIN_RESPUESTA: 'Lo siento, no pude procesar tu mensaje.',
  RECIBIDO: 'Mensaje recibido correctamente.',
} as const;

/** Entity parameter of the assistant (seed: Valor 'true' shows it; Auxiliar1 is the chat webhook URL). */
export const ID_PARAMETRO_ASISTENTE = 103;
