import { crc32, deflateRawSync } from 'node:zlib';
import { unzipSync, zipSync } from 'fflate';

/**
 * `NOMBRE.zip` holding `NOMBRE.xml`, as SUNAT's services expect. The XML bytes are zipped as given (UTF-8).
 *
 * The container (one local header, the data, one central-directory entry, the end record) is written here straight
 * into one buffer: for a single small file a streaming zip writer cost as much as the deflate itself. The deflate is
 * Node's native zlib at level 1: on a 16 kB invoice it takes half the time of level 6 for a zip about 10 % larger
 * (3.6 kB instead of 3.2 kB), and SUNAT only asks for a valid deflate.
 */
export function zipDocumento(nombre: string, xml: string | Uint8Array): Uint8Array {
  const datos = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  const comprimido = deflateRawSync(datos, { level: 1 });
  const archivo = Buffer.from(`${nombre}.xml`, 'utf8');
  const crc = crc32(datos);
  const { hora, fecha } = fechaDos(new Date());
  const n = archivo.length;
  const local = 30 + n;
  const central = 46 + n;
  const z = Buffer.allocUnsafe(local + comprimido.length + central + 22);
  // Local file header.
  z.writeUInt32LE(0x04034b50, 0);
  z.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
  z.writeUInt16LE(0x0800, 6); // flags: the name is UTF-8
  z.writeUInt16LE(8, 8); // deflate
  z.writeUInt16LE(hora, 10);
  z.writeUInt16LE(fecha, 12);
  z.writeUInt32LE(crc, 14);
  z.writeUInt32LE(comprimido.length, 18);
  z.writeUInt32LE(datos.length, 22);
  z.writeUInt16LE(n, 26);
  z.writeUInt16LE(0, 28);
  archivo.copy(z, 30);
  comprimido.copy(z, local);
  // Central directory entry.
  const c = local + comprimido.length;
  z.writeUInt32LE(0x02014b50, c);
  z.writeUInt16LE(20, c + 4); // version made by
  z.writeUInt16LE(20, c + 6);
  z.writeUInt16LE(0x0800, c + 8);
  z.writeUInt16LE(8, c + 10);
  z.writeUInt16LE(hora, c + 12);
  z.writeUInt16LE(fecha, c + 14);
  z.writeUInt32LE(crc, c + 16);
  z.writeUInt32LE(comprimido.length, c + 20);
  z.writeUInt32LE(datos.length, c + 24);
  z.writeUInt16LE(n, c + 28);
  z.fill(0, c + 30, c + 42); // extra and comment lengths, disk number, internal and external attributes
  z.writeUInt32LE(0, c + 42); // offset of the local header
  archivo.copy(z, c + 46);
  // End of central directory.
  const e = c + central;
  z.writeUInt32LE(0x06054b50, e);
  z.fill(0, e + 4, e + 8); // disk numbers
  z.writeUInt16LE(1, e + 8);
  z.writeUInt16LE(1, e + 10);
  z.writeUInt32LE(central, e + 12);
  z.writeUInt32LE(c, e + 16);
  z.writeUInt16LE(0, e + 20);
  return z;
}

/** MS-DOS time and date of a zip entry (local time, 2-second resolution, from 1980). */
function fechaDos(d: Date): { hora: number; fecha: number } {
  const anio = Math.max(1980, d.getFullYear());
  return {
    hora: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    fecha: ((anio - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
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

/** A zip with one file named exactly `nombre` (SIRE: the TXT of a proposal or a replacement, same base name as the zip). */
export function zipArchivo(nombre: string, contenido: string | Uint8Array): Uint8Array {
  const datos = typeof contenido === 'string' ? Buffer.from(contenido, 'utf8') : contenido;
  return zipSync({ [nombre]: datos }, { level: 6 });
}
