import { z } from '../zod-es';
import { textoPermitido, ZDecimal, ZEntero, ZId, ZTexto } from '../validacion';

/**
 * Inventory (issue 13): warehouses, stock, the movement ledger and the kardex, under /api/logistica/v1.
 * Quantities and costs travel as decimal text (up to 10 decimals), never floats.
 */

/** SUNAT Tabla 12 (tipo de operación) codes a movement may carry. */
export const TiposOperacionInventario = {
  '01': 'Venta',
  '02': 'Compra',
  '05': 'Devolución recibida',
  '06': 'Devolución entregada',
  '11': 'Transferencia entre almacenes',
  '13': 'Mermas',
  '14': 'Desmedros',
  '16': 'Saldo inicial',
  '21': 'Entrada por transferencia entre almacenes',
  '28': 'Ajuste por diferencia de inventario',
  '91': 'Otros ingresos',
  '99': 'Otras salidas',
} as const;
export type TTipoOperacionInventario = keyof typeof TiposOperacionInventario;
/** Codes a manual entry or exit may use (sales, returns and transfers are posted by their own flows). */
export const OperacionesIngreso = ['02', '16', '28', '91'] as const;
export const OperacionesSalida = ['13', '14', '28', '99'] as const;
export const ClasesMovimiento = { I: 'Ingreso', S: 'Salida', T: 'Transferencia' } as const;

export const ZFechaInventario = (campo: string) =>
  textoPermitido(z.string({ error: `Ingrese ${campo}` }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, `${campo}: use el formato AAAA-MM-DD`)).refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, `${campo}: fecha no válida`);

const ZCantidadPositiva = ZDecimal('Cantidad', { enteros: 12, decimales: 10 }).refine((v) => /[1-9]/.test(v), 'La cantidad debe ser mayor que cero');

// ---- Warehouses ----
export const ZAlmacen = z.object({
  Id: z.number(),
  IdSucursal: z.number(),
  Sucursal: z.string(),
  Nombre: z.string(),
  EsPredeterminado: z.boolean(),
  /** Branch guiaalm: the warehouse's own address (null = the branch's), for its transfer guides. */
  Direccion: z.string().nullable(),
  IdUbigeo: z.string().nullable(),
  /** SUNAT's código de establecimiento anexo of the warehouse's address, as declared in the RUC (null = none yet). */
  CodigoAnexo: z.string().nullable(),
  LogEstado: z.number(),
});
export type TAlmacen = z.infer<typeof ZAlmacen>;
export const ZAlmacenes = z.object({ Data: z.array(ZAlmacen), Count: z.number() });
const vacioANull = (v: string | null | undefined) => (v ? v : null);
/** The warehouse's own address: all optional; an ubigeo or a code needs the address and the address needs the ubigeo. */
const ZDireccionAlmacen = z.object({
  Direccion: z.string().trim().max(250, 'Máximo 250 caracteres').nullish().transform(vacioANull),
  IdUbigeo: z.string().trim().regex(/^\d{6}$/, 'El ubigeo tiene 6 dígitos').or(z.literal('')).nullish().transform(vacioANull),
  CodigoAnexo: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'El código de establecimiento anexo tiene 4 dígitos, como figura en la ficha RUC')
    .or(z.literal(''))
    .nullish()
    .transform(vacioANull),
});
const direccionCompleta = (v: z.output<typeof ZDireccionAlmacen>, ctx: z.RefinementCtx) => {
  if (v.Direccion && !v.IdUbigeo) ctx.addIssue({ code: 'custom', path: ['IdUbigeo'], message: 'Indique el distrito (ubigeo) de la dirección del almacén' });
  if (!v.Direccion && v.IdUbigeo) ctx.addIssue({ code: 'custom', path: ['Direccion'], message: 'Indique la dirección del almacén' });
  if (!v.Direccion && v.CodigoAnexo) ctx.addIssue({ code: 'custom', path: ['Direccion'], message: 'El código de establecimiento anexo va con la dirección del almacén: indíquela' });
};
export const ZAlmacenGuardar = z
  .object({
    IdSucursal: ZId,
    Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre del almacén' }),
    EsPredeterminado: z.boolean().default(false),
  })
  .extend(ZDireccionAlmacen.shape)
  .superRefine(direccionCompleta);
