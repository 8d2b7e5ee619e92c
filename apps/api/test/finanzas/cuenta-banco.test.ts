// Branch cuentabanco (issues 14 and 15): every financial account posts to its own ledger account (a leaf of class 10)
// instead of the one mapped to BANCO / CAJA, and bank collections and payments carry their ITF, through the real HTTP
// stack (PGlite by default, PostgreSQL with TEST_DATABASE_URL). Entries computed by hand. decisions.md "cuentabanco".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TAlmacen, type TCobro, type TCuentaContable, type TCuentaFinanciera, type TPago } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
const F = '/api/finanzas/v1';
const LOG = '/api/logistica/v1';
const hoy = hoyLima();
const CLIENTE = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100047218', RazonSocial: 'BANCO DE CREDITO DEL PERU', Direccion: 'JR. CENTENARIO 156, LA MOLINA, LIMA' };
const PROVEEDOR = { RucProveedor: '20100070970', RazonSocialProveedor: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA' };

const cuentas = new Map<string, number>();
let caja: number;
let bcp: TCuentaFinanciera;
let bbva: TCuentaFinanciera;
let interbank: number;

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
/** The lines of the entry with that source key: [account, debit, credit]. */
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe::text, l.haber::text from asiento_linea l join asiento_contable a on a.id = l.id_asiento
        join cuenta_contable c on c.id = l.id_cuenta where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => [l.codigo, l.debe, l.haber]);
const bancaria = (Nombre: string, IdMoneda: number, extra: Record<string, unknown> = {}) =>
  sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre, Banco: Nombre.split(' ')[0], NumeroCuenta: '191-1234567-0-12', IdMoneda, ...extra });

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  // The accountant gives 1041 two sub-accounts: 1041 no longer accepts entries.
  for (const [Codigo, Descripcion] of [['104101', 'BCP cuenta corriente soles'], ['104102', 'BBVA cuenta corriente dólares']]) {
    const r = await sup.post(`${F}/cuentascontables`, { Codigo, Descripcion });
    expect(r.statusCode, r.body).toBe(201);
  }
  for (const c of (await sup.get(`${F}/cuentascontables`)).json<{ Data: TCuentaContable[] }>().Data) cuentas.set(c.Codigo, c.Id);
  caja = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 2, Nombre: 'Caja cuentabanco', IdMoneda: 1 })).json().Id;
  expect((await sup.post(`${F}/tiposcambios`, { Fecha: hoy, Compra: '3.700', Venta: '3.750' })).statusCode).toBe(201);
}, 180_000);
afterAll(async () => e?.cerrar());

