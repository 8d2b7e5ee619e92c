import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZError, ZMenuQuery, ZMenuRespuesta, ZUsuario, ZUsuarioParams } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from './auth.hook';
import * as servicio from './usuarios.service';

export async function rutasUsuarios(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v2/usuarios/:id', {
    config: { servicio: 'SEG_CUENTA' },
    schema: {
      tags: ['seguridad'],
      summary: 'Datos de un usuario de la empresa de la sesión',
      security: [{ bearer: [] }],
      params: ZUsuarioParams,
      response: { 200: ZUsuario, 400: ZError, 401: ZError, 404: ZError },
    },
    handler: async (req) => servicio.obtenerUsuario(ctx, requerirAuth(req), req.params.id),
  });

  r.get('/v2/usuarios/:id/permisos/modulos', {
    config: { servicio: 'SEG_CUENTA' },
    schema: {
      tags: ['seguridad'],
      summary: 'Árbol de menú y permisos del usuario',
      security: [{ bearer: [] }],
      params: ZUsuarioParams,
      querystring: ZMenuQuery,
      response: { 200: ZMenuRespuesta, 400: ZError, 401: ZError, 404: ZError },
    },
    handler: async (req) => servicio.menuDeUsuario(ctx, requerirAuth(req), req.params.id, req.query.IdPermiso),
  });

  // The receipt variant's permissions call for universal users (no logInFormat): the same tree.
  r.get('/v3/usuarios/universales/:id/permisos/modulos', {
    config: { servicio: 'SEG_CUENTA' },
    schema: {
      tags: ['seguridad'],
      summary: 'Árbol de menú y permisos del usuario universal (variante de boletas)',
      security: [{ bearer: [] }],
      params: ZUsuarioParams,
      querystring: ZMenuQuery,
      response: { 200: ZMenuRespuesta, 400: ZError, 401: ZError, 404: ZError },
    },
    handler: async (req) => servicio.menuDeUsuario(ctx, requerirAuth(req), req.params.id, req.query.IdPermiso),
  });
}
