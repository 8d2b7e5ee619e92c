import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZConfigPublica, ZSalud } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';

const inicio = Date.now();

export async function rutasSistema(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/health', {
    config: { publica: true },
    schema: { tags: ['sistema'], summary: 'Estado del servicio y de la base de datos', response: { 200: ZSalud, 503: ZSalud } },
    handler: async (req, reply) => {
      let baseDatos: 'ok' | 'error' = 'ok';
      try {
        await ctx.dbh.ping();
      } catch (err) {
        req.log.error({ err }, 'la base de datos no responde');
        baseDatos = 'error';
      }
      const estado = baseDatos === 'ok' ? 'ok' : 'error';
      return reply.code(estado === 'ok' ? 200 : 503).send({
        estado,
        baseDatos,
        motorBaseDatos: ctx.dbh.motor,
        version: ctx.version,
        tiempoActivoSegundos: Math.floor((Date.now() - inicio) / 1000),
      });
    },
  });

  r.get('/config/publica', {
    config: { publica: true },
    schema: { tags: ['sistema'], summary: 'Datos públicos de la marca y de soporte', response: { 200: ZConfigPublica } },
    handler: async () => ctx.configPublica,
  });
}
