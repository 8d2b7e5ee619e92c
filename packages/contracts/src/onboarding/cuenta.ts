import { z } from '../zod-es';

/**
 * "Datos de mi cuenta" of the receipt variant (GET/PUT .../v3/usuarios/universales/{id}): the signed-in user's own data
 * and the contact data of their company. The sign-in name (the e-mail given at registration), the company's tax data
 * and its type are shown read-only: they change through the setup wizard, not here.
 */
export const ZDatosMiCuenta = z.object({
  IdUsuario: z.number().int(),
  Usuario: z.string(),
  Nombres: z.string(),
  Apellidos: z.string(),
  Correo: z.string().nullable(),
  IdEntidadEmpresa: z.number().int(),
  RazonSocial: z.string(),
  DocumentoEmpresa: z.string().nullable(),
  TipoEmpresa: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  Direccion: z.string().nullable(),
  CorreoEmpresa: z.string().nullable(),
  Telefono: z.string().nullable(),
  LogFechacrea: z.string(),
  /** Whether this user may change the company's address, e-mail and phone (the administrator's permission). */
  PuedeEditarEmpresa: z.boolean(),
});
export type TDatosMiCuenta = z.infer<typeof ZDatosMiCuenta>;

/** An optional text field: an empty string from the form is stored as null. */
const opcional = <T extends z.ZodType>(s: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), s.nullable().optional());

export const ZDatosMiCuentaActualizar = z.object({
  Nombres: z.string().trim().min(2, 'Ingrese sus nombres').max(150),
  Apellidos: z.string().trim().max(150).default(''),
  Correo: opcional(z.email('Ingrese un correo válido').trim().toLowerCase().max(150)),
  Telefono: opcional(z.string().trim().regex(/^\d{9}$/, 'Ingrese un celular de 9 dígitos')),
  Direccion: opcional(z.string().trim().max(250, 'La dirección admite hasta 250 caracteres')),
  CorreoEmpresa: opcional(z.email('Ingrese un correo válido').trim().toLowerCase().max(150)),
});
export type TDatosMiCuentaActualizar = z.infer<typeof ZDatosMiCuentaActualizar>;
