import { z } from '../zod-es';
import { ZDecimal, ZEntero, ZId, ZTexto } from '../validacion';

/** Units offered by the minimal catalogue (catálogo 03): goods and services. */
export const UnidadesItem = { NIU: 'Unidad (bienes)', ZZ: 'Unidad (servicios)' } as const;

/** Product code standards of the seed (§5). */
export const EstandaresCodigoProducto = ['UNSPSC', 'GTIN-8', 'GTIN-12', 'GTIN-13', 'GTIN-14'] as const;
export type TEstandarCodigoProducto = (typeof EstandaresCodigoProducto)[number];

/** IGV affectation codes (catálogo 07) an item may carry. */
export const AfectacionesIgv = ['10', '11', '12', '13', '14', '15', '16', '17', '20', '21', '30', '31', '32', '33', '34', '35', '36', '37', '40'] as const;

/**
 * SUNAT PLE Tabla 5, tipo de existencia (field 6 of PLE 12.1 and 13.1). Texts of SUNAT's table (Anexo 3 of the PLE
 * resolution), in sentence case; 91-99 are "Otros".
 */
export const TiposExistencia = {
  '01': 'Mercaderías',
  '02': 'Productos terminados',
  '03': 'Materias primas',
  '04': 'Envases',
  '05': 'Materiales auxiliares',
  '06': 'Suministros',
  '07': 'Repuestos',
  '08': 'Embalajes',
  '09': 'Subproductos',
  '10': 'Desechos y desperdicios',
  '91': 'Otros 1',
  '92': 'Otros 2',
  '93': 'Otros 3',
  '94': 'Otros 4',
  '95': 'Otros 5',
  '96': 'Otros 6',
  '97': 'Otros 7',
  '98': 'Otros 8',
  '99': 'Otros',
} as const;
export type TTipoExistencia = keyof typeof TiposExistencia;
export const CodigosTipoExistencia = Object.keys(TiposExistencia) as [TTipoExistencia, ...TTipoExistencia[]];

/** GS1 check digit: weights 3,1,3,1... from the rightmost data digit. */
export function esGtinValido(codigo: string): boolean {
  if (!/^\d+$/.test(codigo)) return false;
  let suma = 0;
  const datos = codigo.slice(0, -1);
  for (let i = 0; i < datos.length; i++) {
    const digito = Number(datos[datos.length - 1 - i]);
    suma += digito * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (suma % 10)) % 10 === Number(codigo[codigo.length - 1]);
}

/** Message of the first broken rule of a product code for its standard, or null. */
export function validarCodigoProducto(estandar: TEstandarCodigoProducto, codigo: string): string | null {
  if (estandar === 'UNSPSC') return /^\d{8}$/.test(codigo) ? null : 'El código UNSPSC tiene 8 dígitos';
  const largo = Number(estandar.slice(5));
  if (!new RegExp(`^\\d{${largo}}$`).test(codigo)) return `El código ${estandar} tiene ${largo} dígitos`;
  return esGtinValido(codigo) ? null : `El código ${estandar} no es válido (dígito de control incorrecto)`;
}

const ZPrecio = z
  .string({ error: 'Ingrese el precio' })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,10})?$/, 'Precio no válido (hasta 10 decimales)');

/**
 * An extra barcode (branch marcas): letters, digits and dashes up to 30. A code of 8, 12, 13 or 14 digits is read as a
 * GTIN and must carry its GS1 check digit.
 */
export function validarCodigoBarras(codigo: string): string | null {
  if (!/^[0-9A-Za-z-]{1,30}$/.test(codigo)) return `El código de barras "${codigo}" solo lleva letras, números o guiones (hasta 30)`;
  if (/^(\d{8}|\d{12,14})$/.test(codigo) && !esGtinValido(codigo)) return `El código de barras ${codigo} no es un GTIN válido (dígito de control incorrecto)`;
  return null;
}
export const MAX_CODIGOS_BARRAS = 20;

