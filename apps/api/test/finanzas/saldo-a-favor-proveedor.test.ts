// Branch provnc (issue 14): a supplier's credit notes (purchases of type 07) are a credit in favour of the company,
// applied to that supplier's payable dues as a supplier payment of kind 3 without account; and the exchange difference
// of a dollar credit applied at another rate (supplier and customer side). Through the real HTTP stack (PGlite by
// default, PostgreSQL with TEST_DATABASE_URL). decisions.md "provnc".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlmacen, TCompra, TPago, TSaldoAFavorProveedor, TDocumentoPorCobrar } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let idBien: number;
let principal: TAlmacen;
const LOG = '/api/logistica/v1';
const F = '/api/finanzas/v1';
const hoy = hoyLima();
const ayer = sumarDias(hoy, -1);
const RUC = '20100047218';
const PROVEEDOR = { RucProveedor: RUC, RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.' };
let numero = 100;

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe::text, l.haber::text from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => [l.codigo, l.debe, l.haber]);

/** A purchase on credit: `unidades` x 10.00 + IGV, in the given cuotas (they must add up to the total). */
async function compraCredito(unidades: number, cuotas: string[], idMoneda = 1, fecha = hoy, valor = '10') {
  const r = await sup.post(`${LOG}/compras`, {
    ...PROVEEDOR, TipoDocumento: '01', Serie: 'F002', Numero: ++numero, FechaEmision: fecha, IdMoneda: idMoneda,
    Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: String(unidades), ValorUnitario: valor, AfectacionIgv: '10' }],
    IdCondicionPago: 2, Cuotas: cuotas.map((Monto, i) => ({ Monto, FechaVencimiento: sumarDias(hoy, 30 * (i + 1)) })),
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as TCompra;
}
/** The supplier's credit note (07): `unidades` x `valor` + IGV returned. */
async function notaCredito(unidades: number, idMoneda = 1, valor = '10') {
  const r = await sup.post(`${LOG}/compras`, {
    ...PROVEEDOR, TipoDocumento: '07', Serie: 'FC01', Numero: ++numero, FechaEmision: hoy, IdMoneda: idMoneda,
    Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: String(unidades), ValorUnitario: valor, AfectacionIgv: '10' }], IdCondicionPago: 1,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as TCompra;
}
const cuotas = async (idCompra: number) => ((await sup.get(`${F}/cuentasporpagar/${idCompra}`)).json() as { Cuotas: { IdCuota: number; Saldo: string }[] }).Cuotas;
async function disponible(idmoneda = 1, quien = sup) {
  const r = await quien.get(`${F}/saldosafavor/proveedores?proveedor=${RUC}&idmoneda=${idmoneda}`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as TSaldoAFavorProveedor).Disponible;
}
const aplicar = (Detalle: { IdCuota: number; Monto: string }[], quien = sup) => quien.post(`${F}/pagos/saldosafavor`, { Detalle });

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  idBien = (await sup.post(`${LOG}/items`, { Codigo: 'PNC-1', Descripcion: 'AZÚCAR RUBIA 1 KG', CodigoUnidad: 'NIU', Precio: '9', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
  principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
}, 180_000);
afterAll(async () => e?.cerrar());

describe('aplicar el saldo a favor del proveedor (sus notas de crédito) a las cuotas por pagar', () => {
  it('la nota de crédito del proveedor no genera deuda sino saldo a favor; se aplica a dos cuotas, parcial y total, sin cuenta ni asiento (4212 ya neto)', async () => {
    const c = await compraCredito(10, ['50.00', '68.00']);
    const nc = await notaCredito(2);
    expect(nc.Total).toBe('23.60');
    expect(await filas(sql`select id from cuota_pagar where id_documento = ${nc.Id}`)).toEqual([]);
    expect(await disponible()).toBe('23.60');
    const [q1, q2] = await cuotas(c.Id);
    const r = await aplicar([{ IdCuota: q1.IdCuota, Monto: '20.00' }, { IdCuota: q2.IdCuota, Monto: '3.00' }]);
    expect(r.statusCode, r.body).toBe(201);
    const p = r.json() as TPago;
    expect(p).toMatchObject({ IdTipoPago: 3, TipoPago: 'Aplicación de saldo a favor', IdCuentaFinanciera: null, CuentaFinanciera: 'Saldo a favor del proveedor', Monto: '23.00', MontoSoles: '23.00' });
    expect(p.NumeroRecibo).toMatch(/^RP-\d+$/);
    expect((await cuotas(c.Id)).map((q) => q.Saldo)).toEqual(['30.00', '65.00']);
    expect(await disponible()).toBe('0.60');
    // Books: the note debited 4212 with its whole total, the purchase credited it: nothing to post.
    expect(await lineasDe(`COMPRA:${nc.Id}`)).toContainEqual(['4212', '23.60', '0.00']);
    expect(await lineasDe(`PAGO:${p.Id}`)).toEqual([]);
    const lista = await sup.get(`${F}/pagos?proveedor=${RUC}`);
    expect((lista.json().Data as TPago[]).find((x) => x.Id === p.Id)?.CuentaFinanciera).toBe('Saldo a favor del proveedor');
    expect((await sup.get(`${F}/pagos/${p.Id}/recibo`)).statusCode).toBe(200);
  });

  it('nunca más que el saldo a favor (600954) ni más que el saldo de la cuota (1410); en español y sin cambiar nada', async () => {
    const c = await compraCredito(1, ['11.80']);
    const [q] = await cuotas(c.Id);
    const r = await aplicar([{ IdCuota: q.IdCuota, Monto: '0.61' }]);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().ErrorId).toBe(600954);
    expect(r.json().Mensaje).toContain('El saldo a favor disponible del proveedor es S/ 0.60');
    await notaCredito(2);
    expect(await disponible()).toBe('24.20');
    const x = await aplicar([{ IdCuota: q.IdCuota, Monto: '11.81' }]);
    expect(x.statusCode, x.body).toBe(400);
    expect(x.json().ErrorId).toBe(1410);
    expect(x.json().Errores['Detalle.0.Monto']).toBe('Saldo pendiente: S/ 11.80');
    expect((await cuotas(c.Id))[0].Saldo).toBe('11.80');
    expect(await disponible()).toBe('24.20');
  });

  it('otra empresa no ve el saldo ni las cuotas (0.00 y 404); el cajero no puede (403); datos raros dan 500001', async () => {
    const c = await compraCredito(1, ['11.80']);
    const [q] = await cuotas(c.Id);
    expect(await disponible(1, otra)).toBe('0.00');
    expect((await aplicar([{ IdCuota: q.IdCuota, Monto: '1.00' }], otra)).statusCode).toBe(404);
    expect((await aplicar([{ IdCuota: q.IdCuota, Monto: '1.00' }], cajero)).statusCode).toBe(403);
    expect((await cajero.get(`${F}/saldosafavor/proveedores?proveedor=${RUC}`)).statusCode).toBe(403);
    const malo = await sup.post(`${F}/pagos/saldosafavor`, { Detalle: [{ IdCuota: q.IdCuota, Monto: '-1' }] });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().ErrorId).toBe(500001);
    expect((await sup.get(`${F}/saldosafavor/proveedores?proveedor=`)).statusCode).toBe(400);
    expect((await sup.get(`${F}/saldosafavor/proveedores?proveedor=${RUC}&idmoneda=7`)).statusCode).toBe(400);
  });

  it('anular la aplicación repone las cuotas y el saldo a favor; la nota aplicada no se puede anular hasta anular la aplicación', async () => {
    const c = await compraCredito(10, ['118.00']);
    const [q] = await cuotas(c.Id);
    expect(await disponible()).toBe('24.20');
    const nc = await notaCredito(1);
    expect(await disponible()).toBe('36.00');
    const r = await aplicar([{ IdCuota: q.IdCuota, Monto: '36.00' }]);
    expect(r.statusCode, r.body).toBe(201);
    const id = (r.json() as TPago).Id;
    expect(await disponible()).toBe('0.00');
    const n = await sup.put(`${LOG}/compras/${nc.Id}/anulaciones`, { Motivo: 'Nota registrada por error' });
    expect(n.statusCode, n.body).toBe(400);
    expect(n.json().Mensaje).toMatch(/su saldo a favor ya se aplicó.*Anule primero esas aplicaciones/);
    const an = await sup.put(`${F}/pagos/${id}/anulaciones`, { Motivo: 'APLICADO POR ERROR' });
    expect(an.statusCode, an.body).toBe(200);
    expect(an.json().Anulado).toBe(true);
    expect((await cuotas(c.Id))[0].Saldo).toBe('118.00');
    expect(await disponible()).toBe('36.00');
    expect((await sup.put(`${F}/pagos/${id}/anulaciones`, { Motivo: 'OTRA VEZ' })).statusCode).toBe(409);
    // Nothing applied any more: the note can be voided and its credit disappears.
    const ok = await sup.put(`${LOG}/compras/${nc.Id}/anulaciones`, { Motivo: 'Nota registrada por error' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await disponible()).toBe('24.20');
  });

  it('dos aplicaciones simultáneas del mismo saldo a favor: solo una pasa', async () => {
    await notaCredito(3);
    const [x, y] = [await compraCredito(10, ['118.00']), await compraCredito(10, ['118.00'])];
    const [qx] = await cuotas(x.Id);
    const [qy] = await cuotas(y.Id);
    const todo = await disponible();
    expect(Number(todo)).toBeGreaterThan(0);
    const rs = await Promise.all([aplicar([{ IdCuota: qx.IdCuota, Monto: todo }]), aplicar([{ IdCuota: qy.IdCuota, Monto: todo }])]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(rs.find((r) => r.statusCode === 400)!.json().ErrorId).toBe(600954);
    expect(await disponible()).toBe('0.00');
    const [{ n }] = await filas<{ n: string }>(sql`select coalesce(sum(pagado), 0)::numeric(14,2)::text as n from cuota_pagar where id in (${qx.IdCuota}, ${qy.IdCuota})`);
    expect(n).toBe(todo);
  });

});

describe('diferencia de cambio de un saldo a favor en dólares aplicado a otro tipo de cambio', () => {
  it('proveedor: nota US$ 11.80 a 3.750 aplicada a una compra contabilizada a 3.700: 676 D 0.59 en la misma transacción; la anulación la revierte', async () => {
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: ayer, Compra: '3.690', Venta: '3.700' })).statusCode).toBe(201);
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: hoy, Compra: '3.740', Venta: '3.750' })).statusCode).toBe(201);
    const c = await compraCredito(10, ['59.00'], 2, ayer, '5');
    const nc = await notaCredito(2, 2, '5');
    expect(nc.Total).toBe('11.80');
    expect(await lineasDe(`COMPRA:${nc.Id}`)).toContainEqual(['4212', '44.25', '0.00']);
    expect(await disponible(2)).toBe('11.80');
    const [q] = await cuotas(c.Id);
    const r = await aplicar([{ IdCuota: q.IdCuota, Monto: '11.80' }]);
    expect(r.statusCode, r.body).toBe(201);
    const p = r.json() as TPago;
    expect(p).toMatchObject({ IdMoneda: 2, Monto: '11.80', MontoSoles: '44.25' });
    // 4212 D 43.66 (US$ 11.80 x 3.700, the purchase) and H 44.25 (x 3.750, the note): net H 0.59, a loss of 0.59.
    expect(await lineasDe(`PAGO:${p.Id}`)).toEqual([
      ['4212', '0.00', '0.59'],
      ['676', '0.59', '0.00'],
    ]);
    expect((await sup.put(`${F}/pagos/${p.Id}/anulaciones`, { Motivo: 'APLICADO POR ERROR' })).statusCode).toBe(200);
    expect(await lineasDe(`ANULA-PAGO:${p.Id}`)).toEqual([
      ['4212', '0.59', '0.00'],
      ['676', '0.00', '0.59'],
    ]);
  });

  it('cliente: saldo a favor de US$ 20.00 de una nota a 3.750 aplicado a una factura contabilizada a 3.700: 776 H 1.00', async () => {
    const idF001 = await idSerie(sup, 1003, 'F001');
    const idNc = await idSerie(sup, 1005, 'F001');
    const CLIENTE = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20131312955', RazonSocial: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA', Direccion: 'AV. GARCILASO DE LA VEGA 1472, LIMA' };
    const concepto = (texto: string, monto: string) => ({ ItemDescripcion: texto, CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: monto, TipoAfectacion: '10' });
    const facturaUsd = async (monto: string, fecha: string) => {
      const r = await sup.post('/api/contabilidad/v1/documentoContable', factura(idF001, {
        IdMoneda: 2, FechaEmision: fecha, ListaEntidades: [CLIENTE], IdCondicionPago: 2, ListaCuotas: [{ Monto: monto, FechaVencimiento: sumarDias(hoy, 30) }], ListaItems: [concepto('SERVICIO DE ASESORÍA', monto)],
      }));
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as { Id: number };
    };
    const a = await facturaUsd('10.00', hoy);
    const nc = await sup.post('/api/contabilidad/v1/documentoContable', {
      IdTipoDocumento: 1005, IdSerie: idNc, IdMoneda: 2, FechaEmision: hoy, ListaEntidades: [CLIENTE], ListaItems: [concepto('DISMINUCIÓN EN EL VALOR', '30.00')],
      ListaReferencias: [{ IdDocumentoReferencia: a.Id, CodigoMotivo: '09', DescripcionMotivo: 'DESCUENTO ACORDADO CON EL CLIENTE' }],
    });
    expect(nc.statusCode, nc.body).toBe(201);
    const saldo = await sup.get(`${F}/saldosafavor?cliente=${CLIENTE.NumeroDocumento}&idmoneda=2`);
    expect(saldo.json().Disponible).toBe('20.00');
    const b = await facturaUsd('20.00', ayer);
    expect(await lineasDe(`VENTA:${b.Id}`)).toContainEqual(['1212', '74.00', '0.00']);
    const [q] = ((await sup.get(`${F}/cuentasporcobrar/${b.Id}`)).json() as TDocumentoPorCobrar).Cuotas;
    const r = await sup.post(`${F}/cobros/saldosafavor`, { Detalle: [{ IdCuota: q.IdCuota, Monto: '20.00' }] });
    expect(r.statusCode, r.body).toBe(201);
    // 1212 D 75.00 (the note's US$ 20.00 x 3.750) and H 74.00 (the factura's x 3.700): net D 1.00, a gain of 1.00.
    expect(await lineasDe(`COBRO:${r.json().Id}`)).toEqual([
      ['1212', '1.00', '0.00'],
      ['776', '0.00', '1.00'],
    ]);
  });
});

