// Purchases with SPOT (detracción) and percepción data (issue 13: "percepción and detracción data"): the dues owe the
// supplier total + percepción − detracción, the detracción gets its own due that the Banco de la Nación deposit
// settles (never a letra), and the entry debits the percepción to 40113. Real HTTP stack (PGlite by default,
// PostgreSQL with TEST_DATABASE_URL). decisions.md "Compras con detracción y percepción".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TAlmacen, type TCompra, type TDeduccionesDocumento, type TDocumentoPorPagar } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let idBien: number;
let principal: TAlmacen;
const LOG = '/api/logistica/v1';
const F = '/api/finanzas/v1';
const hoy = hoyLima();
const PROVEEDOR = { RucProveedor: '20100047218', RazonSocialProveedor: 'AGREGADOS DEL NORTE S.A.C.' };
let numero = 900;

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
/** 100 m3 of sand at 10.00 + IGV = 1180.00. */
const compra = (extra: Record<string, unknown>, quien = sup) =>
  quien.post(`${LOG}/compras`, {
    ...PROVEEDOR, TipoDocumento: '01', Serie: 'F010', Numero: ++numero, FechaEmision: hoy,
    Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '100', ValorUnitario: '10', AfectacionIgv: '10' }], ...extra,
  });
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe::text as debe, l.haber::text as haber from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => [l.codigo, l.debe, l.haber]);
const porPagar = async (id: number) => (await sup.get(`${F}/cuentasporpagar/${id}`)).json() as TDocumentoPorPagar;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  idBien = (await sup.post(`${LOG}/items`, { Codigo: 'SPOT-1', Descripcion: 'ARENA GRUESA M3', CodigoUnidad: 'NIU', Precio: '15', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
  principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
}, 180_000);
afterAll(async () => e?.cerrar());

describe('compra sujeta a detracción', () => {
  it('al crédito: las cuotas suman total − detracción, la detracción tiene su cuota y el depósito la cancela', async () => {
    // Arena y piedra (catálogo 54 código 009), 10 %: S/ 118.00 to the Banco de la Nación, 1062.00 to the supplier.
    const r = await compra({
      Detraccion: { CodigoBien: '009', Porcentaje: '10', Monto: '118.00' },
      IdCondicionPago: 2, Cuotas: [{ Monto: '531.00', FechaVencimiento: sumarDias(hoy, 30) }, { Monto: '531.00', FechaVencimiento: sumarDias(hoy, 60) }],
    });
    expect(r.statusCode, r.body).toBe(201);
    const c = r.json() as TCompra;
    expect(c.Detraccion).toEqual({ CodigoBien: '009', Porcentaje: '10.00', Monto: '118.00' });
    expect(c.Percepcion).toBeNull();
    expect(c.Saldo).toBe('1180.00');
    const pp = await porPagar(c.Id);
    expect(pp.Cuotas.map((q) => [q.Monto, q.FechaVencimiento, q.Detraccion])).toEqual([
      ['531.00', sumarDias(hoy, 30), false],
      ['531.00', sumarDias(hoy, 60), false],
      ['118.00', sumarDias(hoy, 30), true],
    ]);
    // The expected deposit comes from the purchase.
    const esperado = (await sup.get(`${F}/cuentasporpagar/${c.Id}/deducciones`)).json() as TDeduccionesDocumento;
    expect(esperado.Detraccion).toEqual({ CodigoBien: '009', Porcentaje: '10.00', Monto: '118.00', Pendiente: '118.00' });
    // More than the detracción due is refused; the deposit settles exactly that due, not the supplier's.
    const mas = await sup.post(`${F}/cuentasporpagar/${c.Id}/detracciones`, { NumeroConstancia: 'C-900', Fecha: hoy, Monto: '118.01' });
    expect(mas.statusCode).toBe(400);
    expect(mas.json().ErrorId).toBe(ErrorCodes.TOTAL_EXCEDIDO);
    const dep = await sup.post(`${F}/cuentasporpagar/${c.Id}/detracciones`, { NumeroConstancia: 'C-900', Fecha: hoy, Monto: '118.00' });
    expect(dep.statusCode, dep.body).toBe(201);
    expect((await porPagar(c.Id)).Cuotas.map((q) => q.Saldo)).toEqual(['531.00', '531.00', '0.00']);
    expect(((await sup.get(`${F}/cuentasporpagar/${c.Id}/deducciones`)).json() as TDeduccionesDocumento).Detraccion?.Pendiente).toBe('0.00');
    // The entry of the purchase is unchanged by the SPOT: 42 owes the whole 1180.00 (the deposit debits 4212 later).
    expect((await lineasDe(`COMPRA:${c.Id}`)).find((l) => l[0] === '4212')).toEqual(['4212', '0.00', '1180.00']);
  });

  it('al contado: una cuota de 1062.00 al proveedor y la de detracción; no se canjea por letras', async () => {
    const r = await compra({ Detraccion: { CodigoBien: '009', Porcentaje: '10', Monto: '118.00' } });
    expect(r.statusCode, r.body).toBe(201);
    const c = r.json() as TCompra;
    const pp = await porPagar(c.Id);
    expect(pp.Cuotas.map((q) => [q.Monto, q.Detraccion])).toEqual([['1062.00', false], ['118.00', true]]);
    const canje = await sup.post(`${F}/proveedores/documentos/pagares`, {
      LugarGiro: 'Lima',
      Cuotas: pp.Cuotas.map((q) => ({ IdCuota: q.IdCuota, Monto: q.Monto })),
      Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '1180.00' }],
    });
    expect(canje.statusCode, canje.body).toBe(400);
    expect(canje.json().ErrorId).toBe(ErrorCodes.CUOTA_DETRACCION_NO_CANJEABLE);
  });

  it('rechazos en español: código fuera del catálogo 54, detracción mayor que el total, cuotas que no cuadran, una boleta con detracción', async () => {
    const codigo = await compra({ Detraccion: { CodigoBien: '006', Porcentaje: '10', Monto: '118.00' } });
    expect(codigo.statusCode).toBe(400);
    expect(codigo.json().Errores['Detraccion.CodigoBien']).toContain('no existe en el catálogo 54');
    const total = await compra({ Detraccion: { CodigoBien: '009', Porcentaje: '10', Monto: '1180.00' } });
    expect(total.statusCode).toBe(400);
    expect(total.json().Errores['Detraccion.Monto']).toContain('menor que el total');
    const cuotas = await compra({
      Detraccion: { CodigoBien: '009', Porcentaje: '10', Monto: '118.00' },
      IdCondicionPago: 2, Cuotas: [{ Monto: '1180.00', FechaVencimiento: sumarDias(hoy, 30) }],
    });
    expect(cuotas.statusCode).toBe(400);
    expect(cuotas.json().Errores.Cuotas).toBe('La suma de las cuotas (S/ 1180.00) debe ser igual a lo que se paga al proveedor: total 1180.00 − detracción 118.00 = S/ 1062.00');
    const boleta = await compra({ TipoDocumento: '03', Detraccion: { CodigoBien: '009', Porcentaje: '10', Monto: '118.00' } });
    expect(boleta.statusCode).toBe(400);
    expect(boleta.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Detraccion: 'Solo una factura lleva detracción' } });
    // Nothing was written by the refusals.
    const [{ n }] = await filas<{ n: number }>(sql`select count(*)::int as n from compra where serie = 'F010' and numero in (${numero - 3}, ${numero - 2}, ${numero - 1}, ${numero})`);
    expect(n).toBe(0);
  });
});