export const ZItemGuardar = z
  .object({
    Codigo: z.string({ error: 'Ingrese el código' }).trim().min(1, 'Ingrese el código').max(30, 'Máximo 30 caracteres'),
    Descripcion: z.string({ error: 'Ingrese la descripción' }).trim().min(1, 'Ingrese la descripción').max(500, 'Máximo 500 caracteres'),
    /** Catálogo 03 code; the server accepts the company's active units (or the unit the item already has). */
    CodigoUnidad: z
      .string({ error: 'Seleccione la unidad' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,3}$/, 'Seleccione la unidad (código del catálogo 03, p. ej. NIU)'),
    Precio: ZPrecio,
    /** true: Precio includes IGV (precio de venta); false: Precio is the value before IGV (valor unitario). */
    PrecioIncluyeIgv: z.boolean().default(true),
    AfectacionIgv: z.enum(AfectacionesIgv, { error: 'Seleccione la afectación del IGV' }).default('10'),
    TipoExistencia: z.enum(CodigosTipoExistencia, { error: 'Seleccione el tipo de existencia (tabla 5 de SUNAT)' }).default('01'),
    EstandarCodigoProducto: z
      .enum(EstandaresCodigoProducto, { error: 'Estándar de código no válido' })
      .nullish()
      .transform((v) => v ?? null),
    CodigoProducto: z
      .string()
      .trim()
      .max(14)
      .nullish()
      .transform((v) => (v ? v : null)),
    EsFavorito: z.boolean().default(false),
    /** Lot-tracked (lot and expiry on entries, FEFO on sales) or serial-tracked (one serial per unit). */
    ControlLote: z.boolean().default(false),
    ControlSerie: z.boolean().default(false),
    LogEstado: z.union([z.literal(0), z.literal(1)]).default(1),
    // Branch marcas. Left out (undefined) = the item keeps its value; null (or [] for the barcodes) clears it.
    IdMarca: ZId.nullable().optional(),
    IdCategoria: ZId.nullable().optional(),
    /** The brand's own code or an alternative code (seed §9, search mode 4 "Código Marca/Alternativo"). */
    CodigoMarca: z
      .string({ error: 'Debe ser un texto' })
      .trim()
      .max(30, 'Máximo 30 caracteres')
      .nullish()
      .transform((v) => (v === undefined ? undefined : v ? v : null)),
    /** Extra barcodes, each unique within the company (the GTIN above and the presentations' barcodes stay). */
    CodigosBarras: z
      .array(z.string({ error: 'Debe ser un texto' }).trim().min(1, 'Ingrese el código de barras'), { error: 'Debe ser una lista de códigos' })
      .max(MAX_CODIGOS_BARRAS, `Máximo ${MAX_CODIGOS_BARRAS} códigos de barras`)
      .optional(),
    /** Minimum stock in base units, compared with the stock summed over the company's warehouses. */
    StockMinimo: ZDecimal('Stock mínimo', { enteros: 12, decimales: 4 }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.CodigosBarras) {
      const vistos = new Set<string>();
      v.CodigosBarras.forEach((c, i) => {
        const m = validarCodigoBarras(c);
        if (m) ctx.addIssue({ code: 'custom', path: ['CodigosBarras', i], message: m });
        else if (vistos.has(c)) ctx.addIssue({ code: 'custom', path: ['CodigosBarras', i], message: `El código de barras ${c} está repetido` });
        vistos.add(c);
      });
    }
    if (v.ControlLote && v.ControlSerie) ctx.addIssue({ code: 'custom', path: ['ControlSerie'], message: 'Un producto se controla por lote o por serie, no por ambos' });
    if ((v.ControlLote || v.ControlSerie) && v.CodigoUnidad === 'ZZ')
      ctx.addIssue({ code: 'custom', path: [v.ControlLote ? 'ControlLote' : 'ControlSerie'], message: 'Un servicio no lleva lotes ni series' });
    if (v.CodigoProducto && !v.EstandarCodigoProducto)
      ctx.addIssue({ code: 'custom', path: ['EstandarCodigoProducto'], message: 'Seleccione el estándar del código de producto' });
    if (v.EstandarCodigoProducto && !v.CodigoProducto)
      ctx.addIssue({ code: 'custom', path: ['CodigoProducto'], message: 'Ingrese el código de producto' });
    if (v.EstandarCodigoProducto && v.CodigoProducto) {
      const m = validarCodigoProducto(v.EstandarCodigoProducto, v.CodigoProducto);
      if (m) ctx.addIssue({ code: 'custom', path: ['CodigoProducto'], message: m });
    }
  });
