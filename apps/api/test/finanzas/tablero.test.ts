// The finance board (issue 14, seed §7 smartreasons/...): the customers with the most overdue debt, the period's
// credit sales per customer (issued, collected, pending) and the bank balances. Through the real HTTP stack (PGlite by
// default, PostgreSQL with TEST_DATABASE_URL); figures checked by hand and as deltas of the company's totals.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTableroDeudores, TTableroMontos } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let serieF: number;
const F = '/api/finanzas/v1';
const hoy = hoyLima();
const ACME = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100130204', RazonSocial: 'TRANSPORTES ANDINOS S.A.C.', Direccion: 'AV. COLONIAL 1200, LIMA' };
const BETA = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100047218', RazonSocial: 'DISTRIBUIDORA DEL SUR S.A.C.', Direccion: 'AV. ARGENTINA 300, LIMA' };

async function credito(cliente: typeof ACME, valor: string, emision: string, vence: string) {
  const r = await sup.post(
    '/api/contabilidad/v1/documentoContable',
    factura(serieF, {
      FechaEmision: emision,
      IdCondicionPago: 2,
      ListaEntidades: [cliente],
      ListaItems: [{ ItemDescripcion: 'SERVICIO DE TRANSPORTE DE CARGA', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: valor, TipoAfectacion: '10' }],
      ListaCuotas: [{ Monto: new Decimal(valor).times('1.18').toFixed(2), FechaVencimiento: vence }],
    }),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { Id: number; MontoTotal: string };
}

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  serieF = await idSerie(sup, 1003, 'F001');
}, 180_000);
afterAll(async () => e?.cerrar());

