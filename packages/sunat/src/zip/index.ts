import { crc32, deflateRawSync } from 'node:zlib';
import { unzipSync, Zip, type ZipInputFile } from 'fflate';

/**
 * `NOMBRE.zip` holding `NOMBRE.xml`, as SUNAT's services expect. The XML bytes are zipped as given (UTF-8).
 * fflate writes the zip container; the deflate itself is Node's native zlib, about five times faster than
 * fflate's JavaScript deflate on a 15 kB invoice (it cost as much as the RSA signature).
 */
export function zipDocumento(nombre: string, xml: string | Uint8Array): Uint8Array {
  const datos = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  const partes: Uint8Array[] = [];
  const zip = new Zip((err, trozo) => {
    if (err) throw err;
    partes.push(trozo);
  });
  const entrada: ZipInputFile = { filename: `${nombre}.xml`, size: datos.length, crc: crc32(datos), compression: 8, mtime: new Date() };
  zip.add(entrada);
  entrada.ondata!(null, deflateRawSync(datos, { level: 6 }), true);
  zip.end();
  return Buffer.concat(partes);
}

export type TEntradaZip = { nombre: string; contenido: Uint8Array };

/**
 * The files of a zip, without folder entries (SUNAT's CDR zips carry an empty `dummy/` folder).
 * Throws a Spanish error on a corrupt zip.
 */
export function leerZip(zip: Uint8Array): TEntradaZip[] {
  let entradas: Record<string, Uint8Array>;
  try {
    entradas = unzipSync(zip);
  } catch (e) {
    throw new Error(`El archivo ZIP está corrupto: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  return Object.entries(entradas)
    .filter(([nombre]) => !nombre.endsWith('/'))
    .map(([nombre, contenido]) => ({ nombre, contenido }));
}

export function esZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}
