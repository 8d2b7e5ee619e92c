import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const aqui = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(aqui, '../../../../..');
/** Shared reference material; CI clones it beside the repo, a user's fresh clone may not have it. */
export const shared = path.resolve(repoRoot, '../shared');
export const sunatShared = path.join(shared, 'sunat');
export const hayShared = existsSync(path.join(sunatShared, 'samples'));
export const hayXmlsec1 = spawnSync('xmlsec1', ['--version']).status === 0;
/** Why the independent signature verifier cannot run here, or undefined when it can. */
export const faltaXmlsec1 = hayXmlsec1 ? undefined : 'xmlsec1 no está instalado (apt-get install -y xmlsec1): se omite la verificación independiente de firmas';
export const hayOpenssl = spawnSync('openssl', ['version']).status === 0;

if (!hayShared) console.warn(`[sunat wire] No existe ${sunatShared}: se omiten las pruebas sobre las muestras reales de SUNAT.`);
if (!hayOpenssl) console.warn('[sunat wire] openssl no está instalado: se omite la lectura de un .pfx exportado por OpenSSL.');
if (faltaXmlsec1) console.warn(`[sunat wire] ${faltaXmlsec1}.`);

/**
 * Skips the running test, saying why, when a tool it needs is missing; in CI (CI set), where .ci/run installs
 * every tool, a missing one fails the test instead, so CI never passes without running the check.
 */
export function exigirHerramienta(ctx: { skip(nota?: string): never }, falta: string | undefined): void {
  if (!falta) return;
  if (process.env.CI) throw new Error(`En CI las herramientas se instalan (.ci/run), pero ${falta}`);
  ctx.skip(falta);
}

/** Runs `xmlsec1 --verify --insecure` (key from the embedded certificate) and says whether it accepted the file. */
export function xmlsec1Verifica(xml: string): { ok: boolean; salida: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'yupana-xmlsec-'));
  try {
    const archivo = path.join(dir, 'doc.xml');
    writeFileSync(archivo, xml, 'utf8');
    const r = spawnSync('xmlsec1', ['--verify', '--insecure', archivo], { encoding: 'utf8' });
    return { ok: r.status === 0, salida: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function openssl(args: string[], cwd: string): Buffer {
  return execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
}
