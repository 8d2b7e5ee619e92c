import { z } from '../zod-es';

/** Print formats of the invoice template (guías always print in A4). */
export const FormatosImpresion = ['A4', 'TICKET'] as const;
export type TFormatoImpresionEmpresa = (typeof FormatosImpresion)[number];

/** Largest logo accepted, in bytes (decoded). */
export const LOGO_MAXIMO_BYTES = 300 * 1024;

/**
 * Invoice-template settings of a company (the seed's `entidades/{id}/plantillascomprobantes`).
 * GET/PUT (and POST) /api/contabilidad/v1/entidades/{id}/plantillascomprobantes, {id} = the token's company.
 */
export const ZPlantillaComprobanteGuardar = z.object({
  Formato: z.enum(FormatosImpresion, { error: 'Formato: A4 o TICKET' }),
  /** Printed under the legend of every document (bank accounts, return policy...); up to 5 lines. */
  TextoAdicional: z
    .string()
    .trim()
    .max(500, 'Máximo 500 caracteres')
    .refine((s) => s.split('\n').length <= 5, 'Máximo 5 líneas')
    .nullable()
    .optional(),
  /** PNG or JPEG in base64 (a data URL is accepted); omit to keep the stored logo. */
  LogoBase64: z.string().max(Math.ceil((LOGO_MAXIMO_BYTES * 4) / 3) + 100, 'El logo no debe superar los 300 KB').optional(),
  /** Removes the stored logo. */
  QuitarLogo: z.boolean().optional(),
});
export type TPlantillaComprobanteGuardar = z.infer<typeof ZPlantillaComprobanteGuardar>;

export const ZPlantillaComprobante = z.object({
  Formato: z.enum(FormatosImpresion),
  TextoAdicional: z.string().nullable(),
  /** The stored logo as a data URL, for the preview (null without logo). */
  Logo: z.string().nullable(),
});
export type TPlantillaComprobante = z.infer<typeof ZPlantillaComprobante>;
