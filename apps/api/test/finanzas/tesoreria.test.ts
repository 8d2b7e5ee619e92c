// Treasury (issue 14, branch tesoreria) through the real API on a real database: a supplier payment posts 42/10 in
// its transaction, its void restores the dues, reverses the entry and lets the purchase be voided; tenancy and
// permissions of the void.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TAlmacen, type TCompra, type TPago } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const LOG = '/api/logistica/v1';
const F = '/api/finanzas/v1';
const hoy = hoyLima();
const PROVEEDOR = { RucProveedor: '20100047218', RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.' };

let idBien: number;
let principal: TAlmacen;
let caja: number;
let banco: number;
let compra: TCompra;

/** The lines of the entry with that source key: [account, debit, credit]. */
const lineasDe = async (clave: string) => {
  const r = (await e.dbh.db.execute(
    `select c.codigo, l.debe::text as debe, l.haber::text as haber, a.origen from asiento_linea l join asiento_contable a on a.id = l.id_asiento
      join cuenta_contable c on c.id = l.id_cuenta where a.clave_origen = '${clave}' order by l.orden`,
  )) as unknown as { rows: { codigo: string; debe: string; haber: string; origen: string }[] };
  return r.rows.map((x) => [x.origen, x.codigo, x.debe, x.haber]);
};
const cuotasDe = async (idCompra: number) => (await sup.get(`${F}/cuentasporpagar/${idCompra}`)).json() as { Saldo: string; Cuotas: { IdCuota: number; Saldo: string; Pagado: string }[] };

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  idBien = (await sup.post(`${LOG}/items`, { Codigo: 'TES-1', Descripcion: 'ACEITE VEGETAL 1 L', CodigoUnidad: 'NIU', Precio: '9', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
  principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
  caja = ((await sup.get(`${F}/cuentasfinancieras`)).json().Data as { Id: number; IdTipoCuenta: number }[]).find((c) => c.IdTipoCuenta !== 3)!.Id;
  const b = await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'BCP tesorería', Banco: 'BCP', NumeroCuenta: '191-7654321-0-12', CCI: '00219100765432101254', IdMoneda: 1 });
  banco = b.json().Id;
  const r = await sup.post(`${LOG}/compras`, {
    ...PROVEEDOR,
    TipoDocumento: '01',
    Serie: 'F002',
    Numero: 501,
    FechaEmision: hoy,
    Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '10', ValorUnitario: '10', AfectacionIgv: '10' }],
    IdCondicionPago: 2,
    Cuotas: [{ Monto: '50.00', FechaVencimiento: sumarDias(hoy, 15) }, { Monto: '68.00', FechaVencimiento: sumarDias(hoy, 45) }],
  });
  expect(r.statusCode, r.body).toBe(201);
  compra = r.json();
}, 120_000);
afterAll(async () => e?.cerrar());

describe('pagos a proveedores: asiento y anulación', () => {
  let efectivo: TPago;
  let bancario: TPago;

  it('un pago en efectivo asienta 42 D / 10 caja H y uno bancarizado 42 D / 104 banco H, en su transacción', async () => {
    const { Cuotas } = await cuotasDe(compra.Id);
    const r = await sup.post(`${F}/pagos/efectivos`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: Cuotas[0].IdCuota, Monto: '50.00' }, { IdCuota: Cuotas[1].IdCuota, Monto: '8.00' }] });
    expect(r.statusCode, r.body).toBe(201);
    efectivo = r.json();
    expect(await lineasDe(`PAGO:${efectivo.Id}`)).toEqual([
      ['PAGO', '4212', '58.00', '0.00'],
      ['PAGO', '101', '0.00', '58.00'],
    ]);
    const b = await sup.post(`${F}/pagos/bancarizados`, { IdCuentaFinanciera: banco, MedioPago: '003', NumeroOperacion: 'OP-778', Detalle: [{ IdCuota: Cuotas[1].IdCuota, Monto: '20.50' }] });
    expect(b.statusCode, b.body).toBe(201);
    bancario = b.json();
    expect(await lineasDe(`PAGO:${bancario.Id}`)).toEqual([
      ['PAGO', '4212', '20.50', '0.00'],
      ['PAGO', '1041', '0.00', '20.50'],
    ]);
    expect((await cuotasDe(compra.Id)).Saldo).toBe('39.50');
  });

  it('la compra con pagos no se anula; anular el pago repone las cuotas y revierte el asiento en una transacción', async () => {
    expect((await sup.put(`${LOG}/compras/${compra.Id}/anulaciones`, { Motivo: 'Devuelta' })).json().Mensaje).toMatch(/Anule primero los pagos/);
    const sinMotivo = await sup.put(`${F}/pagos/${efectivo.Id}/anulaciones`, { Motivo: 'x' });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Motivo: 'Indique el motivo de la anulación (mínimo 3 caracteres)' } });
    const r = await sup.put(`${F}/pagos/${efectivo.Id}/anulaciones`, { Motivo: 'Pago duplicado' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Anulado: true, MotivoAnulacion: 'Pago duplicado', Monto: '58.00' });
    const d = await cuotasDe(compra.Id);
    expect(d.Cuotas.map((c) => [c.Pagado, c.Saldo])).toEqual([['0.00', '50.00'], ['20.50', '47.50']]);
    expect(await lineasDe(`ANULA-PAGO:${efectivo.Id}`)).toEqual([
      ['ANULACION', '4212', '0.00', '58.00'],
      ['ANULACION', '101', '58.00', '0.00'],
    ]);
    // A second void is refused and changes nothing.
    const otraVez = await sup.put(`${F}/pagos/${efectivo.Id}/anulaciones`, { Motivo: 'Otra vez' });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().ErrorId).toBe(ErrorCodes.PAGO_ANULADO);
    expect((await cuotasDe(compra.Id)).Saldo).toBe('97.50');
    // Still the bank payment: the purchase cannot be voided until it goes too.
    expect((await sup.put(`${LOG}/compras/${compra.Id}/anulaciones`, { Motivo: 'Devuelta' })).json().Mensaje).toMatch(/ya tiene pagos por S\/ 20.50/);
    expect((await sup.put(`${F}/pagos/${bancario.Id}/anulaciones`, { Motivo: 'Operación rechazada por el banco' })).statusCode).toBe(200);
    expect(await lineasDe(`ANULA-PAGO:${bancario.Id}`)).toEqual([
      ['ANULACION', '4212', '0.00', '20.50'],
      ['ANULACION', '1041', '20.50', '0.00'],
    ]);
    const anulada = await sup.put(`${LOG}/compras/${compra.Id}/anulaciones`, { Motivo: 'Devuelta al proveedor' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(anulada.json()).toMatchObject({ Anulado: true, IdEstadoPago: 7 });
    // The list shows the voided payments with their reason.
    const lista = (await sup.get(`${F}/pagos?proveedor=${PROVEEDOR.RucProveedor}`)).json().Data as TPago[];
    expect(lista.filter((p) => [efectivo.Id, bancario.Id].includes(p.Id)).map((p) => [p.Anulado, p.MotivoAnulacion])).toEqual([
      [true, 'Operación rechazada por el banco'],
      [true, 'Pago duplicado'],
    ]);
  });

  it('otra empresa no anula el pago (404) y el cajero no tiene permiso (403)', async () => {
    expect((await otra.put(`${F}/pagos/${efectivo.Id}/anulaciones`, { Motivo: 'Ajena' })).statusCode).toBe(404);
    expect((await cajero.put(`${F}/pagos/${efectivo.Id}/anulaciones`, { Motivo: 'Sin permiso' })).statusCode).toBe(403);
    expect((await sup.put(`${F}/pagos/999999/anulaciones`, { Motivo: 'No existe' })).statusCode).toBe(404);
  });
});

