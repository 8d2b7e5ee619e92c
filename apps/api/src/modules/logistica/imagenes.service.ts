import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { decode as decodificarJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { ErrorCodes, LIMITES_IMAGEN_ITEM, MENSAJES_IMAGEN_ITEM, type TItemImagen, ZItemImagenSubir } from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { itemImagen } from './imagenes.schema';
import { item } from './logistica.schema';

type TTipoImagen = (typeof LIMITES_IMAGEN_ITEM.TIPOS)[number];
type TImagenLeida = { bytes: Buffer; tipo: TTipoImagen; ancho: number | null; alto: number | null };

// A 2 MB file may still inflate to a huge bitmap (a decompression bomb): 40 megapixels is far above any product photo.
const MAX_PIXELES = 40_000_000;
const LADO_MINIATURA = 240;
const CAMPO = 'ImagenBase64';

/** Width and height of a JPEG from its first SOFn marker (null when the markers cannot be walked). */
function medidasJpeg(b: Buffer): { ancho: number; alto: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marca = b[i + 1];
    if (marca === 0xff) {
      i++;
      continue;
    }
    if (marca === 0xd8 || marca === 0x01 || (marca >= 0xd0 && marca <= 0xd7)) {
      i += 2;
      continue;
    }
    const largo = b.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marca >= 0xc0 && marca <= 0xcf && marca !== 0xc4 && marca !== 0xc8 && marca !== 0xcc) return { alto: b.readUInt16BE(i + 5), ancho: b.readUInt16BE(i + 7) };
    i += 2 + largo;
  }
  return null;
}

/** Width and height of a WebP (VP8 lossy, VP8L lossless or VP8X extended header). */
function medidasWebp(b: Buffer): { ancho: number; alto: number } | null {
  const fragmento = b.toString('latin1', 12, 16);
  if (fragmento === 'VP8X' && b.length >= 30) return { ancho: b.readUIntLE(24, 3) + 1, alto: b.readUIntLE(27, 3) + 1 };
  if (fragmento === 'VP8L' && b.length >= 25) {
    const v = b.readUInt32LE(21);
    return { ancho: (v & 0x3fff) + 1, alto: ((v >> 14) & 0x3fff) + 1 };
  }
  if (fragmento === 'VP8 ' && b.length >= 30) return { ancho: b.readUInt16LE(26) & 0x3fff, alto: b.readUInt16LE(28) & 0x3fff };
  return null;
}

/**
 * The uploaded file: base64 or a data URL. Its type comes from its first bytes (the signatures of PNG, JPEG and WebP),
 * never from the name or the data URL's declared type; a file of another kind or over 2 MB is refused (500001).
 */
export function leerImagen(base64: string): TImagenLeida {
  const limpio = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(limpio)) throw errorDeCampo(CAMPO, MENSAJES_IMAGEN_ITEM.TIPO);
  const bytes = Buffer.from(limpio, 'base64');
  if (bytes.length === 0) throw errorDeCampo(CAMPO, MENSAJES_IMAGEN_ITEM.VACIA);
  if (bytes.length > LIMITES_IMAGEN_ITEM.MAX_BYTES) throw errorDeCampo(CAMPO, MENSAJES_IMAGEN_ITEM.TAMANO);
  let tipo: TTipoImagen;
  let medidas: { ancho: number; alto: number } | null;
  if (bytes.length > 24 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    tipo = 'image/png';
    medidas = { ancho: bytes.readUInt32BE(16), alto: bytes.readUInt32BE(20) };
  } else if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    tipo = 'image/jpeg';
    medidas = medidasJpeg(bytes);
  } else if (bytes.length > 16 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    tipo = 'image/webp';
    medidas = medidasWebp(bytes);
  } else throw errorDeCampo(CAMPO, MENSAJES_IMAGEN_ITEM.TIPO);
  if (medidas && (medidas.ancho === 0 || medidas.alto === 0)) throw errorDeCampo(CAMPO, 'La imagen está dañada: no tiene ancho o alto');
  if (medidas && medidas.ancho * medidas.alto > MAX_PIXELES) throw errorDeCampo(CAMPO, 'La imagen no debe superar los 40 megapíxeles');
  return { bytes, tipo, ancho: medidas?.ancho ?? null, alto: medidas?.alto ?? null };
}

/**
 * A PNG of at most 240 px a side (box average of the source pixels), for the point of sale's tiles and the list. Made
 * for PNG and JPEG (pngjs and jpeg-js, already used by the ticket's logo); a WebP, or a file these cannot decode, gets
 * none and the original is served (the web sizes it with CSS).
 */
