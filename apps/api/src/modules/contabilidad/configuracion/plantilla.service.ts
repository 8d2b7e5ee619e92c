import { eq } from 'drizzle-orm';
import { LOGO_MAXIMO_BYTES, type TFormatoImpresionEmpresa, type TPlantillaComprobante, type TPlantillaComprobanteGuardar } from '@yupana/contracts';
import type { Db } from '../../../db/client';
import { errorDeCampo, noEncontrado } from '../../../lib/app-error';
import { plantillaComprobante } from '../contabilidad.schema';

type TFila = typeof plantillaComprobante.$inferSelect;

/** The template of the path's company: only the token's own company (another one is a 404). */
export function exigirEmpresaPropia(idRuta: number, idEmpresa: number): void {
  if (idRuta !== idEmpresa) throw noEncontrado('La empresa no existe');
}

async function fila(db: Pick<Db, 'select'>, idEmpresa: number): Promise<TFila | undefined> {
  const [f] = await db.select().from(plantillaComprobante).where(eq(plantillaComprobante.idEmpresa, idEmpresa));
  return f;
}

function aContrato(f: TFila | undefined): TPlantillaComprobante {
  return {
    Formato: (f?.formato ?? 'A4') as TFormatoImpresionEmpresa,
    TextoAdicional: f?.textoAdicional ?? null,
    Logo: f?.logo && f.logoTipo ? `data:${f.logoTipo};base64,${Buffer.from(f.logo).toString('base64')}` : null,
  };
}

export async function obtenerPlantilla(db: Db, idEmpresa: number): Promise<TPlantillaComprobante> {
  return aContrato(await fila(db, idEmpresa));
}

type TImagen = { bytes: Buffer; tipo: 'image/png' | 'image/jpeg' };

/** Reads the logo and checks its real type from its bytes (PNG or JPEG, what the PDF renderer draws) and size. */
export function leerLogo(base64: string): TImagen {
  const limpio = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(limpio)) throw errorDeCampo('LogoBase64', 'El logo no es un archivo válido');
  const bytes = Buffer.from(limpio, 'base64');
  if (bytes.length === 0) throw errorDeCampo('LogoBase64', 'El archivo del logo está vacío');
  if (bytes.length > LOGO_MAXIMO_BYTES) throw errorDeCampo('LogoBase64', 'El logo no debe superar los 300 KB');
  const png = bytes.length > 24 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) throw errorDeCampo('LogoBase64', 'El logo debe ser una imagen PNG o JPG');
  if (png) {
    // IHDR: width and height; a huge image would make every PDF heavy to draw.
    const ancho = bytes.readUInt32BE(16);
    const alto = bytes.readUInt32BE(20);
    if (ancho === 0 || alto === 0 || ancho > 4000 || alto > 4000) throw errorDeCampo('LogoBase64', 'El logo debe medir como máximo 4000 × 4000 píxeles');
  }
  return { bytes, tipo: png ? 'image/png' : 'image/jpeg' };
}

export async function guardarPlantilla(db: Db, idEmpresa: number, idUsuario: number, d: TPlantillaComprobanteGuardar): Promise<TPlantillaComprobante> {
  const logo = d.LogoBase64 ? leerLogo(d.LogoBase64) : undefined;
  const valores = {
    formato: d.Formato,
    ...(d.TextoAdicional !== undefined ? { textoAdicional: d.TextoAdicional ? d.TextoAdicional.replace(/\r\n?/g, '\n') : null } : {}),
    ...(logo ? { logo: logo.bytes, logoTipo: logo.tipo } : d.QuitarLogo ? { logo: null, logoTipo: null } : {}),
  };
  await db
    .insert(plantillaComprobante)
    .values({ idEmpresa, ...valores, logUsuarioCrea: idUsuario })
    .onConflictDoUpdate({ target: plantillaComprobante.idEmpresa, set: { ...valores, logUsuarioModif: idUsuario, logFechaModif: new Date() } });
  return obtenerPlantilla(db, idEmpresa);
}

/** For the PDF renderer: the company's logo, default format and extra text. */
export async function plantillaImpresion(db: Pick<Db, 'select'>, idEmpresa: number): Promise<{ logo?: Uint8Array; formato: TFormatoImpresionEmpresa; textoAdicional?: string }> {
  const f = await fila(db, idEmpresa);
  return { logo: f?.logo ?? undefined, formato: (f?.formato ?? 'A4') as TFormatoImpresionEmpresa, textoAdicional: f?.textoAdicional ?? undefined };
}
