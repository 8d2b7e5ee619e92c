// Measures the padrón import on PGlite and (TEST_DATABASE_URL set) PostgreSQL, COPY against INSERT ... unnest:
//   npx tsx apps/api/test/entidades/medir-padron.ts [lineas=200000]
// Not a test: it prints lines per second of each method on a generated file.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { cargarDatosDemo } from '../../src/db/seed-demo';
import { padronImportacion } from '../../src/modules/entidades/entidades.schema';
import { importarArchivoPadron, type MetodoCarga } from '../../src/modules/entidades/padron-importacion';
import { abrirDbPrueba } from '../helpers';

const lineas = Number(process.argv[2] ?? 200_000);
const dir = mkdtempSync(path.join(tmpdir(), 'medir-padron-'));
const archivo = path.join(dir, 'padron.txt');
execFileSync('npx', ['tsx', path.join(import.meta.dirname, '../../src/modules/entidades/generar-padron-muestra.ts'), archivo, String(lineas)], { stdio: 'ignore' });
const bytes = statSync(archivo).size;

const { dbh, cerrar } = await abrirDbPrueba();
try {
  await dbh.migrar();
  await cargarDatosDemo(dbh.db);
  for (const metodo of ['copy', 'insert', 'copy', 'insert'] as MetodoCarga[]) {
    await dbh.db.execute(sql`truncate padron_ruc`);
    const [imp] = await dbh.db
      .insert(padronImportacion)
      .values({ idEmpresa: 1, nombreArchivo: 'medicion', ruta: archivo, bytesTotal: bytes, estado: 'PROCESANDO' })
      .returning();
    const inicio = performance.now();
    const r = await importarArchivoPadron(dbh, imp.id, archivo, 0, { metodo });
    const s = (performance.now() - inicio) / 1000;
    console.log(
      `${dbh.motor} ${metodo.padEnd(6)} ${r.lineas} líneas (${(bytes / 1e6).toFixed(1)} MB) en ${s.toFixed(2)} s = ${Math.round(r.lineas / s).toLocaleString('es-PE')} líneas/s` +
        ` -> 10 millones en ~${Math.round(10_000_000 / (r.lineas / s) / 60)} min`,
    );
  }
} finally {
  await cerrar();
  rmSync(dir, { recursive: true, force: true });
}
