// Branch detracciones (issues 14 and 15): detracción deposits (constancia) against sales documents and purchases, and
// retenciones suffered against sales documents: they lower the document's pending balance like a collection, in one
// transaction with their entry (BN 1042 / 12, 40114 / 12, 42 / 10), never over the balance, voidable. Through the real
// HTTP stack (PGlite by default, PostgreSQL with TEST_DATABASE_URL). decisions.md "detracciones".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlmacen, TCompra, TDeduccion, TDeduccionesDocumento, TDocumentoPorCobrar, TEstadoCuenta } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let serieF: number;
const F = '/api/finanzas/v1';
const LOG = '/api/logistica/v1';
const DOC = '/api/contabilidad/v1/documentoContable';
const hoy = hoyLima();
const CLIENTE = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100130204', RazonSocial: 'TRANSPORTES ANDINOS S.A.C.', Direccion: 'AV. COLONIAL 1200, LIMA' };

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe::text, l.haber::text from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => [l.codigo, l.debe, l.haber]);

/** A crédito factura of one service line: `valor` + 18 % IGV, optionally subject to detracción (catálogo 54 037, 12 %). */
async function facturaCredito(valor: string, cuotas: string[], detraccion = false) {
  const r = await sup.post(
    DOC,
    factura(serieF, {
      IdCondicionPago: 2,
      ListaEntidades: [CLIENTE],
      ListaItems: [{ ItemDescripcion: 'SERVICIO DE MANTENIMIENTO DE MAQUINARIA', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: valor, TipoAfectacion: '10' }],
      ListaCuotas: cuotas.map((Monto, i) => ({ Monto, FechaVencimiento: sumarDias(hoy, 30 * (i + 1)) })),
      ...(detraccion ? { Detraccion: { CodigoBien: '037', Porcentaje: '12', CuentaBancoNacion: '00-000-123456' } } : {}),
    }),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { Id: number; Serie: string; Correlativo: number; MontoTotal: string };
}
const porCobrar = async (id: number, quien = sup) => (await quien.get(`${F}/cuentasporcobrar/${id}`)).json() as TDocumentoPorCobrar;
const deducciones = async (id: number) => {
  const r = await sup.get(`${F}/cuentasporcobrar/${id}/deducciones`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as TDeduccionesDocumento;
};

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  serieF = await idSerie(sup, 1003, 'F001');
}, 180_000);
afterAll(async () => e?.cerrar());

