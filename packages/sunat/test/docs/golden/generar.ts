// Writes the golden files of golden.test.ts with the CURRENT implementation:
//   npx tsx packages/sunat/test/docs/golden/generar.ts
// Run it only when an output change is intended, and say so in the commit.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dirGolden, ejemplos, variantes } from './documentos';
import { salida } from './salida';

const dirXml = path.join(dirGolden, 'xml');
mkdirSync(dirXml, { recursive: true });
const hashes: Record<string, string> = {};
for (const { nombre, entrada } of ejemplos()) {
  const s = salida(entrada, true);
  writeFileSync(path.join(dirXml, `${nombre}.txt`), s);
  if (/^(01|03|07|08)$/.test(String(entrada.tipo))) {
    for (const v of variantes(nombre, entrada, 40)) hashes[v.nombre] = createHash('sha256').update(salida(v.entrada)).digest('hex');
  }
}
writeFileSync(path.join(dirGolden, 'variantes.json'), `${JSON.stringify(hashes, null, 1)}\n`);
console.log(`${Object.keys(hashes).length} variantes`);