export type TItemGuardar = z.input<typeof ZItemGuardar>;

/** An item's presentation (CAJA x 12): its unit code, factor in base units, barcode and standard-list price with IGV. */
export const ZPresentacionFila = z.object({ CodigoUnidad: z.string(), Descripcion: z.string(), Factor: z.string(), CodigoBarras: z.string().optional(), Precio: z.string().optional() });
export type TPresentacion = z.infer<typeof ZPresentacionFila>;

export const ZItem = z.object({
  Id: z.number().int(),
  Codigo: z.string(),
  Descripcion: z.string(),
  CodigoUnidad: z.string(),
  Precio: z.string(),
  PrecioIncluyeIgv: z.boolean(),
  /** Both forms of the price at the item's IGV rate (18% when gravado, else equal), as strings. */
  PrecioUnitario: z.string().describe('Price including IGV'),
  ValorUnitario: z.string().describe('Price before IGV'),
  AfectacionIgv: z.string(),
  TipoExistencia: z.string().describe('SUNAT PLE Tabla 5 code (01 mercaderías...)'),
  EstandarCodigoProducto: z.string().nullable(),
  CodigoProducto: z.string().nullable(),
  EsFavorito: z.boolean(),
  ControlLote: z.boolean(),
  ControlSerie: z.boolean(),
  LogEstado: z.number().int(),
  IdMarca: z.number().int().nullable(),
  Marca: z.string().nullable(),
  IdCategoria: z.number().int().nullable(),
  Categoria: z.string().nullable(),
  CodigoMarca: z.string().nullable(),
  CodigosBarras: z.array(z.string()),
  StockMinimo: z.string().nullable(),
  /** The item's principal image (GET items/{id}/imagenes/{IdImagenPrincipal}), null without images. */
  IdImagenPrincipal: z.number().int().nullable().optional(),
  /**
   * Only in a search with `idsucursal` (the point of sale): the goods' stock in that branch's default warehouse (the
   * box's), what orders "Por facturar" reserve there and what is left to sell (stock - reserved, never below 0). Null for
   * services (unit ZZ) and when the branch has no default warehouse.
   */
  Existencia: z
    .object({
      Almacen: z.string(),
      Stock: z.string(),
      Reservado: z.string(),
      Disponible: z.string(),
      /** The company's setting: false = a sale beyond Disponible is refused (409 601204), so the cart blocks it. */
      PermiteNegativo: z.boolean(),
    })
    .nullable()
    .optional(),
  /** Only in a search with `idsucursal` (the point of sale): the presentations a cart line can sell in. */
  Presentaciones: z.array(ZPresentacionFila).optional(),
  /** The presentation whose barcode the search text is exactly (a scanned box): the cart adds the line in that unit. */
  PresentacionLeida: z.string().optional(),
});
export type TItem = z.infer<typeof ZItem>;

/**
 * Item search modes (seed §9). Without a mode the search looks in description, code and GTIN at once (the trigram
 * index) and an exact barcode (extra or presentation) names its item.
 */
export const ModosBusquedaItem = { '1': 'Descripción', '2': 'Código Item', '3': 'Código Barras', '4': 'Código Marca/Alternativo', '5': 'Marca' } as const;
export type TModoBusquedaItem = keyof typeof ModosBusquedaItem;
export const MENSAJES_BUSQUEDA_ITEM = {
  SIN_RESULTADOS: 'NO SE ENCONTRÓ NINGUN PRODUCTO O SERVICIO',
  REVISE: 'REVISE SUS CRITERIOS DE BUSQUEDA Y VUELVA A INTENTARLO',
  TRES_LETRAS: 'Ingrese al menos tres letras para buscar',
} as const;

