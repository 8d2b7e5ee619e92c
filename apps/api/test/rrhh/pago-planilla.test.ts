import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TNominaDetalle, type TTrabajador } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// Pagar planilla and the monthly CTS provision (issue 16 with the books of issue 15). The run is of the second demo
// company, which has no demo workers: the run holds exactly the four workers made here, so every total is exact.
// PGlite by default; with TEST_DATABASE_URL the race of two payments of the same payslip runs on PostgreSQL.
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
const finanzas = (payload: unknown) => e.app.inject(conToken(token, { method: 'POST', url: '/api/finanzas/v1/cuentasfinancieras', payload: payload as object }));

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

describe('planilla de abril 2026: provisión de CTS y pago', () => {
  it('trabajadores de los tres regímenes y las cuentas de la empresa', async () => {
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
      const r = await finanzas(b);
      expect(r.statusCode, r.body).toBe(201);
      return r.json().Id as number;
    };
    caja = await cuenta({ IdTipoCuenta: 2, Nombre: 'Caja planillas', IdMoneda: 1 });
    banco = await cuenta({ IdTipoCuenta: 3, Nombre: 'BCP planillas', Banco: 'BCP', NumeroCuenta: '191-7654321-0-12', CCI: '00219100765432101254', IdMoneda: 1 });
    dolares = await cuenta({ IdTipoCuenta: 3, Nombre: 'BCP dólares planillas', Banco: 'BCP', NumeroCuenta: '191-7654321-1-12', CCI: '00219100765432111254', IdMoneda: 2 });
  });

  it('calcula abril: la provisión de CTS de cada trabajador con su regla (general completa, pequeña la mitad, micro nada)', async () => {
    abril = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 4 })).json().Id;
    const r = await llamar('POST', `/v1/nominas/${abril}/calculo`, { Novedades: [{ IdTrabajador: trabajadores.benito.Id, HorasExtra25: '2', HorasExtra35: 1 }] });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaDetalle>();
    expect(d.Boletas).toHaveLength(4);
    // Ana: RC 3000 + AF 113 = 3113, no December 2025 gratificación (she started in March) → 3113 / 12 = 259.42.
    expect(boleta(d, 'ana')).toMatchObject({
      Neto: '2713.29',
      ProvisionCts: '259.42',
      ProvisionCtsRegla: 'base CTS 3113.00 = RC 3113.00 (básico 3000.00 + asignación familiar 113.00) + 1/6 de la gratificación de diciembre 2025 0.00; / 12 (un mes) (TUO DL 650)',
      Pago: null,
    });
    // Benito: overtime is not computable remuneration (not regular): 2400 / 12 = 200.00.
    expect(boleta(d, 'benito')).toMatchObject({ Neto: '2121.49', ProvisionCts: '200.00' });
    // Carla, pequeña empresa: 2000 / 12 × ½ = 83.33. Darío, microempresa: no CTS.
    expect(boleta(d, 'carla')).toMatchObject({ Neto: '1740.00', ProvisionCts: '83.33' });
    expect(boleta(d, 'carla').ProvisionCtsRegla).toContain('× 0.5 (régimen)');
    expect(boleta(d, 'dario')).toMatchObject({ Neto: '1305.00', ProvisionCts: '0.00', ProvisionCtsRegla: '' });
    expect(d).toMatchObject({ TotalNeto: '7879.78', TotalProvisionCts: '542.75', BoletasPagadas: 0, TotalPagado: '0.00', Pagada: false, Pagos: [] });
  });

  it('no se paga una planilla en borrador', async () => {
    const r = await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: caja });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.NOMINA_NO_APROBADA, Mensaje: 'Apruebe la planilla antes de pagarla' });
  });

  it('al aprobar: el devengo y, en un segundo asiento de la misma transacción, la provisión de CTS 6291/4151 con su destino 94/791', async () => {
    const ok = await llamar('POST', `/v1/nominas/${abril}/aprobacion`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ Estado: 1, EstadoDescripcion: 'Aprobada', TotalProvisionCts: '542.75', Pagada: false });
    const cts = await asiento(`PLANILLA-CTS:${abril}`);
    expect(lineas(cts)).toEqual(['6291 542.75 0.00', '4151 0.00 542.75', '94 542.75 0.00', '791 0.00 542.75']);
    expect(cts[0]).toMatchObject({ id_diario: 4, fecha: '2026-04-30' });
    // The accrual: 4111 H the whole net.
    const devengo = await asiento(`PLANILLA:${abril}`);
    expect(devengo.filter((f) => f.codigo === '4111').map((f) => f.haber)).toEqual(['7879.78']);
  });

  it('datos no válidos y cuentas que no sirven: en español', async () => {
    const usd = await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: dolares, NumeroOperacion: '123' });
    expect(usd.statusCode).toBe(400);
    expect(usd.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCuentaFinanciera: 'La planilla se paga en soles: elija una caja o cuenta bancaria en soles' } });
    const sinOperacion = await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: banco });
    expect(sinOperacion.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { NumeroOperacion: 'Indique el número de operación bancaria' } });
    const mal = await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: 'x', Fecha: '2026-02-30', NumeroOperacion: 'op 1', Boletas: [1, 1] });
    expect(mal.statusCode).toBe(400);
    expect(Object.keys(mal.json().Errores).sort()).toEqual(['Fecha', 'IdCuentaFinanciera', 'NumeroOperacion']);
    const repetida = await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: caja, Boletas: [5, 5] });
    expect(repetida.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { 'Boletas.1': 'La boleta está repetida' } });
    const futuro = await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: caja, Fecha: '2099-01-01' });
    expect(futuro.json()).toMatchObject({ Errores: { Fecha: 'La fecha del pago no puede ser posterior a hoy' } });
    expect((await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: caja, Boletas: [999999] })).statusCode).toBe(404);
    // Nothing was paid.
    expect((await llamar('GET', `/v1/nominas/${abril}`)).json()).toMatchObject({ BoletasPagadas: 0, Pagos: [] });
  });

  let pagoAna: number;
  it('paga a Ana por el banco: la boleta queda pagada y el asiento 4111 D / 1041 H en caja y bancos', async () => {
    expect((await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: banco, NumeroOperacion: 'OP-778899' }, tokenCajero)).statusCode).toBe(403);
    const d0 = (await llamar('GET', `/v1/nominas/${abril}`)).json<TNominaDetalle>();
    const r = await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: banco, Fecha: '2026-05-02', NumeroOperacion: 'OP-778899', Boletas: [boleta(d0, 'ana').Id] });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaDetalle>();
    pagoAna = d.Pagos[0].Id;
    expect(boleta(d, 'ana').Pago).toEqual({ IdPago: pagoAna, Fecha: '2026-05-02', IdCuentaFinanciera: banco, CuentaFinanciera: 'BCP planillas', NumeroOperacion: 'OP-778899', Monto: '2713.29' });
    expect(boleta(d, 'benito').Pago).toBeNull();
    expect(d).toMatchObject({ EstadoDescripcion: 'Aprobada', BoletasPagadas: 1, TotalPagado: '2713.29', Pagada: false });
    expect(d.Pagos).toEqual([{ Id: pagoAna, Fecha: '2026-05-02', IdCuentaFinanciera: banco, CuentaFinanciera: 'BCP planillas', NumeroOperacion: 'OP-778899', Monto: '2713.29', NumeroBoletas: 1, Anulado: false, MotivoAnulacion: null }]);
    const a = await asiento(`PLANILLA_PAGO:${pagoAna}`);
    expect(lineas(a)).toEqual(['4111 2713.29 0.00', '1041 0.00 2713.29']);
    expect(a[0]).toMatchObject({ id_diario: 3, fecha: '2026-05-02' });

    // Paying Ana twice is refused.
    const otra = await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: caja, Boletas: [boleta(d, 'ana').Id] });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toMatchObject({ ErrorId: ErrorCodes.BOLETA_YA_PAGADA, Mensaje: 'La boleta de Quispe Prueba, Ana María ya está pagada' });
  });

  let pagoResto: number;
  it('paga el resto desde la caja: una sola operación, 4111 D / 101 H, y la planilla queda Pagada', async () => {
    const r = await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: caja, Fecha: '2026-05-03' });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaDetalle>();
    pagoResto = d.Pagos[1].Id;
    // 2121.49 + 1740.00 + 1305.00 = 5166.49.
    expect(d.Pagos[1]).toMatchObject({ Monto: '5166.49', NumeroBoletas: 3, NumeroOperacion: null, CuentaFinanciera: 'Caja planillas' });
    expect(d).toMatchObject({ Estado: 1, EstadoDescripcion: 'Pagada', BoletasPagadas: 4, TotalPagado: '7879.78', TotalNeto: '7879.78', Pagada: true });
    expect(lineas(await asiento(`PLANILLA_PAGO:${pagoResto}`))).toEqual(['4111 5166.49 0.00', '101 0.00 5166.49']);
    const lista = (await llamar('GET', '/v1/nominas?anio=2026')).json().Data;
    expect(lista.find((n: { Id: number }) => n.Id === abril)).toMatchObject({ EstadoDescripcion: 'Pagada', Pagada: true });

    const otra = await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: caja });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toMatchObject({ ErrorId: ErrorCodes.BOLETA_YA_PAGADA, Mensaje: 'La planilla ya está pagada: todas sus boletas tienen pago' });
  });

  it('anular un pago (supervisor) reabre sus boletas y revierte el asiento; 4111 queda con lo que se debe a Ana', async () => {
    expect((await llamar('PUT', `/v1/nominas/${abril}/pagos/${pagoAna}/anulaciones`, { Motivo: 'Cuenta equivocada' }, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('PUT', `/v1/nominas/${abril}/pagos/${pagoAna}/anulaciones`, { Motivo: 'x' })).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Motivo: expect.any(String) } });
    const r = await llamar('PUT', `/v1/nominas/${abril}/pagos/${pagoAna}/anulaciones`, { Motivo: 'Cuenta equivocada' });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaDetalle>();
    expect(boleta(d, 'ana').Pago).toBeNull();
    expect(d).toMatchObject({ EstadoDescripcion: 'Aprobada', BoletasPagadas: 3, TotalPagado: '5166.49', Pagada: false });
    expect(d.Pagos[0]).toMatchObject({ Id: pagoAna, Anulado: true, MotivoAnulacion: 'Cuenta equivocada' });
    expect(lineas(await asiento(`ANULA-PLANILLA_PAGO:${pagoAna}`))).toEqual(['4111 0.00 2713.29', '1041 2713.29 0.00']);
    const again = await llamar('PUT', `/v1/nominas/${abril}/pagos/${pagoAna}/anulaciones`, { Motivo: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorId).toBe(ErrorCodes.PAGO_ANULADO);

    // 4111 of this company: accrual 7879.78 H, payments 2713.29 + 5166.49 D, reversal 2713.29 H → 2713.29 owed (Ana).
    const [s] = (
      (await e.dbh.db.execute(sql`
        select coalesce(sum(l.haber) - sum(l.debe), 0)::text as saldo from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
         where c.codigo = '4111' and a.clave_origen in (${`PLANILLA:${abril}`}, ${`PLANILLA_PAGO:${pagoAna}`}, ${`PLANILLA_PAGO:${pagoResto}`}, ${`ANULA-PLANILLA_PAGO:${pagoAna}`})`)) as unknown as { rows: { saldo: string }[] }
    ).rows;
    expect(Number(s.saldo).toFixed(2)).toBe('2713.29');

    // Ana can be paid again now.
    const de = await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: caja, Fecha: '2026-05-04' });
    expect(de.statusCode, de.body).toBe(200);
    expect(de.json()).toMatchObject({ Pagada: true, BoletasPagadas: 4 });
  });

  it('otra empresa no paga ni anula los pagos de esta planilla: 404', async () => {
    expect((await llamar('POST', `/v1/nominas/${abril}/pagos`, { IdCuentaFinanciera: caja }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('PUT', `/v1/nominas/${abril}/pagos/${pagoResto}/anulaciones`, { Motivo: 'Ajena' }, tokenOtra)).statusCode).toBe(404);
    // Its own run does not accept this company's account either.
    const suya = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 4 }, tokenOtra)).json();
    await llamar('POST', `/v1/nominas/${suya.Id}/calculo`, {}, tokenOtra);
    await llamar('POST', `/v1/nominas/${suya.Id}/aprobacion`, undefined, tokenOtra);
    const r = await llamar('POST', `/v1/nominas/${suya.Id}/pagos`, { IdCuentaFinanciera: caja }, tokenOtra);
    expect(r.statusCode).toBe(404);
    expect(r.json().Mensaje).toBe('No se encontró la cuenta financiera');
  });
});

