// `npm start`: installs what is missing, builds the web app if stale, then runs the API (which serves the web app,
// migrates the database and loads demo data on the embedded database's first run).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstall, root } from './ensure-install.mjs';
import { buildWeb } from './build-web.mjs';

ensureInstall();
buildWeb();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