describe('cuenta contable de cada cuenta financiera', () => {
  it('se valida en el servidor: de la empresa, de la clase 10 y de último nivel (500001 con el campo)', async () => {
    const otraCuenta = await otra.post(`${F}/cuentascontables`, { Codigo: '104199', Descripcion: 'Cuenta de otra empresa' });
    expect(otraCuenta.statusCode, otraCuenta.body).toBe(201);
    const casos: [number, string][] = [
      [otraCuenta.json().Id, 'La cuenta contable no existe en el plan contable de la empresa'],
      [999_999, 'La cuenta contable no existe en el plan contable de la empresa'],
      [cuentas.get('1212')!, 'La cuenta 1212 no es de la clase 10 (efectivo y equivalentes de efectivo)'],
      [cuentas.get('1041')!, 'La cuenta 1041 tiene subcuentas: elija una cuenta de último nivel'],
    ];
    for (const [IdCuentaContable, mensaje] of casos) {
      const r = await bancaria('BCP rechazada', 1, { IdCuentaContable });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCuentaContable: mensaje } });
    }
    expect((await bancaria('BCP rechazada', 1, { IdCuentaContable: 'abc' })).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCuentaContable: expect.any(String) } });

    const b1 = await bancaria('BCP soles cb', 1, { IdCuentaContable: cuentas.get('104101') });
    expect(b1.statusCode, b1.body).toBe(201);
    bcp = b1.json();
    expect(bcp).toMatchObject({ IdCuentaContable: cuentas.get('104101'), CuentaContable: '104101 BCP cuenta corriente soles' });
    // Created without one and given it by an edit.
    const b2 = await bancaria('BBVA dólares cb', 2);
    expect(b2.json()).toMatchObject({ IdCuentaContable: null, CuentaContable: null });
    const ed = await sup.put(`${F}/cuentasfinancieras/${b2.json().Id}`, { IdTipoCuenta: 3, Nombre: 'BBVA dólares cb', Banco: 'BBVA', NumeroCuenta: '0011-0123-01', IdMoneda: 2, IdCuentaContable: cuentas.get('104102') });
    expect(ed.statusCode, ed.body).toBe(200);
    bbva = ed.json();
    expect(bbva.CuentaContable).toBe('104102 BBVA cuenta corriente dólares');
    expect((await sup.get(`${F}/cuentasfinancieras/${bbva.Id}`)).json()).toMatchObject({ IdCuentaContable: cuentas.get('104102') });
    interbank = (await bancaria('Interbank sin cuenta cb', 1)).json().Id;
    // Another company's financial account is not found.
    expect((await otra.get(`${F}/cuentasfinancieras/${bcp.Id}`)).statusCode).toBe(404);
  });

  it('un depósito al banco con su cuenta contable asienta en 104101 aunque 1041 tenga subcuentas (con ITF)', async () => {
    expect((await sup.post(`${F}/notas/ingresos`, { IdCuentaFinanciera: caja, Monto: '30000.00', Motivo: 'Fondo inicial' })).statusCode).toBe(201);
    const r = await sup.post(`${F}/movimientos/depositos`, { IdCuentaOrigen: caja, IdCuentaDestino: bcp.Id, Monto: '20000.00', Motivo: 'Depósito del día', NumeroOperacion: '777' });
    expect(r.statusCode, r.body).toBe(201);
    // ITF of 20,000.00: 20,000 x 0.00005 = 1.00.
    expect(await lineasDe(`MOV:${r.json().Id}`)).toEqual([
      ['104101', '20000.00', '0.00'],
      ['101', '0.00', '20000.00'],
      ['6412', '1.00', '0.00'],
      ['104101', '0.00', '1.00'],
    ]);
  });

  it('dos cuentas bancarias: cada una asienta en su subcuenta (transferencia soles -> dólares, sin ITF entre cuentas propias)', async () => {
    const r = await sup.post(`${F}/movimientos/cuentasbancarias`, { IdCuentaOrigen: bcp.Id, IdCuentaDestino: bbva.Id, Monto: '3750.00', Motivo: 'Compra de dólares' });
    expect(r.statusCode, r.body).toBe(201);
    expect(await lineasDe(`MOV:${r.json().Id}`)).toEqual([
      ['104102', '3750.00', '0.00'],
      ['104101', '0.00', '3750.00'],
    ]);
  });

  it('sin cuenta contable y con 1041 con subcuentas: error de negocio en español que nombra la cuenta, y nada se registra', async () => {
    const antes = (await filas<{ n: number }>(sql`select count(*)::int as n from movimiento_financiero`))[0].n;
    const r = await sup.post(`${F}/movimientos/depositos`, { IdCuentaOrigen: caja, IdCuentaDestino: interbank, Monto: '100.00', Motivo: 'Depósito' });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().ErrorId).toBe(ErrorCodes.CUENTA_TESORERIA_NO_POSTEABLE);
    expect(r.json().Mensaje).toBe(
      'La cuenta contable 1041 Cuentas corrientes operativas (concepto Banco de la configuración contable) tiene subcuentas y no admite asientos: asigne la cuenta contable de último nivel a la cuenta financiera Interbank sin cuenta cb en Finanzas > Maestros > Cuentas financieras, o cambie el concepto en Contabilidad > Configuración contable',
    );
    expect((await filas<{ n: number }>(sql`select count(*)::int as n from movimiento_financiero`))[0].n).toBe(antes);
  });
});

