import { z } from '../zod-es';
import { ZEntero } from '../validacion';

/** Plan types whose paid packages are offered on the purchase list (seed section 2). */
export const TIPOS_PLAN_COMPRABLES = [1, 2, 5] as const;

/** General payment status (seed section 4). */
export const EstadoPago = { PENDIENTE: 1, EN_PROCESO: 2, PARCIAL: 3, PAGADO: 4, FACTURADO: 5, RECHAZADO: 6, ANULADO: 7 } as const;
export const DescripcionEstadoPago: Record<number, string> = {
  1: 'Pendiente',
  2: 'En proceso',
  3: 'Pagado parcialmente',
  4: 'Pagado',
  5: 'Facturado',
  6: 'Rechazado',
  7: 'Anulado',
};
/** Payment kinds: 1 manual (voucher), 2 gateway, 3 recurring, 4 configure. */
export const TipoPago = { MANUAL: 1, PASARELA: 2, RECURRENTE: 3, CONFIGURAR: 4 } as const;

/** The prepaid list's server codes: 33 paid, 34 annulled or rejected; anything else is still in process. */
export const CODIGO_PREPAGO_PAGADO = 33;
export const CODIGO_PREPAGO_ANULADO = 34;
export const CODIGO_PREPAGO_EN_PROCESO = 32;

export function codigoPrepago(estadoPago: number): number {
  if (estadoPago === EstadoPago.PAGADO || estadoPago === EstadoPago.FACTURADO) return CODIGO_PREPAGO_PAGADO;
  if (estadoPago === EstadoPago.RECHAZADO || estadoPago === EstadoPago.ANULADO) return CODIGO_PREPAGO_ANULADO;
  return CODIGO_PREPAGO_EN_PROCESO;
}

/** The web's mapping of the prepaid status: 33 -> 1 (paid), 34 -> 3, any other -> 2. */
export function estadoPrepagoVista(codigo: number): 1 | 2 | 3 {
  return codigo === CODIGO_PREPAGO_PAGADO ? 1 : codigo === CODIGO_PREPAGO_ANULADO ? 3 : 2;
}

const ZMonto = z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'Ingrese un monto válido (hasta dos decimales)');

export const ZCaracteristica = z.object({
  Descripcion: z.string().trim().min(1, 'Ingrese la característica').max(200),
  /** 1 primary, 2 secondary. */
  Tipo: z.union([z.literal(1), z.literal(2)]),
});