describe('detracción de una venta al crédito (el cliente deposita en nuestra cuenta del Banco de la Nación)', () => {
  it('la factura con detracción debe su total (cuotas netas + detracción); la constancia baja el saldo, asienta 104201/1212 y su anulación lo repone', async () => {
    // 1000.00 + IGV 180.00 = 1180.00; detracción 12 % = 141.60, depositada sin decimales: 142.00; cuota neta 1038.00.
    const f = await facturaCredito('1000', ['1038.00'], true);
    expect(f.MontoTotal).toBe('1180.00');
    const d0 = await porCobrar(f.Id);
    expect(d0).toMatchObject({ Total: '1180.00', Saldo: '1180.00' });
    expect(d0.Cuotas.map((q) => q.Monto)).toEqual(['1038.00', '142.00']);
    const info = await deducciones(f.Id);
    expect(info).toMatchObject({ Total: '1180.00', Saldo: '1180.00', RetencionSugerida: null, Detraccion: { CodigoBien: '037', Porcentaje: '12', Monto: '142.00', Pendiente: '142.00' }, Data: [] });

    // More than the detracción pending: refused in Spanish, nothing changes.
    const x = await sup.post(`${F}/cuentasporcobrar/${f.Id}/detracciones`, { NumeroConstancia: '9876543', Fecha: hoy, Monto: '142.01' });
    expect(x.statusCode, x.body).toBe(400);
    expect(x.json().ErrorId).toBe(1410);
    expect(x.json().Mensaje).toContain('El monto excede la detracción pendiente del documento');
    expect(x.json().Errores.Monto).toBe('Saldo pendiente: S/ 142.00');
    expect((await porCobrar(f.Id)).Saldo).toBe('1180.00');

    const r = await sup.post(`${F}/cuentasporcobrar/${f.Id}/detracciones`, { NumeroConstancia: '9876543', Fecha: hoy, Monto: '142.00' });
    expect(r.statusCode, r.body).toBe(201);
    const det = r.json() as TDeduccion;
    expect(det).toMatchObject({ Tipo: 'D', TipoDescripcion: 'Detracción', Numero: '9876543', Monto: '142.00', Anulado: false, SerieNumeroDocumento: `${f.Serie}-${f.Correlativo}` });
    const d1 = await porCobrar(f.Id);
    expect(d1).toMatchObject({ Total: '1180.00', Cobrado: '142.00', Saldo: '1038.00' });
    expect(await lineasDe(`DETRACCION:${det.Id}`)).toEqual([
      ['104201', '142.00', '0.00'],
      ['1212', '0.00', '142.00'],
    ]);
    expect((await deducciones(f.Id)).Detraccion?.Pendiente).toBe('0.00');
    // The statement shows the deposit as a credit.
    const ec = (await sup.get(`${F}/reportes/estadoscuentas?cliente=${CLIENTE.NumeroDocumento}&idmoneda=1`)).json() as TEstadoCuenta;
    expect(ec.Movimientos).toContainEqual(expect.objectContaining({ Concepto: 'Detracción (constancia de depósito)', Referencia: '9876543', Abono: '142.00' }));
    // The detracción is done: a second one finds nothing pending.
    const otraVez = await sup.post(`${F}/cuentasporcobrar/${f.Id}/detracciones`, { NumeroConstancia: '9876544', Fecha: hoy, Monto: '1.00' });
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json().Mensaje).toContain('es S/ 0.00');

    const an = await sup.put(`${F}/detracciones/${det.Id}/anulaciones`, { Motivo: 'CONSTANCIA EQUIVOCADA' });
    expect(an.statusCode, an.body).toBe(200);
    expect(an.json()).toMatchObject({ Anulado: true, MotivoAnulacion: 'CONSTANCIA EQUIVOCADA' });
    expect((await porCobrar(f.Id)).Saldo).toBe('1180.00');
    expect(await lineasDe(`ANULA-DETRACCION:${det.Id}`)).toEqual([
      ['104201', '0.00', '142.00'],
      ['1212', '142.00', '0.00'],
    ]);
    const dos = await sup.put(`${F}/detracciones/${det.Id}/anulaciones`, { Motivo: 'OTRA VEZ' });
    expect(dos.statusCode).toBe(409);
    expect(dos.json().ErrorId).toBe(601504);
    // A retención's void route does not void a detracción.
    expect((await sup.put(`${F}/retenciones/${det.Id}/anulaciones`, { Motivo: 'NO ES RETENCION' })).statusCode).toBe(404);
  });

  it('depositada en una cuenta del Banco de la Nación con su cuenta contable propia, asienta en ella (104205/1212)', async () => {
    const sub = await sup.post(`${F}/cuentascontables`, { Codigo: '104205', Descripcion: 'BN detracciones agencia Arequipa' });
    expect(sub.statusCode, sub.body).toBe(201);
    const bn = await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'BN detracciones AQP', Banco: 'BANCO DE LA NACION', NumeroCuenta: '00-101-555666', IdMoneda: 1, IdCuentaContable: sub.json().Id });
    expect(bn.statusCode, bn.body).toBe(201);
    const f = await facturaCredito('500', ['519.00'], true);
    // 500.00 + 90.00 = 590.00; 12 % = 70.80 -> 71.00 deposited.
    const r = await sup.post(`${F}/cuentasporcobrar/${f.Id}/detracciones`, { NumeroConstancia: '5550001', Fecha: hoy, Monto: '71.00', IdCuentaFinanciera: bn.json().Id });
    expect(r.statusCode, r.body).toBe(201);
    expect(await lineasDe(`DETRACCION:${(r.json() as TDeduccion).Id}`)).toEqual([
      ['104205', '71.00', '0.00'],
      ['1212', '0.00', '71.00'],
    ]);
  });

  it('una nota de crédito baja primero la cuota neta y deja la cuota de detracción al final', async () => {
    const f = await facturaCredito('1000', ['1038.00'], true);
    const nota = await sup.post(DOC, {
      IdTipoDocumento: 1005, IdSerie: await idSerie(sup, 1005, 'F001'), FechaEmision: hoy, IdMoneda: 1, ListaEntidades: [CLIENTE],
      ListaItems: [{ ItemDescripcion: 'DESCUENTO POR VOLUMEN', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '100', TipoAfectacion: '10' }],
      ListaReferencias: [{ IdDocumentoReferencia: f.Id, CodigoMotivo: '09', DescripcionMotivo: 'DESCUENTO ACORDADO' }],
    });
    expect(nota.statusCode, nota.body).toBe(201);
    expect((await porCobrar(f.Id)).Cuotas.map((q) => q.Monto)).toEqual(['920.00', '142.00']);
  });
});

