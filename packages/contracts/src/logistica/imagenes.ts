import { z } from '../zod-es';
import { ZDecimal, ZId, ZTexto } from '../validacion';

/** Limits of an item's images (branch imagenes): checked by the server, shown by the web before uploading. */
export const LIMITES_IMAGEN_ITEM = { MAX_BYTES: 2 * 1024 * 1024, MAX_POR_ITEM: 5, TIPOS: ['image/png', 'image/jpeg', 'image/webp'] } as const;
export const MENSAJES_IMAGEN_ITEM = {
  TIPO: 'La imagen debe ser PNG, JPG o WebP',
  TAMANO: 'La imagen no debe superar los 2 MB',
  VACIA: 'El archivo de la imagen está vacío',
  ADJUNTE: 'Adjunte la imagen',
} as const;

/** Upload of one image: the file as base64 (or a data URL), like the logo and the catalogue import. */
export const ZItemImagenSubir = z.object({
  ImagenBase64: z
    .string({ error: MENSAJES_IMAGEN_ITEM.ADJUNTE })
    .min(1, MENSAJES_IMAGEN_ITEM.ADJUNTE)
    .max(Math.ceil((LIMITES_IMAGEN_ITEM.MAX_BYTES * 4) / 3) + 200, MENSAJES_IMAGEN_ITEM.TAMANO),
  NombreArchivo: ZTexto(200).optional(),
  /** Mark it principal at once (the first image of an item is principal anyway). */
  EsPrincipal: z.boolean({ error: 'Debe ser verdadero o falso' }).optional(),
});
export type TItemImagenSubir = z.input<typeof ZItemImagenSubir>;

export const ZItemImagen = z.object({
  Id: z.number().int(),
  IdItem: z.number().int(),
  Tipo: z.string().describe('image/png, image/jpeg or image/webp'),
  Nombre: z.string(),
  Tamano: z.number().int().describe('Bytes'),
  Ancho: z.number().int().nullable(),
  Alto: z.number().int().nullable(),
  EsPrincipal: z.boolean(),
  TieneMiniatura: z.boolean(),
  FechaCreacion: z.string(),
});
export type TItemImagen = z.infer<typeof ZItemImagen>;
export const ZItemImagenes = z.object({ Data: z.array(ZItemImagen), Count: z.number().int() });
export const ZItemImagenParams = z.object({ id: ZId, idImagen: ZId });
export const ZItemImagenQuery = z.object({
  miniatura: z
    .enum(['true', 'false'], { error: 'miniatura debe ser true o false' })
    .default('false')
    .transform((v) => v === 'true')
    .describe('true: the small PNG (the original when the server could not make one)'),
});

// ---- Minimum stock per warehouse (branch imagenes) ----
/** One warehouse's minimum of an item; null (or left out of the list) removes it and the item's minimum applies again. */
export const ZMinimoAlmacenFila = z.object({
  IdAlmacen: ZId,
  StockMinimo: ZDecimal('Stock mínimo', { enteros: 12, decimales: 4 }).nullable(),
});
export const ZMinimosAlmacenGuardar = z
  .object({ Minimos: z.array(ZMinimoAlmacenFila, { error: 'Debe ser una lista' }).max(200, 'Máximo 200 almacenes') })
  .superRefine((v, ctx) => {
    const vistos = new Set<number>();
    v.Minimos.forEach((m, i) => {
      if (vistos.has(m.IdAlmacen)) ctx.addIssue({ code: 'custom', path: ['Minimos', i, 'IdAlmacen'], message: 'El almacén está repetido' });
      vistos.add(m.IdAlmacen);
    });
  });
export type TMinimosAlmacenGuardar = z.input<typeof ZMinimosAlmacenGuardar>;
/** Every active warehouse of the company with the item's minimum there (null: the item's general minimum applies). */
export const ZMinimoAlmacen = z.object({ IdAlmacen: z.number().int(), Almacen: z.string(), Sucursal: z.string().nullable(), StockMinimo: z.string().nullable() });
export type TMinimoAlmacen = z.infer<typeof ZMinimoAlmacen>;
export const ZMinimosAlmacen = z.object({ Data: z.array(ZMinimoAlmacen), Count: z.number().int(), StockMinimoItem: z.string().nullable() });
