import type { FastifyInstance } from 'fastify';
import { ErrorCodes } from '@yupana/contracts';
import { AppError } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import { cargarSesionActiva } from './sesiones.repo';

export type { TAuth } from '../../lib/auth';
export { requerirAuth } from '../../lib/auth';

/**
 * Deny by default: every /api route needs `Authorization: Bearer <access token>` unless its config says
 * `publica: true`. The check is a JWT verification plus one indexed query that confirms the session is still
 * open (logout and password change take effect at once) and loads the company; requests that arrive together share
 * that query (sesiones.repo.ts, VerificadorSesiones), each still answered by a read made after it arrived.
 */
export function registrarAutenticacion(app: FastifyInstance, ctx: Contexto): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config?.publica) return;
    if (!request.url.startsWith('/api/')) return;
    const cabecera = request.headers.authorization;
    const token = cabecera?.startsWith('Bearer ') ? cabecera.slice(7).trim() : '';
    if (!token) throw new AppError(ErrorCodes.NO_AUTENTICADO, undefined, 401);
    const claims = await ctx.tokens.verificarAcceso(token);
    const fila = await cargarSesionActiva(ctx.dbh.db, claims.sid, claims.IdUsuario);
    if (!fila || !fila.sesionVigente) throw new AppError(ErrorCodes.SESION_CERRADA, undefined, 401);
    if (!fila.usuarioActivo) throw new AppError(ErrorCodes.USUARIO_INACTIVO, undefined, 401);
    request.auth = {
      idUsuario: claims.IdUsuario,
      usuario: claims.Usuario,
      idEmpresa: fila.idEmpresa,
      idCuenta: claims.IdCuenta,
      idSesion: claims.sid,
      sucursales: claims.Sucursales,
      empresa: { documento: fila.documentoEmpresa, razonSocial: fila.razonSocialEmpresa, tipoEmpresa: fila.tipoEmpresa },
    };
    // Every later log line of this request says who made it.
    request.log = request.log.child({ idUsuario: claims.IdUsuario, idEmpresa: fila.idEmpresa });
  });
}

/** The realtime hub's handshake check: the same token and open-session checks as a request, without throwing. */
export async function identidadDeToken(ctx: Contexto, token: string): Promise<{ idUsuario: number; idEmpresa: number; idSesion: number } | null> {
  try {
    const claims = await ctx.tokens.verificarAcceso(token);
    const fila = await cargarSesionActiva(ctx.dbh.db, claims.sid, claims.IdUsuario);
    if (!fila || !fila.sesionVigente || !fila.usuarioActivo) return null;
    return { idUsuario: claims.IdUsuario, idEmpresa: fila.idEmpresa, idSesion: claims.sid };
  } catch {
    return null;
  }
}
