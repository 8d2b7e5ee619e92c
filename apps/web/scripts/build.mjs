// The web app's build: `vite build` (which also writes the .br/.gz copies, see vite.config.ts), then the page-weight
// check (scripts/peso.mjs), which fails the build when the login page's JavaScript exceeds its budget (issue 17).
// Arguments go to vite (scripts/build-web.mjs passes --outDir and --emptyOutDir).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const i = args.findIndex((a) => a === '--outDir' || a.startsWith('--outDir='));
const outDir = i < 0 ? 'dist' : args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];

const correr = (comando, argumentos) => {
  const r = spawnSync(process.execPath, [comando, ...argumentos], { cwd: web, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
correr(vite, ['build', ...args]);
correr(path.join(web, 'scripts/peso.mjs'), [path.resolve(web, outDir)]);
