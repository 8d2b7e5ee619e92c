// Catálogos generados: al día con ../shared, consultables, y las partes isomórficas sin dependencias de Node.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buscarUbigeo, descripcionCatalogo, enCatalogo, tributoDeAfectacion, AFECTACIONES_GRATUITAS } from '../../src/catalogs';

const paquete = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shared = path.resolve(paquete, '../../../shared');

describe('catálogos', () => {
  it('consultan los códigos de SUNAT', () => {
    expect(descripcionCatalogo('07', '10')).toBe('Gravado - Operación Onerosa');
    expect(enCatalogo('07', '99')).toBe(false);
    expect(enCatalogo('03', 'NIU')).toBe(true);
    expect(enCatalogo('02', 'USD')).toBe(true);
    expect(enCatalogo('20', '19')).toBe(true); // complemento GRE
    expect(enCatalogo('06', 'toString')).toBe(false);
    expect(buscarUbigeo('150101')).toEqual({ codigo: '150101', departamento: 'LIMA', provincia: 'LIMA', distrito: 'LIMA' });
    expect(buscarUbigeo('000000')).toBeUndefined();
  });

  it('cada código gratuito del catálogo 07 va al tributo 9996', () => {
    for (const c of AFECTACIONES_GRATUITAS) {
      expect(enCatalogo('07', c)).toBe(true);
      expect(tributoDeAfectacion(c)).toBe('9996');
    }
  });

  const sinShared = !existsSync(path.join(shared, 'sunat/catalogos'));
  if (sinShared) console.warn(`[catálogos] no está ${shared}: se omite la comparación de los archivos generados con su origen`);

  it.skipIf(sinShared)('los códigos de retorno generados están al día con ../shared/sunat/errores', () => {
    const salida = path.join(mkdtempSync(path.join(tmpdir(), 'yupana-codigos-')), 'codigos-generados.ts');
    try {
      execFileSync(process.execPath, [path.join(paquete, 'src/errors/generar-codigos.mjs'), salida], { stdio: 'pipe' });
      expect(readFileSync(salida, 'utf8')).toBe(readFileSync(path.join(paquete, 'src/errors/codigos-generados.ts'), 'utf8'));
    } finally {
      rmSync(path.dirname(salida), { recursive: true, force: true });
    }
  });

  it.skipIf(sinShared)('los archivos generados están al día con ../shared/sunat', () => {
    const salida = mkdtempSync(path.join(tmpdir(), 'yupana-catalogos-'));
    try {
      execFileSync(process.execPath, [path.join(paquete, 'scripts/generar-catalogos.mjs'), shared, salida], { stdio: 'pipe' });
      for (const f of ['catalogos.ts', 'ubigeo.ts']) {
        expect(readFileSync(path.join(salida, f), 'utf8'), f).toBe(readFileSync(path.join(paquete, 'src/catalogs/generated', f), 'utf8'));
      }
    } finally {
      rmSync(salida, { recursive: true, force: true });
    }
  });
});

describe('partes isomórficas (también corren en el navegador)', () => {
  const archivos = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? archivos(p) : p.endsWith('.ts') ? [p] : [];
    });
  it.each(['catalogs', 'model', 'totals', 'words', 'qr'])('src/%s no importa módulos de Node ni usa process', (dir) => {
    for (const f of archivos(path.join(paquete, 'src', dir))) {
      const texto = readFileSync(f, 'utf8');
      expect(texto, f).not.toMatch(/from ['"](node:|fs|path|crypto|os)['"/]/);
      expect(texto, f).not.toMatch(/\bprocess\./);
      expect(texto, f).not.toMatch(/from ['"]\.\.\/(ubl|signature|zip|cdr|transport|cli)/);
    }
  });
});