describe('ITF de cobros y pagos bancarizados', () => {
  it('un cobro bancarizado de S/ 10,000.00 lleva ITF 0.50 y lo asienta: 104101 D / 1212 H, 6412 D / 104101 H', async () => {
    const d = await sup.post(
      '/api/contabilidad/v1/documentoContable',
      factura(await idSerie(sup, 1003, 'F001'), {
        ListaEntidades: [CLIENTE],
        IdCondicionPago: 3,
        ListaItems: [{ CodigoItem: 'S010', ItemDescripcion: 'SERVICIO DE CONSULTORÍA', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '10000', TipoAfectacion: '10' }],
        ListaCuotas: [{ Monto: '11800.00', FechaVencimiento: sumarDias(hoy, 30) }],
      }),
    );
    expect(d.statusCode, d.body).toBe(201);
    const cuota = (await sup.get(`${F}/cuentasporcobrar/${d.json().Id}`)).json().Cuotas[0].IdCuota;
    const r = await sup.post(`${F}/cobros/bancarizados`, { IdCuentaFinanciera: bcp.Id, MedioPago: '003', NumeroOperacion: 'OP-10000', Detalle: [{ IdCuota: cuota, Monto: '10000.00' }] });
    expect(r.statusCode, r.body).toBe(201);
    const c = r.json() as TCobro;
    expect(c).toMatchObject({ Monto: '10000.00', Itf: '0.50' });
    expect(await lineasDe(`COBRO:${c.Id}`)).toEqual([
      ['104101', '10000.00', '0.00'],
      ['1212', '0.00', '10000.00'],
      ['6412', '0.50', '0.00'],
      ['104101', '0.00', '0.50'],
    ]);
    // The void reverses the whole entry, ITF included.
    expect((await sup.put(`${F}/cobros/${c.Id}/anulaciones`, { Motivo: 'Prueba de anulación' })).statusCode).toBe(200);
    expect(await lineasDe(`ANULA-COBRO:${c.Id}`)).toEqual([
      ['104101', '0.00', '10000.00'],
      ['1212', '10000.00', '0.00'],
      ['6412', '0.00', '0.50'],
      ['104101', '0.50', '0.00'],
    ]);
  });

  it('un cobro bancarizado en dólares a la cuenta BBVA: ITF US$ 1.00 de US$ 20,000.00, asentado en soles al tipo del cobro (3.75) en 104102', async () => {
    const d = await sup.post(
      '/api/contabilidad/v1/documentoContable',
      factura(await idSerie(sup, 1003, 'F001'), {
        ListaEntidades: [CLIENTE],
        IdMoneda: 2,
        IdCondicionPago: 3,
        ListaItems: [{ CodigoItem: 'S011', ItemDescripcion: 'SERVICIO DE INGENIERÍA', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '20000', TipoAfectacion: '10' }],
        ListaCuotas: [{ Monto: '23600.00', FechaVencimiento: sumarDias(hoy, 30) }],
      }),
    );
    expect(d.statusCode, d.body).toBe(201);
    const cuota = (await sup.get(`${F}/cuentasporcobrar/${d.json().Id}`)).json().Cuotas[0].IdCuota;
    const r = await sup.post(`${F}/cobros/bancarizados`, { IdCuentaFinanciera: bbva.Id, MedioPago: '003', NumeroOperacion: 'OP-USD', Detalle: [{ IdCuota: cuota, Monto: '20000.00' }] });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ IdMoneda: 2, Monto: '20000.00', MontoSoles: '75000.00', Itf: '1.00' });
    expect(await lineasDe(`COBRO:${r.json().Id}`)).toEqual([
      ['104102', '75000.00', '0.00'],
      ['1212', '0.00', '75000.00'],
      ['6412', '3.75', '0.00'],
      ['104102', '0.00', '3.75'],
    ]);
  });

  it('un cobro en efectivo no lleva ITF y asienta en la cuenta de la caja (101 del concepto Caja)', async () => {
    const d = await sup.post('/api/contabilidad/v1/documentoContable', factura(await idSerie(sup, 1003, 'F001'), { ListaEntidades: [CLIENTE], IdCondicionPago: 3, ListaCuotas: [{ Monto: '63.60', FechaVencimiento: sumarDias(hoy, 30) }] }));
    expect(d.statusCode, d.body).toBe(201);
    const cuota = (await sup.get(`${F}/cuentasporcobrar/${d.json().Id}`)).json().Cuotas[0].IdCuota;
    const r = await sup.post(`${F}/cobros/efectivos`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: cuota, Monto: '63.60' }] });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ Itf: '0.00' });
    expect(await lineasDe(`COBRO:${r.json().Id}`)).toEqual([
      ['101', '63.60', '0.00'],
      ['1212', '0.00', '63.60'],
    ]);
  });

  it('un pago bancarizado de S/ 23,600.00 lleva ITF 1.15 (1.18 truncado a 0.05): 4212 D / 104101 H, 6412 D / 104101 H; el saldo lo descuenta', async () => {
    const antes = (await sup.get(`${F}/cuentasfinancieras/${bcp.Id}/saldo`)).json();
    const idBien = (await sup.post(`${LOG}/items`, { Codigo: 'CB-1', Descripcion: 'MERCADERÍA CUENTABANCO', CodigoUnidad: 'NIU', Precio: '2360', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
    const principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
    const compra = await sup.post(`${LOG}/compras`, {
      ...PROVEEDOR,
      TipoDocumento: '01',
      Serie: 'F003',
      Numero: 901,
      FechaEmision: hoy,
      Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '10', ValorUnitario: '2000', AfectacionIgv: '10' }],
      IdCondicionPago: 2,
      Cuotas: [{ Monto: '23600.00', FechaVencimiento: sumarDias(hoy, 15) }],
    });
    expect(compra.statusCode, compra.body).toBe(201);
    const cuota = (await sup.get(`${F}/cuentasporpagar/${compra.json().Id}`)).json().Cuotas[0].IdCuota;
    const r = await sup.post(`${F}/pagos/bancarizados`, { IdCuentaFinanciera: bcp.Id, MedioPago: '003', NumeroOperacion: 'OP-23600', Detalle: [{ IdCuota: cuota, Monto: '23600.00' }] });
    expect(r.statusCode, r.body).toBe(201);
    const p = r.json() as TPago;
    expect(p).toMatchObject({ Monto: '23600.00', Itf: '1.15' });
    expect(await lineasDe(`PAGO:${p.Id}`)).toEqual([
      ['4212', '23600.00', '0.00'],
      ['104101', '0.00', '23600.00'],
      ['6412', '1.15', '0.00'],
      ['104101', '0.00', '1.15'],
    ]);
    const despues = (await sup.get(`${F}/cuentasfinancieras/${bcp.Id}/saldo`)).json();
    expect(despues.Itf).toBe((Number(antes.Itf) + 1.15).toFixed(2));
  });
});