describe('dos pagos a la vez de la misma boleta', () => {
  it('exactamente uno gana (las boletas se bloquean); el otro recibe 409 y hay un solo asiento de pago', async () => {
    mayo = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 5 })).json().Id;
    expect((await llamar('POST', `/v1/nominas/${mayo}/calculo`, {})).statusCode).toBe(200);
    expect((await llamar('POST', `/v1/nominas/${mayo}/aprobacion`)).statusCode).toBe(200);
    const d = (await llamar('GET', `/v1/nominas/${mayo}`)).json<TNominaDetalle>();
    const ana = boleta(d, 'ana').Id;
    const [a, b] = await Promise.all([
      llamar('POST', `/v1/nominas/${mayo}/pagos`, { IdCuentaFinanciera: caja, Boletas: [ana] }),
      llamar('POST', `/v1/nominas/${mayo}/pagos`, { IdCuentaFinanciera: banco, NumeroOperacion: 'OP-1', Boletas: [ana] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const perdedor = a.statusCode === 409 ? a : b;
    expect(perdedor.json().ErrorId).toBe(ErrorCodes.BOLETA_YA_PAGADA);
    const final = (await llamar('GET', `/v1/nominas/${mayo}`)).json<TNominaDetalle>();
    expect(final.Pagos).toHaveLength(1);
    expect(final.BoletasPagadas).toBe(1);
    const n = ((await e.dbh.db.execute(sql`select count(*)::int as n from nomina_pago_detalle x join nomina_boleta b on b.id = x.id_boleta where b.id = ${ana}`)) as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(n).toBe(1);
    const asientos = (
      (await e.dbh.db.execute(sql`select count(*)::int as n from asiento_contable where clave_origen like 'PLANILLA_PAGO:%' and id_empresa = (select id_empresa from nomina where id = ${mayo})`)) as unknown as { rows: { n: number }[] }
    ).rows[0].n;
    // April: three payments (Ana, the rest, Ana again); May: one.
    expect(asientos).toBe(4);
  });
});
