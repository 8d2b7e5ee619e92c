import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MODULO_ERP,
  motivoTextoNoPermitido,
  ZCambioContrasenhaSolicitud,
  ZError,
  ZLoginParams,
  ZLoginRespuesta,
  ZLogoutSolicitud,
  ZMensaje,
  ZRefreshRespuesta,
  ZRefreshSolicitud,
} from '@yupana/contracts';
import { errorDeCampo } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from './auth.hook';
import * as servicio from './auth.service';

/** Reads `Authorization: Basic base64(usuario:contraseña)` (the seed's sign-in call). */
function leerBasic(cabecera: string | undefined): { usuario: string; contrasenha: string } {
  const m = cabecera?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/);
  const texto = m ? Buffer.from(m[1], 'base64').toString('utf8') : '';
  const separador = texto.indexOf(':');
  if (separador < 1 || texto.length > 400) throw errorDeCampo('Authorization', 'Debe enviar su usuario y contraseña');
  // The header is outside the request guard (lib/texto-seguro.ts): a NUL would reach PostgreSQL through the attempt
  // log and the user lookup; no real user name or password carries one.
  if (motivoTextoNoPermitido(texto))
    throw errorDeCampo('Authorization', 'El usuario o la contraseña contienen caracteres no permitidos');
  return { usuario: texto.slice(0, separador), contrasenha: texto.slice(separador + 1) };
}

const origen = (req: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
  ip: req.ip ?? null,
  agente: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
});

export async function rutasAuth(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v3/usuarios/login/:IdModulo', {
    config: { publica: true },
    schema: {
      tags: ['seguridad'],
      summary: 'Iniciar sesión (Authorization: Basic base64(usuario:contraseña))',
      security: [{ basic: [] }],
      params: ZLoginParams,
      response: { 200: ZLoginRespuesta, 400: ZError, 401: ZError, 403: ZError, 429: ZError },
    },
    handler: async (req) => servicio.login(ctx, leerBasic(req.headers.authorization), req.params.IdModulo, origen(req)),
  });

  // The receipt variant's account sign-in (universal users): the same credentials, limits and session as the ERP's.
  r.post('/v3/usuarios/universales/cuenta/login', {
    config: { publica: true },
    schema: {
      tags: ['seguridad'],
      summary: 'Iniciar sesión con la cuenta (variante de boletas; Authorization: Basic base64(usuario:contraseña))',
      security: [{ basic: [] }],
      response: { 200: ZLoginRespuesta, 400: ZError, 401: ZError, 403: ZError, 429: ZError },
    },
    handler: async (req) => servicio.login(ctx, leerBasic(req.headers.authorization), MODULO_ERP, origen(req)),
  });

  // v2 is the main brand's refresh call, v1 the receipt variant's (the seed's two versions): same body, same rotation.
  for (const version of ['v2', 'v1'] as const) {
    r.post(`/${version}/usuarios/refreshtoken`, {
      config: { publica: true },
      schema: {
        tags: ['seguridad'],
        summary: `Renovar el token de acceso (rota el refresh token)${version === 'v1' ? ' — variante de boletas' : ''}`,
        body: ZRefreshSolicitud,
        response: { 200: ZRefreshRespuesta, 400: ZError, 401: ZError },
      },
      handler: async (req) => servicio.refrescar(ctx, { refreshToken: req.body.RefreshToken, accessToken: req.body.AccessToken }, req.log),
    });
  }

  // Public on purpose: the browser must be able to end its session even with an expired access token;
  // holding the refresh token is the proof.
  r.post('/v2/usuarios/logout', {
    config: { publica: true },
    schema: {
      tags: ['seguridad'],
      summary: 'Cerrar la sesión en el servidor',
      body: ZLogoutSolicitud,
      response: { 200: ZMensaje, 400: ZError },
    },
    handler: async (req) => {
      await servicio.logout(ctx, req.body.RefreshToken);
      return { Mensaje: 'Sesión cerrada' };
    },
  });

  r.post('/v2/usuarios/contrasenhas', {
    config: { servicio: 'SEG_CUENTA' },
    schema: {
      tags: ['seguridad'],
      summary: 'Cambiar la contraseña propia (cierra las demás sesiones)',
      security: [{ bearer: [] }],
      body: ZCambioContrasenhaSolicitud,
      response: { 200: ZMensaje, 400: ZError, 401: ZError, 403: ZError, 429: ZError },
    },
    handler: async (req) => {
      await servicio.cambiarContrasenha(ctx, requerirAuth(req), req.body, origen(req));
      return { Mensaje: 'Contraseña actualizada correctamente' };
    },
  });
}
