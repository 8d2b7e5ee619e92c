import { z } from '../zod-es';
import { ZEntero } from '../validacion';

// Sales of the company (the /admin/ventas page, permission 120): its issued facturas, boletas and notas de venta,
// net of credit notes and plus debit notes, with totals per day and per payment condition, per currency. Money travels
// as decimal strings.

export const ZVentasQuery = z
  .object({
    desde: z.iso.date({ error: 'Ingrese una fecha válida (AAAA-MM-DD)' }),
    hasta: z.iso.date({ error: 'Ingrese una fecha válida (AAAA-MM-DD)' }),
    /** 0 = every branch of the user. */
    idSucursal: ZEntero({ min: 0 }).default(0),
    pagina: ZEntero({ min: 1 }).default(1),
    regxpag: ZEntero({ min: 1, max: 200 }).default(20),
  })
  .refine((q) => q.desde <= q.hasta, { path: ['hasta'], message: 'La fecha final debe ser igual o posterior a la inicial' });
export type TVentasQuery = z.input<typeof ZVentasQuery>;

export const ZVentaFila = z.object({
  IdDocumento: z.number().int(),
  IdTipoDocumento: z.number().int(),
  TipoDocumento: z.string(),
  Serie: z.string(),
  Correlativo: z.number().int(),
  FechaEmision: z.string(),
  IdSucursal: z.number().int(),
  Cliente: z.string(),
  IdCondicionPago: z.number().int(),
  CondicionPago: z.string(),
  IdMoneda: z.number().int(),
  /** Signed: a credit note's total is negative. */
  MontoTotal: z.string(),
  /** Notes: the sale they modify (F001-12); null for a sale. */
  Afectado: z.string().nullable(),
});
export type TVentaFila = z.infer<typeof ZVentaFila>;

export const ZVentaTotal = z.object({ Clave: z.string(), Nombre: z.string(), IdMoneda: z.number().int(), Cantidad: z.number().int(), MontoTotal: z.string() });
export type TVentaTotal = z.infer<typeof ZVentaTotal>;

export const ZVentas = z.object({
  Data: z.array(ZVentaFila),
  Count: z.number().int(),
  /** Per day (Clave YYYY-MM-DD) and currency. */
  PorDia: z.array(ZVentaTotal),
  /** Per payment condition (Clave = IdCondicionPago) and currency. */
  PorCondicion: z.array(ZVentaTotal),
  /** Whole range per currency. */
  Total: z.array(ZVentaTotal),
});
export type TVentas = z.infer<typeof ZVentas>;
