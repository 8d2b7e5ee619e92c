// yupana-sunat build ARCHIVO.json [--pfx F --password P] --out DIR
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorValidacion } from '../model';
import { cargarPfx, firmarXml, generarCertificadoPrueba, type TCredencialFirma } from '../signature';
import { construirXml, type TDocumentoConstruido } from '../ubl';
import { zipDocumento } from '../zip';

// Lectura de opciones "--clave valor" (compartida con qr).
export type TOpciones = { posicionales: string[]; valores: Record<string, string>; banderas: Set<string> };

export function leerOpciones(args: string[], conValor: string[]): TOpciones {
  const posicionales: string[] = [];
  const valores: Record<string, string> = {};
  const banderas = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--')) {
      const [clave, igual] = a.slice(2).split(/=(.*)/s, 2);
      if (igual !== undefined) valores[clave] = igual;
      else if (conValor.includes(clave)) {
        const v = args[i + 1];
        if (v === undefined) throw new Error(`Falta el valor de --${clave}`);
        valores[clave] = v;
        i++;
      } else banderas.add(clave);
    } else posicionales.push(a);
  }
  return { posicionales, valores, banderas };
}

// Camino común de build y qr: JSON -> validación -> XML canónico -> firma.
export type TFirmado = TDocumentoConstruido & { xmlFirmado: string; digestValue: string; certificadoPrueba: boolean };

export function credencialDe(pfx: string | undefined, password: string | undefined, emisor?: { ruc: string; razonSocial: string }): { cred: TCredencialFirma; prueba: boolean } {
  if (pfx) {
    if (password === undefined) throw new Error('Indique --password para abrir el certificado .pfx');
    return { cred: cargarPfx(readFileSync(pfx), password), prueba: false };
  }
  // Un certificado de prueba por emisor y por proceso: generar RSA-2048 cuesta más que construir cientos de documentos.
  const clave = `${emisor?.ruc ?? ''}|${emisor?.razonSocial ?? ''}`;
  let cred = certificadosPrueba.get(clave);
  if (!cred) {
    cred = generarCertificadoPrueba({ ruc: emisor?.ruc, razonSocial: emisor?.razonSocial }).credencial;
    certificadosPrueba.set(clave, cred);
  }
  return { cred, prueba: true };
}
const certificadosPrueba = new Map<string, TCredencialFirma>();

export function leerJson(archivo: string): unknown {
  let texto: string;
  try {
    texto = readFileSync(archivo, 'utf8');
  } catch (e) {
    throw new Error(`No se pudo leer ${archivo}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(texto);
  } catch (e) {
    throw new Error(`${archivo} no es un JSON válido: ${(e as Error).message}`);
  }
}

export function construirYFirmar(entrada: unknown, pfx?: string, password?: string): TFirmado {
  const construido = construirXml(entrada);
  const { cred, prueba } = credencialDe(pfx, password, construido.documento.emisor);
  const firmado = firmarXml(construido, cred);
  return { ...construido, xmlFirmado: firmado.xml, digestValue: firmado.digestValue, certificadoPrueba: prueba };
}

export type TResultadoBuild = { nombre: string; xml: string; zip: string; digestValue: string; certificadoPrueba: boolean };

/** Construye, firma y comprime un JSON; escribe NOMBRE.xml y NOMBRE.zip en `out`. */
export function construirArchivo(archivo: string, out: string, pfx?: string, password?: string): TResultadoBuild {
  const f = construirYFirmar(leerJson(archivo), pfx, password);
  mkdirSync(out, { recursive: true });
  const xml = path.join(out, `${f.nombre}.xml`);
  const zip = path.join(out, `${f.nombre}.zip`);
  writeFileSync(xml, f.xmlFirmado);
  writeFileSync(zip, zipDocumento(f.nombre, f.xmlFirmado));
  return { nombre: f.nombre, xml, zip, digestValue: f.digestValue, certificadoPrueba: f.certificadoPrueba };
}

export async function run(args: string[]): Promise<number> {
  const o = leerOpciones(args, ['pfx', 'password', 'out']);
  if (o.banderas.has('help') || o.posicionales.length === 0 || !o.valores.out) {
    process.stderr.write('Uso: yupana-sunat build ARCHIVO.json [...] [--pfx F.pfx --password P] --out DIR\n');
    return 2;
  }
  let fallos = 0;
  for (const archivo of o.posicionales) {
    try {
      const r = construirArchivo(archivo, o.valores.out, o.valores.pfx, o.valores.password);
      if (r.certificadoPrueba) {
        process.stderr.write(`${archivo}: firmado con un certificado de PRUEBA autofirmado (sin --pfx); SUNAT no lo aceptará.\n`);
      }
      process.stdout.write(`${r.xml}\n${r.zip}\n`);
    } catch (e) {
      fallos++;
      if (e instanceof ErrorValidacion) process.stderr.write(`${archivo}: ${JSON.stringify(e.detalle)}\n`);
      else process.stderr.write(`${archivo}: ${(e as Error).message}\n`);
    }
  }
  return fallos ? 1 : 0;
}
