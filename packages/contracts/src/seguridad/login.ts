import { z } from '../zod-es';
import { ZId } from '../comun';

export const ZLoginParams = z.object({ IdModulo: ZId });
export type TLoginParams = z.infer<typeof ZLoginParams>;

export const ZLoginRespuesta = z.object({
  AccessToken: z.string(),
  RefreshToken: z.string(),
  TipoToken: z.literal('Bearer'),
  ExpiresIn: z.number().int().describe('Access token lifetime in seconds'),
  TimeLogIn: z.string().describe('ISO timestamp of the sign-in'),
  IdUsuario: z.number().int(),
  Usuario: z.string(),
  IdEntidadEmpresa: z.number().int(),
  DocumentoEmpresa: z.string().nullable().describe('Company RUC; null for a company without RUC'),
  LogIn: z.union([z.literal(0), z.literal(1)]).describe('First-login flag: 0 first sign-in, 1 otherwise'),
});
export type TLoginRespuesta = z.infer<typeof ZLoginRespuesta>;

/** Payload of the signed access token (the seed's names). */
export const ZTokenPayload = z.object({
  IdUsuario: z.number().int(),
  Usuario: z.string(),
  IdEntidadEmpresa: z.number().int(),
  Sucursales: z.array(z.number().int()),
  IdCuenta: z.number().int(),
  DocumentoEmpresa: z.string().nullable(),
});
export type TTokenPayload = z.infer<typeof ZTokenPayload>;
