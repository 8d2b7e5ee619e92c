import { z } from '../zod-es';
import { ZDecimal, ZId, ZTexto } from '../validacion';

/**
 * Badges (seed `entidades/generar/fotocheck`, `fecha_creacion/fotocheck/{id}`) and the worker's photo (seed
 * `entidades/relacionados/{id}/imagenes`). A badge is a CR80 card (85.6 × 54 mm, portrait) with the company's logo and
 * name, the photo, full name, document, cargo, área and a QR of the document number (the device PIN).
 */
export const FormatosFotocheck = {
  A4: 'Hoja A4: 9 fotochecks por hoja con marcas de corte',
  TARJETA: 'Una tarjeta CR80 por página (impresora de tarjetas)',
} as const;
export type TFormatoFotocheck = keyof typeof FormatosFotocheck;
/** Badges in one PDF at most (56 A4 sheets). */
export const FOTOCHECK_MAXIMO = 500;
/** A worker's photo: PNG or JPEG up to 300 KB. */
export const FOTO_MAXIMO_BYTES = 300 * 1024;

export const ZFotocheckGenerar = z
  .object({
    /** The chosen workers; empty with `IdArea` = every active worker of that area; empty with `Todos` = all. */
    IdsTrabajador: z.array(ZId, { error: 'Lista de trabajadores no válida' }).max(FOTOCHECK_MAXIMO, `Se imprimen ${FOTOCHECK_MAXIMO} fotochecks como máximo por archivo`).default([]),
    IdArea: ZId.nullable().default(null),
    Todos: z.boolean({ error: 'Indique si imprime todos los trabajadores' }).default(false),
    Formato: z.enum(['A4', 'TARJETA'], { error: 'Formato no válido (A4 o TARJETA)' }).default('A4'),
  })
  .superRefine((v, c) => {
    if (!v.IdsTrabajador.length && v.IdArea === null && !v.Todos) c.addIssue({ code: 'custom', path: ['IdsTrabajador'], message: 'Seleccione los trabajadores, un área o todos' });
  });
export type TFotocheckGenerar = z.input<typeof ZFotocheckGenerar>;

/**
 * E-mail each chosen worker's own badge (seed `enviar/fotocheck`): one message per worker to the worker's e-mail, or
 * to `Destinatarios` when exactly one worker is chosen. Workers without an e-mail are reported back, not refused.
 */
export const FOTOCHECK_CORREO_MAXIMO = 50;
export const ZFotocheckEnviar = z
  .object({
    IdsTrabajador: z
      .array(ZId, { error: 'Lista de trabajadores no válida' })
      .min(1, 'Seleccione al menos un trabajador')
      .max(FOTOCHECK_CORREO_MAXIMO, `Se envían ${FOTOCHECK_CORREO_MAXIMO} fotochecks como máximo por vez`),
    Destinatarios: z
      .array(z.string().trim().max(150, 'Máximo 150 caracteres').regex(/^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/, 'Correo no válido'), { error: 'Lista de correos no válida' })
      .max(5, 'Máximo 5 destinatarios')
      .default([]),
  })
  .superRefine((v, c) => {
    if (v.Destinatarios.length && new Set(v.IdsTrabajador).size !== 1)
      c.addIssue({ code: 'custom', path: ['Destinatarios'], message: 'Los destinatarios se indican solo al enviar el fotocheck de un trabajador' });
  });
export type TFotocheckEnviar = z.input<typeof ZFotocheckEnviar>;
export const ZFotocheckEnvioFila = z.object({
  IdTrabajador: z.number().int(),
  NombreCompleto: z.string(),
  Enviado: z.boolean(),
  Destinatarios: z.array(z.string()),
  /** Why it was not sent (no e-mail, the server refused it); null when sent. */
  Motivo: z.string().nullable(),
});
export const ZFotocheckEnvio = z.object({ Enviados: z.number().int(), Omitidos: z.number().int(), Data: z.array(ZFotocheckEnvioFila) });
export type TFotocheckEnvio = z.infer<typeof ZFotocheckEnvio>;

export const ZFotoGuardar = z.object({
  ImagenBase64: z.string({ error: 'Adjunte la foto' }).min(1, 'Adjunte la foto').max(Math.ceil((FOTO_MAXIMO_BYTES * 4) / 3) + 100, 'La foto no debe superar los 300 KB'),
});
export type TFotoGuardar = z.input<typeof ZFotoGuardar>;
/** The photo as a data URL, or null when the worker has none. */
export const ZFotoTrabajador = z.object({ IdTrabajador: z.number().int(), Imagen: z.string().nullable() });
export type TFotoTrabajador = z.infer<typeof ZFotoTrabajador>;

