import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firmarXml, type TCredencialFirma } from '../../../src/signature';
import { construirXml } from '../../../src/ubl';
import { zipDocumento } from '../../../src/zip';

const ejemplos = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../examples');

/** Today in Lima, the date SUNAT (and the stand-in) judge issue dates by. */
export function hoyLima(dias = 0): string {
  return new Date(Date.now() - 5 * 3600_000 + dias * 86_400_000).toISOString().slice(0, 10);
}

export function ejemplo(nombre: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(ejemplos, nombre), 'utf8'));
}

export type TDocListo = { nombre: string; xml: string; zip: Uint8Array; digestValue: string };

/** Builds an example with the package's own builders, signs it (canonical fast path) and zips it. */
export function construirFirmado(
  json: Record<string, unknown>,
  cred: TCredencialFirma,
  alterarAntesDeFirmar?: (xml: string) => string,
): TDocListo {
  const c = construirXml(json);
  const xml = alterarAntesDeFirmar ? alterarAntesDeFirmar(c.xml) : c.xml;
  const f = firmarXml({ xml, canonico: true }, cred);
  return { nombre: c.nombre, xml: f.xml, zip: zipDocumento(c.nombre, f.xml), digestValue: f.digestValue };
}

export function factura(numero: number, cred: TCredencialFirma, cambios: Record<string, unknown> = {}): TDocListo {
  return construirFirmado({ ...ejemplo('factura-gravada.json'), numero, fechaEmision: hoyLima(), ...cambios }, cred);
}
