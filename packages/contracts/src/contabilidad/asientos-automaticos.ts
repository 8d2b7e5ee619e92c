import { z } from '../zod-es';
import { ZEntero, ZId, textoPermitido } from '../validacion';

/**
 * Automatic entries and financial statements (issue 15, second part): which account each tax, payment means, document
 * type, sale and cost of sales posts to (per company, PCGE defaults), the estado de situación financiera, the estado
 * de resultados (por naturaleza y por función) and the closing of a year.
 */

/** Every mapping key with its label, group and the PCGE 2019 account used when the company has not chosen one. */
export const MapeosContables = {
  COBRAR_FACTURA: { Grupo: 'Tipo de documento', Descripcion: 'Facturas por cobrar', Defecto: '1212' },
  COBRAR_BOLETA: { Grupo: 'Tipo de documento', Descripcion: 'Boletas de venta por cobrar', Defecto: '1212' },
  COBRAR_NOTA_CREDITO: { Grupo: 'Tipo de documento', Descripcion: 'Notas de crédito', Defecto: '1212' },
  COBRAR_NOTA_DEBITO: { Grupo: 'Tipo de documento', Descripcion: 'Notas de débito por cobrar', Defecto: '1212' },
  IGV: { Grupo: 'Tributos', Descripcion: 'IGV de ventas', Defecto: '40111' },
  ICBPER: { Grupo: 'Tributos', Descripcion: 'Impuesto a las bolsas plásticas (ICBPER)', Defecto: '40189' },
  ISC: { Grupo: 'Tributos', Descripcion: 'Impuesto selectivo al consumo (ISC)', Defecto: '4012' },
  VENTAS: { Grupo: 'Ventas y costo', Descripcion: 'Ventas de mercaderías', Defecto: '70111' },
  COSTO_VENTAS: { Grupo: 'Ventas y costo', Descripcion: 'Costo de ventas (salidas de almacén)', Defecto: '6911' },
  MERCADERIAS: { Grupo: 'Ventas y costo', Descripcion: 'Mercaderías (existencias)', Defecto: '2011' },
  CAJA: { Grupo: 'Medios de pago', Descripcion: 'Efectivo (caja)', Defecto: '101' },
  BANCO: { Grupo: 'Medios de pago', Descripcion: 'Bancos (depósitos, transferencias, tarjetas, billeteras)', Defecto: '1041' },
  INGRESO_CAJA: { Grupo: 'Movimientos de caja', Descripcion: 'Contrapartida de ingresos de caja', Defecto: '759' },
  EGRESO_CAJA: { Grupo: 'Movimientos de caja', Descripcion: 'Contrapartida de egresos de caja', Defecto: '659' },
  COMPRAS: { Grupo: 'Compras', Descripcion: 'Compras de mercaderías', Defecto: '6011' },
  IGV_COMPRAS: { Grupo: 'Compras', Descripcion: 'IGV de compras (crédito fiscal)', Defecto: '40111' },
  POR_PAGAR: { Grupo: 'Compras', Descripcion: 'Facturas por pagar a proveedores', Defecto: '4212' },
  POR_PAGAR_NOTA_CREDITO: { Grupo: 'Compras', Descripcion: 'Notas de crédito de proveedores', Defecto: '4212' },
  VARIACION_MERCADERIAS: { Grupo: 'Compras', Descripcion: 'Variación de mercaderías', Defecto: '6111' },
  PERDIDA_CAMBIO: { Grupo: 'Diferencia de cambio', Descripcion: 'Pérdida por diferencia de cambio', Defecto: '676' },
  GANANCIA_CAMBIO: { Grupo: 'Diferencia de cambio', Descripcion: 'Ganancia por diferencia de cambio', Defecto: '776' },
  PLANILLA_SUELDOS: { Grupo: 'Planillas', Descripcion: 'Sueldos y salarios (remuneraciones del mes)', Defecto: '6211' },
  PLANILLA_GRATIFICACIONES: { Grupo: 'Planillas', Descripcion: 'Gratificaciones y bonificación extraordinaria', Defecto: '6214' },
  PLANILLA_ESSALUD: { Grupo: 'Planillas', Descripcion: 'EsSalud del empleador (gasto)', Defecto: '6271' },
  ESSALUD_POR_PAGAR: { Grupo: 'Planillas', Descripcion: 'EsSalud por pagar', Defecto: '4031' },
  ONP_POR_PAGAR: { Grupo: 'Planillas', Descripcion: 'ONP por pagar', Defecto: '4032' },
  AFP_POR_PAGAR: { Grupo: 'Planillas', Descripcion: 'AFP por pagar (aporte, comisión y prima)', Defecto: '407' },
  RENTA_QUINTA: { Grupo: 'Planillas', Descripcion: 'Renta de quinta categoría retenida', Defecto: '40173' },
  REMUNERACIONES_POR_PAGAR: { Grupo: 'Planillas', Descripcion: 'Remuneraciones por pagar (neto de la planilla)', Defecto: '4111' },
  DESTINO_PLANILLA: { Grupo: 'Planillas', Descripcion: 'Destino de los gastos de personal (elemento 9)', Defecto: '94' },
  CARGAS_IMPUTABLES: { Grupo: 'Planillas', Descripcion: 'Cargas imputables a cuentas de costos y gastos', Defecto: '791' },
  PLANILLA_CTS: { Grupo: 'Planillas', Descripcion: 'Compensación por tiempo de servicios (provisión mensual, gasto)', Defecto: '6291' },
  CTS_POR_PAGAR: { Grupo: 'Planillas', Descripcion: 'Compensación por tiempo de servicios por pagar', Defecto: '4151' },
  BANCO_DETRACCIONES: { Grupo: 'Medios de pago', Descripcion: 'Banco de la Nación - cuenta de detracciones (depósitos de clientes)', Defecto: '1042' },
  PERCEPCIONES_IGV: { Grupo: 'Tributos', Descripcion: 'IGV - régimen de percepciones (percepciones sufridas por aplicar)', Defecto: '40113' },
  RETENCIONES_IGV: { Grupo: 'Tributos', Descripcion: 'IGV - régimen de retenciones (retenciones sufridas por aplicar)', Defecto: '40114' },
  ITF: { Grupo: 'Medios de pago', Descripcion: 'Impuesto a las transacciones financieras (ITF, gasto)', Defecto: '6412' },
  LETRAS_CARTERA: { Grupo: 'Letras', Descripcion: 'Letras por cobrar en cartera', Defecto: '1231' },
  LETRAS_COBRANZA: { Grupo: 'Letras', Descripcion: 'Letras por cobrar en cobranza', Defecto: '1232' },
  LETRAS_DESCUENTO: { Grupo: 'Letras', Descripcion: 'Letras por cobrar en descuento', Defecto: '1233' },
  LETRAS_OBLIGACION_DESCUENTO: { Grupo: 'Letras', Descripcion: 'Obligación con el banco por letras descontadas', Defecto: '4511' },
  LETRAS_INTERES_DESCUENTO: { Grupo: 'Letras', Descripcion: 'Intereses por descuento de letras (gasto)', Defecto: '6734' },
  LETRAS_GASTOS_PROTESTO: { Grupo: 'Letras', Descripcion: 'Gastos de protesto de letras', Defecto: '6391' },
  LETRAS_INTERES_RENOVACION: { Grupo: 'Letras', Descripcion: 'Intereses por renovación de letras (ingreso)', Defecto: '772' },
  LETRAS_POR_PAGAR: { Grupo: 'Letras', Descripcion: 'Letras por pagar a proveedores', Defecto: '423' },
  LETRAS_INTERES_POR_PAGAR: { Grupo: 'Letras', Descripcion: 'Intereses por renovación de letras por pagar (gasto)', Defecto: '6736' },
} as const;
export type TClaveMapeo = keyof typeof MapeosContables;
export const ClavesMapeo = Object.keys(MapeosContables) as TClaveMapeo[];