/** When the worker's badge was last generated (null: never). */
export const ZFechaFotocheck = z.object({ IdTrabajador: z.number().int(), FechaCreacion: z.string().nullable(), Veces: z.number().int() });
export type TFechaFotocheck = z.infer<typeof ZFechaFotocheck>;

// ---- Groups (seed `grupos`, `asignar/grupo`, `remove/grupo`, `copiarcolaboradores`, `colaboradores`) ----
export const ZGrupoGuardar = z.object({
  Nombre: ZTexto(100, { min: 1, mensajeMin: 'Ingrese el nombre del grupo' }),
  Descripcion: ZTexto(300).default(''),
});
export type TGrupoGuardar = z.input<typeof ZGrupoGuardar>;
export const ZGrupo = z.object({ Id: z.number().int(), Nombre: z.string(), Descripcion: z.string(), Miembros: z.number().int() });
export type TGrupo = z.infer<typeof ZGrupo>;
export const ZGrupos = z.object({ Data: z.array(ZGrupo) });
export const ZGrupoMiembro = z.object({ IdTrabajador: z.number().int(), Documento: z.string(), NombreCompleto: z.string(), Area: z.string().nullable() });
export type TGrupoMiembro = z.infer<typeof ZGrupoMiembro>;
export const ZGrupoMiembros = z.object({ Data: z.array(ZGrupoMiembro) });
export const ZGrupoAsignar = z.object({
  IdGrupo: ZId,
  IdsTrabajador: z.array(ZId, { error: 'Lista de trabajadores no válida' }).min(1, 'Seleccione al menos un trabajador').max(FOTOCHECK_MAXIMO, `${FOTOCHECK_MAXIMO} trabajadores como máximo por vez`),
});
export type TGrupoAsignar = z.input<typeof ZGrupoAsignar>;
/** Copy into a group every active worker whose current contract is in an area. */
export const ZGrupoCopiarArea = z.object({ IdGrupo: ZId, IdArea: ZId });
export type TGrupoCopiarArea = z.input<typeof ZGrupoCopiarArea>;
export const ZGrupoCambios = z.object({ Cambiados: z.number().int() });

// ---- A group's price list (seed `listaprecios`, `clonar`, `reset`, `copiarlistaprecio`) ----
/** Currencies of a group price: 1 soles, 2 dollars (the seed's IdMoneda). */
export const MonedasGrupoPrecio = { 1: 'S/', 2: 'US$' } as const;
export const ZGrupoPrecioGuardar = z.object({
  IdItem: ZId,
  /** The item's base unit when omitted; otherwise the base unit or one of its presentations (catálogo 03). */
  CodigoUnidad: z.string().trim().max(3, 'Unidad de 1 a 3 caracteres').toUpperCase().optional(),
  /** Unit price WITH IGV of that unit; null removes the line (only when not replacing the whole list). */
  Precio: ZDecimal('Precio', { enteros: 12, decimales: 10 }).nullable(),
  IdMoneda: z.union([z.literal(1), z.literal(2)], { error: 'Moneda: 1 soles o 2 dólares' }).default(1),
});
export const ZGrupoListaPrecioGuardar = z.object({
  /** true: the list becomes exactly these lines; false: the lines are added or updated (and removed with Precio null). */
  Reemplazar: z.boolean({ error: 'Indique si reemplaza la lista' }).default(false),
  Precios: z.array(ZGrupoPrecioGuardar, { error: 'Lista de precios no válida' }).max(500, 'Máximo 500 precios por vez'),
});
export type TGrupoListaPrecioGuardar = z.input<typeof ZGrupoListaPrecioGuardar>;
export const ZGrupoPrecio = z.object({
  IdItem: z.number().int(),
  Codigo: z.string(),
  Descripcion: z.string(),
  CodigoUnidad: z.string(),
  Factor: z.string(),
  Precio: z.string(),
  IdMoneda: z.number().int(),
  /** The item's own price WITH IGV (base unit), for comparison. */
  PrecioBase: z.string(),
});
export type TGrupoPrecio = z.infer<typeof ZGrupoPrecio>;
export const ZGrupoListaPrecios = z.object({ IdGrupo: z.number().int(), Data: z.array(ZGrupoPrecio), Count: z.number().int() });
export type TGrupoListaPrecios = z.infer<typeof ZGrupoListaPrecios>;
/** Clone a group: its definition and price list, and its members only when asked (a worker may be in several groups). */
export const ZGrupoClonar = ZGrupoGuardar.extend({ ConColaboradores: z.boolean({ error: 'Indique si copia los integrantes' }).default(false) });
export type TGrupoClonar = z.input<typeof ZGrupoClonar>;
export const ZGrupoCopiarListaPrecio = z.object({ IdGrupoOrigen: ZId });
export type TGrupoCopiarListaPrecio = z.input<typeof ZGrupoCopiarListaPrecio>;
