import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNominaDetalle, TTrabajador } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// The adjustment of the monthly CTS provisions to the deposit (issues 15 and 16; decisions.md "The CTS provision
// adjusted at the deposit"): a worker whose every month of the period was provisioned in Yupana gets deposit minus
// provisions posted (6291/4151 and its destination), one whose earlier months were not is left alone. Second demo
// company (no demo workers), so the runs hold exactly these workers. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
let e: Entorno;
let token: string;
beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
});
afterAll(async () => e?.cerrar());

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  e.app.inject(conToken(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));
async function lineas(clave: string): Promise<string[]> {
  const r = await e.dbh.db.execute(sql`
    select c.codigo, l.debe::text as debe, l.haber::text as haber, a.id_diario, a.fecha::text as fecha, cc.codigo as centro
      from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
      left join centro_costo cc on cc.id = l.id_centro_costo
     where a.clave_origen = ${clave} order by l.orden`);
  return (r as unknown as { rows: { codigo: string; debe: string; haber: string; id_diario: number; fecha: string; centro: string | null }[] }).rows.map(
    (x) => `${x.codigo} ${Number(x.debe).toFixed(2)} ${Number(x.haber).toFixed(2)} ${x.centro ?? '-'} d${x.id_diario} ${x.fecha}`,
  );
}
const trabajadores: Record<string, TTrabajador> = {};
let mayo: number;
let deposito: number;

describe('ajuste de la provisión de CTS al depósito de mayo 2026', () => {
  it('marzo, abril y mayo aprobados: Ana (desde marzo) tiene todas sus provisiones; Benito (desde enero) no', async () => {
    const centro = await llamar('POST', '/api/finanzas/v1/centroscostos', { Codigo: 'TDA-CTS', Nombre: 'Tienda' });
    expect(centro.statusCode, centro.body).toBe(201);
    for (const [clave, doc, nombres, contrato] of [
      ['ana', '41234567', 'Ana María', { Regimen: 1, FechaInicio: '2026-03-01', Remuneracion: '3000', SistemaPension: 'ONP', AsignacionFamiliar: true, IdCentroCosto: centro.json().Id }],
      ['benito', '42345678', 'Benito', { Regimen: 1, FechaInicio: '2026-01-01', Remuneracion: '2400.00', SistemaPension: 'ONP' }],
    ] as const) {
      const t = await llamar('POST', '/api/rrhh/v1/entidades', { IdTipoDocumento: 1, Documento: doc, Nombres: nombres, ApePat: 'Prueba', ApeMat: 'Ajuste' });
      expect(t.statusCode, t.body).toBe(201);
      trabajadores[clave] = t.json();
      const c = await llamar('POST', '/api/rrhh/v1/contratos/colaborador', { IdTrabajador: trabajadores[clave].Id, ...contrato });
      expect(c.statusCode, c.body).toBe(201);
    }
    for (const mes of [3, 4, 5]) {
      const id = (await llamar('POST', '/api/rrhh/v1/nominas', { Anio: 2026, Mes: mes })).json().Id as number;
      expect((await llamar('POST', `/api/rrhh/v1/nominas/${id}/calculo`, {})).statusCode).toBe(200);
      const a = await llamar('POST', `/api/rrhh/v1/nominas/${id}/aprobacion`);
      expect(a.statusCode, a.body).toBe(200);
      if (mes === 5) mayo = id;
    }
    // Ana's provision: (3000 + 113) / 12 = 259.4166... -> 259.42 in March and in April; Benito's from March too.
    const r = await e.dbh.db.execute(sql`select n.mes, b.id_entidad, b.provision_cts::text as p from nomina_boleta b join nomina n on n.id = b.id_nomina
      where n.mes in (3, 4) order by n.mes, b.id_entidad`);
    expect((r as unknown as { rows: { mes: number; id_entidad: number; p: string }[] }).rows.map((x) => `${x.mes} ${x.id_entidad === trabajadores.ana.Id ? 'ana' : 'benito'} ${x.p}`)).toEqual([
      '3 ana 259.42',
      '3 benito 200.00',
      '4 ana 259.42',
      '4 benito 200.00',
    ]);
  });

  it('el depósito ajusta solo a Ana: 518.83 depositado - 518.84 provisionado = -0.01 al centro de su contrato', async () => {
    const d = (await llamar('GET', `/api/rrhh/v1/nominas/${mayo}`)).json<TNominaDetalle>();
    const cts = Object.fromEntries(d.Boletas.map((b) => [b.IdTrabajador === trabajadores.ana.Id ? 'ana' : 'benito', b.Cts]));
    // Ana: 3113 / 12 x 2 = 518.83; Benito: 2400 / 12 x 4 (January-April) = 800.00, of which Yupana provisioned 400.00.
    expect(cts).toEqual({ ana: '518.83', benito: '800.00' });
    const banco = await llamar('POST', '/api/finanzas/v1/cuentasfinancieras', { IdTipoCuenta: 3, Nombre: 'BCP CTS', Banco: 'BCP', NumeroCuenta: '191-7654321-0-12', CCI: '00219100765432101254', IdMoneda: 1 });
    const r = await llamar('POST', `/api/rrhh/v1/nominas/${mayo}/depositoscts`, { IdCuentaFinanciera: banco.json().Id, Fecha: '2026-05-14', NumeroOperacion: 'CTS-AJ' });
    expect(r.statusCode, r.body).toBe(200);
    deposito = r.json<TNominaDetalle>().DepositosCts[0].Id;
    expect(await lineas(`PLANILLA_CTS_DEPOSITO:${deposito}`)).toEqual(['4151 1318.83 0.00 - d3 2026-05-14', '1041 0.00 1318.83 - d3 2026-05-14']);
    // Less deposited than provisioned: the expense and its destination go back by 0.01, in the centre of Ana's contract.
    expect(await lineas(`PLANILLA_CTS_AJUSTE:${deposito}`)).toEqual([
      '6291 0.00 0.01 TDA-CTS d4 2026-05-14',
      '4151 0.01 0.00 - d4 2026-05-14',
      '94 0.00 0.01 TDA-CTS d4 2026-05-14',
      '791 0.01 0.00 TDA-CTS d4 2026-05-14',
    ]);
    // Ana's 4151 is now zero: 259.42 + 259.42 (provisions) + 0.01 (adjustment, debit) ... against 518.83 deposited.
  });

  it('anular el depósito revierte también el ajuste', async () => {
    const r = await llamar('PUT', `/api/rrhh/v1/nominas/${mayo}/depositoscts/${deposito}/anulaciones`, { Motivo: 'Cuenta equivocada' });
    expect(r.statusCode, r.body).toBe(200);
    const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    expect(await lineas(`ANULA-PLANILLA_CTS_AJUSTE:${deposito}`)).toEqual([
      `6291 0.01 0.00 TDA-CTS d4 ${hoy}`,
      `4151 0.00 0.01 - d4 ${hoy}`,
      `94 0.01 0.00 TDA-CTS d4 ${hoy}`,
      `791 0.00 0.01 TDA-CTS d4 ${hoy}`,
    ]);
  });
});