describe('retención sufrida (el cliente, agente de retención, retiene 3 %)', () => {
  it('la retención del 3 % baja el saldo y asienta 40114/1212; con un cobro parcial, nunca más que el saldo; se anula', async () => {
    const f = await facturaCredito('1000', ['590.00', '590.00']);
    expect((await deducciones(f.Id)).RetencionSugerida).toBe('35.40');
    const d0 = await porCobrar(f.Id);
    // A collection of the first due leaves 590.00 pending; a retention above it is refused.
    const caja = (await sup.get(`${F}/cuentasfinancieras`)).json().Data.find((c: { IdTipoCuenta: number; IdMoneda: number }) => c.IdTipoCuenta !== 3 && c.IdMoneda === 1);
    const cobro = await sup.post(`${F}/cobros/efectivos`, { IdCuentaFinanciera: caja.Id, Detalle: [{ IdCuota: d0.Cuotas[0].IdCuota, Monto: '590.00' }] });
    expect(cobro.statusCode, cobro.body).toBe(201);
    const x = await sup.post(`${F}/cuentasporcobrar/${f.Id}/retenciones`, { SerieNumero: 'R001-456', Fecha: hoy, Monto: '590.01' });
    expect(x.statusCode, x.body).toBe(400);
    expect(x.json()).toMatchObject({ ErrorId: 1410, Errores: { Monto: 'Saldo pendiente: S/ 590.00' } });

    const r = await sup.post(`${F}/cuentasporcobrar/${f.Id}/retenciones`, { SerieNumero: 'r001-456', Fecha: hoy, Monto: '35.40' });
    expect(r.statusCode, r.body).toBe(201);
    const ret = r.json() as TDeduccion;
    expect(ret).toMatchObject({ Tipo: 'R', TipoDescripcion: 'Retención', Numero: 'R001-456', Monto: '35.40' });
    const d1 = await porCobrar(f.Id);
    expect(d1).toMatchObject({ Total: '1180.00', Cobrado: '625.40', Saldo: '554.60' });
    expect(d1.Cuotas.map((q) => q.Saldo)).toEqual(['0.00', '554.60']);
    expect(await lineasDe(`RETENCION:${ret.Id}`)).toEqual([
      ['40114', '35.40', '0.00'],
      ['1212', '0.00', '35.40'],
    ]);
    const lista = await deducciones(f.Id);
    expect(lista.Data.map((d) => [d.Tipo, d.Numero, d.Monto, d.Anulado])).toEqual([['R', 'R001-456', '35.40', false]]);
    expect(lista.Saldo).toBe('554.60');

    expect((await sup.put(`${F}/retenciones/${ret.Id}/anulaciones`, { Motivo: 'RETENCION DUPLICADA' })).statusCode).toBe(200);
    expect((await porCobrar(f.Id)).Saldo).toBe('590.00');
    expect(await lineasDe(`ANULA-RETENCION:${ret.Id}`)).toEqual([
      ['40114', '0.00', '35.40'],
      ['1212', '35.40', '0.00'],
    ]);
  });
});

describe('detracción de una compra al crédito (depositamos en la cuenta del Banco de la Nación del proveedor)', () => {
  it('la constancia baja el saldo de la compra y asienta 4212/1041; se anula', async () => {
    const idBien = (await sup.post(`${LOG}/items`, { Codigo: 'DET-1', Descripcion: 'MADERA TORNILLO (PIE TABLAR)', CodigoUnidad: 'NIU', Precio: '100', PrecioIncluyeIgv: false, AfectacionIgv: '10' })).json().Id;
    const principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
    const c = await sup.post(`${LOG}/compras`, {
      RucProveedor: '20100047218', RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.', TipoDocumento: '01', Serie: 'F010', Numero: 321, FechaEmision: hoy, IdMoneda: 1,
      Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '10', ValorUnitario: '100', AfectacionIgv: '10' }],
      IdCondicionPago: 2, Cuotas: [{ Monto: '1180.00', FechaVencimiento: sumarDias(hoy, 30) }],
    });
    expect(c.statusCode, c.body).toBe(201);
    const compra = c.json() as TCompra;
    const x = await sup.post(`${F}/cuentasporpagar/${compra.Id}/detracciones`, { NumeroConstancia: 'C-0001', Fecha: hoy, Monto: '1180.01' });
    expect(x.statusCode).toBe(400);
    expect(x.json().Mensaje).toContain('El monto excede el saldo pendiente de la compra');
    const r = await sup.post(`${F}/cuentasporpagar/${compra.Id}/detracciones`, { NumeroConstancia: 'C-0001', Fecha: hoy, Monto: '48.00' });
    expect(r.statusCode, r.body).toBe(201);
    const det = r.json() as TDeduccion;
    expect((await sup.get(`${F}/cuentasporpagar/${compra.Id}`)).json()).toMatchObject({ Saldo: '1132.00' });
    expect(await lineasDe(`DETRACCION:${det.Id}`)).toEqual([
      ['4212', '48.00', '0.00'],
      ['1041', '0.00', '48.00'],
    ]);
    const lista = (await sup.get(`${F}/cuentasporpagar/${compra.Id}/deducciones`)).json() as TDeduccionesDocumento;
    expect(lista).toMatchObject({ Total: '1180.00', Saldo: '1132.00', Detraccion: null, RetencionSugerida: null });
    expect(lista.Data).toHaveLength(1);
    expect((await sup.put(`${F}/detracciones/${det.Id}/anulaciones`, { Motivo: 'DEPOSITO ERRADO' })).statusCode).toBe(200);
    expect((await sup.get(`${F}/cuentasporpagar/${compra.Id}`)).json()).toMatchObject({ Saldo: '1180.00' });
  });
});