export const ZItemsQuery = z.object({
  filtro: z.string().trim().max(100).default('').describe('At least three letters, or empty to list (favourites first)'),
  pagina: ZEntero({ min: 1 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(10),
  estado: ZEntero({ min: -1, max: 1 }).default(1),
  soloFavoritos: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  tipoexistencia: z.enum(CodigosTipoExistencia, { error: 'Tipo de existencia no válido' }).optional().describe('Only items of this Tabla 5 type'),
  idsucursal: ZId.optional().describe("Branch whose default warehouse's available stock each item carries (Existencia)"),
  modo: z.enum(['1', '2', '3', '4', '5'], { error: 'Modo de búsqueda no válido (1 a 5)' }).optional().describe('Seed §9 search mode: 1 description, 2 item code, 3 barcode (exact), 4 brand/alternative code, 5 brand name'),
  idcategoria: ZId.optional().describe('Only items of this category'),
  idmarca: ZId.optional().describe('Only items of this brand'),
});
export const ZItems = z.object({ Data: z.array(ZItem), Count: z.number().int() });
export const ZItemParams = z.object({ id: ZId });
export const ZItemFavoritoQuery = z.object({
  esFavorito: z.enum(['true', 'false'], { error: 'esFavorito debe ser true o false' }).transform((v) => v === 'true'),
});

// ---- Brands and categories (branch marcas) ----
export const ZMarcaGuardar = z.object({
  Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre' }),
  LogEstado: z.union([z.literal(0), z.literal(1)], { error: 'Estado no válido (0 o 1)' }).default(1),
});
export type TMarcaGuardar = z.input<typeof ZMarcaGuardar>;
export const ZMarca = z.object({ Id: z.number().int(), Nombre: z.string(), LogEstado: z.number().int(), Items: z.number().int() });
export type TMarca = z.infer<typeof ZMarca>;
export const ZMarcas = z.object({ Data: z.array(ZMarca), Count: z.number().int() });
export const ZMarcasQuery = z.object({ estado: ZEntero({ min: -1, max: 1 }).default(-1).describe('-1 all, 1 active, 0 inactive') });

/**
 * Items below their minimum stock: with idalmacen, that warehouse's stock against its own minimum (or the item's);
 * without, the summed stock against the item's minimum plus one row per warehouse whose own minimum is not met.
 */
export const ZStockMinimoQuery = z.object({
  idalmacen: ZId.optional(),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
});
export const ZStockMinimoFila = z.object({
  IdItem: z.number(),
  Codigo: z.string(),
  Descripcion: z.string(),
  CodigoUnidad: z.string(),
  Marca: z.string().nullable(),
  /** The warehouse whose stock and minimum the row compares; null = the stock summed over all warehouses. */
  IdAlmacen: z.number().nullable(),
  Almacen: z.string().nullable(),
  StockMinimo: z.string(),
  Stock: z.string(),
  Faltante: z.string(),
});
export type TStockMinimoFila = z.infer<typeof ZStockMinimoFila>;
export const ZStockMinimo = z.object({ Data: z.array(ZStockMinimoFila), Count: z.number().int() });

/** Units of measure of the company's item forms (branch logsoporte): every catálogo 03 code with its active flag. */
export const ZUnidadEmpresa = z.object({ Codigo: z.string(), Descripcion: z.string(), Activa: z.boolean(), Items: z.number().int() });
export type TUnidadEmpresa = z.infer<typeof ZUnidadEmpresa>;
export const ZUnidadesEmpresa = z.object({ Data: z.array(ZUnidadEmpresa), Count: z.number().int() });
export const ZUnidadesQuery = z.object({
  buscar: ZTexto(50).optional().describe('Code or description fragment'),
  estado: ZEntero({ min: -1, max: 1 }).default(-1).describe('-1 all, 1 active, 0 inactive'),
});
export const ZUnidadParams = z.object({ codigo: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2,3}$/, 'Código de unidad no válido') });
export const ZUnidadGuardar = z.object({ Activa: z.boolean({ error: 'Indique si la unidad está activa' }) });
