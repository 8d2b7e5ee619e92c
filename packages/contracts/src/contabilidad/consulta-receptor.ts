import { z } from '../zod-es';
import { ZEntero } from '../validacion';

/**
 * Public receiver lookup (/consultareceptor): every field must match one issued document.
 * POST /api/contabilidad/v1/consultareceptor -> summary; GET /api/contabilidad/v1/consultareceptor/archivos/{TipoArchivo}
 * with the same six fields as query -> the file. Rate-limited, no listing.
 */
export const ZConsultaReceptor = z.object({
  RucEmisor: z.string().trim().regex(/^\d{11}$/, 'Se espera 11 dígitos'),
  IdTipoDocumento: ZEntero().refine((n) => [1003, 1004, 1005, 1006, 1007, 3005].includes(n), 'Tipo de comprobante no válido'),
  Serie: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{4}$/, 'Serie de 4 caracteres'),
  Correlativo: ZEntero({ min: 1, max: 99999999, mensaje: 'Número no válido' }),
  FechaEmision: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha con formato AAAA-MM-DD'),
  MontoTotal: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), 'Importe total con hasta 2 decimales'),
});
export type TConsultaReceptor = z.input<typeof ZConsultaReceptor>;

export const ZConsultaReceptorRespuesta = z.object({
  RazonSocialEmisor: z.string(),
  TipoDocumento: z.string(),
  SerieNumero: z.string(),
  FechaEmision: z.string(),
  MontoTotal: z.string(),
  IdMoneda: z.number().int(),
  IdestadoSunat: z.number().int(),
  EstadoSunat: z.string(),
  Archivos: z.array(z.object({ TipoArchivo: z.number().int(), Nombre: z.string() })),
});
export type TConsultaReceptorRespuesta = z.infer<typeof ZConsultaReceptorRespuesta>;

export const ZConsultaReceptorArchivoParams = z.object({
  TipoArchivo: ZEntero().refine((n) => [1, 2, 3].includes(n), 'Tipo de archivo: 1 PDF, 2 XML, 3 CDR'),
});