/** A plan (package) of the provider's catalogue. */
export const ZPlan = z.object({
  Id: z.number().int(),
  IdPaquete: z.number().int(),
  Nombre: z.string(),
  Descripcion: z.string().nullable(),
  Grupo: z.string().nullable(),
  TipoPlan: z.number().int(),
  TipoPlanDesc: z.string(),
  Precio: z.string(),
  IdMoneda: z.number().int(),
  Moneda: z.string(),
  Caracteristicas: z.array(z.string()),
  CaracteristicasSecundarias: z.array(z.string()),
  CantidadMaxima: z.number().int(),
  Gratuito: z.boolean(),
  TiempoPago: z.string(),
  DiasVigencia: z.number().int(),
  Color: z.string().nullable(),
  LogEstado: z.number().int(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZPlanGuardar = z.object({
  Nombre: z.string().trim().min(1, 'Ingrese el nombre del plan').max(100),
  Descripcion: z.string().trim().max(500).nullable().default(null),
  Grupo: z.string().trim().max(60).nullable().default(null),
  TipoPlan: ZEntero({ min: 1, max: 9, mensajeMin: 'Seleccione el tipo de plan' }),
  Precio: ZMonto.default('10.00'),
  IdMoneda: z.union([z.literal(1), z.literal(2)]).default(1),
  Caracteristicas: z.array(ZCaracteristica).max(30).default([]),
  CantidadMaxima: ZEntero({ min: 0, max: 10_000_000, mensajeMin: 'Debe ser cero o más' }).default(500),
  Gratuito: z.boolean().default(false),
  TiempoPago: z.string().trim().min(1).max(40).default('1 año'),
  DiasVigencia: ZEntero({ min: 1, max: 3650, mensajeMin: 'Debe ser al menos un día' }).default(365),
  Color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use un color #RRGGBB').nullable().default(null),
  LogEstado: z.union([z.literal(0), z.literal(1)]).default(1),
});
export type TPlanGuardar = z.infer<typeof ZPlanGuardar>;

/**
 * `GET {id}/paquetes`: the seed reads `data` with `planes` and `caracteristicasPaquete` (one row per feature line of a
 * plan); `Data`/`Count` carry the same plans for the web's paged tables.
 */
export const ZPaquetes = z.object({
  Data: z.array(ZPlan),
  Count: z.number().int(),
  data: z.object({
    planes: z.array(ZPlan),
    caracteristicasPaquete: z.array(z.object({ IdPlan: z.number().int(), IdPaquete: z.number().int(), Descripcion: z.string(), Secundaria: z.boolean(), Orden: z.number().int() })),
  }),
});
export type TPaquetes = z.infer<typeof ZPaquetes>;

export const ZPaquetesConsulta = z.object({
  FiltroPersonalizado: z.string().trim().max(100).optional(),
  nropagina: ZEntero({ min: 1 }).default(1),
  regxpagina: ZEntero({ min: 1, max: 500 }).default(50),
  /** 'comprables': only the purchase list (non-free, plan type 1, 2 or 5); 'todos' for the provider's configuration. */
  vista: z.enum(['comprables', 'todos']).default('comprables'),
});

/** Balance of document allowances with the 'Calculados' variants and the banner inputs. */
export const ZSaldo = z.object({
  NumeroComprobantesContablesDisponibles: z.number().int(),
  NumeroComprobantesInternosDisponibles: z.number().int(),
  NumeroComprobantesContablesUsados: z.number().int(),
  NumeroComprobantesInternosUsados: z.number().int(),
  NumeroComprobantesContablesDisponiblesCalculados: z.number().int(),
  NumeroComprobantesInternosDisponiblesCalculados: z.number().int(),
  NumeroComprobantesContablesUsadosCalculados: z.number().int(),
  NumeroComprobantesInternosUsadosCalculados: z.number().int(),
  FechaVencimiento: z.string().nullable(),
  TipoEmpresa: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  NombrePlan: z.string().nullable(),
  /** Days left of the lifetime-payment promotion (null: none configured). */
  DiasPromocion: z.number().int().nullable(),
  /** Demo trial validity (null for non-demo companies). */
  Demo: z.object({ FechaFin: z.string(), DiasRestantes: z.number().int(), Vencido: z.boolean() }).nullable(),
});
export type TSaldo = z.infer<typeof ZSaldo>;

/** The seed's payment record of the prepaid list. */
export const ZPrepago = z.object({
  IdPrepago: z.number().int(),
  Orden: z.number().int(),
  NombrePaquete: z.string(),
  FechaPago: z.string(),
  Comprobante: z.string().nullable(),
  Monto: z.string(),
  Moneda: z.string(),
  Estado: z.number().int(),
  DescripcionEstado: z.string(),
  IdDocContable: z.number().int().nullable(),
  TieneVoucher: z.boolean(),
  MotivoRechazo: z.string().nullable(),
});
export type TPrepago = z.infer<typeof ZPrepago>;

export const ZPrepagosConsulta = z.object({
  NroPagina: ZEntero({ min: 1 }).default(1),
  RegxPag: ZEntero({ min: 1, max: 100 }).default(10),
});

/** Buying a package: the plan and who the provider's receipt is made out to. */
export const ZPrepagoSolicitud = z.object({
  IdPlan: ZEntero({ min: 1, mensajeMin: 'Seleccione un paquete' }),
  /** true: factura to the company's RUC; false: boleta. */
  RequiereFactura: z.boolean().default(false),
});

export const TIPOS_VOUCHER = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export const TAMANHO_MAXIMO_VOUCHER = 2 * 1024 * 1024;

export const ZVoucherSubida = z.object({
  NombreArchivo: z.string().trim().min(1).max(150),
  TipoContenido: z.enum(TIPOS_VOUCHER, { error: 'El comprobante de pago debe ser una imagen (PNG o JPG) o un PDF' }),
  ContenidoBase64: z.string().min(1, 'Adjunte el comprobante de pago'),
  NumeroOperacion: z.string().trim().max(40).optional(),
});

/** One row of the provider's payments inbox. */
export const ZPagoGestion = z.object({
  IdPago: z.number().int(),
  IdEmpresa: z.number().int(),
  RazonSocial: z.string(),
  Documento: z.string().nullable(),
  NombrePaquete: z.string(),
  Monto: z.string(),
  Moneda: z.string(),
  Estado: z.number().int(),
  DescripcionEstado: z.string(),
  FechaPago: z.string(),
  TieneVoucher: z.boolean(),
  NumeroOperacion: z.string().nullable(),
  MotivoRechazo: z.string().nullable(),
  RequiereFactura: z.boolean(),
});
export type TPagoGestion = z.infer<typeof ZPagoGestion>;

export const ZGestionConsulta = z.object({
  estado: ZEntero({ min: 0, max: 7 }).default(0),
  pagina: ZEntero({ min: 1 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(10),
});

export const ZRechazoPago = z.object({ Motivo: z.string().trim().min(3, 'Indique el motivo del rechazo').max(300) });

/** Which company has which plan (provider side). */
export const ZPlanEntidad = z.object({
  IdEmpresa: z.number().int(),
  RazonSocial: z.string(),
  Documento: z.string().nullable(),
  TipoEmpresa: z.number().int(),
  NombrePlan: z.string().nullable(),
  FechaVencimiento: z.string().nullable(),
  NumeroComprobantesContablesDisponibles: z.number().int(),
  NumeroComprobantesContablesUsados: z.number().int(),
});
export type TPlanEntidad = z.infer<typeof ZPlanEntidad>;

/** A pending document owed to the provider (the debts page). */
export const ZDeudaDocumento = z.object({
  IdPago: z.number().int(),
  Comprobante: z.string().nullable(),
  IdDocContable: z.number().int().nullable(),
  Concepto: z.string(),
  FechaEmision: z.string(),
  MonedaAbrev: z.string(),
  Monto: z.string(),
  Estado: z.number().int(),
  DescripcionEstado: z.string(),
});
export type TDeudaDocumento = z.infer<typeof ZDeudaDocumento>;

export const ZResumenDeuda = z.object({
  Resumen: z.array(z.object({ idMoneda: z.number().int(), monedaAbrev: z.string(), nroDocsDeuda: z.number().int(), montoDeuda: z.string() })),
  Documentos: z.array(ZDeudaDocumento),
  Hoy: z.string(),
});
export type TResumenDeuda = z.infer<typeof ZResumenDeuda>;
