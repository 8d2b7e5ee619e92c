import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@yupana/contracts';
import { crearTokens } from '../src/lib/tokens';

const clave = new TextEncoder().encode('clave-de-prueba-de-tokens-con-mas-de-32-bytes');
const payload = { IdUsuario: 7, Usuario: 'ana', IdEntidadEmpresa: 3, Sucursales: [4, 5], IdCuenta: 2, DocumentoEmpresa: '20600123450' };

describe('access tokens', () => {
  it('round-trips the seed payload and the session id', async () => {
    const t = await crearTokens(clave, 900);
    const claims = await t.verificarAcceso(await t.firmarAcceso(payload, 42));
    expect(claims).toEqual({ ...payload, sid: 42 });
  });

  it('gives every token its own 128-bit jti, so two signed in the same second for one session differ', async () => {
    const t = await crearTokens(clave, 900);
    const claimsDe = (tk: string) => JSON.parse(Buffer.from(tk.split('.')[1], 'base64url').toString()) as { jti: string; iat: number; exp: number };
    const [a, b] = await Promise.all([t.firmarAcceso(payload, 42), t.firmarAcceso(payload, 42)]);
    const [ca, cb] = [claimsDe(a), claimsDe(b)];
    expect(a).not.toBe(b);
    expect(ca.jti).not.toBe(cb.jti);
    expect(Buffer.from(ca.jti, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(cb.exp - cb.iat).toBe(900);
  });

  it('still rejects a token once it expires, even after it was verified and cached', async () => {
    const t = await crearTokens(clave, 1);
    const token = await t.firmarAcceso(payload, 1);
    await expect(t.verificarAcceso(token)).resolves.toMatchObject({ IdUsuario: 7 });
    await new Promise((r) => setTimeout(r, 2100));
    await expect(t.verificarAcceso(token)).rejects.toMatchObject({ code: ErrorCodes.TOKEN_EXPIRADO, status: 401 });
  });

  it('rejects tokens signed with another key or with alg none', async () => {
    const t = await crearTokens(clave, 900);
    const otro = await crearTokens(new TextEncoder().encode('otra-clave-distinta-con-mas-de-32-bytes-xx'), 900);
    await expect(t.verificarAcceso(await otro.firmarAcceso(payload, 1))).rejects.toMatchObject({ code: ErrorCodes.NO_AUTENTICADO });
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const sinFirma = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...payload, sid: 1, iss: 'yupana', exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    await expect(t.verificarAcceso(sinFirma)).rejects.toMatchObject({ code: ErrorCodes.NO_AUTENTICADO });
    expect(await t.leerAccesoSinCaducidad(sinFirma)).toBeNull();
  });

  it('reads an expired but genuine token for the refresh call', async () => {
    const vencido = await crearTokens(clave, -60);
    const t = await crearTokens(clave, 900);
    expect(await t.leerAccesoSinCaducidad(await vencido.firmarAcceso(payload, 9))).toMatchObject({ sid: 9, IdUsuario: 7 });
  });
});
