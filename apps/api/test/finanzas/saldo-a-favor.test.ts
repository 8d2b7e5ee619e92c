// Branch saldofavor (issue 14): the customer's credit in favour (credit notes beyond the debt, nota_cuota F) applied
// to open dues as a collection of kind 3 without account, through the real HTTP stack (PGlite by default, PostgreSQL
// with TEST_DATABASE_URL). decisions.md "saldofavor".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCobro, TDocumentoPorCobrar, TSaldoAFavor } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_RUC, clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let idF001: number;
let idNc: number;
const DOC = '/api/contabilidad/v1/documentoContable';
const F = '/api/finanzas/v1';
const hoy = hoyLima();
const CLIENTE = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20131312955', RazonSocial: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA', Direccion: 'AV. GARCILASO DE LA VEGA 1472, LIMA' };
const OTRO = CLIENTE_RUC;

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const concepto = (texto: string, monto: string) => ({ ItemDescripcion: texto, CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: monto, TipoAfectacion: '10' });

/** A factura al crédito of one concept, in the given cuotas (amounts in soles, 30/60/... days). */
async function facturaCredito(cuotas: string[], cliente: object = CLIENTE, idMoneda = 1) {
  const total = cuotas.reduce((s, c) => s + Number(c), 0).toFixed(2);
  const r = await sup.post(
    DOC,
    factura(idF001, {
      IdMoneda: idMoneda,
      ListaEntidades: [cliente],
      IdCondicionPago: 2,
      ListaCuotas: cuotas.map((Monto, i) => ({ Monto, FechaVencimiento: sumarDias(hoy, 30 * (i + 1)) })),
      ListaItems: [concepto('SERVICIO DE ASESORÍA', total)],
    }),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { Id: number; MontoTotal: string };
}
/** A credit note (motive 09, a lower value) of `monto` on a document. */
async function notaCredito(idDoc: number, monto: string, cliente: object = CLIENTE, idMoneda = 1) {
  const r = await sup.post(DOC, {
    IdTipoDocumento: 1005, IdSerie: idNc, IdMoneda: idMoneda, FechaEmision: hoy, ListaEntidades: [cliente], ListaItems: [concepto('DISMINUCIÓN EN EL VALOR', monto)],
    ListaReferencias: [{ IdDocumentoReferencia: idDoc, CodigoMotivo: '09', DescripcionMotivo: 'DESCUENTO ACORDADO CON EL CLIENTE' }],
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { Id: number };
}
async function cuotas(idDoc: number) {
  const r = await sup.get(`${F}/cuentasporcobrar/${idDoc}`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as TDocumentoPorCobrar).Cuotas;
}
async function disponible(cliente = CLIENTE.NumeroDocumento, idmoneda = 1, quien = sup) {
  const r = await quien.get(`${F}/saldosafavor?cliente=${cliente}&idmoneda=${idmoneda}`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as TSaldoAFavor).Disponible;
}
const aplicar = (Detalle: { IdCuota: number; Monto: string }[], quien = sup) => quien.post(`${F}/cobros/saldosafavor`, { Detalle });
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe::text, l.haber::text from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => [l.codigo, l.debe, l.haber]);

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  idF001 = await idSerie(sup, 1003, 'F001');
  idNc = await idSerie(sup, 1005, 'F001');
}, 180_000);
afterAll(async () => e?.cerrar());

