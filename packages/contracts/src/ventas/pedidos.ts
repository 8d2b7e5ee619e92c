import { z } from '../zod-es';
import { ZDecimal, ZEntero, ZId, ZTexto } from '../validacion';

// Quotations and sales orders (issue 12, /admin/pedidos), price lists (§7 Logistics `listaprecios/item/precios`) and
// the sales report (/admin/reporte-ventas). Money and quantities travel as decimal text.

/** 1 Cotización, 2 Pedido de venta. */
export const TipoPedido = { COTIZACION: 1, PEDIDO: 2 } as const;
export const NombreTipoPedido: Record<number, string> = { 1: 'Cotización', 2: 'Pedido' };

/** Seed §4 order statuses: 13 pending, 18 to invoice, 14 invoiced, 15 concluded, 16 cancelled. */
export const EstadoPedido = { PENDIENTE: 13, FACTURADO: 14, CONCLUIDO: 15, ANULADO: 16, POR_FACTURAR: 18 } as const;
export const NombreEstadoPedido: Record<number, string> = { 13: 'Pendiente', 18: 'Por facturar', 14: 'Facturado', 15: 'Concluido', 16: 'Anulado' };

/** Seed §2 static price lists (type codes 0, 1, 3); any other list of the company is 9 (named). */
export const TipoListaPrecio = { ESTANDAR: 0, VIP: 1, MAYORISTA: 3, OTRA: 9 } as const;
export const NombreTipoListaPrecio: Record<number, string> = { 0: 'Estándar', 1: 'VIP', 3: 'Mayorista', 9: 'Otra' };

const ZFecha = z.iso.date({ error: 'Ingrese una fecha válida (AAAA-MM-DD)' });
const ZCantidad = (campo: string) => ZDecimal(campo, { enteros: 12, decimales: 10 });

export const ZListaPrecio = z.object({ Id: z.number().int(), Tipo: z.number().int(), Nombre: z.string(), Estado: z.number().int() });
export type TListaPrecio = z.infer<typeof ZListaPrecio>;
export const ZListasPrecios = z.object({ Data: z.array(ZListaPrecio) });
export type TListasPrecios = z.infer<typeof ZListasPrecios>;
export const ZListaPrecioGuardar = z.object({
  Nombre: ZTexto(100, { min: 1, mensajeMin: 'Indique el nombre de la lista' }),
  Tipo: z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(9)], { error: 'Tipo de lista: 0 Estándar, 1 VIP, 3 Mayorista, 9 Otra' }).default(9),
  Estado: z.union([z.literal(0), z.literal(1)]).default(1),
});

/** One price: an item in one presentation (unit code and factor of base units) in one list. */
export const ZPrecioItem = z.object({
  IdListaPrecio: z.number().int(),
  Lista: z.string(),
  TipoLista: z.number().int(),
  IdItem: z.number().int(),
  CodigoUnidad: z.string(),
  Factor: z.string(),
  /** Unit price WITH IGV of one presentation. */
  Precio: z.string(),
  /** true when no price was set in the list and the item's own price is answered (standard list, base unit). */
  PorDefecto: z.boolean(),
});
export type TPrecioItem = z.infer<typeof ZPrecioItem>;
/** A price of the item in a group of workers the customer belongs to (HR group price lists, issue 16). */
export const ZPrecioGrupoItem = z.object({ IdGrupo: z.number().int(), Grupo: z.string(), CodigoUnidad: z.string(), Factor: z.string(), Precio: z.string(), IdMoneda: z.number().int() });
export type TPrecioGrupoItem = z.infer<typeof ZPrecioGrupoItem>;
export const ZPreciosItem = z.object({
  IdItem: z.number().int(),
  Codigo: z.string(),
  Descripcion: z.string(),
  CodigoUnidad: z.string(),
  PrecioBase: z.string(),
  Data: z.array(ZPrecioItem),
  /** Only when the customer's document is given: the prices of the groups that worker is in (they apply first; the lowest per unit and currency wins). */
  PreciosGrupo: z.array(ZPrecioGrupoItem).optional(),
});
/** The customer (by document) whose worker-group prices are wanted too. */
export const ZPreciosItemQuery = z.object({
  idtipodocumento: ZEntero({ min: 1, max: 99 }).optional(),
  numerodocumento: z.string().trim().max(15, 'Máximo 15 caracteres').optional(),
});
export type TPreciosItem = z.infer<typeof ZPreciosItem>;

