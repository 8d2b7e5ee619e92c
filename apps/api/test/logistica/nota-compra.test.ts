// Branch notacompra (issues 13 and 14): a supplier's note (07 credit, 08 debit) carries the purchase it modifies; a
// credit note on a crédito purchase lowers its open dues (oldest due first, like sales notes), a debit note adds a due,
// and the void undoes exactly that; the PLE 8.1 line of the note names the modified document. Real HTTP stack (PGlite
// by default, PostgreSQL with TEST_DATABASE_URL). decisions.md "Notas de compra".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlmacen, TCompra, TDocumentoPorPagar, TSaldoAFavorProveedor } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, sumarDias, type Cliente } from '../contabilidad/ayudas';
import { fechaPle } from '../../src/lib/ple';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let idBien: number;
let principal: TAlmacen;
const LOG = '/api/logistica/v1';
const F = '/api/finanzas/v1';
const hoy = hoyLima();
const RUC = '20100047218';
const PROVEEDOR = { RucProveedor: RUC, RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.' };
const OTRO = { RucProveedor: '20131312955', RazonSocialProveedor: 'OTRO PROVEEDOR S.A.' };
let numero = 500;

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const linea = (unidades: number) => [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: String(unidades), ValorUnitario: '10', AfectacionIgv: '10' }];

