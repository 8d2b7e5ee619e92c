// Checks of the repository itself (issue 10, item 12): `npm run typecheck` covers every workspace, the e2e suite and the
// benchmarks, so a type error in a package or a benchmark cannot hide from it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const paquete = JSON.parse(readFileSync(path.join(raiz, 'package.json'), 'utf8')) as { workspaces: string[]; scripts: Record<string, string> };

describe('npm run typecheck', () => {
  const proyectos = [...paquete.scripts.typecheck.matchAll(/tsc -p (\S+)/g)].map((m) => m[1]);

  it.each([...paquete.workspaces, 'e2e', 'bench'])('comprueba %s con su propio tsconfig', (carpeta) => {
    expect(proyectos).toContain(carpeta);
    expect(existsSync(path.join(raiz, carpeta, 'tsconfig.json'))).toBe(true);
  });
});
