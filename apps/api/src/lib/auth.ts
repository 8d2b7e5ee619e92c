import type { FastifyRequest } from 'fastify';
import { ErrorCodes } from '@yupana/contracts';
import { AppError } from './app-error';

/**
 * Who is calling, from the verified token and the session row (never from the request body). Set by the security
 * module's authentication hook; every module reads it through `requerirAuth`, so modules do not import each other.
 */
export type TAuth = {
  idUsuario: number;
  usuario: string;
  idEmpresa: number;
  idCuenta: number;
  idSesion: number;
  sucursales: number[];
  empresa: { documento: string | null; razonSocial: string; tipoEmpresa: number };
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuth | null;
  }
  interface FastifyContextConfig {
    /** A public route skips authentication; every other /api route requires a valid access token. */
    publica?: boolean;
    /** The service (packages/contracts/src/servicios) the caller's roles must grant; enforced by seguridad/autorizacion. */
    servicio?: string;
  }
}

export function requerirAuth(request: FastifyRequest): TAuth {
  if (!request.auth) throw new AppError(ErrorCodes.NO_AUTENTICADO, undefined, 401);
  return request.auth;
}