export type TAlmacenGuardar = z.input<typeof ZAlmacenGuardar>;
/** Branch guiaalm: editing a warehouse (name and its own address; the branch and the default flag stay). */
export const ZAlmacenEditar = z
  .object({ Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre del almacén' }) })
  .extend(ZDireccionAlmacen.shape)
  .superRefine(direccionCompleta);
export type TAlmacenEditar = z.input<typeof ZAlmacenEditar>;

// ---- Settings ----
export const ZLogisticaConfig = z.object({ PermiteStockNegativo: z.boolean() });
export type TLogisticaConfig = z.infer<typeof ZLogisticaConfig>;

// ---- Stock ----
export const ZStockQuery = z.object({
  idalmacen: ZId.optional(),
  filtro: ZTexto(100).optional(),
  /** Only items at or below zero. */
  sinstock: z.enum(['true', 'false']).optional(),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
});
export const ZStockFila = z.object({
  IdItem: z.number(),
  Codigo: z.string(),
  Descripcion: z.string(),
  CodigoUnidad: z.string(),
  IdAlmacen: z.number(),
  Almacen: z.string(),
  Cantidad: z.string(),
  /** Units held by orders "Por facturar" of the branch whose default warehouse this is. */
  Reservado: z.string(),
  /** Cantidad - Reservado. */
  Disponible: z.string(),
  CostoPromedio: z.string(),
  Valor: z.string(),
});
export type TStockFila = z.infer<typeof ZStockFila>;
export const ZStock = z.object({ Data: z.array(ZStockFila), Count: z.number() });

// ---- Lots and serials (on lines that move stock) ----
/**
 * Lot and serial fields of a line: entries of a lot-tracked item need the lot (and its expiry); exits may name the
 * lot (else FEFO picks it). Serial-tracked items carry one serial per unit on entries; exits may name them.
 */
export const CamposLoteSerie = {
  Lote: ZTexto(30).optional(),
  FechaVencimiento: ZFechaInventario('el vencimiento del lote').optional(),
  Series: z.array(ZTexto(60, { min: 1, mensajeMin: 'Ingrese la serie' })).max(1000, 'Máximo 1000 series por línea').optional(),
};

// ---- Movements ----
export const ZMovimientoLinea = z.object({
  IdItem: ZId,
  Cantidad: ZCantidadPositiva,
  /** Unit cost of an entry (without IGV); exits and transfers leave at the weighted-average cost. */
  CostoUnitario: ZDecimal('Costo unitario', { enteros: 12, decimales: 10 }).optional(),
  ...CamposLoteSerie,
});
/**
 * Transport data of the GRE remitente (motivo 04) of a transfer: the user's part; origin and destination points,
 * destinatario (the company itself) and goods come from the transfer and its warehouses' branches.
 */
export const ZGuiaTraslado = z
  .object({
    /** GRE remitente series of the origin branch; the first active one when not given. */
    IdSerie: ZId.optional(),
    FechaTraslado: ZFechaInventario('la fecha de inicio del traslado'),
    ModalidadTraslado: z.enum(['01', '02'], { error: 'Modalidad: 01 transporte público, 02 transporte privado' }),
    PesoBrutoTotal: ZDecimal('Peso bruto', { enteros: 9, decimales: 3 }),
    UnidadPeso: z.enum(['KGM', 'TNE']).default('KGM'),
    NumeroBultos: ZEntero({ min: 1, max: 999_999 }).optional(),
    Observaciones: ZTexto(250).optional(),
    /** Public transport (01): the carrier. */
    RucTransportista: z.string().trim().regex(/^\d{11}$/, 'RUC de 11 dígitos').optional(),
    RazonSocialTransportista: ZTexto(250).optional(),
    RegistroMtc: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,20}$/, 'Registro MTC: hasta 20 letras o dígitos').optional(),
    /** Private transport (02): the vehicle and its driver. */
    Placa: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{3}-?[A-Z0-9]{3}$/, 'Placa: ABC123 o ABC-123').optional(),
    Conductor: z
      .object({
        IdTipoDocumento: z.number().int().min(1).max(12).default(1),
        NumeroDocumento: z.string().trim().min(1, 'Indique el documento del conductor').max(15),
        Nombres: ZTexto(250, { min: 1, mensajeMin: 'Indique los nombres del conductor' }),
        Apellidos: ZTexto(250, { min: 1, mensajeMin: 'Indique los apellidos del conductor' }),
        Licencia: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{9,10}$/, 'Licencia de 9 o 10 letras o dígitos'),
      })
      .optional(),
  })
  .superRefine((g, ctx) => {
    const falta = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (g.ModalidadTraslado === '01') {
      if (!g.RucTransportista) falta(['RucTransportista'], 'Transporte público: indique el RUC del transportista');
      if (!g.RazonSocialTransportista) falta(['RazonSocialTransportista'], 'Transporte público: indique la razón social del transportista');
    } else {
      if (!g.Placa) falta(['Placa'], 'Transporte privado: indique la placa del vehículo');
      if (!g.Conductor) falta(['Conductor'], 'Transporte privado: indique el conductor');
    }
    // A valid non-negative decimal is above zero exactly when it has a digit other than 0.
    if (/^\d+(\.\d+)?$/.test(g.PesoBrutoTotal) && !/[1-9]/.test(g.PesoBrutoTotal)) falta(['PesoBrutoTotal'], 'El peso bruto debe ser mayor que cero');
  });
