import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Contexto } from '../../lib/contexto';
import { guardarMarcasDispositivo, huelleroPorSerie, marcarConexion } from './asistencia.service';
import { comandosParaEnviar, registrarResultados } from './huellero-comandos.service';
import { LimitePorMinuto, SERIE_VALIDA, leerAttlog, respuestaInicio } from './iclock';

/** Largest body a device may push (a few thousand ATTLOG lines); larger is a 413 before anything is read. */
export const LIMITE_CUERPO_ICLOCK = 256 * 1024;

const ZConsultaIclock = z
  .object({
    SN: z.string().max(200).optional(),
    table: z.string().max(50).optional(),
    options: z.string().max(50).optional(),
    Stamp: z.string().max(50).optional(),
  })
  .catchall(z.unknown());

const texto = (reply: FastifyReply, codigo: number, cuerpo: string) => reply.code(codigo).type('text/plain; charset=utf-8').send(cuerpo);

/**
 * ZKTeco push endpoints (/iclock/..., no /api prefix and no token: devices cannot carry one). The serial number is
 * the device's only credential: an unknown or inactive serial is a 403; each serial writes only for workers of the
 * company that registered it. Plain-text answers as the device expects.
 */
export async function rutasIclock(app: FastifyInstance, ctx: Contexto, opciones: { limitePorMinuto?: number } = {}): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limite = new LimitePorMinuto(opciones.limitePorMinuto ?? 600);
  // Devices send text/plain, octet-stream or no type at all: every body is read as text, up to the limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: LIMITE_CUERPO_ICLOCK }, (_req, cuerpo, hecho) => hecho(null, cuerpo));

  const tags = ['rrhh: huelleros (protocolo ZKTeco)'];
  const config = { publica: true };

  /** Rate limit, then the device by its serial; answers itself and returns null when the request must stop. */
  async function dispositivo(req: { ip: string; query: z.output<typeof ZConsultaIclock> }, reply: FastifyReply) {
    if (!limite.permitir(req.ip)) {
      texto(reply.header('retry-after', '60'), 429, 'Demasiadas solicitudes');
      return null;
    }
    const serie = typeof req.query.SN === 'string' ? req.query.SN.trim() : '';
    if (!serie) {
      texto(reply, 400, 'Falta el número de serie (SN)');
      return null;
    }
    const h = SERIE_VALIDA.test(serie) ? await huelleroPorSerie(ctx, serie) : null;
    if (!h) {
      texto(reply, 403, 'Dispositivo no registrado');
      return null;
    }
    await marcarConexion(ctx, h.id);
    return h;
  }

  r.get('/iclock/cdata', {
    config,
    schema: { tags, summary: 'Inicio del huellero (options=all) o latido', querystring: ZConsultaIclock },
    handler: async (req, reply) => {
      const h = await dispositivo(req, reply);
      if (!h) return reply;
      return texto(reply, 200, req.query.options === 'all' ? respuestaInicio(String(req.query.SN).trim()) : 'OK');
    },
  });

  r.post('/iclock/cdata', {
    config,
    bodyLimit: LIMITE_CUERPO_ICLOCK,
    schema: { tags, summary: 'El huellero envía sus registros (table=ATTLOG: marcaciones)', querystring: ZConsultaIclock },
    handler: async (req, reply) => {
      const h = await dispositivo(req, reply);
      if (!h) return reply;
      const cuerpo = typeof req.body === 'string' ? req.body : '';
      if (req.query.table !== 'ATTLOG') return texto(reply, 200, 'OK');
      const { marcas, lineas } = leerAttlog(cuerpo);
      await guardarMarcasDispositivo(ctx, h, marcas);
      // Every line received is acknowledged (also unknown PINs and bad lines), so the device does not resend forever.
      return texto(reply, 200, `OK:${lineas}`);
    },
  });

  r.get('/iclock/getrequest', {
    config,
    schema: { tags, summary: 'El huellero pide comandos pendientes', querystring: ZConsultaIclock },
    handler: async (req, reply) => {
      const h = await dispositivo(req, reply);
      if (!h) return reply;
      const comandos = await comandosParaEnviar(ctx, h.id);
      return texto(reply, 200, comandos.length ? comandos.join('\n') : 'OK');
    },
  });

  r.post('/iclock/devicecmd', {
    config,
    bodyLimit: LIMITE_CUERPO_ICLOCK,
    schema: { tags, summary: 'El huellero informa el resultado de un comando', querystring: ZConsultaIclock },
    handler: async (req, reply) => {
      const h = await dispositivo(req, reply);
      if (!h) return reply;
      await registrarResultados(ctx, h.id, typeof req.body === 'string' ? req.body : '');
      return texto(reply, 200, 'OK');
    },
  });

  r.get('/iclock/ping', {
    config,
    schema: { tags, summary: 'Latido durante envíos grandes', querystring: ZConsultaIclock },
    handler: async (req, reply) => {
      const h = await dispositivo(req, reply);
      if (!h) return reply;
      return texto(reply, 200, 'OK');
    },
  });
}
