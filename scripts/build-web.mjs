// Builds apps/web only when a source it depends on is newer than the last build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './ensure-install.mjs';

const inputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/scripts', 'apps/web/package.json',
  'packages/contracts/src', 'packages/sunat/src', 'package-lock.json'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of readdirSync(p)) m = Math.max(m, newest(path.join(p, e)));
  return m;
}

// WEB_DIST moves the output (parallel e2e runs each build their own copy); the API reads the same variable.
export function buildWeb({ force = false, outDir = process.env.WEB_DIST } = {}) {
  const dist = outDir ? path.resolve(root, outDir) : path.join(root, 'apps/web/dist');
  const out = path.join(dist, 'index.html');
  const built = existsSync(out) ? statSync(out).mtimeMs : 0;
  const src = Math.max(...inputs.map((i) => newest(path.join(root, i))));
  if (!force && built > src) return;
  console.log('Compilando la aplicación web...');
  const r = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', dist, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('La compilación de la aplicación web falló.');
    process.exit(r.status ?? 1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) buildWeb({ force: process.argv.includes('--force') });
