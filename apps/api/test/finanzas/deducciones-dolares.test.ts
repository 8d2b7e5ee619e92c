// Detracciones and retenciones of documents in dollars (issues 14 and 15): the deduction is recorded in soles at its
// date's rate, while the document's part it settles was booked at the document's rate; the entry posts the exchange
// difference (676 loss / 776 gain) so the receivable or payable in soles nets to what was booked, as collections and
// supplier payments do. Through the real HTTP stack (PGlite by default, PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlmacen, TCompra, TDeduccion } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
const F = '/api/finanzas/v1';
const LOG = '/api/logistica/v1';
const hoy = hoyLima();
const antes = sumarDias(hoy, -10);
const ayer = sumarDias(hoy, -1);

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe::text, l.haber::text from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => `${l.codigo} ${l.debe} ${l.haber}`);

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  for (const [Fecha, Venta] of [[antes, '3.700'], [ayer, '3.720'], [hoy, '3.750']])
    expect((await sup.post(`${F}/tiposcambios`, { Fecha, Compra: '3.650', Venta })).statusCode).toBe(201);
}, 180_000);
afterAll(async () => e?.cerrar());

describe('deducciones de documentos en dólares', () => {
  it('detracción de una compra en dólares depositada a otro tipo de cambio: 4212 al de la compra, la diferencia a 676', async () => {
    const idBien = (await sup.post(`${LOG}/items`, { Codigo: 'DETUSD-1', Descripcion: 'TABLERO MELAMINA 18 MM', CodigoUnidad: 'NIU', Precio: '100', PrecioIncluyeIgv: false, AfectacionIgv: '10' })).json().Id;
    const principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
    const c = await sup.post(`${LOG}/compras`, {
      RucProveedor: '20100047218', RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.', TipoDocumento: '01', Serie: 'F077', Numero: 55, FechaEmision: antes, IdMoneda: 2,
      Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '10', ValorUnitario: '50', AfectacionIgv: '10' }],
      IdCondicionPago: 2, Cuotas: [{ Monto: '590.00', FechaVencimiento: sumarDias(hoy, 30) }],
    });
    expect(c.statusCode, c.body).toBe(201);
    const compra = c.json() as TCompra;
    expect(compra.TipoCambio).toMatch(/^3\.70*$/);
    // US$ 10.00 deposited today at 3.750 = S/ 37.50; the payable was booked at 3.700 = S/ 37.00: 0.50 more soles paid out.
    const r = await sup.post(`${F}/cuentasporpagar/${compra.Id}/detracciones`, { NumeroConstancia: 'USD-0001', Fecha: hoy, Monto: '10.00' });
    expect(r.statusCode, r.body).toBe(201);
    const det = r.json() as TDeduccion;
    expect(await lineasDe(`DETRACCION:${det.Id}`)).toEqual(['4212 37.00 0.00', '1041 0.00 37.50', '676 0.50 0.00']);
    // The void swaps every line, the difference included.
    expect((await sup.put(`${F}/detracciones/${det.Id}/anulaciones`, { Motivo: 'DEPOSITO ERRADO' })).statusCode).toBe(200);
    expect(await lineasDe(`ANULA-DETRACCION:${det.Id}`)).toEqual(['4212 0.00 37.00', '1041 37.50 0.00', '676 0.00 0.50']);
  });

  it('retención sufrida de una factura en dólares a otro tipo de cambio: 1212 al de la emisión, la diferencia a 676', async () => {
    const serieF = await idSerie(sup, 1003, 'F001');
    const f = await sup.post(
      '/api/contabilidad/v1/documentoContable',
      factura(serieF, {
        IdMoneda: 2,
        IdCondicionPago: 2,
        ListaItems: [{ ItemDescripcion: 'SERVICIO DE CONSULTORIA', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '1000', TipoAfectacion: '10' }],
        ListaCuotas: [{ Monto: '1180.00', FechaVencimiento: sumarDias(hoy, 30) }],
      }),
    );
    expect(f.statusCode, f.body).toBe(201);
    const doc = f.json() as { Id: number };
    // 3 % of US$ 1,180.00 = US$ 35.40, the retention's date rate 3.720 = S/ 131.69; booked at the issue's 3.750 = S/ 132.75.
    const r = await sup.post(`${F}/cuentasporcobrar/${doc.Id}/retenciones`, { SerieNumero: 'R001-99', Fecha: ayer, Monto: '35.40' });
    expect(r.statusCode, r.body).toBe(201);
    const ret = r.json() as TDeduccion;
    expect(await lineasDe(`RETENCION:${ret.Id}`)).toEqual(['40114 131.69 0.00', '1212 0.00 132.75', '676 1.06 0.00']);
    // The receivable in soles: the sale's 1212 less the retention's nets to what is still owed at the issue's rate.
    const [s] = await filas<{ saldo: string }>(sql`
      select (sum(l.debe) - sum(l.haber))::text as saldo from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where c.codigo = '1212' and a.clave_origen in (${`VENTA:${doc.Id}`}, ${`RETENCION:${ret.Id}`})`);
    expect(s.saldo).toBe('4292.25'); // 1180.00 × 3.750 = 4425.00 − 132.75
  });
});