describe('compra con percepción', () => {
  it('el proveedor cobra el 2 %: 42 H total + percepción, 40113 D, y la cuota por pagar la incluye', async () => {
    const r = await compra({ Percepcion: { Porcentaje: '2', Monto: '23.60' }, IdCondicionPago: 2, Cuotas: [{ Monto: '1203.60', FechaVencimiento: sumarDias(hoy, 30) }] });
    expect(r.statusCode, r.body).toBe(201);
    const c = r.json() as TCompra;
    expect(c.Percepcion).toEqual({ Porcentaje: '2', Monto: '23.60' });
    expect(c.Saldo).toBe('1203.60');
    expect((await lineasDe(`COMPRA:${c.Id}`))).toEqual([
      ['6011', '1000.00', '0.00'],
      ['40111', '180.00', '0.00'],
      ['40113', '23.60', '0.00'],
      ['4212', '0.00', '1203.60'],
    ]);
    // Voiding the purchase reverses it, percepción included.
    const a = await sup.put(`${LOG}/compras/${c.Id}/anulaciones`, { Motivo: 'Registrada por error' });
    expect(a.statusCode, a.body).toBe(200);
    expect((await lineasDe(`ANULA-COMPRA:${c.Id}`)).find((l) => l[0] === '40113')).toEqual(['40113', '0.00', '23.60']);
  });

  it('una percepción que no es el porcentaje del total se rechaza; otra empresa no ve la compra; el cajero no registra', async () => {
    const mal = await compra({ Percepcion: { Porcentaje: '2', Monto: '11.80' } });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().Errores['Percepcion.Monto']).toBe('La percepción del 2 % sobre S/ 1180.00 es S/ 23.60');
    const pct = await compra({ Percepcion: { Porcentaje: '3', Monto: '35.40' } });
    expect(pct.statusCode).toBe(400);
    expect(pct.json().ErrorId).toBe(ErrorCodes.VALIDACION);
    const ok = await compra({ Percepcion: { Porcentaje: '0.5', Monto: '5.90' } });
    expect(ok.statusCode, ok.body).toBe(201);
    const c = ok.json() as TCompra;
    expect((await porPagar(c.Id)).Cuotas.map((q) => q.Monto)).toEqual(['1185.90']);
    expect((await otra.get(`${LOG}/compras/${c.Id}`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/cuentasporpagar/${c.Id}/deducciones`)).statusCode).toBe(404);
    expect((await compra({ Percepcion: { Porcentaje: '2', Monto: '23.60' } }, cajero)).statusCode).toBe(403);
  });
});