export const ZPreciosListaQuery = z.object({ filtro: z.string().trim().max(100).optional(), pagina: ZEntero({ min: 1 }).default(1), regxpag: ZEntero({ min: 1, max: 500 }).default(500) });
export const ZPrecioListaFila = z.object({
  IdItem: z.number().int(),
  Codigo: z.string(),
  Descripcion: z.string(),
  PrecioBase: z.string(),
  Precios: z.array(z.object({ CodigoUnidad: z.string(), Factor: z.string(), Precio: z.string() })),
});
export const ZPreciosLista = z.object({ Data: z.array(ZPrecioListaFila), Count: z.number().int() });
export type TPreciosLista = z.infer<typeof ZPreciosLista>;
export const ZPreciosGuardar = z.object({
  Precios: z
    .array(
      z.object({
        IdItem: ZId,
        CodigoUnidad: z.string().trim().min(1, 'Indique la unidad').max(3, 'Unidad de 1 a 3 caracteres').toUpperCase(),
        Factor: ZCantidad('Factor').refine((v) => /[1-9]/.test(v), 'El factor debe ser mayor que cero').default('1'),
        /** null removes the price of that presentation from the list. */
        Precio: ZDecimal('Precio', { enteros: 12, decimales: 10 }).nullable(),
      }),
    )
    .min(1, 'Indique al menos un precio')
    .max(500, 'Máximo 500 precios por vez'),
});

export const ZLineaPedidoGuardar = z.object({
  IdItem: ZId.optional(),
  CodigoItem: ZTexto(30).optional(),
  ItemDescripcion: ZTexto(500, { min: 1, mensajeMin: 'Indique la descripción' }),
  CodigoUnidad: z.string().trim().max(3).default('NIU'),
  Cantidad: ZCantidad('Cantidad').refine((v) => /[1-9]/.test(v), 'La cantidad debe ser mayor que cero'),
  /** Unit price WITH IGV; taken from the price list when omitted for a catalogue item. */
  PrecioUnitario: ZCantidad('Precio unitario').optional(),
  /** Line discount: an amount WITH IGV, or a percentage when DescuentoEsPorcentaje. Stored as SUNAT's discount (catálogo 53 code 00, on the value without IGV). */
  Descuento: ZDecimal('Descuento', { enteros: 12, decimales: 2 }).default('0'),
  DescuentoEsPorcentaje: z.boolean().default(false),
  TipoAfectacion: z.string().regex(/^\d{2}$/, 'Tipo de afectación del IGV (catálogo 07)').default('10'),
});

export const ZClientePedido = z.object({
  IdTipoDocumento: z.number({ error: 'Indique el tipo de documento' }).int().min(1, 'Tipo de documento no válido').max(12, 'Tipo de documento no válido'),
  NumeroDocumento: z.string().trim().max(15, 'Máximo 15 caracteres'),
  RazonSocial: ZTexto(250, { min: 1, mensajeMin: 'Indique el cliente' }),
  Direccion: ZTexto(250).optional(),
  Correo: z.union([z.literal(''), z.email('Correo no válido')]).optional(),
});

export const ZPedidoGuardar = z
  .object({
    Tipo: z.union([z.literal(1), z.literal(2)], { error: 'Tipo: 1 cotización, 2 pedido' }),
    IdSucursal: ZId,
    FechaEmision: ZFecha,
    /** Quotation: valid until (defaults to 15 days). Order: expected delivery date. */
    FechaValidez: ZFecha.optional(),
    IdListaPrecio: ZId.optional(),
    IdMoneda: z.union([z.literal(1), z.literal(2)]).default(1),
    Cliente: ZClientePedido,
    Observaciones: ZTexto(500).optional(),
    Lineas: z.array(ZLineaPedidoGuardar).min(1, 'Agregue al menos un ítem').max(300, 'Máximo 300 ítems'),
  })
  .refine((p) => !p.FechaValidez || p.FechaValidez >= p.FechaEmision, { path: ['FechaValidez'], message: 'La fecha de validez debe ser igual o posterior a la de emisión' });
export type TPedidoGuardar = z.input<typeof ZPedidoGuardar>;

export const ZLineaPedido = z.object({
  Item: z.number().int(),
  IdItem: z.number().int().nullable(),
  CodigoItem: z.string().nullable(),
  ItemDescripcion: z.string(),
  CodigoUnidad: z.string(),
  Cantidad: z.string(),
  PrecioUnitario: z.string(),
  /** SUNAT discount amount (on the value without IGV). */
  Descuento: z.string(),
  TipoAfectacion: z.string(),
  Total: z.string(),
});
export const ZPedido = z.object({
  Id: z.number().int(),
  Tipo: z.number().int(),
  TipoNombre: z.string(),
  Numero: z.string().describe('COT-00000001 / PED-00000001'),
  Estado: z.number().int(),
  EstadoNombre: z.string(),
  /** A pending quotation past its validity date. */
  Vencida: z.boolean(),
  IdSucursal: z.number().int(),
  FechaEmision: z.string(),
  FechaValidez: z.string().nullable(),
  IdListaPrecio: z.number().int().nullable(),
  IdMoneda: z.number().int(),
  Cliente: z.object({ IdTipoDocumento: z.number().int(), NumeroDocumento: z.string(), RazonSocial: z.string(), Direccion: z.string().nullable(), Correo: z.string().nullable() }),
  Observaciones: z.string().nullable(),
  Vendedor: z.string(),
  SubTotal: z.string(),
  Igv: z.string(),
  Total: z.string(),
  /** The order this quotation became / the quotation this order came from. */
  IdPedidoGenerado: z.number().int().nullable(),
  IdOrigen: z.number().int().nullable(),
  Origen: z.string().nullable(),
  /** The document issued from it. */
  IdDocumento: z.number().int().nullable(),
  Documento: z.string().nullable(),
  Lineas: z.array(ZLineaPedido),
});
export type TPedido = z.infer<typeof ZPedido>;

