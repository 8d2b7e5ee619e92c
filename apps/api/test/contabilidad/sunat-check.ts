import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const raizRepo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const CHECKER = path.join(raizRepo, '../shared/tools/sunat-check');

/** Why the independent checker cannot run here, or undefined when it can. */
export function faltaChecker(): string | undefined {
  if (!existsSync(CHECKER)) return `no existe ${CHECKER} (falta ../shared junto al repositorio)`;
  const saxon = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
  if (!existsSync(saxon)) return `falta Saxon-HE (${saxon}); apt-get install -y libsaxonhe-java`;
  const rutas = (process.env.PATH ?? '').split(path.delimiter);
  for (const bin of ['java', 'xmllint', 'xmlsec1'])
    if (!rutas.some((r) => existsSync(path.join(r, bin)))) return `falta ${bin}; apt-get install -y default-jre-headless libxml2-utils xmlsec1`;
  return undefined;
}

/** Runs `sunat-check --strict` on the files; returns file base name -> its PASS/OBS/FAIL line. */
export async function verificarXml(archivos: string[]): Promise<Map<string, string>> {
  const r = await promisify(execFile)(CHECKER, ['--strict', ...archivos], { maxBuffer: 16 * 1024 * 1024 }).catch(
    (e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
  );
  const resultado = new Map<string, string>();
  for (const linea of r.stdout.split('\n')) {
    const m = /^(PASS|OBS|FAIL)\s+(\S+?)(:|$)/.exec(linea);
    if (m) resultado.set(path.basename(m[2]), linea);
  }
  return resultado;
}