describe('aplicar el saldo a favor del cliente', () => {
  it('una nota mayor que la deuda deja saldo a favor; se aplica a varias cuotas de otra factura, parcial o total, sin cuenta ni asiento (1212 ya neto)', async () => {
    const a = await facturaCredito(['20.00']);
    await notaCredito(a.Id, '30.00');
    expect(await disponible()).toBe('10.00');
    const b = await facturaCredito(['8.00', '12.00']);
    const [c1, c2] = await cuotas(b.Id);

    const r = await aplicar([{ IdCuota: c1.IdCuota, Monto: '8.00' }, { IdCuota: c2.IdCuota, Monto: '1.50' }]);
    expect(r.statusCode, r.body).toBe(201);
    const cobro = r.json() as TCobro;
    expect(cobro).toMatchObject({ IdTipoCobro: 3, TipoCobro: 'Aplicación de saldo a favor', IdCuentaFinanciera: null, IdMoneda: 1, Monto: '9.50', MontoSoles: '9.50' });
    expect((await cuotas(b.Id)).map((q) => q.Saldo)).toEqual(['0.00', '10.50']);
    expect(await disponible()).toBe('0.50');

    // The statement: the application is an abono and the credit in favour is what remains.
    const ec = await sup.get(`${F}/reportes/estadoscuentas?cliente=${CLIENTE.NumeroDocumento}&idmoneda=1`);
    expect(ec.statusCode, ec.body).toBe(200);
    expect(ec.json().SaldoAFavor).toBe('0.50');
    expect(ec.json().Movimientos.some((m: { Concepto: string; Abono: string }) => m.Concepto === 'Aplicación de saldo a favor' && m.Abono === '9.50')).toBe(true);

    // Books: the credit note already credited 1212 (its whole total), the invoice debited it: nothing to post.
    expect(await lineasDe(`VENTA:${b.Id}`)).toContainEqual(['1212', '20.00', '0.00']);
    expect(await lineasDe(`COBRO:${cobro.Id}`)).toEqual([]);
    // Listed among the collections, with the customer's credit as its "account"; the receipt prints.
    const lista = await sup.get(`${F}/cobros?cliente=${CLIENTE.NumeroDocumento}`);
    expect((lista.json().Data as TCobro[]).find((x) => x.Id === cobro.Id)?.CuentaFinanciera).toBe('Saldo a favor del cliente');
    expect((await sup.get(`${F}/cobros/${cobro.Id}/recibo`)).statusCode).toBe(200);
  });

  it('nunca más que el saldo a favor (600954) ni más que el saldo de la cuota (1410); en español', async () => {
    const b = await facturaCredito(['5.00']);
    const [q] = await cuotas(b.Id);
    expect(await disponible()).toBe('0.50');
    const r = await aplicar([{ IdCuota: q.IdCuota, Monto: '0.60' }]);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().ErrorId).toBe(600954);
    expect(r.json().Mensaje).toContain('El saldo a favor disponible del cliente es S/ 0.50');

    const a = await facturaCredito(['10.00']);
    await notaCredito(a.Id, '20.00');
    expect(await disponible()).toBe('10.50');
    const x = await aplicar([{ IdCuota: q.IdCuota, Monto: '5.01' }]);
    expect(x.statusCode, x.body).toBe(400);
    expect(x.json().ErrorId).toBe(1410);
    expect(x.json().Errores['Detalle.0.Monto']).toBe('Saldo pendiente: S/ 5.00');
    // Nothing changed.
    expect((await cuotas(b.Id))[0].Saldo).toBe('5.00');
    expect(await disponible()).toBe('10.50');
  });

  it('un cliente sin saldo a favor no puede aplicar; cuotas de dos clientes se rechazan; otra empresa no ve el saldo ni las cuotas; el cajero no puede', async () => {
    const o = await facturaCredito(['7.00'], OTRO);
    const [qo] = await cuotas(o.Id);
    const sin = await aplicar([{ IdCuota: qo.IdCuota, Monto: '1.00' }]);
    expect(sin.statusCode, sin.body).toBe(400);
    expect(sin.json().Mensaje).toContain('El saldo a favor disponible del cliente es S/ 0.00');
    const b = await facturaCredito(['3.00']);
    const [qb] = await cuotas(b.Id);
    const mezcla = await aplicar([{ IdCuota: qb.IdCuota, Monto: '1.00' }, { IdCuota: qo.IdCuota, Monto: '1.00' }]);
    expect(mezcla.statusCode, mezcla.body).toBe(400);
    expect(mezcla.json().Errores.Detalle).toMatch(/mismo cliente/);

    expect(await disponible(CLIENTE.NumeroDocumento, 1, otra)).toBe('0.00');
    expect((await aplicar([{ IdCuota: qb.IdCuota, Monto: '1.00' }], otra)).statusCode).toBe(404);
    expect((await aplicar([{ IdCuota: qb.IdCuota, Monto: '1.00' }], cajero)).statusCode).toBe(403);
    expect((await cajero.get(`${F}/saldosafavor?cliente=${CLIENTE.NumeroDocumento}`)).statusCode).toBe(403);
    // Odd input: a validation error, never a 5xx.
    const malo = await sup.post(`${F}/cobros/saldosafavor`, { Detalle: [{ IdCuota: qb.IdCuota, Monto: '-1' }, { IdCuota: qb.IdCuota, Monto: '1' }] });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().ErrorId).toBe(500001);
    expect((await sup.get(`${F}/saldosafavor?cliente=`)).statusCode).toBe(400);
  });

  it('anular la aplicación devuelve el saldo a las cuotas y el saldo a favor al cliente; una segunda anulación es 409', async () => {
    const b = await facturaCredito(['4.00']);
    const [q] = await cuotas(b.Id);
    const antes = await disponible();
    const r = await aplicar([{ IdCuota: q.IdCuota, Monto: '4.00' }]);
    expect(r.statusCode, r.body).toBe(201);
    expect(Number(await disponible())).toBeCloseTo(Number(antes) - 4, 2);
    const id = (r.json() as TCobro).Id;
    const an = await sup.put(`${F}/cobros/${id}/anulaciones`, { Motivo: 'APLICADO POR ERROR' });
    expect(an.statusCode, an.body).toBe(200);
    expect(an.json().Anulado).toBe(true);
    expect((await cuotas(b.Id))[0].Saldo).toBe('4.00');
    expect(await disponible()).toBe(antes);
    expect((await sup.put(`${F}/cobros/${id}/anulaciones`, { Motivo: 'OTRA VEZ' })).statusCode).toBe(409);
  });

  it('dos aplicaciones simultáneas del mismo saldo a favor: solo una pasa', async () => {
    const a = await facturaCredito(['10.00']);
    await notaCredito(a.Id, '40.00');
    const [x, y] = [await facturaCredito(['60.00']), await facturaCredito(['60.00'])];
    const [qx] = await cuotas(x.Id);
    const [qy] = await cuotas(y.Id);
    const todo = await disponible();
    expect(Number(todo)).toBeGreaterThan(0);
    const rs = await Promise.all([aplicar([{ IdCuota: qx.IdCuota, Monto: todo }]), aplicar([{ IdCuota: qy.IdCuota, Monto: todo }])]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(rs.find((r) => r.statusCode === 400)!.json().ErrorId).toBe(600954);
    expect(await disponible()).toBe('0.00');
    const [{ n }] = await filas<{ n: string }>(sql`select coalesce(sum(cobrado), 0)::numeric(14,2)::text as n from cuota_cobrar where id in (${qx.IdCuota}, ${qy.IdCuota})`);
    expect(n).toBe(todo);
  });

  it('anular la nota de crédito después de aplicarla deja el saldo a favor en 0 (nunca negativo) y no admite más aplicaciones', async () => {
    const a = await facturaCredito(['1.00']);
    const nc = await notaCredito(a.Id, '3.00');
    expect(await disponible()).toBe('2.00');
    const b = await facturaCredito(['2.00']);
    const [q] = await cuotas(b.Id);
    expect((await aplicar([{ IdCuota: q.IdCuota, Monto: '1.00' }])).statusCode).toBe(201);
    // The note's effects are undone at its confirmed void (what the SUNAT path runs), leaving 1.00 applied without credit.
    await e.dbh.db.transaction(async (tx) => {
      const { cerrarCuotasDeDocumentoAnulado } = await import('../../src/modules/finanzas/cuentas-por-cobrar.service');
      await cerrarCuotasDeDocumentoAnulado(tx, { idDocumento: nc.Id });
    });
    expect(await disponible()).toBe('0.00');
    expect((await aplicar([{ IdCuota: q.IdCuota, Monto: '0.01' }])).json().ErrorId).toBe(600954);
    // The 1.00 applied without credit is owed first: a new credit of 1.50 leaves 0.50 available.
    const c = await facturaCredito(['1.00']);
    await notaCredito(c.Id, '2.50');
    expect(await disponible()).toBe('0.50');
  });

  it('con las notas de crédito en otra cuenta que las facturas, la aplicación pasa el crédito: nota D / 1212 H; su anulación lo revierte', async () => {
    const cta = await sup.post(`${F}/cuentascontables`, { Codigo: '1219', Descripcion: 'Notas de crédito por aplicar' });
    expect(cta.statusCode, cta.body).toBe(201);
    const m = await sup.put(`${F}/libros/configuracion`, { Mapeos: [{ Clave: 'COBRAR_NOTA_CREDITO', IdCuenta: cta.json().Id }] });
    expect(m.statusCode, m.body).toBe(200);
    const a = await facturaCredito(['10.00']);
    const nc = await notaCredito(a.Id, '16.00');
    expect(await lineasDe(`VENTA:${nc.Id}`)).toContainEqual(['1219', '0.00', '16.00']);
    const b = await facturaCredito(['9.00']);
    const [q] = await cuotas(b.Id);
    expect(await disponible()).toBe('6.50');
    const r = await aplicar([{ IdCuota: q.IdCuota, Monto: '6.00' }]);
    expect(r.statusCode, r.body).toBe(201);
    const id = (r.json() as TCobro).Id;
    expect(await lineasDe(`COBRO:${id}`)).toEqual([
      ['1219', '6.00', '0.00'],
      ['1212', '0.00', '6.00'],
    ]);
    expect((await sup.put(`${F}/cobros/${id}/anulaciones`, { Motivo: 'APLICADO POR ERROR' })).statusCode).toBe(200);
    expect(await lineasDe(`ANULA-COBRO:${id}`)).toEqual([
      ['1219', '0.00', '6.00'],
      ['1212', '6.00', '0.00'],
    ]);
  });
});