export type TGuiaTraslado = z.input<typeof ZGuiaTraslado>;

export const ZMovimientoGuardar = z
  .object({
    Clase: z.enum(['I', 'S', 'T'], { error: 'Clase de movimiento: I ingreso, S salida, T transferencia' }),
    TipoOperacion: z.string().regex(/^\d{2}$/, 'Tipo de operación (tabla 12 de SUNAT)').optional(),
    Fecha: ZFechaInventario('la fecha'),
    IdAlmacen: ZId,
    IdAlmacenDestino: ZId.optional(),
    Glosa: ZTexto(250).optional(),
    Lineas: z.array(ZMovimientoLinea).min(1, 'Agregue al menos un producto').max(500, 'Máximo 500 líneas'),
    /** A transfer's GRE remitente (motivo 04), issued in the same transaction as the transfer. */
    Guia: ZGuiaTraslado.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.Guia && v.Clase !== 'T') ctx.addIssue({ code: 'custom', path: ['Guia'], message: 'Solo una transferencia lleva guía de remisión de traslado' });
    if (v.Clase === 'I') {
      if (!v.TipoOperacion || !(OperacionesIngreso as readonly string[]).includes(v.TipoOperacion))
        ctx.addIssue({ code: 'custom', path: ['TipoOperacion'], message: 'Tipo de operación de ingreso no válido (02, 16, 28 o 91)' });
      v.Lineas.forEach((l, i) => {
        if (l.CostoUnitario === undefined) ctx.addIssue({ code: 'custom', path: ['Lineas', i, 'CostoUnitario'], message: 'Indique el costo unitario del ingreso' });
      });
    }
    if (v.Clase === 'S' && (!v.TipoOperacion || !(OperacionesSalida as readonly string[]).includes(v.TipoOperacion)))
      ctx.addIssue({ code: 'custom', path: ['TipoOperacion'], message: 'Tipo de operación de salida no válido (13, 14, 28 o 99)' });
    if (v.Clase === 'T') {
      if (!v.IdAlmacenDestino) ctx.addIssue({ code: 'custom', path: ['IdAlmacenDestino'], message: 'Seleccione el almacén de destino' });
      else if (v.IdAlmacenDestino === v.IdAlmacen) ctx.addIssue({ code: 'custom', path: ['IdAlmacenDestino'], message: 'El almacén de destino debe ser distinto del de origen' });
    }
  });
export type TMovimientoGuardar = z.input<typeof ZMovimientoGuardar>;

export const ZMovimientoDetalle = z.object({
  IdItem: z.number(),
  Codigo: z.string(),
  Descripcion: z.string(),
  IdAlmacen: z.number(),
  Cantidad: z.string(),
  CostoUnitario: z.string(),
  CostoTotal: z.string(),
});
export const ZMovimiento = z.object({
  Id: z.number(),
  Numero: z.number().nullable(),
  Clase: z.string(),
  TipoOperacion: z.string(),
  Fecha: z.string(),
  IdAlmacen: z.number(),
  Almacen: z.string(),
  IdAlmacenDestino: z.number().nullable(),
  IdDocumentoContable: z.number().nullable(),
  Glosa: z.string().nullable(),
  /** A transfer's GRE remitente (motivo 04): its document id and serie-número. */
  IdGuia: z.number().nullable(),
  GuiaSerieNumero: z.string().nullable(),
  /**
   * Branch logpres: every guide issued for the transfer, newest first (the current one too), with its SUNAT state. A
   * transfer whose current guide was rejected or voided (GuiaLibre) may get a new one.
   */
  Guias: z.array(z.object({ IdGuia: z.number(), SerieNumero: z.string(), IdEstadoSunat: z.number(), EstadoSunat: z.string() })),
  GuiaLibre: z.boolean(),
  Detalle: z.array(ZMovimientoDetalle),
});
export type TMovimiento = z.infer<typeof ZMovimiento>;
export const ZMovimientos = z.object({ Data: z.array(ZMovimiento.omit({ Detalle: true })), Count: z.number() });
export const ZMovimientosQuery = z.object({
  desde: ZFechaInventario('la fecha inicial').optional(),
  hasta: ZFechaInventario('la fecha final').optional(),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
});

