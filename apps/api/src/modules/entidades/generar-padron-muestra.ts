// Writes a generated sample of SUNAT's padrón reducido del RUC (Latin-1, CRLF):
//   npx tsx apps/api/src/modules/entidades/generar-padron-muestra.ts <archivo> [lineas=1000] [semilla=1]
//   npx tsx apps/api/src/modules/entidades/generar-padron-muestra.ts <archivo> demo
// The second form writes exactly the demo padrón that a fresh `npm start` loads (padron-demo.ts), e.g. to upload it.
// Streams line by line, so millions of lines (benchmarks of the import) need no memory.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { CABECERA_PADRON, lineasPadronMuestra } from './padron-muestra';
import { lineasPadronDemo } from './padron-demo';

const [archivo, lineas = '1000', semilla = '1'] = process.argv.slice(2);
if (!archivo) {
  console.error('Uso: generar-padron-muestra.ts <archivo> [lineas|demo] [semilla]');
  process.exit(2);
}
const salida = createWriteStream(archivo);
const escribir = async (texto: string) => {
  if (!salida.write(Buffer.from(texto + '\r\n', 'latin1'))) await once(salida, 'drain');
};
let n = 0;
const todas = lineas === 'demo' ? lineasPadronDemo() : (function* () {
  yield CABECERA_PADRON;
  yield* lineasPadronMuestra(Number(lineas), Number(semilla));
})();
for (const linea of todas) {
  await escribir(linea);
  n++;
}
salida.end();
await once(salida, 'finish');
console.log(`${archivo}: ${n - 1} contribuyentes`);
