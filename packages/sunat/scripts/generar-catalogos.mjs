#!/usr/bin/env node
// Genera los catálogos tipados de src/catalogs/generated/ a partir de ../shared/sunat (solo datos de SUNAT/INEI).
// Se ejecuta a mano cuando cambian los catálogos de SUNAT; el resultado se versiona para que el paquete funcione sin ../shared.
// Uso: node packages/sunat/scripts/generar-catalogos.mjs [RUTA_SHARED] [DIRECTORIO_SALIDA]
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const paquete = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const raizRepo = path.resolve(paquete, '../..');
const shared = path.resolve(process.argv[2] ?? path.resolve(raizRepo, '../shared'));
const sunat = path.join(shared, 'sunat');
const destino = path.resolve(process.argv[3] ?? path.join(paquete, 'src/catalogs/generated'));
mkdirSync(destino, { recursive: true });

/** CSV con comillas dobles (RFC 4180), sin dependencias. */
function leerCsv(texto) {
  const filas = [];
  let fila = [], campo = '', enComillas = false;
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i];
    if (enComillas) {
      if (c === '"') {
        if (texto[i + 1] === '"') { campo += '"'; i++; } else enComillas = false;
      } else campo += c;
    } else if (c === '"') enComillas = true;
    else if (c === ',') { fila.push(campo); campo = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && texto[i + 1] === '\n') i++;
      fila.push(campo); filas.push(fila); fila = []; campo = '';
    } else campo += c;
  }
  if (campo !== '' || fila.length) { fila.push(campo); filas.push(fila); }
  return filas.filter((f) => f.some((x) => x.trim() !== ''));
}

const limpiar = (s) => String(s).replace(/\s+/g, ' ').trim();

/** Lista <c id="X">texto</c> de los catálogos XML que usan las hojas XSL de SUNAT (monedas, unidades, países). */
function leerCatalogoXsl(nombre) {
  const texto = readFileSync(path.join(sunat, 'xsl/sfs/sunat_archivos/sfs/VALI/commons/cpe/catalogo', nombre), 'utf8');
  const mapa = {};
  for (const m of texto.matchAll(/<c id="([^"]+)"[^>]*>([^<]*)<\/c>/g)) mapa[m[1]] = limpiar(m[2]);
  return mapa;
}

const json = JSON.parse(readFileSync(path.join(sunat, 'catalogos/sunat-20260212/catalogos.json'), 'utf8'));
const catalogos = {};
const nombres = {};
for (const [numero, cat] of Object.entries(json.catalogos)) {
  const [colCodigo, colDesc] = cat.columnas;
  const mapa = {};
  for (const item of cat.items) {
    const codigo = limpiar(item[colCodigo] ?? '');
    if (codigo) mapa[codigo] = limpiar(item[colDesc] ?? '');
  }
  catalogos[numero] = mapa;
  nombres[numero] = limpiar(cat.nombre);
}
// Los catálogos 02, 03 y 04 del Anexo 8 solo remiten a ISO 4217, UN/ECE Rec 20 e ISO 3166-1: se toman las listas
// que usan las propias hojas de validación de SUNAT.
catalogos['02'] = leerCatalogoXsl('cat_02.xml');
catalogos['03'] = leerCatalogoXsl('cat_03.xml');
catalogos['04'] = leerCatalogoXsl('cat_04.xml');
// Complementos GRE (códigos 19 del catálogo 20 y 91 del 61, entre otros).
for (const n of ['20', '61']) {
  const sup = JSON.parse(readFileSync(path.join(sunat, `catalogos/gre-supplement/${n}.json`), 'utf8'));
  for (const [codigo, v] of Object.entries(sup.items)) catalogos[n][codigo] = limpiar(v.descripcion ?? v.nombre ?? '');
}
// Catálogo 22: porcentaje de percepción por régimen.
const porcentajes22 = {};
for (const item of json.catalogos['22'].items) porcentajes22[limpiar(item['Código'])] = limpiar(item['Porcentaje %']);

const orden = Object.keys(catalogos).sort((a, b) => parseFloat(a) - parseFloat(b) || a.localeCompare(b));
let salida = '// Generado por scripts/generar-catalogos.mjs desde shared/sunat (AjustesValidacionesCPEv20260212). No editar a mano.\n\n';
salida += 'export const CATALOGOS: Record<string, Record<string, string>> = {\n';
for (const n of orden) {
  salida += `  ${JSON.stringify(n)}: {\n`;
  for (const [c, d] of Object.entries(catalogos[n])) salida += `    ${JSON.stringify(c)}: ${JSON.stringify(d)},\n`;
  salida += '  },\n';
}
salida += '};\n\n';
salida += `export const NOMBRES_CATALOGO: Record<string, string> = ${JSON.stringify(nombres, null, 2)};\n\n`;
salida += `export const PORCENTAJE_PERCEPCION: Record<string, string> = ${JSON.stringify(porcentajes22, null, 2)};\n`;
writeFileSync(path.join(destino, 'catalogos.ts'), salida);

// Ubigeo INEI: código -> "DEPARTAMENTO|PROVINCIA|DISTRITO" (una sola cadena por distrito para que el archivo sea compacto).
const filas = leerCsv(readFileSync(path.join(sunat, 'catalogos/ubigeo/ubigeo_distrito.csv'), 'utf8'));
const cab = filas[0];
const iInei = cab.indexOf('inei'), iDep = cab.indexOf('departamento'), iProv = cab.indexOf('provincia'), iDist = cab.indexOf('distrito');
let ubi = '// Generado por scripts/generar-catalogos.mjs desde shared/sunat/catalogos/ubigeo (INEI). No editar a mano.\n';
ubi += '// Código INEI de distrito -> "DEPARTAMENTO|PROVINCIA|DISTRITO".\n';
ubi += 'export const UBIGEOS: Record<string, string> = {\n';
for (const f of filas.slice(1)) {
  if (!/^\d{6}$/.test(f[iInei])) continue;
  ubi += `  "${f[iInei]}": ${JSON.stringify(`${limpiar(f[iDep])}|${limpiar(f[iProv])}|${limpiar(f[iDist])}`)},\n`;
}
ubi += '};\n';
writeFileSync(path.join(destino, 'ubigeo.ts'), ubi);
console.log(`catálogos: ${orden.length}; ubigeos: ${filas.length - 1} -> ${path.relative(process.cwd(), destino)}`);
