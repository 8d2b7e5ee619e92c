// Writes a generated sample of SUNAT's padrón reducido del RUC (Latin-1):
//   npx tsx apps/api/src/modules/entidades/generar-padron-muestra.ts <archivo> [lineas=1000] [semilla=1]
// Streams line by line, so millions of lines (benchmarks of the import) need no memory.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { CABECERA_PADRON, lineasPadronMuestra } from './padron-muestra';

const [archivo, lineas = '1000', semilla = '1'] = process.argv.slice(2);
if (!archivo) {
  console.error('Uso: generar-padron-muestra.ts <archivo> [lineas] [semilla]');
  process.exit(2);
}
const salida = createWriteStream(archivo);
const escribir = async (texto: string) => {
  if (!salida.write(Buffer.from(texto + '\r\n', 'latin1'))) await once(salida, 'drain');
};
await escribir(CABECERA_PADRON);
for (const linea of lineasPadronMuestra(Number(lineas), Number(semilla))) await escribir(linea);
salida.end();
await once(salida, 'finish');
console.log(`${archivo}: ${lineas} contribuyentes`);