describe('tablero de finanzas', () => {
  it('deudores: los clientes con más deuda vencida, y lo que se cobra y lo vencido de la empresa', async () => {
    const antes = (await sup.get(`${F}/smartreasons/estadoscuentas/clientes`)).json() as TTableroDeudores;
    // ACME: 1180.00 due yesterday (overdue) and 590.00 due in 30 days; BETA: 236.00 due two days ago.
    await credito(ACME, '1000', sumarDias(hoy, -3), sumarDias(hoy, -1));
    await credito(ACME, '500', hoy, sumarDias(hoy, 30));
    await credito(BETA, '200', sumarDias(hoy, -3), sumarDias(hoy, -2));
    const r = await sup.get(`${F}/smartreasons/estadoscuentas/clientes?idmoneda=1`);
    expect(r.statusCode, r.body).toBe(200);
    const t = r.json() as TTableroDeudores;
    expect(new Decimal(t.PorCobrar).minus(antes.PorCobrar).toFixed(2)).toBe('2006.00');
    expect(new Decimal(t.Vencido).minus(antes.Vencido).toFixed(2)).toBe('1416.00');
    const acme = t.Data.find((f) => f.NumeroDocumento === ACME.NumeroDocumento);
    expect(acme).toMatchObject({ RazonSocial: ACME.RazonSocial, Documentos: 2, Total: '1770.00', Vencido: '1180.00', DiasMaximoVencido: 1 });
    expect(t.Data.find((f) => f.NumeroDocumento === BETA.NumeroDocumento)).toMatchObject({ Total: '236.00', Vencido: '236.00', DiasMaximoVencido: 2 });
    // Largest overdue first.
    const vencidos = t.Data.map((f) => Number(f.Vencido));
    expect(vencidos).toEqual([...vencidos].sort((a, b) => b - a));
    expect(t.Data.length).toBeLessThanOrEqual(10);
    // Dollars are another board: none of these.
    expect((await sup.get(`${F}/smartreasons/estadoscuentas/clientes?idmoneda=2`)).json().Data.some((f: { NumeroDocumento: string }) => f.NumeroDocumento === BETA.NumeroDocumento)).toBe(false);
  });

  it('montos por cliente del periodo: emitido, cobrado y pendiente', async () => {
    const desde = sumarDias(hoy, -3);
    const antes = (await sup.get(`${F}/smartreasons/clientes/montos?desde=${desde}&hasta=${hoy}`)).json() as TTableroMontos;
    const caja = (await sup.get(`${F}/cuentasfinancieras`)).json().Data.find((c: { IdTipoCuenta: number; IdMoneda: number }) => c.IdTipoCuenta !== 3 && c.IdMoneda === 1);
    const f = await credito(BETA, '100', hoy, sumarDias(hoy, 15));
    const cuota = (await sup.get(`${F}/cuentasporcobrar/${f.Id}`)).json().Cuotas[0].IdCuota;
    const cobro = await sup.post(`${F}/cobros/efectivos`, { IdCuentaFinanciera: caja.Id, Detalle: [{ IdCuota: cuota, Monto: '50.00' }] });
    expect(cobro.statusCode, cobro.body).toBe(201);
    const r = await sup.get(`${F}/smartreasons/clientes/montos?desde=${desde}&hasta=${hoy}`);
    expect(r.statusCode, r.body).toBe(200);
    const m = r.json() as TTableroMontos;
    expect(m).toMatchObject({ Desde: desde, Hasta: hoy, IdMoneda: 1 });
    expect(new Decimal(m.Emitido).minus(antes.Emitido).toFixed(2)).toBe('118.00');
    expect(new Decimal(m.Cobrado).minus(antes.Cobrado).toFixed(2)).toBe('50.00');
    // BETA this period: 236.00 (first test) + 118.00, 50.00 collected.
    expect(m.Data.find((x) => x.NumeroDocumento === BETA.NumeroDocumento)).toMatchObject({ Documentos: 2, Emitido: '354.00', Cobrado: '50.00', Pendiente: '304.00' });
    const fuera = (await sup.get(`${F}/smartreasons/clientes/montos?desde=${sumarDias(hoy, 1)}&hasta=${sumarDias(hoy, 1)}`)).json() as TTableroMontos;
    expect(fuera).toMatchObject({ Emitido: '0.00', Cobrado: '0.00', Pendiente: '0.00', Data: [] });
    const mal = await sup.get(`${F}/smartreasons/clientes/montos?desde=${hoy}&hasta=${desde}`);
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toMatchObject({ ErrorId: 500001, Errores: { hasta: 'La fecha inicial no puede ser posterior a la final' } });
  });

  it('cuentas bancarias: solo los bancos de la empresa con su saldo', async () => {
    const r = await sup.get(`${F}/smartreasons/cuentasbancarias`);
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json() as { Data: { IdTipoCuenta: number; Nombre: string; Saldo: string }[]; Count: number };
    expect(b.Data.every((c) => c.IdTipoCuenta === 3)).toBe(true);
    expect(b.Count).toBe(b.Data.length);
    expect(b.Data.some((c) => c.Nombre === 'Interbank soles')).toBe(true);
  });

  it('otra empresa no ve nada de esto; el cajero no entra; datos raros en español', async () => {
    const ajeno = (await otra.get(`${F}/smartreasons/estadoscuentas/clientes`)).json() as TTableroDeudores;
    expect(ajeno.Data.some((f) => f.NumeroDocumento === ACME.NumeroDocumento)).toBe(false);
    expect((await otra.get(`${F}/smartreasons/cuentasbancarias`)).json().Data.some((c: { Nombre: string }) => c.Nombre === 'Interbank soles')).toBe(false);
    for (const u of ['/smartreasons/estadoscuentas/clientes', '/smartreasons/clientes/montos', '/smartreasons/cuentasbancarias']) expect((await cajero.get(`${F}${u}`)).statusCode).toBe(403);
    const raro = await sup.get(`${F}/smartreasons/clientes/montos?idmoneda=9&desde=2026-02-30`);
    expect(raro.statusCode).toBe(400);
    expect(raro.json().ErrorId).toBe(500001);
  });
});