describe('cuenta propia para las notas de crédito de proveedores', () => {
  it('con las notas de crédito de proveedores en otra cuenta, la aplicación pasa el crédito: 4212 D / nota H; su anulación lo revierte', async () => {
    const cta = await sup.post(`${F}/cuentascontables`, { Codigo: '4219', Descripcion: 'Notas de crédito de proveedores por aplicar' });
    expect(cta.statusCode, cta.body).toBe(201);
    const m = await sup.put(`${F}/libros/configuracion`, { Mapeos: [{ Clave: 'POR_PAGAR_NOTA_CREDITO', IdCuenta: cta.json().Id }] });
    expect(m.statusCode, m.body).toBe(200);
    const nc = await notaCredito(1);
    expect(await lineasDe(`COMPRA:${nc.Id}`)).toContainEqual(['4219', '11.80', '0.00']);
    const c = await compraCredito(1, ['11.80']);
    const [q] = await cuotas(c.Id);
    const r = await aplicar([{ IdCuota: q.IdCuota, Monto: '6.00' }]);
    expect(r.statusCode, r.body).toBe(201);
    const id = (r.json() as TPago).Id;
    expect(await lineasDe(`PAGO:${id}`)).toEqual([
      ['4212', '6.00', '0.00'],
      ['4219', '0.00', '6.00'],
    ]);
    expect((await sup.put(`${F}/pagos/${id}/anulaciones`, { Motivo: 'APLICADO POR ERROR' })).statusCode).toBe(200);
    expect(await lineasDe(`ANULA-PAGO:${id}`)).toEqual([
      ['4212', '0.00', '6.00'],
      ['4219', '6.00', '0.00'],
    ]);
  });
});
