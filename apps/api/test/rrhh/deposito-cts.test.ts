import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TNominaDetalle, type TTrabajador } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// Depositar CTS (issues 15 and 16): the CTS line of an approved May run deposited from a bank account in soles, its
// entry 4151 D / 104 H, the void and the account's balance. The run is of the second demo company, which has no demo
// workers: it holds exactly the four workers made here (as pago-planilla.test), so every total is exact.
// PGlite by default; with TEST_DATABASE_URL the race of two deposits of the same payslip runs on PostgreSQL.
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
const finanzas = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  e.app.inject(conToken(token, { method, url: `/api/finanzas${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));

type TFila = { codigo: string; debe: string; haber: string; id_diario: number; fecha: string };
async function asiento(clave: string): Promise<TFila[]> {
  const r = await e.dbh.db.execute(sql`
    select c.codigo, l.debe::text as debe, l.haber::text as haber, a.id_diario, a.fecha::text as fecha
      from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
     where a.clave_origen = ${clave} order by l.orden`);
  return (r as unknown as { rows: TFila[] }).rows;
}
const lineas = (f: TFila[]) => f.map((x) => `${x.codigo} ${Number(x.debe).toFixed(2)} ${Number(x.haber).toFixed(2)}`);

const trabajadores: Record<string, TTrabajador> = {};
let abril: number;
let mayo: number;
let caja: number;
let banco: number;
let dolares: number;
const boleta = (d: TNominaDetalle, quien: string) => d.Boletas.find((b) => b.IdTrabajador === trabajadores[quien].Id)!;
const saldo = async (id: number) => (await finanzas('GET', `/v1/cuentasfinancieras/${id}/saldo`)).json();

describe('depósito de la CTS de mayo 2026', () => {
  it('trabajadores de los tres regímenes, cuentas y la planilla de abril aprobada', async () => {
    for (const [clave, doc, nombres, apePat, contrato] of [
      ['ana', '41234567', 'Ana María', 'Quispe', { Regimen: 1, FechaInicio: '2026-03-01', Remuneracion: '3000', SistemaPension: 'HABITAT', TipoComision: 'FLUJO', Cuspp: '123456ABCDE1', AsignacionFamiliar: true }],
      ['benito', '42345678', 'Benito', 'Huamán', { Regimen: 1, FechaInicio: '2026-01-01', Remuneracion: '2400.00', SistemaPension: 'ONP' }],
      ['carla', '43456789', 'Carla', 'Pequeña', { Regimen: 3, FechaInicio: '2026-01-01', Remuneracion: '2000.00', SistemaPension: 'ONP' }],
      ['dario', '44567890', 'Darío', 'Micro', { Regimen: 2, FechaInicio: '2026-01-01', Remuneracion: '1500.00', SistemaPension: 'ONP' }],
    ] as const) {
      const t = await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: doc, Nombres: nombres, ApePat: apePat, ApeMat: 'Prueba' });
      expect(t.statusCode, t.body).toBe(201);
      trabajadores[clave] = t.json();
      const c = await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: trabajadores[clave].Id, ...contrato });
      expect(c.statusCode, c.body).toBe(201);
    }
    const cuenta = async (b: object) => {
      const r = await finanzas('POST', '/v1/cuentasfinancieras', b);
      expect(r.statusCode, r.body).toBe(201);
      return r.json().Id as number;
    };
    caja = await cuenta({ IdTipoCuenta: 2, Nombre: 'Caja CTS', IdMoneda: 1 });
    banco = await cuenta({ IdTipoCuenta: 3, Nombre: 'BCP CTS', Banco: 'BCP', NumeroCuenta: '191-7654321-0-12', CCI: '00219100765432101254', IdMoneda: 1 });
    dolares = await cuenta({ IdTipoCuenta: 3, Nombre: 'BCP dólares CTS', Banco: 'BCP', NumeroCuenta: '191-7654321-1-12', CCI: '00219100765432111254', IdMoneda: 2 });
    abril = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 4 })).json().Id;
    expect((await llamar('POST', `/v1/nominas/${abril}/calculo`, {})).statusCode).toBe(200);
    expect((await llamar('POST', `/v1/nominas/${abril}/aprobacion`)).statusCode).toBe(200);
  });

  it('abril no es mes de depósito; mayo en borrador no se deposita', async () => {
    const r = await llamar('POST', `/v1/nominas/${abril}/depositoscts`, { IdCuentaFinanciera: banco, NumeroOperacion: 'CTS-1' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.NOMINA_NO_MES_CTS, Mensaje: 'La CTS se deposita con las planillas de mayo y noviembre' });
    mayo = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 5 })).json().Id;
    const c = await llamar('POST', `/v1/nominas/${mayo}/calculo`, {});
    expect(c.statusCode, c.body).toBe(200);
    const b = await llamar('POST', `/v1/nominas/${mayo}/depositoscts`, { IdCuentaFinanciera: banco, NumeroOperacion: 'CTS-1' });
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({ ErrorId: ErrorCodes.NOMINA_NO_APROBADA, Mensaje: 'Apruebe la planilla antes de depositar la CTS' });
  });

  it('mayo: la CTS de cada boleta calculada a mano (noviembre-abril)', async () => {
    const ok = await llamar('POST', `/v1/nominas/${mayo}/aprobacion`);
    expect(ok.statusCode, ok.body).toBe(200);
    const d = (await llamar('GET', `/v1/nominas/${mayo}`)).json<TNominaDetalle>();
    // Ana (from 1-Mar-2026): RC 3000 + AF 113 = 3113 / 12 × 2 months (Mar-Apr) = 518.83.
    expect(boleta(d, 'ana')).toMatchObject({ Cts: '518.83', DepositoCts: null });
    // Benito (from 1-Jan-2026): 2400 / 12 × 4 months (Jan-Apr) = 800.00.
    expect(boleta(d, 'benito')).toMatchObject({ Cts: '800.00', DepositoCts: null });
    // Carla, pequeña empresa: 2000 / 12 × 4 × ½ = 333.33. Darío, microempresa: no CTS.
    expect(boleta(d, 'carla')).toMatchObject({ Cts: '333.33', DepositoCts: null });
    expect(boleta(d, 'dario')).toMatchObject({ Cts: '0.00', DepositoCts: null });
    expect(d.DepositosCts).toEqual([]);
  });

  it('cuentas que no sirven y datos no válidos: en español; el cajero no deposita', async () => {
    const url = `/v1/nominas/${mayo}/depositoscts`;
    const deCaja = await llamar('POST', url, { IdCuentaFinanciera: caja, NumeroOperacion: 'CTS-1' });
    expect(deCaja.statusCode).toBe(400);
    expect(deCaja.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCuentaFinanciera: 'La CTS se deposita desde una cuenta bancaria en soles' } });
    const usd = await llamar('POST', url, { IdCuentaFinanciera: dolares, NumeroOperacion: 'CTS-1' });
    expect(usd.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCuentaFinanciera: 'La CTS se deposita desde una cuenta bancaria en soles' } });
    const mal = await llamar('POST', url, { IdCuentaFinanciera: 'x', Fecha: '2026-02-30', Boletas: [1, 1] });
    expect(mal.statusCode).toBe(400);
    expect(Object.keys(mal.json().Errores).sort()).toEqual(['Fecha', 'IdCuentaFinanciera', 'NumeroOperacion']);
    const futuro = await llamar('POST', url, { IdCuentaFinanciera: banco, NumeroOperacion: 'CTS-1', Fecha: '2099-01-01' });
    expect(futuro.json()).toMatchObject({ Errores: { Fecha: 'La fecha del depósito no puede ser posterior a hoy' } });
    const d = (await llamar('GET', `/v1/nominas/${mayo}`)).json<TNominaDetalle>();
    const dario = await llamar('POST', url, { IdCuentaFinanciera: banco, NumeroOperacion: 'CTS-1', Boletas: [boleta(d, 'dario').Id] });
    expect(dario.statusCode).toBe(409);
    expect(dario.json()).toMatchObject({ ErrorId: ErrorCodes.CTS_SIN_MONTO, Mensaje: 'La boleta de Micro Prueba, Darío no tiene CTS por depositar' });
    expect((await llamar('POST', url, { IdCuentaFinanciera: banco, NumeroOperacion: 'CTS-1', Boletas: [999999] })).statusCode).toBe(404);
    expect((await llamar('POST', url, { IdCuentaFinanciera: banco, NumeroOperacion: 'CTS-1' }, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', `/v1/nominas/${mayo}`)).json().DepositosCts).toEqual([]);
  });

  let depAna: number;
  let depResto: number;
  it('deposita la CTS de Ana: 4151 D / 1041 H en caja y bancos, la boleta queda depositada y el banco baja', async () => {
    const d0 = (await llamar('GET', `/v1/nominas/${mayo}`)).json<TNominaDetalle>();
    const r = await llamar('POST', `/v1/nominas/${mayo}/depositoscts`, { IdCuentaFinanciera: banco, Fecha: '2026-05-14', NumeroOperacion: 'CTS-0501', Boletas: [boleta(d0, 'ana').Id] });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaDetalle>();
    depAna = d.DepositosCts[0].Id;
    expect(boleta(d, 'ana').DepositoCts).toEqual({ IdDeposito: depAna, Fecha: '2026-05-14', IdCuentaFinanciera: banco, CuentaFinanciera: 'BCP CTS', NumeroOperacion: 'CTS-0501', Monto: '518.83' });
    expect(boleta(d, 'benito').DepositoCts).toBeNull();
    expect(d.DepositosCts).toEqual([{ Id: depAna, Fecha: '2026-05-14', IdCuentaFinanciera: banco, CuentaFinanciera: 'BCP CTS', NumeroOperacion: 'CTS-0501', Monto: '518.83', NumeroBoletas: 1, Anulado: false, MotivoAnulacion: null }]);
    const a = await asiento(`PLANILLA_CTS_DEPOSITO:${depAna}`);
    expect(lineas(a)).toEqual(['4151 518.83 0.00', '1041 0.00 518.83']);
    expect(a[0]).toMatchObject({ id_diario: 3, fecha: '2026-05-14' });
    expect(await saldo(banco)).toMatchObject({ Pagos: '518.83', Saldo: '-518.83' });
    const otra = await llamar('POST', `/v1/nominas/${mayo}/depositoscts`, { IdCuentaFinanciera: banco, NumeroOperacion: 'CTS-0502', Boletas: [boleta(d, 'ana').Id] });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toMatchObject({ ErrorId: ErrorCodes.CTS_YA_DEPOSITADA, Mensaje: 'La CTS de Quispe Prueba, Ana María ya está depositada' });
  });

  it('deposita el resto en una operación (Darío no entra); luego no queda nada por depositar', async () => {
    const r = await llamar('POST', `/v1/nominas/${mayo}/depositoscts`, { IdCuentaFinanciera: banco, Fecha: '2026-05-15', NumeroOperacion: 'CTS-0502' });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaDetalle>();
    depResto = d.DepositosCts[1].Id;
    // 800.00 + 333.33 = 1133.33.
    expect(d.DepositosCts[1]).toMatchObject({ Monto: '1133.33', NumeroBoletas: 2 });
    expect(boleta(d, 'dario').DepositoCts).toBeNull();
    expect(lineas(await asiento(`PLANILLA_CTS_DEPOSITO:${depResto}`))).toEqual(['4151 1133.33 0.00', '1041 0.00 1133.33']);
    expect(await saldo(banco)).toMatchObject({ Saldo: '-1652.16' });
    // The cash-flow report: a Planilla outflow (operation type 8) of the bank in May.
    const f = (await finanzas('GET', `/v1/reportes/tiposmovimientos?desde=2026-05-01&hasta=2026-05-31&idcuenta=${banco}`)).json();
    expect(f.Data[0]).toMatchObject({ SaldoInicial: '0.00', TotalEgresos: '1652.16', SaldoFinal: '-1652.16' });
    expect(f.Data[0].Conceptos).toEqual([expect.objectContaining({ IdTipoOperacion: 8, Egresos: '1652.16' })]);
    const otra = await llamar('POST', `/v1/nominas/${mayo}/depositoscts`, { IdCuentaFinanciera: banco, NumeroOperacion: 'CTS-0503' });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toMatchObject({ ErrorId: ErrorCodes.CTS_YA_DEPOSITADA, Mensaje: 'La CTS de la planilla ya está depositada' });
  });

  it('anular un depósito (supervisor) libera sus boletas, revierte el asiento y devuelve el saldo', async () => {
    const url = `/v1/nominas/${mayo}/depositoscts/${depAna}/anulaciones`;
    expect((await llamar('PUT', url, { Motivo: 'Cuenta equivocada' }, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('PUT', url, { Motivo: 'x' })).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Motivo: expect.any(String) } });
    const r = await llamar('PUT', url, { Motivo: 'Cuenta equivocada' });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaDetalle>();
    expect(boleta(d, 'ana').DepositoCts).toBeNull();
    expect(d.DepositosCts[0]).toMatchObject({ Id: depAna, Anulado: true, MotivoAnulacion: 'Cuenta equivocada' });
    expect(lineas(await asiento(`ANULA-PLANILLA_CTS_DEPOSITO:${depAna}`))).toEqual(['4151 0.00 518.83', '1041 518.83 0.00']);
    expect(await saldo(banco)).toMatchObject({ Saldo: '-1133.33' });
    const again = await llamar('PUT', url, { Motivo: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorId).toBe(ErrorCodes.DEPOSITO_CTS_ANULADO);
  });

  it('otra empresa no deposita ni anula: 404', async () => {
    expect((await llamar('POST', `/v1/nominas/${mayo}/depositoscts`, { IdCuentaFinanciera: banco, NumeroOperacion: 'X1' }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('PUT', `/v1/nominas/${mayo}/depositoscts/${depResto}/anulaciones`, { Motivo: 'Ajena' }, tokenOtra)).statusCode).toBe(404);
  });

  it('dos depósitos a la vez de la CTS de Ana: exactamente uno gana y hay un solo asiento nuevo', async () => {
    const d = (await llamar('GET', `/v1/nominas/${mayo}`)).json<TNominaDetalle>();
    const ana = boleta(d, 'ana').Id;
    const [a, b] = await Promise.all([
      llamar('POST', `/v1/nominas/${mayo}/depositoscts`, { IdCuentaFinanciera: banco, NumeroOperacion: 'CTS-A', Boletas: [ana] }),
      llamar('POST', `/v1/nominas/${mayo}/depositoscts`, { IdCuentaFinanciera: banco, NumeroOperacion: 'CTS-B', Boletas: [ana] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().ErrorId).toBe(ErrorCodes.CTS_YA_DEPOSITADA);
    const final = (await llamar('GET', `/v1/nominas/${mayo}`)).json<TNominaDetalle>();
    expect(final.DepositosCts.filter((x) => !x.Anulado)).toHaveLength(2);
    const n = ((await e.dbh.db.execute(sql`select count(*)::int as n from asiento_contable where clave_origen like 'PLANILLA_CTS_DEPOSITO:%'`)) as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(n).toBe(3);
    expect(await saldo(banco)).toMatchObject({ Saldo: '-1652.16' });
  });
});
