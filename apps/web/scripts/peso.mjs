// Page-weight budget of the web build (issue 17). Run after `vite build` (the build script does): reads the Vite
// manifest, adds up the JavaScript each route loads (the entry and everything it imports statically, plus the route's
// lazy chunk and its static imports) and fails when the login route's compressed JavaScript exceeds its budget.
// Sizes are brotli (quality 11, the .br files the API serves); gzip is printed beside them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const KB = 1000;
export const PRESUPUESTO_LOGIN = 150 * KB;
export const PRESUPUESTO_SHELL = 400 * KB;

/** Every chunk a manifest entry needs before it runs: itself and its static imports, transitively. */
export function cierre(manifest, claves) {
  const vistos = new Set();
  const pendientes = [...claves];
  while (pendientes.length) {
    const k = pendientes.pop();
    if (vistos.has(k)) continue;
    const e = manifest[k];
    if (!e) throw new Error(`El manifiesto de Vite no tiene ${k}`);
    vistos.add(k);
    pendientes.push(...(e.imports ?? []));
  }
  return [...vistos].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}

function medir(dist, archivos) {
  let crudo = 0;
  let br = 0;
  let gz = 0;
  for (const f of archivos) {
    const ruta = path.join(dist, f);
    const datos = readFileSync(ruta);
    crudo += datos.length;
    // The build writes the .br/.gz siblings; measure them when present (what goes over the wire).
    br += existsSync(`${ruta}.br`) ? readFileSync(`${ruta}.br`).length : brotliCompressSync(datos, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    gz += existsSync(`${ruta}.gz`) ? readFileSync(`${ruta}.gz`).length : gzipSync(datos, { level: 9 }).length;
  }
  return { archivos: archivos.length, crudo, br, gz };
}

const kb = (n) => `${(n / KB).toFixed(1)} kB`;

export function pesos(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entrada = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const ruta = (sufijo) => {
    const k = Object.keys(manifest).find((c) => c.endsWith(sufijo));
    if (!k) throw new Error(`El manifiesto de Vite no tiene ${sufijo}`);
    return k;
  };
  const login = cierre(manifest, [entrada, ruta('features/auth/pages/login-page.tsx')]);
  const shellInicio = cierre(manifest, [entrada, ruta('app/antd-raiz.tsx'), ruta('app/shell/admin-layout.tsx'), ruta('features/inicio/pages/inicio-page.tsx')]);
  const soloShell = shellInicio.filter((f) => !login.includes(f));
  // The other public pages (no session): with antd's provider, without the shell. Printed, not budgeted.
  const publica = (pagina) => medir(dist, cierre(manifest, [entrada, ruta('app/antd-raiz.tsx'), ruta(pagina)]));
  const shell = ruta('app/shell/admin-layout.tsx');
  const sinShell = (pagina) => !cierre(manifest, [ruta(pagina)]).includes(manifest[shell].file);
  return {
    login: medir(dist, login),
    shellInicio: medir(dist, shellInicio),
    shellTrasLogin: medir(dist, soloShell),
    registro: publica('features/registro/pages/registro-page.tsx'),
    consulta: publica('features/consulta-receptor/pages/consulta-receptor-page.tsx'),
    publicasSinShell: sinShell('features/registro/pages/registro-page.tsx') && sinShell('features/consulta-receptor/pages/consulta-receptor-page.tsx'),
  };
}

function principal() {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const p = pesos(dist);
  const linea = (nombre, m) => `  ${nombre}: ${kb(m.br)} brotli, ${kb(m.gz)} gzip, ${kb(m.crudo)} sin comprimir, ${m.archivos} archivos`;
  console.log('Peso de JavaScript por ruta (issue 17):');
  console.log(linea('login (/auth/login)', p.login));
  console.log(linea('shell + inicio (/admin), total', p.shellInicio));
  console.log(linea('shell + inicio, lo que se suma tras el login', p.shellTrasLogin));
  console.log(linea('registro (/auth/registro)', p.registro));
  console.log(linea('consulta pública (/consultareceptor)', p.consulta));
  let falla = false;
  if (!p.publicasSinShell) {
    console.error('Una página pública (registro o consulta) carga el shell: debe cargarse sin él.');
    falla = true;
  }
  if (p.login.br > PRESUPUESTO_LOGIN) {
    console.error(`El JavaScript de la página de login pesa ${kb(p.login.br)} (brotli), más que su presupuesto de ${kb(PRESUPUESTO_LOGIN)}.`);
    falla = true;
  }
  if (p.shellInicio.br > PRESUPUESTO_SHELL) {
    console.error(`El JavaScript del shell y la página de inicio pesa ${kb(p.shellInicio.br)} (brotli), más que su presupuesto de ${kb(PRESUPUESTO_SHELL)}.`);
    falla = true;
  }
  if (falla) process.exit(1);
}

principal();