export function miniaturaDe(img: TImagenLeida): Buffer | null {
  if (img.tipo === 'image/webp') return null;
  let origen: { width: number; height: number; data: Uint8Array };
  try {
    origen = img.tipo === 'image/png' ? PNG.sync.read(img.bytes) : decodificarJpeg(img.bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 40, maxMemoryUsageInMB: 256 });
  } catch {
    return null;
  }
  const escala = Math.min(1, LADO_MINIATURA / Math.max(origen.width, origen.height));
  const ancho = Math.max(1, Math.round(origen.width * escala));
  const alto = Math.max(1, Math.round(origen.height * escala));
  const destino = new PNG({ width: ancho, height: alto });
  const fx = origen.width / ancho;
  const fy = origen.height / alto;
  for (let y = 0; y < alto; y++) {
    const y0 = Math.floor(y * fy);
    const y1 = Math.max(y0 + 1, Math.min(origen.height, Math.floor((y + 1) * fy)));
    for (let x = 0; x < ancho; x++) {
      const x0 = Math.floor(x * fx);
      const x1 = Math.max(x0 + 1, Math.min(origen.width, Math.floor((x + 1) * fx)));
      let r = 0, g = 0, b = 0, a = 0;
      for (let yy = y0; yy < y1; yy++)
        for (let xx = x0; xx < x1; xx++) {
          const k = (yy * origen.width + xx) * 4;
          r += origen.data[k];
          g += origen.data[k + 1];
          b += origen.data[k + 2];
          a += origen.data[k + 3];
        }
      const n = (y1 - y0) * (x1 - x0);
      const d = (y * ancho + x) * 4;
      destino.data[d] = Math.round(r / n);
      destino.data[d + 1] = Math.round(g / n);
      destino.data[d + 2] = Math.round(b / n);
      destino.data[d + 3] = Math.round(a / n);
    }
  }
  return PNG.sync.write(destino);
}

const COLUMNAS = {
  id: itemImagen.id,
  idItem: itemImagen.idItem,
  tipo: itemImagen.tipo,
  nombre: itemImagen.nombre,
  tamano: itemImagen.tamano,
  ancho: itemImagen.ancho,
  alto: itemImagen.alto,
  esPrincipal: itemImagen.esPrincipal,
  conMiniatura: sql<boolean>`${itemImagen.miniatura} is not null`,
  creada: itemImagen.logFechaCrea,
};
type TFila = { id: number; idItem: number; tipo: string; nombre: string; tamano: number; ancho: number | null; alto: number | null; esPrincipal: boolean; conMiniatura: boolean; creada: Date };

const aContrato = (f: TFila): TItemImagen => ({
  Id: f.id,
  IdItem: f.idItem,
  Tipo: f.tipo,
  Nombre: f.nombre,
  Tamano: f.tamano,
  Ancho: f.ancho,
  Alto: f.alto,
  EsPrincipal: f.esPrincipal,
  TieneMiniatura: Boolean(f.conMiniatura),
  FechaCreacion: new Date(f.creada).toISOString(),
});

type Tx = Parameters<Parameters<Contexto['dbh']['db']['transaction']>[0]>[0];

/** The company's item, locked for the rest of the transaction (uploads, principal switches and deletes of one item queue). */
async function bloquearItem(tx: Tx, auth: TAuth, idItem: number): Promise<void> {
  const [f] = await tx.select({ id: item.id }).from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.id, idItem))).for('update');
  if (!f) throw noEncontrado('No se encontró el producto o servicio');
}

async function itemDeLaEmpresa(ctx: Contexto, auth: TAuth, idItem: number): Promise<void> {
  const [f] = await ctx.dbh.db.select({ id: item.id }).from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.id, idItem)));
  if (!f) throw noEncontrado('No se encontró el producto o servicio');
}

const activaDe = (auth: TAuth, idItem: number, idImagen?: number) =>
  and(eq(itemImagen.idEmpresa, auth.idEmpresa), eq(itemImagen.idItem, idItem), eq(itemImagen.logEstado, 1), ...(idImagen ? [eq(itemImagen.id, idImagen)] : []));

const NO_ENCONTRADA = 'No se encontró la imagen del producto';

export async function listarImagenes(ctx: Contexto, auth: TAuth, idItem: number): Promise<{ Data: TItemImagen[]; Count: number }> {
  await itemDeLaEmpresa(ctx, auth, idItem);
  const filas = await ctx.dbh.db.select(COLUMNAS).from(itemImagen).where(activaDe(auth, idItem)).orderBy(desc(itemImagen.esPrincipal), asc(itemImagen.id));
  return { Data: filas.map(aContrato), Count: filas.length };
}

