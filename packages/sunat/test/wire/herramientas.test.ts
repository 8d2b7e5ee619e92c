// A check that needs an outside tool (xmlsec1, sunat-check) never passes silently without it: it is a skip whose note
// says what is missing, and in CI, which installs every tool, a failure.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exigirHerramienta } from './helpers/entorno';

describe('exigirHerramienta', () => {
  afterEach(() => vi.unstubAllEnvs());
  const contexto = () => ({ skip: vi.fn((nota?: string) => { throw new Error(`omitida: ${nota}`); }) as unknown as (nota?: string) => never });

  it('with the tool present, the test just runs', () => {
    const ctx = contexto();
    exigirHerramienta(ctx, undefined);
    expect(ctx.skip).not.toHaveBeenCalled();
  });

  it('without it, outside CI, the test is skipped with the reason', () => {
    vi.stubEnv('CI', '');
    const ctx = contexto();
    expect(() => exigirHerramienta(ctx, 'xmlsec1 no está instalado')).toThrow('omitida: xmlsec1 no está instalado');
    expect(ctx.skip).toHaveBeenCalledWith('xmlsec1 no está instalado');
  });

  it('without it, in CI, the test fails', () => {
    vi.stubEnv('CI', 'true');
    const ctx = contexto();
    expect(() => exigirHerramienta(ctx, 'xmlsec1 no está instalado')).toThrow(/En CI las herramientas se instalan/);
    expect(ctx.skip).not.toHaveBeenCalled();
  });
});
