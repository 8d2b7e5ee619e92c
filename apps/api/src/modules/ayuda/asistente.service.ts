import { ID_PARAMETRO_ASISTENTE, TextosAsistente, type TArticuloAyudaResumen, type TMensajeAsistente, type TRespuestaAsistente } from '@yupana/contracts';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { noEncontrado } from '../../lib/app-error';
import { crearFetchVigilado, problemaUrlAsistente, reglasAsistente } from '../../lib/red-saliente';
// eslint-disable-next-line yupana/no-cross-import -- the assistant's switch and webhook are one of the company's entity parameters
import { listarParametros } from '../contabilidad/configuracion/parametros.service';
import { articuloPorSlug, buscarArticulos } from './articulos';

/** The company's webhook gets this long to answer; the user is told to try again after it. */
const ESPERA_WEBHOOK_MS = 15_000;
/** At most this much of the webhook's answer is read (a chat reply, not a download). */
const MAXIMO_RESPUESTA = 64 * 1024;

const fetchAsistente = crearFetchVigilado(reglasAsistente, { conexionMs: 5000 });

/** The assistant's configuration for the caller's company, or null when it is not shown (seed: main brand and 'true'). */
export async function configuracionAsistente(ctx: Contexto, auth: TAuth): Promise<{ webhook: string | null } | null> {
  if (ctx.configPublica.Variante !== 'erp') return null;
  const [p] = await listarParametros(ctx.dbh.db, auth.idEmpresa, { idParametro: ID_PARAMETRO_ASISTENTE });
  if (p?.Valor !== 'true') return null;
  return { webhook: p.Auxiliar1?.trim() || null };
}

/** One chat message: the company's webhook answers it when configured, else the product's help articles. */
export async function responder(ctx: Contexto, auth: TAuth, m: TMensajeAsistente): Promise<TRespuestaAsistente> {
  const config = await configuracionAsistente(ctx, auth);
  if (!config) throw noEncontrado('El Asistente Virtual no está activo para su empresa');
  if (config.webhook) return preguntarAlWebhook(config.webhook, auth, m);
  return responderConLaAyuda(ctx, m.chatInput);
}

/** The seed's chat request to the company's webhook; its answer is read from result, text, output or response. */
async function preguntarAlWebhook(url: string, auth: TAuth, m: TMensajeAsistente): Promise<TRespuestaAsistente> {
  const error = { output: TextosAsistente.ERROR_CONEXION, Fuente: 'error' as const, Articulos: [] };
  // Checked again now: the operator may have narrowed the allow-list since the URL was saved.
  if (problemaUrlAsistente(url)) return error;
  const solicitud = {
    sessionId: m.sessionId,
    chatInput: m.chatInput,
    userId: auth.idUsuario,
    tenantId: auth.idEmpresa,
    ruc: auth.empresa.documento,
    razon_social: auth.empresa.razonSocial,
    messageId: m.messageId,
  };
  let texto: string;
  try {
    const r = await fetchAsistente(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/plain' },
      body: JSON.stringify(solicitud),
      signal: AbortSignal.timeout(ESPERA_WEBHOOK_MS),
    });
    if (!r.ok) return error;
    texto = await leerLimitado(r);
  } catch {
    return error;
  }
  return { output: leerRespuestaWebhook(texto), Fuente: 'webhook', Articulos: [] };
}

async function leerLimitado(r: Response): Promise<string> {
  if (!r.body) return '';
  const lector = r.body.getReader();
  const partes: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await lector.read();
    if (done) break;
    partes.push(value);
    total += value.byteLength;
    if (total >= MAXIMO_RESPUESTA) {
      await lector.cancel();
      break;
    }
  }
  return new TextDecoder().decode(Buffer.concat(partes).subarray(0, MAXIMO_RESPUESTA));
}

/**
 * The seed's reading of the answer: JSON with result, text, output or response (also the first element of an array,
 * as chat-flow tools answer); JSON without them is 'no pude procesar'; not JSON, the raw text; nothing, 'recibido'.
 */
export function leerRespuestaWebhook(texto: string): string {
  const limpio = texto.trim();
  if (!limpio) return TextosAsistente.RECIBIDO;
  let datos: unknown;
  try {
    datos = JSON.parse(limpio);
  } catch {
    return limpio.slice(0, 8000);
  }
  const objeto = Array.isArray(datos) ? datos[0] : datos;
  if (objeto && typeof objeto === 'object') {
    for (const campo of ['result', 'text', 'output', 'response']) {
      const v = (objeto as Record<string, unknown>)[campo];
      if (typeof v === 'string' && v.trim()) return v.slice(0, 8000);
    }
  }
  if (typeof datos === 'string' && datos.trim()) return datos.slice(0, 8000);
  return TextosAsistente.SIN_RESPUESTA;
}

/** Without a webhook: the best help article for the question, in full, and the next ones as suggestions. */
async function responderConLaAyuda(ctx: Contexto, pregunta: string): Promise<TRespuestaAsistente> {
  const db = ctx.dbh.db;
  let hallados: TArticuloAyudaResumen[] = await buscarArticulos(db, pregunta, { todas: true, limite: 3 });
  if (!hallados.length) hallados = await buscarArticulos(db, pregunta, { todas: false, limite: 3 });
  if (!hallados.length)
    return {
      output: 'No encontré un artículo de ayuda sobre eso. Pruebe con otras palabras (por ejemplo *anular factura* o *comprar paquete*), o escriba a un asesor desde el botón **AYUDA**.',
      Fuente: 'ayuda',
      Articulos: [],
    };
  const mejor = await articuloPorSlug(db, hallados[0].Slug);
  const partes = [`**${mejor!.Titulo}**`, mejor!.Contenido];
  if (mejor!.Video) partes.push(`[Ver video](${mejor!.Video})`);
  if (hallados.length > 1) partes.push(`También puede ayudarle: ${hallados.slice(1).map((a) => `*${a.Titulo}*`).join(', ')}.`);
  return { output: partes.join('\n\n'), Fuente: 'ayuda', Articulos: hallados };
}
