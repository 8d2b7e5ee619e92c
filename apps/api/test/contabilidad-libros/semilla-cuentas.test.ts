// Branch cajasemilla: the seed's accounting reads (issue 15) answer on their paths: cuentascontables/{id},
// cuentascontables/tipos and entidades/{id}/diarios, with the company's chart and the same access as the chart screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TCuentaContable, type TTipoCuentaContable } from '@yupana/contracts';
import { crearEntorno, sesionDe, type Entorno } from '../helpers';
import { clienteDe, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let idEmpresa: number;
let idOtraEmpresa: number;
const B = '/api/finanzas/v1';
const cuentas = new Map<string, TCuentaContable>();

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  idEmpresa = (await sesionDe(e.app, 'supervisor')).IdEntidadEmpresa;
  idOtraEmpresa = (await sesionDe(e.app, 'demo.supervisor')).IdEntidadEmpresa;
  for (const c of (await sup.get(`${B}/cuentascontables`)).json<{ Data: TCuentaContable[] }>().Data) cuentas.set(c.Codigo, c);
}, 120_000);
afterAll(async () => e?.cerrar());

const tipos = async (c: Cliente) => {
  const r = await c.get(`${B}/cuentascontables/tipos`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ Data: TTipoCuentaContable[]; Count: number }>();
};

describe('cuentascontables/{id} y cuentascontables/tipos', () => {
  it('una cuenta del PCGE por su id, igual que en la lista', async () => {
    const c = cuentas.get('1041')!;
    const r = await sup.get(`${B}/cuentascontables/${c.Id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual(c);
    expect(r.json()).toMatchObject({ Codigo: '1041', Pcge: true, Naturaleza: 'D', Nivel: 4 });
  });

  it('los tipos son los elementos del PCGE con las cuentas de la empresa; una subcuenta propia suma solo a su empresa', async () => {
    const antes = await tipos(sup);
    expect(antes.Count).toBe(10);
    expect(antes.Data.map((t) => t.Id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(antes.Data[4]).toMatchObject({ Id: 4, Nombre: 'Pasivo', Estado: 'Situación financiera' });
    expect(antes.Data[7]).toMatchObject({ Id: 7, Nombre: 'Ingresos', Estado: 'Resultados' });
    // Every account of the chart counts once, under its code's first digit.
    const porTipo = new Map<number, number>();
    for (const c of cuentas.values()) porTipo.set(Number(c.Codigo[0]), (porTipo.get(Number(c.Codigo[0])) ?? 0) + 1);
    expect(Object.fromEntries(antes.Data.map((t) => [t.Id, t.Cuentas]))).toEqual(Object.fromEntries(antes.Data.map((t) => [t.Id, porTipo.get(t.Id) ?? 0])));
    expect(antes.Data[1].Cuentas).toBeGreaterThan(10);

    const otraAntes = (await tipos(otra)).Data[1].Cuentas;
    const r = await sup.post(`${B}/cuentascontables`, { Codigo: '104101', Descripcion: 'BCP cuenta corriente soles' });
    expect(r.statusCode, r.body).toBe(201);
    const propia = r.json<TCuentaContable>();
    expect((await sup.get(`${B}/cuentascontables/${propia.Id}`)).json()).toMatchObject({ Codigo: '104101', Pcge: false, AceptaMovimiento: true, Nivel: 6 });
    // The parent no longer takes entries.
    expect((await sup.get(`${B}/cuentascontables/${cuentas.get('1041')!.Id}`)).json()).toMatchObject({ AceptaMovimiento: false });
    const despues = await tipos(sup);
    expect(despues.Data[1].Cuentas).toBe(antes.Data[1].Cuentas + 1);
    expect((await tipos(otra)).Data[1].Cuentas).toBe(otraAntes);

    // Another company's sub-account does not exist for this company; a deleted one neither.
    const ajena = await otra.get(`${B}/cuentascontables/${propia.Id}`);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json()).toMatchObject({ ErrorId: ErrorCodes.NO_ENCONTRADO, Mensaje: 'La cuenta no existe' });
    expect((await sup.del(`${B}/cuentascontables/${propia.Id}`)).statusCode).toBe(200);
    expect((await sup.get(`${B}/cuentascontables/${propia.Id}`)).statusCode).toBe(404);
    expect((await tipos(sup)).Data[1].Cuentas).toBe(antes.Data[1].Cuentas);
  });

  it('el cajero no consulta el plan de cuentas (403); entradas raras: 400 en español, nunca 5xx', async () => {
    for (const url of [`${B}/cuentascontables/${cuentas.get('1041')!.Id}`, `${B}/cuentascontables/tipos`, `${B}/entidades/${idEmpresa}/diarios`]) {
      const r = await cajero.get(url);
      expect(r.statusCode, url).toBe(403);
    }
    for (const url of [`${B}/cuentascontables/abc`, `${B}/cuentascontables/0`, `${B}/cuentascontables/1e3`, `${B}/cuentascontables/99999999999999999999`, `${B}/entidades/x/diarios`]) {
      const r = await sup.get(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().ErrorId, url).toBe(500001);
      expect(r.json().Errores.id, url).toBeTruthy();
    }
    expect((await sup.get(`${B}/cuentascontables/999999`)).statusCode).toBe(404);
    expect((await e.app.inject({ method: 'GET', url: `${B}/cuentascontables/tipos` })).statusCode).toBe(401);
  });
});

describe('entidades/{id}/diarios', () => {
  it('los diarios de la empresa del token; los de otra empresa son 404', async () => {
    const r = await sup.get(`${B}/entidades/${idEmpresa}/diarios`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      Data: [
        { Id: 1, Nombre: 'Ventas' },
        { Id: 2, Nombre: 'Compras' },
        { Id: 3, Nombre: 'Caja y bancos' },
        { Id: 4, Nombre: 'Planillas' },
        { Id: 5, Nombre: 'Diario general' },
      ],
      Count: 5,
    });
    expect((await sup.get(`${B}/libros/diarios`)).json()).toEqual(r.json());
    expect((await otra.get(`${B}/entidades/${idOtraEmpresa}/diarios`)).json().Count).toBe(5);
    const ajena = await otra.get(`${B}/entidades/${idEmpresa}/diarios`);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json().Mensaje).toBe('No se encontró la empresa');
  });
});