describe('pago de una compra en dólares a otro tipo de cambio', () => {
  it('el 42 se cancela a lo que se contabilizó la compra y la diferencia va a 676 (pérdida) o 776 (ganancia), al céntimo', async () => {
    const ayer = sumarDias(hoy, -1);
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: ayer, Compra: '3.690', Venta: '3.700' })).statusCode).toBe(201);
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: hoy, Compra: '3.740', Venta: '3.750' })).statusCode).toBe(201);
    const r = await sup.post(`${LOG}/compras`, {
      ...PROVEEDOR,
      TipoDocumento: '01',
      Serie: 'F002',
      Numero: 777,
      FechaEmision: ayer,
      IdMoneda: 2,
      Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '10', ValorUnitario: '5', AfectacionIgv: '10' }],
      IdCondicionPago: 2,
      Cuotas: [{ Monto: '59.00', FechaVencimiento: sumarDias(hoy, 30) }],
    });
    expect(r.statusCode, r.body).toBe(201);
    const dolares: TCompra = r.json();
    // US$ 59.00 booked at 3.700: S/ 218.30 on 42.
    expect((await lineasDe(`COMPRA:${dolares.Id}`)).find((l) => l[1] === '4212')).toEqual(['COMPRA', '4212', '0.00', '218.30']);
    const [cuota] = (await cuotasDe(dolares.Id)).Cuotas;
    // US$ 40.00 paid from a soles cash box at 3.750: S/ 150.00 out, S/ 148.00 booked: S/ 2.00 lost.
    const p1 = await sup.post(`${F}/pagos/efectivos`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: cuota.IdCuota, Monto: '40.00' }] });
    expect(p1.statusCode, p1.body).toBe(201);
    expect(await lineasDe(`PAGO:${p1.json().Id}`)).toEqual([
      ['PAGO', '4212', '148.00', '0.00'],
      ['PAGO', '676', '2.00', '0.00'],
      ['PAGO', '101', '0.00', '150.00'],
    ]);
    // The day's rate corrected to 3.650: US$ 19.00 = S/ 69.35 paid, S/ 70.30 booked: S/ 0.95 gained.
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: hoy, Compra: '3.640', Venta: '3.650' })).statusCode).toBe(201);
    const p2 = await sup.post(`${F}/pagos/efectivos`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: cuota.IdCuota, Monto: '19.00' }] });
    expect(p2.statusCode, p2.body).toBe(201);
    expect(await lineasDe(`PAGO:${p2.json().Id}`)).toEqual([
      ['PAGO', '4212', '70.30', '0.00'],
      ['PAGO', '776', '0.00', '0.95'],
      ['PAGO', '101', '0.00', '69.35'],
    ]);
    // The payable nets to zero in the books: 218.30 booked, 148.00 + 70.30 settled.
    const saldo = (await e.dbh.db.execute(
      `select coalesce(sum(l.debe - l.haber), 0)::numeric(16,2)::text as s from asiento_linea l join asiento_contable a on a.id = l.id_asiento
        join cuenta_contable c on c.id = l.id_cuenta where c.codigo = '4212' and a.clave_origen in ('COMPRA:${dolares.Id}', 'PAGO:${p1.json().Id}', 'PAGO:${p2.json().Id}')`,
    )) as unknown as { rows: { s: string }[] };
    expect(saldo.rows[0].s).toBe('0.00');
  });
});
