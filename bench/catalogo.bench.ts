/**
 * Item catalogue import from Excel over HTTP (issue 13: 100,000 items in under a minute). Builds a 100,000-row
 * workbook with the template's columns (streamed with exceljs), starts the API on a temporary PostgreSQL database,
 * uploads the file to POST /api/logistica/v1/items/importacion and polls GET .../importacion/:id until it ends, then
 * imports the same file again with every price changed (100,000 updates). Prints rows/s, total seconds (upload to
 * TERMINADO), the API process's peak RSS during the import and the machine's load.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a temporary database is created there and
 * dropped at the end). Env: BENCH_ITEMS (default 100000).
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { COLUMNAS_CATALOGO, HOJA_CATALOGO, type TImportacionItems } from '@yupana/contracts';
import { baseTemporal, cargaMaquina, servidorPostgres } from './comun';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const GTIN = ['7750182000024', '96385074', '036000291452', '10012345678902'];
const ESTANDAR = ['GTIN-13', 'GTIN-8', 'GTIN-12', 'GTIN-14'];

/** A catalogue of `n` items: goods and services, every Tabla 5 type, some with GTIN, prices with decimals. */
async function libro(n: number, recargo: number): Promise<Buffer> {
  const salida = new PassThrough();
  const partes: Buffer[] = [];
  salida.on('data', (b: Buffer) => partes.push(b));
  const fin = new Promise((ok) => salida.on('end', ok));
  const l = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useSharedStrings: false, useStyles: false });
  const h = l.addWorksheet(HOJA_CATALOGO);
  h.addRow(Object.values(COLUMNAS_CATALOGO)).commit();
  for (let i = 1; i <= n; i++) {
    const servicio = i % 10 === 0;
    const g = i % 7 === 0 ? i % 4 : -1;
    h.addRow([
      `BENCH-${String(i).padStart(6, '0')}`,
      `${servicio ? 'SERVICIO' : 'PRODUCTO'} DE PRUEBA NÚMERO ${i}`,
      servicio ? 'ZZ' : 'NIU',
      Number(((i % 997) + 0.5 + recargo).toFixed(2)),
      i % 3 === 0 ? 'NO' : 'SI',
      i % 5 === 0 ? '20' : '10',
      servicio ? '99' : ['01', '02', '03', '05'][i % 4],
      g >= 0 ? ESTANDAR[g] : null,
      g >= 0 ? GTIN[g] : null,
      i % 50 === 0 ? 'SI' : 'NO',
      !servicio && i % 11 === 0 ? 'SI' : 'NO',
      'NO',
      'SI',
    ]).commit();
  }
  h.commit();
  await l.commit();
  await fin;
  return Buffer.concat(partes);
}

async function principal(): Promise<void> {
  const servidorPg = servidorPostgres();
  if (!servidorPg) {
    console.error('bench:catalogo necesita PostgreSQL: defina BENCH_DATABASE_URL=postgres://usuario@host:5432/postgres');
    process.exit(2);
  }
  let t = performance.now();
  const archivos = [await libro(ITEMS, 0), await libro(ITEMS, 1)];
  console.log(`bench:catalogo: libro de ${ITEMS.toLocaleString('es-PE')} filas (${(archivos[0].length / 1e6).toFixed(1)} MB) generado en ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const base = await baseTemporal(servidorPg, 'catalogo');
  const { buildApp } = await import('../apps/api/src/app');
  const { abrirDb } = await import('../apps/api/src/db/client');
  const { cargarDatosDemo } = await import('../apps/api/src/db/seed-demo');
  const dbh = await abrirDb(base.url, '');
  const app = await buildApp({ dbh, jwtSecret: 'secreto-de-benchmark-de-yupana-con-32-bytes', logger: false, webDist: null, mantenimiento: false });
  try {
    await dbh.migrar();
    await cargarDatosDemo(dbh.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const direccion = app.server.address();
    const url = `http://127.0.0.1:${typeof direccion === 'object' && direccion ? direccion.port : 0}/api`;
    const r = await fetch(`${url}/seguridad/v3/usuarios/login/1`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('supervisor:Demo.2026').toString('base64')}` } });
    const headers = { authorization: `Bearer ${((await r.json()) as { AccessToken: string }).AccessToken}`, 'content-type': 'application/json' };

    for (const [i, archivo] of archivos.entries()) {
      const cuerpo = JSON.stringify({ NombreArchivo: 'catalogo.xlsx', Archivo: archivo.toString('base64') });
      // Peak RSS of the process (this one runs the API) while the import runs, sampled every 100 ms.
      let picoRss = process.memoryUsage().rss;
      const muestreo = setInterval(() => (picoRss = Math.max(picoRss, process.memoryUsage().rss)), 100);
      t = performance.now();
      const subida = await fetch(`${url}/logistica/v1/items/importacion`, { method: 'POST', headers, body: cuerpo });
      if (subida.status !== 202) throw new Error(`subida: ${subida.status} ${await subida.text()}`);
      const { Id } = (await subida.json()) as TImportacionItems;
      let imp: TImportacionItems;
      const avances: string[] = [];
      for (;;) {
        await new Promise((ok) => setTimeout(ok, 500));
        imp = (await (await fetch(`${url}/logistica/v1/items/importacion/${Id}`, { headers })).json()) as TImportacionItems;
        if (avances.at(-1) !== `${imp.Porcentaje}%`) avances.push(`${imp.Porcentaje}%`);
        if (imp.Estado !== 'PROCESANDO') break;
      }
      const segundos = (performance.now() - t) / 1000;
      clearInterval(muestreo);
      if (imp.Estado !== 'TERMINADO') throw new Error(`la importación terminó en ${imp.Estado}: ${imp.Mensaje} ${JSON.stringify(imp.ErroresFilas.slice(0, 5))}`);
      console.log(
        `  ${i === 0 ? 'alta   ' : 'cambio '}: ${imp.TotalFilas} filas (creados ${imp.Creados}, actualizados ${imp.Actualizados}) en ${segundos.toFixed(1)} s = ` +
          `${Math.round(imp.TotalFilas / segundos).toLocaleString('es-PE')} filas/s; pico RSS ${Math.round(picoRss / 1048576)} MB; ${cargaMaquina()}`,
      );
      console.log(`    avance visto: ${avances.join(' ')}`);
    }
    console.log(`  RSS máximo del proceso (incluye generar los libros): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  } finally {
    await app.close();
    await dbh.cerrar();
    await base.borrar();
  }
}

principal().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