// ---- Kardex (valued, per item and warehouse) ----
export const ZKardexQuery = z.object({
  iditem: ZId,
  idalmacen: ZId,
  desde: ZFechaInventario('la fecha inicial'),
  hasta: ZFechaInventario('la fecha final'),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 1000 }).default(100),
});
export const ZKardexFila = z.object({
  Fecha: z.string(),
  IdMovimiento: z.number(),
  Numero: z.number().nullable(),
  IdDocumentoContable: z.number().nullable(),
  TipoOperacion: z.string(),
  EntradaCantidad: z.string(),
  EntradaCostoUnitario: z.string(),
  EntradaCostoTotal: z.string(),
  SalidaCantidad: z.string(),
  SalidaCostoUnitario: z.string(),
  SalidaCostoTotal: z.string(),
  SaldoCantidad: z.string(),
  SaldoCostoPromedio: z.string(),
  SaldoValor: z.string(),
  /** Lots the movement moved for this item and warehouse ("L-1" or "L-1 (5); L-2 (3)"); null when none. */
  Lote: z.string().nullable(),
});
export type TKardexFila = z.infer<typeof ZKardexFila>;
export const ZKardex = z.object({
  Item: z.object({ Id: z.number(), Codigo: z.string(), Descripcion: z.string(), CodigoUnidad: z.string() }),
  Almacen: z.string(),
  SaldoInicial: z.object({ Cantidad: z.string(), CostoPromedio: z.string(), Valor: z.string() }),
  Data: z.array(ZKardexFila),
  Count: z.number(),
});
export type TKardex = z.infer<typeof ZKardex>;

// ---- Lots: FEFO split, expiry alerts, serials in stock ----
/** Seed §7 `inventarios/stock/lotes/{idItem}/{idAlmacen}?cantidad&modulo`: the FEFO split of a quantity. */
export const ZLotesFefoParams = z.object({ a: ZId, b: ZId });
export const ZLotesFefoQuery = z.object({
  cantidad: ZDecimal('Cantidad', { enteros: 12, decimales: 10 }).optional(),
  /** V ventas (expired lots excluded), I inventario (expired lots first: mermas, desmedros). */
  modulo: z.enum(['V', 'I'], { error: 'Módulo: V ventas o I inventario' }).default('V'),
});
export const ZLoteFefo = z.object({
  IdLote: z.number(),
  CodigoLote: z.string(),
  FechaVencimiento: z.string().nullable(),
  Disponible: z.string(),
  /** The part of the requested quantity taken from this lot. */
  Cantidad: z.string(),
  Vencido: z.boolean(),
});
export const ZLotesFefo = z.object({
  Data: z.array(ZLoteFefo),
  Count: z.number(),
  Solicitado: z.string(),
  Asignado: z.string(),
  /** What the lots cannot cover. */
  Faltante: z.string(),
});
export type TLotesFefo = z.infer<typeof ZLotesFefo>;

/** What the sale line of an item can pick in the default warehouse of the branch that sells. */
export const ZStockVenta = z.object({
  IdAlmacen: z.number().nullable(),
  Almacen: z.string().nullable(),
  /** 'L' lots, 'S' serials, null neither. */
  Control: z.enum(['L', 'S']).nullable(),
  /** Lots with stock in FEFO order; expired ones included (Vencido) so the screen shows them disabled. */
  Lotes: z.array(ZLoteFefo.omit({ Cantidad: true })),
  Series: z.array(z.object({ Id: z.number(), Numero: z.string() })),
  /** The item's presentations (CAJA x 12): a line in one of these units takes Cantidad x Factor base units (lots, serials). */
  Presentaciones: z.array(z.object({ CodigoUnidad: z.string(), Factor: z.string() })),
});
export type TStockVenta = z.infer<typeof ZStockVenta>;

export const ZVencimientosQuery = z.object({
  dias: ZEntero({ min: 0, max: 3650, mensaje: 'Días: de 0 a 3650' }).default(90),
  idalmacen: ZId.optional(),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
});
export const ZVencimientoFila = z.object({
  IdLote: z.number(),
  IdItem: z.number(),
  Codigo: z.string(),
  Descripcion: z.string(),
  IdAlmacen: z.number(),
  Almacen: z.string(),
  CodigoLote: z.string(),
  FechaVencimiento: z.string(),
  Cantidad: z.string(),
  /** Negative when already expired. */
  DiasRestantes: z.number(),
  Vencido: z.boolean(),
});
export type TVencimientoFila = z.infer<typeof ZVencimientoFila>;
export const ZVencimientos = z.object({ Data: z.array(ZVencimientoFila), Count: z.number(), Vencidos: z.number() });

export const ZSeriesDisponibles = z.object({ Data: z.array(z.object({ Id: z.number(), Numero: z.string() })), Count: z.number() });

/**
 * Realtime event pushed to the company's tabs after a commit that moved stock (a document issued, a purchase
 * registered or voided): `{ Items: number[] }`, the items whose stock changed. The point of sale re-reads their
 * availability (issue 12, live stock at the other tills).
 */
export const EVENTO_STOCK = 'inventario.stock';
export type TEventoStock = { Items: number[] };
