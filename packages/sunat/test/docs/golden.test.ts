// Byte identity with the implementation before issue 17's speed work (totals, XML writer, signer): the golden files
// in golden/ were written by that code (golden/generar.ts). Each input's totals as text, its signed XML (with the
// key-dependent SignatureValue and certificate masked; the digest stays) or its validation errors must not change.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dirGolden, ejemplos, variantes } from './golden/documentos';
import { salida } from './golden/salida';

const hashes = JSON.parse(readFileSync(path.join(dirGolden, 'variantes.json'), 'utf8')) as Record<string, string>;
const comprobantes = ejemplos().filter((e) => /^(01|03|07|08)$/.test(String(e.entrada.tipo)));

describe('salida idéntica byte a byte a la de antes del issue 17', () => {
  it.each(ejemplos().map((e) => [e.nombre, e.entrada] as const))('%s', (nombre, entrada) => {
    expect(salida(entrada, true)).toBe(readFileSync(path.join(dirGolden, 'xml', `${nombre}.txt`), 'utf8'));
  }, 30_000);

  it.each(comprobantes.map((e) => [e.nombre, e.entrada] as const))('%s: 40 variantes de cantidades y precios', (nombre, entrada) => {
    for (const v of variantes(nombre, entrada, 40)) {
      expect(hashes[v.nombre], v.nombre).toBeDefined();
      expect(createHash('sha256').update(salida(v.entrada)).digest('hex'), v.nombre).toBe(hashes[v.nombre]);
    }
  }, 120_000);

  it('hay 1240 variantes, también con errores de validación', () => {
    expect(Object.keys(hashes)).toHaveLength(comprobantes.length * 40);
  });
});
