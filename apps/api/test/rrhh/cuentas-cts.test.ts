import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, errorCci, type TArchivosBancoCts, type TCuentasTrabajador, type TNominaDetalle, type TTrabajador } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// rrhhbanco: the workers' salary and CTS accounts (CCI with its check digits) and the CTS bank files of a May run, one
// per bank, with the workers without a CTS account left out. The second demo company has no demo workers: the run holds
// exactly the workers made here.
let e: Entorno;
let token: string;
let tokenOtra: string;
let tokenCajero: string;
beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
  tokenOtra = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenCajero = (await sesionDe(e.app, 'cajero')).AccessToken;
});
afterAll(async () => {
  await e?.cerrar();
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url: `/api/rrhh${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));

const CCI_BCP = '00219100312345678954';
const CCI_BBVA = '01136200010004651218';
const CCI_INTERBANK = '00320030012345678934';
const t: Record<string, TTrabajador> = {};
let mayo: number;

describe('CCI', () => {
  it('valida los 20 dígitos, el banco y los dos dígitos de control', () => {
    // Published examples (BBVA statements): 011-366-000100032542-21 and 011-241-000190006582-70.
    expect(errorCci('01136600010003254221')).toBeNull();
    expect(errorCci('01124100019000658270')).toBeNull();
    expect(errorCci('01124100019000658271')).toBe('El CCI no es válido: revise sus dígitos de control');
    expect(errorCci('01124100019000658207')).toBe('El CCI no es válido: revise sus dígitos de control');
    expect(errorCci('0112410001900065827')).toBe('El CCI tiene 20 dígitos');
    expect(errorCci(CCI_BBVA, '002')).toBe('El CCI de BCP empieza con 002');
  });
});

describe('cuentas del trabajador y archivo de la CTS para el banco', () => {
  it('registra trabajadores con contrato', async () => {
    for (const [clave, doc, nombres, contrato] of [
      ['ana', '45111222', 'Ana', { Regimen: 1, FechaInicio: '2025-11-01', Remuneracion: '3000.00', SistemaPension: 'ONP' }],
      ['benito', '45222333', 'Benito', { Regimen: 1, FechaInicio: '2025-11-01', Remuneracion: '2400.00', SistemaPension: 'ONP' }],
      ['carla', '45333444', 'Carla', { Regimen: 1, FechaInicio: '2025-11-01', Remuneracion: '2000.00', SistemaPension: 'ONP' }],
      ['dario', '45444555', 'Darío', { Regimen: 2, FechaInicio: '2025-11-01', Remuneracion: '1500.00', SistemaPension: 'ONP' }],
    ] as const) {
      const r = await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: doc, Nombres: nombres, ApePat: 'Banco', ApeMat: 'Cts' });
      expect(r.statusCode, r.body).toBe(201);
      t[clave] = r.json();
      expect((await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: t[clave].Id, ...contrato })).statusCode).toBe(201);
    }
  });

  it('guarda la cuenta sueldo y la CTS; valida el CCI con mensajes por campo', async () => {
    expect((await llamar('GET', `/v1/entidades/${t.ana.Id}/cuentas`)).json()).toEqual({ IdTrabajador: t.ana.Id, Sueldo: null, Cts: null });
    const malo = await llamar('PUT', `/v1/entidades/${t.ana.Id}/cuentas`, {
      Sueldo: { Banco: '002', NumeroCuenta: '191-00312345-6-78', Cci: '00219100312345678955', IdMoneda: 1 },
      Cts: { Banco: '011', NumeroCuenta: '12', Cci: CCI_BCP, IdMoneda: 3 },
    });
    expect(malo.statusCode).toBe(400);
    expect(malo.json()).toMatchObject({
      ErrorId: ErrorCodes.VALIDACION,
      Errores: {
        'Sueldo.Cci': 'El CCI no es válido: revise sus dígitos de control',
        'Cts.NumeroCuenta': expect.stringContaining('Número de cuenta'),
        'Cts.IdMoneda': expect.any(String),
      },
    });
    expect((await llamar('PUT', `/v1/entidades/${t.ana.Id}/cuentas`, { Sueldo: null, Cts: { Banco: '999', NumeroCuenta: '123456', Cci: CCI_BCP, IdMoneda: 1 } })).json()).toMatchObject({ Errores: { 'Cts.Banco': 'Elija el banco' } });
    const ok = await llamar('PUT', `/v1/entidades/${t.ana.Id}/cuentas`, {
      Sueldo: { Banco: '003', NumeroCuenta: '200-3001234567', Cci: '003-200-300123456789-34', IdMoneda: 1 },
      Cts: { Banco: '002', NumeroCuenta: '191-00312345-6-78', Cci: CCI_BCP, IdMoneda: 1 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TCuentasTrabajador>()).toMatchObject({ Sueldo: { Banco: '003', NombreBanco: 'Interbank', Cci: CCI_INTERBANK }, Cts: { Banco: '002', NombreBanco: 'BCP', Cci: CCI_BCP, IdMoneda: 1 } });
    // Saved again: replaced, not duplicated; null removes.
    const otra = await llamar('PUT', `/v1/entidades/${t.ana.Id}/cuentas`, { Sueldo: null, Cts: { Banco: '002', NumeroCuenta: '191-00312345-6-78', Cci: CCI_BCP, IdMoneda: 1 } });
    expect(otra.json<TCuentasTrabajador>()).toMatchObject({ Sueldo: null, Cts: { Banco: '002' } });
    expect((await llamar('PUT', `/v1/entidades/${t.benito.Id}/cuentas`, { Sueldo: null, Cts: { Banco: '011', NumeroCuenta: '0011-0362-0100046512', Cci: CCI_BBVA, IdMoneda: 2 } })).statusCode).toBe(200);
  });

  it('otra empresa no ve ni cambia las cuentas (404); un cajero tampoco (403)', async () => {
    expect((await llamar('GET', `/v1/entidades/${t.ana.Id}/cuentas`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('PUT', `/v1/entidades/${t.ana.Id}/cuentas`, { Sueldo: null, Cts: null }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/entidades/${t.ana.Id}/cuentas`, undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', `/v1/entidades/${t.ana.Id}/cuentas`)).json().Cts).not.toBeNull();
  });

  it('la planilla de mayo aprobada da un archivo por banco y lista a quien no tiene cuenta CTS', async () => {
    const abril = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 4 })).json().Id;
    expect((await llamar('GET', `/v1/nominas/${abril}/depositoscts/bancos`)).statusCode).toBe(409);
    mayo = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 5 })).json().Id;
    expect((await llamar('POST', `/v1/nominas/${mayo}/calculo`, {})).statusCode).toBe(200);
    const borrador = await llamar('GET', `/v1/nominas/${mayo}/depositoscts/bancos`);
    expect(borrador.statusCode).toBe(409);
    expect(borrador.json()).toMatchObject({ ErrorId: ErrorCodes.NOMINA_NO_APROBADA });
    const d = (await llamar('POST', `/v1/nominas/${mayo}/aprobacion`)).json();
    expect(d.Estado).toBe(1);
    const detalle = (await llamar('GET', `/v1/nominas/${mayo}`)).json<TNominaDetalle>();
    const cts = (k: string) => detalle.Boletas.find((b) => b.IdTrabajador === t[k].Id)!.Cts;
    expect(Number(cts('ana'))).toBeGreaterThan(0);
    expect(cts('dario')).toBe('0.00'); // microempresa: no CTS

    const r = await llamar('GET', `/v1/nominas/${mayo}/depositoscts/bancos`);
    expect(r.statusCode, r.body).toBe(200);
    const a = r.json<TArchivosBancoCts>();
    expect(a.Bancos).toEqual([
      { Banco: '011', NombreBanco: 'BBVA', NombreArchivo: 'CTS_202605_BBVA.csv', Trabajadores: 1, Monto: cts('benito') },
      { Banco: '002', NombreBanco: 'BCP', NombreArchivo: 'CTS_202605_BCP.csv', Trabajadores: 1, Monto: cts('ana') },
    ]);
    expect(a.Omitidos).toEqual([
      { IdTrabajador: t.carla.Id, Trabajador: 'Banco Cts, Carla', Documento: '45333444', Monto: cts('carla'), Motivo: 'No tiene registrada su cuenta CTS: regístrela en Trabajadores > Cuentas' },
    ]);

    const f = await llamar('GET', `/v1/nominas/${mayo}/depositoscts/bancos/002`);
    expect(f.statusCode, f.body).toBe(200);
    expect(f.headers['content-disposition']).toBe('attachment; filename="CTS_202605_BCP.csv"');
    expect(f.headers['content-type']).toContain('text/csv');
    expect(f.body).toBe(`TipoDocumento;NumeroDocumento;Trabajador;MonedaCuenta;NumeroCuenta;CCI;MontoSoles\r\nDNI;45111222;Banco Cts, Ana;PEN;191-00312345-6-78;${CCI_BCP};${cts('ana')}\r\n`);
    const bbva = (await llamar('GET', `/v1/nominas/${mayo}/depositoscts/bancos/011`)).body;
    expect(bbva).toContain(`DNI;45222333;Banco Cts, Benito;USD;0011-0362-0100046512;${CCI_BBVA};${cts('benito')}`);
    expect((await llamar('GET', `/v1/nominas/${mayo}/depositoscts/bancos/003`)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/nominas/${mayo}/depositoscts/bancos/abc`)).statusCode).toBe(400);
  });

  it('otra empresa recibe 404 y un cajero 403 en los archivos', async () => {
    expect((await llamar('GET', `/v1/nominas/${mayo}/depositoscts/bancos`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/nominas/${mayo}/depositoscts/bancos/002`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/nominas/${mayo}/depositoscts/bancos`, undefined, tokenCajero)).statusCode).toBe(403);
  });
});
