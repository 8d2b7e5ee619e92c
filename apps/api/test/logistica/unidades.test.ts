import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TUnidadEmpresa } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// Branch logsoporte (issue 13): units of measure a company offers in its item forms.
let e: Entorno;
let token: string;
let tokenOtra: string;
let tokenCajero: string;
const LOG = '/api/logistica';
beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenOtra = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
  tokenCajero = (await sesionDe(e.app, 'cajero')).AccessToken;
});
afterAll(async () => {
  await e?.cerrar();
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url: `${LOG}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));
const activas = async (t = token) => {
  const r = await llamar('GET', '/v1/unidades?estado=1', undefined, t);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().Data as TUnidadEmpresa[]).map((u) => u.Codigo);
};

describe('unidades de medida de la empresa', () => {
  it('por defecto NIU y ZZ; activar y desactivar otra unidad del catálogo 03, por empresa', async () => {
    expect(await activas()).toEqual(['NIU', 'ZZ']);
    const todas = (await llamar('GET', '/v1/unidades')).json() as { Data: TUnidadEmpresa[]; Count: number };
    expect(todas.Count).toBeGreaterThan(100);
    expect(todas.Data[0]).toMatchObject({ Codigo: 'NIU', Activa: true });
    const busca = (await llamar('GET', '/v1/unidades?buscar=kilogram')).json().Data as TUnidadEmpresa[];
    expect(busca.find((u) => u.Codigo === 'KGM')).toMatchObject({ Descripcion: 'kilogram', Activa: false, Items: 0 });

    const on = await llamar('PUT', '/v1/unidades/kgm', { Activa: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ Codigo: 'KGM', Activa: true });
    expect(await activas()).toEqual(['NIU', 'ZZ', 'KGM']);
    // Another company's choices are its own.
    expect(await activas(tokenOtra)).toEqual(['NIU', 'ZZ']);

    const off = await llamar('PUT', '/v1/unidades/ZZ', { Activa: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await activas()).toEqual(['NIU', 'KGM']);
    expect((await llamar('GET', '/v1/unidades?estado=0&buscar=ZZ')).json().Data.map((u: TUnidadEmpresa) => u.Codigo)).toContain('ZZ');
    expect((await llamar('PUT', '/v1/unidades/ZZ', { Activa: true })).statusCode).toBe(200);
  });

  it('NIU no se desactiva; un código fuera del catálogo es 404; cuerpo inválido 400', async () => {
    const niu = await llamar('PUT', '/v1/unidades/NIU', { Activa: false });
    expect(niu.statusCode).toBe(400);
    expect(niu.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Activa: 'NIU es la unidad por defecto: no se puede desactivar' } });
    expect((await llamar('PUT', '/v1/unidades/QQ9', { Activa: true })).statusCode).toBe(404);
    expect((await llamar('PUT', '/v1/unidades/KGM', { Activa: 'si' })).statusCode).toBe(400);
    expect((await llamar('PUT', '/v1/unidades/KGMX', { Activa: true })).statusCode).toBe(400);
  });

  it('el producto usa solo unidades activas, pero conserva la que ya tiene aunque se desactive', async () => {
    expect((await llamar('PUT', '/v1/unidades/BX', { Activa: false })).statusCode).toBe(200);
    const no = await llamar('POST', '/v1/items', { Codigo: 'UNI-BX', Descripcion: 'CAJA', CodigoUnidad: 'BX', Precio: '10' });
    expect(no.statusCode).toBe(400);
    expect(no.json().Errores.CodigoUnidad).toBe('La unidad BX no está activa en la empresa (actívela en Unidades, categorías y marcas)');
    expect((await llamar('POST', '/v1/items', { Codigo: 'UNI-X', Descripcion: 'X', CodigoUnidad: 'XYZ', Precio: '1' })).json().Errores.CodigoUnidad).toBe(
      'La unidad XYZ no está en el catálogo 03 de SUNAT',
    );

    expect((await llamar('PUT', '/v1/unidades/BX', { Activa: true })).statusCode).toBe(200);
    const si = await llamar('POST', '/v1/items', { Codigo: 'UNI-BX', Descripcion: 'CAJA', CodigoUnidad: 'bx', Precio: '10' });
    expect(si.statusCode, si.body).toBe(201);
    expect(si.json().CodigoUnidad).toBe('BX');
    const id = si.json().Id as number;
    expect(((await llamar('GET', '/v1/unidades?buscar=BX')).json().Data as TUnidadEmpresa[]).find((u) => u.Codigo === 'BX')?.Items).toBe(1);

    expect((await llamar('PUT', '/v1/unidades/BX', { Activa: false })).statusCode).toBe(200);
    const ed = await llamar('PUT', `/v1/items/${id}`, { Codigo: 'UNI-BX', Descripcion: 'CAJA GRANDE', CodigoUnidad: 'BX', Precio: '12' });
    expect(ed.statusCode, ed.body).toBe(200);
    expect(ed.json()).toMatchObject({ Descripcion: 'CAJA GRANDE', CodigoUnidad: 'BX' });
    // Changing to another inactive unit is refused.
    expect((await llamar('PUT', `/v1/items/${id}`, { Codigo: 'UNI-BX', Descripcion: 'CAJA', CodigoUnidad: 'LTR', Precio: '12' })).statusCode).toBe(400);
    // The other company has not turned BX on.
    expect((await llamar('POST', '/v1/items', { Codigo: 'UNI-BX', Descripcion: 'CAJA', CodigoUnidad: 'BX', Precio: '10' }, tokenOtra)).statusCode).toBe(400);
  });

  it('el cajero lee las unidades pero no las cambia; sin token 401', async () => {
    expect((await llamar('GET', '/v1/unidades?estado=1', undefined, tokenCajero)).statusCode).toBe(200);
    expect((await llamar('PUT', '/v1/unidades/KGM', { Activa: true }, tokenCajero)).statusCode).toBe(403);
    expect((await e.app.inject({ method: 'GET', url: `${LOG}/v1/unidades` })).statusCode).toBe(401);
  });
});