export const ZPedidosQuery = z.object({
  tipo: ZEntero({ min: 1, max: 2 }).default(2),
  estado: ZEntero({ min: 0 }).default(0),
  desde: ZFecha.optional(),
  hasta: ZFecha.optional(),
  filtro: z.string().trim().max(100).optional(),
  pagina: ZEntero({ min: 1 }).default(1),
  regxpag: ZEntero({ min: 1, max: 200 }).default(10),
});
export const ZPedidoFila = ZPedido.omit({ Lineas: true });
export type TPedidoFila = z.infer<typeof ZPedidoFila>;
export const ZPedidos = z.object({ Data: z.array(ZPedidoFila), Count: z.number().int() });
export type TPedidos = z.infer<typeof ZPedidos>;

export const ZPedidoEstado = z.object({
  Estado: z.union([z.literal(13), z.literal(15), z.literal(16), z.literal(18)], { error: 'Estado: 13 Pendiente, 18 Por facturar, 15 Concluido, 16 Anulado' }),
});

/** Issue a document from a quotation or an order through the issuing service. */
export const ZPedidoFacturar = z.object({
  IdTipoDocumento: z.union([z.literal(1003), z.literal(1004), z.literal(1008)], { error: 'Emita factura, boleta o nota de venta' }),
  IdSerie: ZId,
  FechaEmision: ZFecha,
  IdCondicionPago: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(1),
  FechaVencimiento: ZFecha.optional(),
});
export const ZPedidoFacturado = z.object({ Pedido: ZPedido, IdDocumento: z.number().int(), SerieNumero: z.string(), MontoTotal: z.string() });
export type TPedidoFacturado = z.infer<typeof ZPedidoFacturado>;

// Sales report (/admin/reporte-ventas).
export const ZReporteVentasQuery = z
  .object({
    desde: ZFecha,
    hasta: ZFecha,
    idSucursal: ZEntero({ min: 0 }).default(0),
    idUsuario: ZEntero({ min: 0 }).default(0),
    idMoneda: ZEntero({ min: 0, max: 2 }).default(0),
    /** dia | mes */
    periodo: z.enum(['dia', 'mes']).default('dia'),
  })
  .refine((q) => q.desde <= q.hasta, { path: ['hasta'], message: 'La fecha final debe ser igual o posterior a la inicial' })
  .refine((q) => new Date(q.hasta).getTime() - new Date(q.desde).getTime() <= 400 * 86_400_000, { path: ['hasta'], message: 'El rango máximo es de 400 días' });
export type TReporteVentasQuery = { desde: string; hasta: string; idSucursal?: number; idUsuario?: number; idMoneda?: number; periodo?: 'dia' | 'mes' };

export const ZReporteFila = z.object({ Clave: z.string(), Nombre: z.string(), IdMoneda: z.number().int(), Cantidad: z.string(), MontoTotal: z.string() });
export type TReporteFila = z.infer<typeof ZReporteFila>;
export const ZReporteResumen = z.object({
  IdMoneda: z.number().int(),
  Ventas: z.string(),
  CantidadVentas: z.number().int(),
  NotasCredito: z.string(),
  CantidadNotasCredito: z.number().int(),
  NotasDebito: z.string(),
  CantidadNotasDebito: z.number().int(),
  /** Ventas - notas de crédito + notas de débito. */
  Neto: z.string(),
  Anulados: z.string(),
  CantidadAnulados: z.number().int(),
});
export type TReporteResumen = z.infer<typeof ZReporteResumen>;
export const ZReporteVentas = z.object({
  Resumen: z.array(ZReporteResumen),
  /** Net sales per day or month (sales - credit notes + debit notes). */
  PorPeriodo: z.array(ZReporteFila),
  PorSucursal: z.array(ZReporteFila),
  PorVendedor: z.array(ZReporteFila),
  /** Items sold (sales lines only; Cantidad = quantity sold). */
  PorItem: z.array(ZReporteFila),
  /** Payment means of point-of-sale sales; other sales by payment condition. */
  PorMedioPago: z.array(ZReporteFila),
  NotasCredito: z.array(z.object({ IdDocumento: z.number().int(), Documento: z.string(), FechaEmision: z.string(), Afectado: z.string().nullable(), Cliente: z.string(), IdMoneda: z.number().int(), MontoTotal: z.string() })),
  Anulados: z.array(z.object({ IdDocumento: z.number().int(), Documento: z.string(), FechaEmision: z.string(), Cliente: z.string(), IdMoneda: z.number().int(), MontoTotal: z.string(), Motivo: z.string().nullable() })),
});
export type TReporteVentas = z.infer<typeof ZReporteVentas>;