/** A crédito purchase of 100 x 10.00 + IGV = 1180.00 in two dues of 590.00 (30 and 60 days). */
async function compraCredito(quien = sup) {
  const r = await quien.post(`${LOG}/compras`, {
    ...PROVEEDOR, TipoDocumento: '01', Serie: 'F002', Numero: ++numero, FechaEmision: hoy, Lineas: linea(100),
    IdCondicionPago: 2, Cuotas: [{ Monto: '590.00', FechaVencimiento: sumarDias(hoy, 30) }, { Monto: '590.00', FechaVencimiento: sumarDias(hoy, 60) }],
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as TCompra;
}
const nota = (tipo: '07' | '08', unidades: number, ref: TCompra, extra: Record<string, unknown> = {}, quien = sup) =>
  quien.post(`${LOG}/compras`, {
    ...PROVEEDOR, TipoDocumento: tipo, Serie: tipo === '07' ? 'FC01' : 'FD01', Numero: ++numero, FechaEmision: hoy, Lineas: linea(unidades), IdCondicionPago: 1,
    Referencia: { TipoDocumento: ref.TipoDocumento, Serie: ref.Serie, Numero: ref.Numero }, ...extra,
  });
const porPagar = async (id: number) => (await sup.get(`${F}/cuentasporpagar/${id}`)).json() as TDocumentoPorPagar;
const saldos = async (id: number) => (await porPagar(id)).Cuotas.map((q) => q.Saldo);
const disponible = async () => ((await sup.get(`${F}/saldosafavor/proveedores?proveedor=${RUC}&idmoneda=1`)).json() as TSaldoAFavorProveedor).Disponible;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  idBien = (await sup.post(`${LOG}/items`, { Codigo: 'NCC-1', Descripcion: 'ARROZ EXTRA 5 KG', CodigoUnidad: 'NIU', Precio: '9', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
  principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
}, 180_000);
afterAll(async () => e?.cerrar());

describe('notas de compra que modifican una compra al crédito', () => {
  it('una nota de crédito de 236.00 sobre una compra de 1180.00 en 2 cuotas baja la primera cuota: 354.00 + 590.00; anularla lo devuelve', async () => {
    const c = await compraCredito();
    const r = await nota('07', 20, c);
    expect(r.statusCode, r.body).toBe(201);
    const nc = r.json() as TCompra;
    expect(nc.Total).toBe('236.00');
    expect(nc.Referencia).toMatchObject({ IdCompra: c.Id, TipoDocumento: '01', Serie: 'F002', Numero: c.Numero, FechaEmision: hoy });
    expect(await saldos(c.Id)).toEqual(['354.00', '590.00']);
    const doc = await porPagar(c.Id);
    expect(doc.Saldo).toBe('944.00');
    expect(doc.Notas).toEqual([{ IdCompra: nc.Id, TipoDocumento: '07', SerieNumero: nc.SerieNumero, FechaEmision: hoy, Monto: '-236.00' }]);
    expect((await sup.get(`${LOG}/compras/${c.Id}`)).json()).toMatchObject({ Total: '1180.00', Saldo: '944.00' });
    // Netted against the purchase: no credit in favour is left.
    expect(await disponible()).toBe('0.00');
    // Books: the netted part debits POR_PAGAR (4212 by default, as the purchase credited it).
    const asiento = await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe::text as debe, l.haber::text as haber from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${`COMPRA:${nc.Id}`} order by l.orden`);
    expect(asiento.map((l) => [l.codigo, l.debe, l.haber])).toContainEqual(['4212', '236.00', '0.00']);
    // The purchase cannot be voided under its note (601553); the note can, and everything comes back.
    const x = await sup.put(`${LOG}/compras/${c.Id}/anulaciones`, { Motivo: 'Error de registro' });
    expect(x.statusCode, x.body).toBe(409);
    expect(x.json().ErrorId).toBe(601553);
    const v = await sup.put(`${LOG}/compras/${nc.Id}/anulaciones`, { Motivo: 'Nota registrada por error' });
    expect(v.statusCode, v.body).toBe(200);
    expect(await saldos(c.Id)).toEqual(['590.00', '590.00']);
    expect((await porPagar(c.Id)).Notas).toEqual([]);
    expect(await disponible()).toBe('0.00');
    expect((await sup.put(`${LOG}/compras/${c.Id}/anulaciones`, { Motivo: 'Error de registro' })).statusCode).toBe(200);
  });

  it('una segunda nota netea la cuota siguiente; más de lo que queda de la compra se rechaza sin cambiar nada', async () => {
    const c = await compraCredito();
    expect((await nota('07', 50, c)).statusCode).toBe(201); // 590.00: the first due entirely
    expect(await saldos(c.Id)).toEqual(['0.00', '590.00']);
    const mucho = await nota('07', 51, c); // 601.80 > 590.00 left
    expect(mucho.statusCode, mucho.body).toBe(400);
    expect(mucho.json().ErrorId).toBe(500001);
    expect(mucho.json().Errores.Referencia).toBe(`El total de la nota de crédito (S/ 601.80) supera lo que queda de la Factura ${c.SerieNumero} (S/ 590.00)`);
    expect(await saldos(c.Id)).toEqual(['0.00', '590.00']);
    expect((await nota('07', 50, c)).statusCode).toBe(201);
    expect((await porPagar(c.Id)).Saldo).toBe('0.00');
  });

  it('otro proveedor, otra moneda, otra empresa o un documento anulado: 500001 en Referencia', async () => {
    const c = await compraCredito();
    const otroProv = await nota('07', 1, c, OTRO);
    expect(otroProv.statusCode).toBe(400);
    expect(otroProv.json().Errores.Referencia).toContain(`No se encontró la Factura ${c.SerieNumero} entre las compras del proveedor ${OTRO.RucProveedor}`);
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: hoy, Compra: '3.740', Venta: '3.750' })).statusCode).toBe(201);
    const dolares = await nota('07', 1, c, { IdMoneda: 2 });
    expect(dolares.statusCode).toBe(400);
    expect(dolares.json().Errores.Referencia).toContain('deben tener la misma moneda');
    // Another company (its own item and warehouse) naming this purchase: not found among its purchases.
    const bienOtra = (await otra.post(`${LOG}/items`, { Codigo: 'NCC-9', Descripcion: 'ARROZ OTRA EMPRESA', CodigoUnidad: 'NIU', Precio: '9', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
    const almOtra = ((await otra.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
    const ajena = await nota('07', 1, c, { Lineas: [{ IdItem: bienOtra, IdAlmacen: almOtra.Id, Cantidad: '1', ValorUnitario: '10' }] }, otra);
    expect(ajena.statusCode).toBe(400);
    expect(ajena.json().Errores.Referencia).toContain('No se encontró la Factura');
    const solo = await sup.post(`${LOG}/compras`, { ...PROVEEDOR, TipoDocumento: '01', Serie: 'F002', Numero: ++numero, FechaEmision: hoy, Lineas: linea(1), Referencia: { TipoDocumento: '01', Serie: c.Serie, Numero: c.Numero } });
    expect(solo.statusCode).toBe(400);
    expect(solo.json().Errores.Referencia).toBe('Solo una nota de crédito o de débito indica el documento que modifica');
    expect((await otra.get(`${LOG}/compras/${c.Id}`)).statusCode).toBe(404);
    expect(await saldos(c.Id)).toEqual(['590.00', '590.00']);
    const anulada = await compraCredito();
    expect((await sup.put(`${LOG}/compras/${anulada.Id}/anulaciones`, { Motivo: 'Error de registro' })).statusCode).toBe(200);
    const r = await nota('07', 1, anulada);
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores.Referencia).toContain('está anulada');
  });

  it('una nota sobre una compra al contado queda como saldo a favor; una nota de débito agrega una cuota, y su anulación la cierra', async () => {
    const contado = await sup.post(`${LOG}/compras`, { ...PROVEEDOR, TipoDocumento: '01', Serie: 'F003', Numero: ++numero, FechaEmision: hoy, Lineas: linea(10), IdCondicionPago: 1 });
    expect(contado.statusCode, contado.body).toBe(201);
    const antes = await disponible();
    const nc = await nota('07', 2, contado.json() as TCompra);
    expect(nc.statusCode, nc.body).toBe(201);
    expect(await disponible()).toBe((Number(antes) + 23.6).toFixed(2));
    const c = await compraCredito();
    const nd = await nota('08', 10, c, { IdCondicionPago: 2, FechaVencimiento: sumarDias(hoy, 90) });
    expect(nd.statusCode, nd.body).toBe(201);
    const d = nd.json() as TCompra;
    expect(await filas(sql`select id from cuota_pagar where id_documento = ${d.Id}`)).toEqual([]);
    const doc = await porPagar(c.Id);
    expect(doc.Cuotas.map((q) => [q.NumeroCuota, q.FechaVencimiento, q.Saldo])).toEqual([[1, sumarDias(hoy, 30), '590.00'], [2, sumarDias(hoy, 60), '590.00'], [3, sumarDias(hoy, 90), '118.00']]);
    expect(doc.Saldo).toBe('1298.00');
    expect(doc.Notas).toEqual([{ IdCompra: d.Id, TipoDocumento: '08', SerieNumero: d.SerieNumero, FechaEmision: hoy, Monto: '118.00' }]);
    expect((await sup.put(`${LOG}/compras/${d.Id}/anulaciones`, { Motivo: 'Nota registrada por error' })).statusCode).toBe(200);
    expect(await saldos(c.Id)).toEqual(['590.00', '590.00']);
  });

  it('el XML de una nota de crédito trae el documento que modifica (cac:BillingReference)', async () => {
    const nota = (ref: string) => `<?xml version="1.0" encoding="UTF-8"?>
<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>FC01-777</cbc:ID><cbc:IssueDate>${hoy}</cbc:IssueDate><cbc:DocumentCurrencyCode>PEN</cbc:DocumentCurrencyCode>
  ${ref}
  <cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${RUC}</cbc:ID></cac:PartyIdentification>
    <cac:PartyLegalEntity><cbc:RegistrationName>DISTRIBUIDORA DEL SUR S.A.C.</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="PEN">1.80</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="PEN">11.80</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:CreditNoteLine><cbc:ID>1</cbc:ID><cbc:CreditedQuantity unitCode="NIU">1</cbc:CreditedQuantity><cbc:LineExtensionAmount currencyID="PEN">10.00</cbc:LineExtensionAmount>
    <cac:TaxTotal><cbc:TaxAmount currencyID="PEN">1.80</cbc:TaxAmount></cac:TaxTotal><cac:Item><cbc:Description>ARROZ EXTRA 5 KG</cbc:Description></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="PEN">10.00</cbc:PriceAmount></cac:Price></cac:CreditNoteLine>
</CreditNote>`;
    const r = await sup.post(`${LOG}/compras/xml`, { Xml: nota('<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>F002-501</cbc:ID><cbc:DocumentTypeCode>01</cbc:DocumentTypeCode></cac:InvoiceDocumentReference></cac:BillingReference>') });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ TipoDocumento: '07', Serie: 'FC01', Numero: 777, Total: '11.80', Referencia: { TipoDocumento: '01', Serie: 'F002', Numero: 501 } });
    const sin = await sup.post(`${LOG}/compras/xml`, { Xml: nota('') });
    expect(sin.json().Referencia).toBeNull();
    expect(sin.json().Avisos).toContain('La nota no indica un documento que modifica reconocible (cac:BillingReference): indíquelo en el formulario');
  });

  it('PLE 8.1: la línea de la nota de crédito lleva la fecha, tipo, serie y número del documento que modifica (campos 27-31)', async () => {
    const c = await compraCredito();
    const nc = (await nota('07', 1, c)).json() as TCompra;
    const r = await sup.get(`${F}/libros/ple/compras?periodo=${hoy.slice(0, 7)}`);
    expect(r.statusCode, r.body).toBe(200);
    const campos = r.body.split('\r\n').map((l) => l.split('|')).find((f) => f[5] === '07' && f[6] === 'FC01' && f[8] === String(nc.Numero))!;
    expect(campos).toHaveLength(43);
    expect(campos.slice(23, 31)).toEqual(['-11.80', 'PEN', '1.000', fechaPle(hoy), '01', 'F002', '', String(c.Numero)]);
    expect(campos[41]).toBe('1');
  });
});

describe('concurrencia y cuenta propia de las notas', () => {
  it('dos notas de crédito simultáneas de 708.00 sobre la misma compra de 1180.00: solo una pasa (la compra se bloquea)', async () => {
    const c = await compraCredito();
    const rs = await Promise.all([nota('07', 60, c), nota('07', 60, c)]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(rs.find((r) => r.statusCode === 400)!.json().Errores.Referencia).toContain('(S/ 472.00)');
    expect(await saldos(c.Id)).toEqual(['0.00', '472.00']);
  });

  it('con las notas de crédito de proveedores en 4219, lo neteado va a 4212 (POR_PAGAR) y el saldo a favor a 4219', async () => {
    const cta = await sup.post(`${F}/cuentascontables`, { Codigo: '4219', Descripcion: 'Notas de crédito de proveedores por aplicar' });
    expect(cta.statusCode, cta.body).toBe(201);
    expect((await sup.put(`${F}/libros/configuracion`, { Mapeos: [{ Clave: 'POR_PAGAR_NOTA_CREDITO', IdCuenta: cta.json().Id }] })).statusCode).toBe(200);
    const lineas = async (id: number) =>
      (
        await filas<{ codigo: string; debe: string; haber: string }>(sql`
          select c.codigo, l.debe::text as debe, l.haber::text as haber from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
           where a.clave_origen = ${`COMPRA:${id}`} and c.codigo like '42%' order by l.orden`)
      ).map((l) => [l.codigo, l.debe, l.haber]);
    const c = await compraCredito();
    const neteada = (await nota('07', 20, c)).json() as TCompra;
    expect(await lineas(neteada.Id)).toEqual([['4212', '236.00', '0.00']]);
    const contado = (await sup.post(`${LOG}/compras`, { ...PROVEEDOR, TipoDocumento: '01', Serie: 'F004', Numero: ++numero, FechaEmision: hoy, Lineas: linea(10), IdCondicionPago: 1 })).json() as TCompra;
    const favor = (await nota('07', 2, contado)).json() as TCompra;
    expect(await lineas(favor.Id)).toEqual([['4219', '23.60', '0.00']]);
  });
});

describe('notas de compra en dólares sobre una compra de otro día', () => {
  it('la nota de crédito cancela el 42 al tipo de cambio de la compra (diferencia a 676/776); la cuota de una nota de débito se paga a su propio tipo de cambio', async () => {
    const ayer = sumarDias(hoy, -1);
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: ayer, Compra: '3.690', Venta: '3.700' })).statusCode).toBe(201);
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: hoy, Compra: '3.740', Venta: '3.750' })).statusCode).toBe(201);
    const lineas = async (clave: string) =>
      (
        await filas<{ codigo: string; debe: string; haber: string }>(sql`
          select c.codigo, l.debe::text as debe, l.haber::text as haber from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
           where a.clave_origen = ${clave} and (c.codigo like '42%' or c.codigo in ('676', '776')) order by l.orden`)
      ).map((l) => [l.codigo, l.debe, l.haber]);
    // US$ 118.00 (10 x 10.00 + IGV) bought yesterday at 3.700, al crédito: 42 H S/ 436.60.
    const r = await sup.post(`${LOG}/compras`, {
      ...PROVEEDOR, TipoDocumento: '01', Serie: 'F005', Numero: ++numero, FechaEmision: ayer, IdMoneda: 2, Lineas: linea(10),
      IdCondicionPago: 2, Cuotas: [{ Monto: '118.00', FechaVencimiento: sumarDias(hoy, 30) }],
    });
    expect(r.statusCode, r.body).toBe(201);
    const c = r.json() as TCompra;
    expect(await lineas(`COMPRA:${c.Id}`)).toEqual([['4212', '0.00', '436.60']]);
    // Credit note today, US$ 23.60 at 3.750 = S/ 88.50: the due is lowered by US$ 23.60, booked at 3.700 = S/ 87.32,
    // so 42 D 87.32 and the S/ 1.18 more the note is worth today is a loss (676 D).
    const nc = await nota('07', 2, c, { IdMoneda: 2 });
    expect(nc.statusCode, nc.body).toBe(201);
    expect(await saldos(c.Id)).toEqual(['94.40']);
    expect(await lineas(`COMPRA:${(nc.json() as TCompra).Id}`)).toEqual([
      ['4212', '87.32', '0.00'],
      ['676', '1.18', '0.00'],
    ]);
    // Debit note today, US$ 11.80 at 3.750 = S/ 44.25 on 42: a new due booked at the note's rate.
    const nd = await nota('08', 1, c, { IdMoneda: 2, FechaVencimiento: sumarDias(hoy, 15) });
    expect(nd.statusCode, nd.body).toBe(201);
    expect(await lineas(`COMPRA:${(nd.json() as TCompra).Id}`)).toEqual([['4212', '0.00', '44.25']]);
    const cuotas = (await porPagar(c.Id)).Cuotas;
    expect(cuotas.map((q) => q.Saldo)).toEqual(['94.40', '11.80']);
    // Both dues paid today at 3.750 from a soles cash box: US$ 94.40 = S/ 354.00 against S/ 349.28 booked (676 D 4.72);
    // US$ 11.80 = S/ 44.25 against the debit note's S/ 44.25 (no difference).
    const caja = ((await sup.get(`${F}/cuentasfinancieras`)).json().Data as { Id: number; IdTipoCuenta: number; IdMoneda: number }[]).find((k) => k.IdTipoCuenta !== 3 && k.IdMoneda === 1)!;
    const p1 = await sup.post(`${F}/pagos/efectivos`, { IdCuentaFinanciera: caja.Id, Detalle: [{ IdCuota: cuotas[0].IdCuota, Monto: '94.40' }] });
    expect(p1.statusCode, p1.body).toBe(201);
    expect(await lineas(`PAGO:${p1.json().Id}`)).toEqual([
      ['4212', '349.28', '0.00'],
      ['676', '4.72', '0.00'],
    ]);
    const p2 = await sup.post(`${F}/pagos/efectivos`, { IdCuentaFinanciera: caja.Id, Detalle: [{ IdCuota: cuotas[1].IdCuota, Monto: '11.80' }] });
    expect(p2.statusCode, p2.body).toBe(201);
    expect(await lineas(`PAGO:${p2.json().Id}`)).toEqual([['4212', '44.25', '0.00']]);
    // The purchase's payable is exactly cancelled in soles: 436.60 + 44.25 - 87.32 - 349.28 - 44.25.
    const [saldo] = await filas<{ s: string }>(sql`
      select sum(l.haber - l.debe)::numeric(16,2)::text as s from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where c.codigo = '4212' and a.clave_origen in (${`COMPRA:${c.Id}`}, ${`COMPRA:${(nc.json() as TCompra).Id}`}, ${`COMPRA:${(nd.json() as TCompra).Id}`}, ${`PAGO:${p1.json().Id}`}, ${`PAGO:${p2.json().Id}`})`);
    expect(saldo.s).toBe('0.00');
  });
});