describe('seguridad, validación y periodo cerrado', () => {
  it('otra empresa recibe 404, el cajero 403, datos raros 500001 y un periodo cerrado rechaza sin cambiar el saldo', async () => {
    const f = await facturaCredito('100', ['118.00']);
    const cuerpo = { NumeroConstancia: '555', Fecha: hoy, Monto: '10.00' };
    expect((await otra.post(`${F}/cuentasporcobrar/${f.Id}/detracciones`, cuerpo)).statusCode).toBe(404);
    expect((await otra.post(`${F}/cuentasporcobrar/${f.Id}/retenciones`, { SerieNumero: 'R001-1', Fecha: hoy, Monto: '3.54' })).statusCode).toBe(404);
    expect((await otra.get(`${F}/cuentasporcobrar/${f.Id}/deducciones`)).statusCode).toBe(404);
    expect((await cajero.post(`${F}/cuentasporcobrar/${f.Id}/detracciones`, cuerpo)).statusCode).toBe(403);
    expect((await cajero.post(`${F}/cuentasporcobrar/${f.Id}/retenciones`, { SerieNumero: 'R001-1', Fecha: hoy, Monto: '3.54' })).statusCode).toBe(403);
    const r = await sup.post(`${F}/cuentasporcobrar/${f.Id}/retenciones`, { SerieNumero: 'R001-1', Fecha: hoy, Monto: '3.54' });
    expect(r.statusCode, r.body).toBe(201);
    const id = (r.json() as TDeduccion).Id;
    expect((await otra.put(`${F}/retenciones/${id}/anulaciones`, { Motivo: 'AJENA' })).statusCode).toBe(404);
    expect((await cajero.put(`${F}/retenciones/${id}/anulaciones`, { Motivo: 'CAJERO' })).statusCode).toBe(403);

    for (const malo of [{ ...cuerpo, Monto: '-1' }, { ...cuerpo, Monto: '0' }, { ...cuerpo, Fecha: '2026-02-30' }, { ...cuerpo, NumeroConstancia: '' }, { ...cuerpo, Monto: '1.001' }]) {
      const m = await sup.post(`${F}/cuentasporcobrar/${f.Id}/detracciones`, malo);
      expect(m.statusCode, JSON.stringify(malo)).toBe(400);
      expect(m.json().ErrorId).toBe(500001);
    }
    const malaRet = await sup.post(`${F}/cuentasporcobrar/${f.Id}/retenciones`, { SerieNumero: 'R001', Fecha: hoy, Monto: '1.00' });
    expect(malaRet.json()).toMatchObject({ ErrorId: 500001 });
    const futuro = await sup.post(`${F}/cuentasporcobrar/${f.Id}/detracciones`, { ...cuerpo, Fecha: sumarDias(hoy, 2) });
    expect(futuro.json()).toMatchObject({ ErrorId: 500001, Errores: { Fecha: 'La fecha del depósito no puede ser posterior a hoy' } });
    expect((await sup.post(`${F}/cuentasporcobrar/999999/detracciones`, cuerpo)).statusCode).toBe(404);

    // A deposit dated in a closed month: its entry cannot go there, so nothing is recorded.
    const mesPasado = sumarDias(`${hoy.slice(0, 7)}-01`, -1);
    expect((await sup.post(`/api/finanzas/v1/libros/periodos/${mesPasado.slice(0, 7)}/cierre`, {})).statusCode).toBe(200);
    const cerrado = await sup.post(`${F}/cuentasporcobrar/${f.Id}/detracciones`, { ...cuerpo, Fecha: mesPasado });
    expect(cerrado.statusCode, cerrado.body).toBe(400);
    expect(cerrado.json().Mensaje).toContain(`El periodo ${mesPasado.slice(0, 7)} está cerrado`);
    expect((await porCobrar(f.Id)).Saldo).toBe('114.46');
    expect((await filas(sql`select id from deduccion_documento where id_documento = ${f.Id} and tipo = 'D'`)).length).toBe(0);
  });
});