export const ZMapeoContable = z.object({
  Clave: z.enum(ClavesMapeo as [TClaveMapeo, ...TClaveMapeo[]]),
  Grupo: z.string(),
  Descripcion: z.string(),
  IdCuenta: z.number().int().nullable(),
  Codigo: z.string().nullable(),
  Cuenta: z.string().nullable(),
  /** true: the PCGE default (the company has not chosen another account). */
  PorDefecto: z.boolean(),
});
export type TMapeoContable = z.infer<typeof ZMapeoContable>;
export const ZMapeosContables = z.object({ Data: z.array(ZMapeoContable), Count: z.number().int() });
export const ZMapeoGuardar = z.object({
  Mapeos: z
    .array(z.object({ Clave: z.enum(ClavesMapeo as [TClaveMapeo, ...TClaveMapeo[]], { error: 'Concepto no válido' }), IdCuenta: ZId }))
    .min(1, 'Indique al menos una cuenta')
    .max(ClavesMapeo.length, 'Demasiadas cuentas'),
});
export type TMapeoGuardar = z.input<typeof ZMapeoGuardar>;

const ZPeriodoTexto = (campo: string) => textoPermitido(z.string({ error: `Ingrese ${campo}` }).trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Periodo: use AAAA-MM'));
const ZEstadoBase = z.object({ desde: ZPeriodoTexto('el periodo inicial'), hasta: ZPeriodoTexto('el periodo final') });
const rangoValido = { message: 'El periodo inicial no puede ser posterior al final', path: ['hasta'] };
export const ZEstadoQuery = ZEstadoBase.refine((q) => q.desde <= q.hasta, rangoValido);

/** One line of a statement: a heading (Nivel 0), an account group (Nivel 1) or a total (Total true). */
export const ZEstadoFila = z.object({ Concepto: z.string(), Codigo: z.string().nullable(), Importe: z.string(), Nivel: z.number().int(), Total: z.boolean() });
export type TEstadoFila = z.infer<typeof ZEstadoFila>;
export const ZEstadoSituacion = z.object({
  Desde: z.string(),
  Hasta: z.string(),
  Filas: z.array(ZEstadoFila),
  TotalActivo: z.string(),
  TotalPasivo: z.string(),
  TotalPatrimonio: z.string(),
  ResultadoEjercicio: z.string(),
  /** Activo - (pasivo + patrimonio): 0.00 when the books balance. */
  Diferencia: z.string(),
});
export type TEstadoSituacion = z.infer<typeof ZEstadoSituacion>;
export const ZEstadoResultados = z.object({
  Desde: z.string(),
  Hasta: z.string(),
  Tipo: z.enum(['NATURALEZA', 'FUNCION']),
  Filas: z.array(ZEstadoFila),
  Ventas: z.string(),
  Resultado: z.string(),
});
export type TEstadoResultados = z.infer<typeof ZEstadoResultados>;
export const ZEstadoResultadosQuery = ZEstadoBase.extend({ tipo: z.enum(['NATURALEZA', 'FUNCION'], { error: 'Tipo: NATURALEZA o FUNCION' }).default('NATURALEZA') }).refine(
  (q) => q.desde <= q.hasta,
  rangoValido,
);

export const ZCierreAnioParams = z.object({ anio: ZEntero({ min: 2000, max: 2099 }) });
export const ZCierreAnio = z.object({ Anio: z.number().int(), IdAsientoCierre: z.number().int(), IdAsientoApertura: z.number().int(), Resultado: z.string() });
export type TCierreAnio = z.infer<typeof ZCierreAnio>;
