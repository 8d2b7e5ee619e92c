// Billing parameters of a company: catalogue defaults, saving (all or nothing), reset, tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, sesionDe, type Entorno } from '../helpers';
import { clienteDe, type Cliente } from './ayudas';

let e: Entorno;
let sup: Cliente;
let idEmpresa: number;
const C = '/api/contabilidad';

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  idEmpresa = (await sesionDe(e.app, 'supervisor')).IdEntidadEmpresa;
}, 120_000);
afterAll(async () => e?.cerrar());

const valores = (r: { json(): unknown }) => Object.fromEntries((r.json() as { Data: { Codigo: string; Valor: string }[] }).Data.map((p) => [p.Codigo, p.Valor]));

describe('parámetros de facturación', () => {
  it('sin guardar: los predeterminados del catálogo', async () => {
    const r = await sup.get(`${C}/v1/entidades/parametros?identidad=${idEmpresa}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(valores(r)).toEqual({ MonedaPorDefecto: '1', CondicionPagoPorDefecto: '1', AsistenteVirtual: 'true' });
    expect(r.json().Data[0]).toMatchObject({ IdEntidad: idEmpresa, IdParametro: 101, Tipo: 1, PorDefecto: true, Estado: 1 });
  });

  it('guarda varios a la vez; un valor no admitido no guarda ninguno; restablece', async () => {
    const mal = await sup.post(`${C}/v1/entidades/${idEmpresa}/parametros`, { Lista: [{ IdParametro: 101, Valor: '2' }, { IdParametro: 102, Valor: '9' }, { IdParametro: 999, Valor: 'x' }] });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().Errores['Lista.1.Valor']).toBe('Valor no admitido para CondicionPagoPorDefecto: 1, 2, 3, 4');
    expect(mal.json().Errores['Lista.2.IdParametro']).toBe('El parámetro no existe');
    expect(valores(await sup.get(`${C}/v1/entidades/parametros`)).MonedaPorDefecto).toBe('1');

    const ok = await sup.post(`${C}/v1/entidades/${idEmpresa}/parametros`, { Lista: [{ IdParametro: 101, Valor: '2' }, { IdParametro: 102, Valor: '3' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(valores(ok)).toEqual({ MonedaPorDefecto: '2', CondicionPagoPorDefecto: '3', AsistenteVirtual: 'true' });
    const uno = (await sup.get(`${C}/v1/parametros?idparametro=101&identidad=${idEmpresa}`)).json();
    expect(uno.Data).toEqual([expect.objectContaining({ IdParametro: 101, Valor: '2', PorDefecto: false })]);
    const porTipo = await sup.post(`${C}/entidad/configuracion/parametroentidad`, { IdEntidad: idEmpresa, IdTipo: 1 });
    // Type 1 are the billing parameters; the assistant's (103) is type 2.
    expect(porTipo.json().Data).toHaveLength(2);

    // The cashier reads them (the issuing screens use them) but cannot change them.
    const cajero = await clienteDe(e.app, 'cajero');
    expect(valores(await cajero.get(`${C}/v1/entidades/parametros`)).MonedaPorDefecto).toBe('2');
    expect((await cajero.post(`${C}/v1/entidades/${idEmpresa}/parametros`, { Lista: [{ IdParametro: 101, Valor: '1' }] })).statusCode).toBe(403);

    const r = await sup.post(`${C}/entidad/configuracionpredeterminadaentidad`, { IdEntidad: idEmpresa });
    expect(valores(r)).toEqual({ MonedaPorDefecto: '1', CondicionPagoPorDefecto: '1', AsistenteVirtual: 'true' });
  });

  it('otra empresa: 404 al leer o escribir los parámetros de la empresa A; los suyos son independientes', async () => {
    const demo = await clienteDe(e.app, 'demo.supervisor');
    expect((await demo.get(`${C}/v1/entidades/parametros?identidad=${idEmpresa}`)).statusCode).toBe(404);
    expect((await demo.post(`${C}/v1/entidades/${idEmpresa}/parametros`, { Lista: [{ IdParametro: 101, Valor: '2' }] })).statusCode).toBe(404);
    expect((await demo.post(`${C}/entidad/configuracionpredeterminadaentidad`, { IdEntidad: idEmpresa })).statusCode).toBe(404);
    await sup.post(`${C}/v1/entidades/${idEmpresa}/parametros`, { Lista: [{ IdParametro: 101, Valor: '2' }] });
    expect(valores(await demo.get(`${C}/v1/entidades/parametros`)).MonedaPorDefecto).toBe('1');
  });
});
