import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const comprimirBrotli = promisify(brotliCompress);
const comprimirGzip = promisify(gzip);

/**
 * Writes a .br and a .gz beside every text file of the build (issue 17): the API serves them by Accept-Encoding
 * (@fastify/static's preCompressed), so nothing is compressed per request and the best settings can be used once.
 */
function precomprimir(): Plugin {
  let dist = '';
  return {
    name: 'yupana-precomprimir',
    apply: 'build',
    configResolved(config) {
      dist = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const archivos: string[] = [];
      const recorrer = async (dir: string) => {
        for (const e of await readdir(dir, { withFileTypes: true })) {
          const ruta = path.join(dir, e.name);
          if (e.isDirectory()) {
            if (e.name !== '.vite') await recorrer(ruta);
          } else if (/\.(js|mjs|css|html|svg|json|txt|webmanifest|ico)$/.test(e.name)) archivos.push(ruta);
        }
      };
      await recorrer(dist);
      await Promise.all(
        archivos.map(async (ruta) => {
          const datos = await readFile(ruta);
          const br = await comprimirBrotli(datos, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: datos.length } });
          const gz = await comprimirGzip(datos, { level: 9 });
          // A compressed copy no smaller than the file is not worth serving: the file goes as it is.
          if (br.length < datos.length) await writeFile(`${ruta}.br`, br);
          if (gz.length < datos.length) await writeFile(`${ruta}.gz`, gz);
        }),
      );
    },
  };
}

// In development the API runs apart (on :3000 unless API_URL says otherwise); in production the API serves this build
// from the same origin.
export default defineConfig({
  plugins: [react(), precomprimir()],
  server: {
    // ws: the realtime hub (socket.io) lives under /api/tiempo-real.
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    // The page-weight check (scripts/peso.mjs, run by the build script) reads which chunks each route loads from it.
    manifest: true,
    // Pages are split per route; the login page loads neither antd nor the shell (issue 17).
    chunkSizeWarningLimit: 1600,
  },
});
