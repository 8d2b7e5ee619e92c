import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatosDeposito } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// Issue 11 item 12: the provider publishes its deposit data; customers read it; nobody else writes it.
let e: Entorno;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  e = await crearEntorno();
  for (const u of ['proveedor', 'supervisor', 'sinruc.supervisor', 'cajero']) tokens[u] = (await sesionDe(e.app, u)).AccessToken;
}, 60_000);
afterAll(async () => e?.cerrar());

const pedir = (usuario: string, method: 'GET' | 'PUT', url: string, payload?: object) => e.app.inject(conToken(tokens[usuario], { method, url, payload }));
const URL_LEER = '/api/pagos/v1/datos-deposito';
const URL_GUARDAR = '/api/pagos/v1/gestion/datos-deposito';
const DATOS = { Banco: 'BCP', NumeroCuenta: '193-2456789-0-12', Cci: '00219300245678901215', Titular: 'Yupana Plataforma SAC', Yape: '987654321' };

describe('datos para depósitos del proveedor', () => {
  it('sin datos: Configurado false; el proveedor los guarda y cada cliente los lee', async () => {
    const antes = await pedir('sinruc.supervisor', 'GET', URL_LEER);
    expect(antes.statusCode).toBe(200);
    expect(antes.json()).toEqual({ Configurado: false, Banco: null, NumeroCuenta: null, Cci: null, Titular: null, Yape: null });

    const r = await pedir('proveedor', 'PUT', URL_GUARDAR, DATOS);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ Configurado: true, ...DATOS });
    for (const u of ['sinruc.supervisor', 'supervisor']) expect((await pedir(u, 'GET', URL_LEER)).json()).toEqual({ Configurado: true, ...DATOS });

    // Yape and CCI are optional: empty clears them.
    const sinYape = await pedir('proveedor', 'PUT', URL_GUARDAR, { ...DATOS, Yape: '', Cci: null });
    expect((sinYape.json() as TDatosDeposito)).toMatchObject({ Yape: null, Cci: null, Banco: 'BCP' });
  });

  it('valida el CCI (20 dígitos) y el celular (9 dígitos) con mensajes en español', async () => {
    const r = await pedir('proveedor', 'PUT', URL_GUARDAR, { ...DATOS, Cci: '0021930024567890121', Yape: '98765432' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorId: 500001, Errores: { Cci: 'El CCI tiene 20 dígitos', Yape: 'El número de Yape o Plin es un celular de 9 dígitos que empieza con 9' } });
    const vacio = await pedir('proveedor', 'PUT', URL_GUARDAR, { ...DATOS, Banco: ' ', Titular: '' });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().Errores).toMatchObject({ Banco: 'Indique el banco', Titular: 'Indique el titular de la cuenta' });
  });

  it('solo el proveedor escribe: un cliente (supervisor o cajero) recibe 403 y nada cambia; sin sesión, 401', async () => {
    await pedir('proveedor', 'PUT', URL_GUARDAR, DATOS);
    for (const u of ['supervisor', 'sinruc.supervisor', 'cajero']) expect((await pedir(u, 'PUT', URL_GUARDAR, { ...DATOS, Banco: 'BANCO FALSO' })).statusCode).toBe(403);
    expect(((await pedir('supervisor', 'GET', URL_LEER)).json() as TDatosDeposito).Banco).toBe('BCP');
    expect((await e.app.inject({ method: 'GET', url: URL_LEER })).statusCode).toBe(401);
  });
});
