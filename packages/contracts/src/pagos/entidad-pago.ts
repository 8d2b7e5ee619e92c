import { TipoDocumentoIdentidad, validarDocumentoIdentidad } from '../entidades/documento-identidad';
import { z } from '../zod-es';
import { ZEntero } from '../validacion';

/**
 * The seed's payment entity: who the provider's receipts for a company's payments are made out to. A factura needs a
 * RUC; a boleta goes to a DNI, a RUC or no document. Until the company saves it, it is the company's own data.
 */
export const ZEntidadPago = z.object({
  /** null while the company has not saved its own billing data (the company's data is shown). */
  Id: z.number().int().nullable(),
  IdEntidad: z.number().int(),
  RazonSocial: z.string(),
  IdTipoDocumento: z.number().int(),
  Documento: z.string().nullable(),
  Direccion: z.string().nullable(),
  Correo: z.string().nullable(),
  Telefono: z.string().nullable(),
  TipoComprobante: z.enum(['Factura', 'Boleta']),
  /** 1003 factura, 1004 boleta (the document types of the issuing engine). */
  IdTipoComprobante: z.union([z.literal(1003), z.literal(1004)]),
});
export type TEntidadPago = z.infer<typeof ZEntidadPago>;

/** Document types a payment entity may have: RUC, DNI or none. */
export const TIPOS_DOCUMENTO_ENTIDAD_PAGO = [TipoDocumentoIdentidad.RUC, TipoDocumentoIdentidad.DNI, TipoDocumentoIdentidad.SIN_DOCUMENTO] as const;

const opcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .optional()
    .transform((v) => (v ? v : null));

export const ZEntidadPagoGuardar = z
  .object({
    RazonSocial: z.string().trim().min(1, 'Ingrese la razón social o el nombre').max(200, 'Máximo 200 caracteres'),
    IdTipoDocumento: z.union([z.literal(2), z.literal(1), z.literal(6)], { error: 'Seleccione RUC, DNI o sin documento' }),
    Documento: opcional(15),
    Direccion: opcional(250),
    Correo: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : null))
      .pipe(z.email('Correo no válido').nullable()),
    Telefono: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : null))
      .pipe(z.string().regex(/^\+?\d{6,15}$/, 'Teléfono no válido').nullable()),
    TipoComprobante: z.enum(['Factura', 'Boleta'], { error: 'Elija factura o boleta' }),
  })
  .superRefine((d, ctx) => {
    if (d.TipoComprobante === 'Factura' && d.IdTipoDocumento !== TipoDocumentoIdentidad.RUC)
      ctx.addIssue({ code: 'custom', path: ['IdTipoDocumento'], message: 'La factura se emite a un RUC' });
    if (d.IdTipoDocumento !== TipoDocumentoIdentidad.SIN_DOCUMENTO) {
      const error = d.Documento ? validarDocumentoIdentidad(d.IdTipoDocumento, d.Documento) : 'Ingrese el número de documento';
      if (error) ctx.addIssue({ code: 'custom', path: ['Documento'], message: error });
    }
  });
export type TEntidadPagoGuardar = z.input<typeof ZEntidadPagoGuardar>;

/** One of the provider's receipts for the company's payments (the seed's entidadpago/{id}/comprobantes). */
export const ZComprobanteProveedor = z.object({
  IdPrepago: z.number().int(),
  IdDocContable: z.number().int(),
  Comprobante: z.string().nullable(),
  TipoComprobante: z.enum(['Factura', 'Boleta']),
  FechaEmision: z.string().nullable(),
  Concepto: z.string(),
  Monto: z.string(),
  Moneda: z.string(),
});
export type TComprobanteProveedor = z.infer<typeof ZComprobanteProveedor>;

/** The seed's single payment (pagos/unicos): the lifetime package, bought once. */
export const ZPagoUnicoSolicitud = z.object({
  /** A lifetime package (plan type 5); when omitted, the one on sale. */
  IdPlan: ZEntero({ min: 1 }).optional(),
  RequiereFactura: z.boolean().default(false),
});