export async function subirImagen(ctx: Contexto, auth: TAuth, idItem: number, b: z.output<typeof ZItemImagenSubir>): Promise<TItemImagen> {
  const img = leerImagen(b.ImagenBase64);
  const miniatura = miniaturaDe(img);
  const id = await ctx.dbh.db.transaction(async (tx) => {
    await bloquearItem(tx, auth, idItem);
    const activas = await tx.select({ id: itemImagen.id, esPrincipal: itemImagen.esPrincipal }).from(itemImagen).where(activaDe(auth, idItem));
    if (activas.length >= LIMITES_IMAGEN_ITEM.MAX_POR_ITEM) throw new AppError(ErrorCodes.ITEM_IMAGENES_LIMITE, undefined, 409);
    const principal = b.EsPrincipal === true || !activas.some((a) => a.esPrincipal);
    if (principal) await tx.update(itemImagen).set({ esPrincipal: false, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(and(activaDe(auth, idItem), eq(itemImagen.esPrincipal, true)));
    const [f] = await tx
      .insert(itemImagen)
      .values({
        idEmpresa: auth.idEmpresa,
        idItem,
        contenido: img.bytes,
        tipo: img.tipo,
        miniatura,
        nombre: (b.NombreArchivo ?? '').slice(0, 200),
        tamano: img.bytes.length,
        ancho: img.ancho,
        alto: img.alto,
        esPrincipal: principal,
        logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: itemImagen.id });
    return f.id;
  });
  const [f] = await ctx.dbh.db.select(COLUMNAS).from(itemImagen).where(eq(itemImagen.id, id));
  return aContrato(f);
}

/** The image's bytes (or its thumbnail) for the item's company; a deleted image is gone (404). */
export async function archivoImagen(ctx: Contexto, auth: TAuth, idItem: number, idImagen: number, miniatura: boolean): Promise<{ contenido: Buffer; tipo: string }> {
  const [f] = await ctx.dbh.db
    .select({ contenido: itemImagen.contenido, tipo: itemImagen.tipo, miniatura: itemImagen.miniatura })
    .from(itemImagen)
    .where(activaDe(auth, idItem, idImagen));
  if (!f) throw noEncontrado(NO_ENCONTRADA);
  if (miniatura && f.miniatura) return { contenido: Buffer.from(f.miniatura), tipo: 'image/png' };
  return { contenido: Buffer.from(f.contenido), tipo: f.tipo };
}

export async function marcarPrincipal(ctx: Contexto, auth: TAuth, idItem: number, idImagen: number): Promise<{ Data: TItemImagen[]; Count: number }> {
  await ctx.dbh.db.transaction(async (tx) => {
    await bloquearItem(tx, auth, idItem);
    const [f] = await tx.select({ id: itemImagen.id }).from(itemImagen).where(activaDe(auth, idItem, idImagen));
    if (!f) throw noEncontrado(NO_ENCONTRADA);
    const cambio = { logUsuarioModif: auth.idUsuario, logFechaModif: new Date() };
    await tx.update(itemImagen).set({ esPrincipal: false, ...cambio }).where(and(activaDe(auth, idItem), eq(itemImagen.esPrincipal, true)));
    await tx.update(itemImagen).set({ esPrincipal: true, ...cambio }).where(eq(itemImagen.id, idImagen));
  });
  return listarImagenes(ctx, auth, idItem);
}

/** Soft delete; when it was the principal, the oldest remaining image becomes the principal. */
export async function eliminarImagen(ctx: Contexto, auth: TAuth, idItem: number, idImagen: number): Promise<{ Data: TItemImagen[]; Count: number }> {
  await ctx.dbh.db.transaction(async (tx) => {
    await bloquearItem(tx, auth, idItem);
    const [f] = await tx.select({ id: itemImagen.id, esPrincipal: itemImagen.esPrincipal }).from(itemImagen).where(activaDe(auth, idItem, idImagen));
    if (!f) throw noEncontrado(NO_ENCONTRADA);
    const cambio = { logUsuarioModif: auth.idUsuario, logFechaModif: new Date() };
    await tx.update(itemImagen).set({ logEstado: 0, esPrincipal: false, ...cambio }).where(eq(itemImagen.id, idImagen));
    if (f.esPrincipal) {
      const [siguiente] = await tx.select({ id: itemImagen.id }).from(itemImagen).where(activaDe(auth, idItem)).orderBy(asc(itemImagen.id)).limit(1);
      if (siguiente) await tx.update(itemImagen).set({ esPrincipal: true, ...cambio }).where(eq(itemImagen.id, siguiente.id));
    }
  });
  return listarImagenes(ctx, auth, idItem);
}

/** The principal image of each of these items (one query), for the item list and the point of sale's tiles. */
export async function principalesDe(ctx: Contexto, idEmpresa: number, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const filas = await ctx.dbh.db
    .select({ idItem: itemImagen.idItem, id: itemImagen.id })
    .from(itemImagen)
    .where(and(eq(itemImagen.idEmpresa, idEmpresa), inArray(itemImagen.idItem, ids), eq(itemImagen.esPrincipal, true), eq(itemImagen.logEstado, 1)));
  return new Map(filas.map((f) => [f.idItem, f.id]));
}
