import { z } from '../zod-es';

/**
 * "Datos de la empresa" (GET/PUT /api/seguridad/v1/empresas/datos): what every document prints as its issuer. The RUC
 * and the company type are read-only here: they are set by the setup wizard, and the RUC never changes once the
 * company has issued a document.
 */
export const ZDatosEmpresa = z.object({
  IdEntidadEmpresa: z.number().int(),
  TipoEmpresa: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  Documento: z.string().nullable(),
  RazonSocial: z.string(),
  Direccion: z.string().nullable(),
  IdUbigeo: z.string().nullable(),
  Correo: z.string().nullable(),
  Telefono: z.string().nullable(),
  /** The wizard is finished: its steps are closed and the data changes here. */
  AsistenteFinalizado: z.boolean(),
  /** Whether the signed-in user may save this form (EMPRESA_DATOS_GUARDAR). */
  PuedeEditar: z.boolean(),
});
export type TDatosEmpresa = z.infer<typeof ZDatosEmpresa>;

const textoOpcional = (max: number, mensaje: string) =>
  z
    .string()
    .trim()
    .max(max, mensaje)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZDatosEmpresaActualizar = z.object({
  RazonSocial: z
    .string({ error: 'Ingrese la razón social' })
    .trim()
    .min(3, 'Ingrese la razón social')
    .max(250, 'La razón social admite hasta 250 caracteres')
    .transform((v) => v.toUpperCase()),
  Direccion: textoOpcional(250, 'La dirección admite hasta 250 caracteres'),
  IdUbigeo: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Seleccione el distrito (ubigeo de 6 dígitos)')
    .nullish()
    .transform((v) => v ?? null),
  Correo: z
    .union([z.literal(''), z.email('Ingrese un correo válido').trim().toLowerCase().max(150)])
    .nullish()
    .transform((v) => (v ? v : null)),
  Telefono: z
    .string()
    .trim()
    .regex(/^\d{6,15}$/, 'Ingrese un teléfono de 6 a 15 dígitos')
    .or(z.literal(''))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TDatosEmpresaActualizar = z.input<typeof ZDatosEmpresaActualizar>;
