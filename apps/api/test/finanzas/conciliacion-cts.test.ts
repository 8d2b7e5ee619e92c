// Branch letraspagar (issue 14, item 3): a CTS deposit (rrhh depositoscts) is a reconcilable kind T in bank
// reconciliation, like a payroll payment (N): proposed against its statement line, confirmed, and then its void is
// refused with 601590 until the reconciliation is undone. Through the real HTTP stack (PGlite by default, PostgreSQL
// with TEST_DATABASE_URL). decisions.md "letraspagar".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TExtracto, type TNominaDetalle } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
const F = '/api/finanzas/v1';
const RH = '/api/rrhh/v1';
const b64 = (t: string) => Buffer.from(t, 'utf8').toString('base64');
let banco: number;
let mayo: number;
let deposito: number;
let monto: string;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  const r = await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'BCP CTS conciliación', Banco: 'BCP', NumeroCuenta: '191-7654321-0-99', IdMoneda: 1 });
  expect(r.statusCode, r.body).toBe(201);
  banco = r.json().Id;
}, 180_000);
afterAll(async () => e?.cerrar());

describe('conciliación de depósitos de CTS', () => {
  it('el depósito de CTS de mayo se propone en el extracto (tipo T) y se concilia; conciliado no se anula (601590)', async () => {
    const t = await sup.post(`${RH}/entidades`, { IdTipoDocumento: 1, Documento: '47812345', Nombres: 'Luis', ApePat: 'Depositado', ApeMat: 'Prueba' });
    expect(t.statusCode, t.body).toBe(201);
    const k = await sup.post(`${RH}/contratos/colaborador`, { IdTrabajador: t.json().Id, Regimen: 1, FechaInicio: '2026-01-01', Remuneracion: '2400.00', SistemaPension: 'ONP' });
    expect(k.statusCode, k.body).toBe(201);
    const abril = (await sup.post(`${RH}/nominas`, { Anio: 2026, Mes: 4 })).json().Id;
    expect((await sup.post(`${RH}/nominas/${abril}/calculo`, {})).statusCode).toBe(200);
    expect((await sup.post(`${RH}/nominas/${abril}/aprobacion`, {})).statusCode).toBe(200);
    mayo = (await sup.post(`${RH}/nominas`, { Anio: 2026, Mes: 5 })).json().Id;
    expect((await sup.post(`${RH}/nominas/${mayo}/calculo`, {})).statusCode).toBe(200);
    expect((await sup.post(`${RH}/nominas/${mayo}/aprobacion`, {})).statusCode).toBe(200);
    const d = await sup.post(`${RH}/nominas/${mayo}/depositoscts`, { IdCuentaFinanciera: banco, Fecha: '2026-05-14', NumeroOperacion: 'CTS-77001' });
    expect(d.statusCode, d.body).toBe(200);
    const dep = (d.json() as TNominaDetalle).DepositosCts[0];
    deposito = dep.Id;
    monto = dep.Monto;
    expect(Number(monto)).toBeGreaterThan(0);

    const csv = [
      'Fecha;Fecha valuta;Descripción operación;Monto;Saldo;Sucursal - agencia;Operación - Número;Operación - Hora',
      `14/05/2026;14/05/2026;DEPOSITO CTS;-${Number(monto).toLocaleString('en-US', { minimumFractionDigits: 2 })};0.00;LIMA;77001;10:00`,
    ].join('\r\n');
    const r = await sup.post(`${F}/conciliaciones/extractos`, { IdCuentaFinanciera: banco, Perfil: 'BCP', NombreArchivo: 'cts.csv', ArchivoBase64: b64(csv) });
    expect(r.statusCode, r.body).toBe(201);
    const x = r.json() as TExtracto;
    expect(x.Lineas[0].Propuesta).toMatchObject({ Tipo: 'T', Id: deposito, Numero: `CTS-${deposito}`, Descripcion: 'Depósito de CTS 05/2026', NumeroOperacion: 'CTS-77001', Monto: `-${monto}` });
    expect(x.SinConciliarLibro.map((o) => o.Tipo)).toEqual(['T']);
    // Another company cannot reconcile it.
    expect((await otra.post(`${F}/conciliaciones/extractos/${x.Id}/conciliaciones`, { Pares: [{ IdLinea: x.Lineas[0].Id, Tipo: 'T', IdOperacion: deposito }] })).statusCode).toBe(404);
    const ok = await sup.post(`${F}/conciliaciones/extractos/${x.Id}/conciliaciones`, { Pares: [{ IdLinea: x.Lineas[0].Id, Tipo: 'T', IdOperacion: deposito }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as TExtracto).Lineas[0]).toMatchObject({ Conciliada: true, Operacion: { Tipo: 'T', Id: deposito } });

    const url = `${RH}/nominas/${mayo}/depositoscts/${deposito}/anulaciones`;
    const no = await sup.put(url, { Motivo: 'Cuenta equivocada' });
    expect(no.statusCode, no.body).toBe(409);
    expect(no.json().ErrorId).toBe(ErrorCodes.OPERACION_CONCILIADA);
    expect(no.json().Mensaje).toMatch(/^El depósito de CTS de mayo 2026 está conciliado con el extracto bancario: no se puede anular/i);
    // Undone, the void goes through.
    expect((await sup.del(`${F}/conciliaciones/extractos/${x.Id}/lineas/${x.Lineas[0].Id}`)).statusCode).toBe(200);
    const si = await sup.put(url, { Motivo: 'Cuenta equivocada' });
    expect(si.statusCode, si.body).toBe(200);
    // A voided deposit is no longer offered.
    const x2 = (await sup.get(`${F}/conciliaciones/extractos/${x.Id}`)).json() as TExtracto;
    expect(x2.SinConciliarLibro).toEqual([]);
  });
});
