// Branch letraspagar (issues 14 and 15): letras de cambio por pagar (canje of purchase dues for letras we accept, their
// payment through the ordinary supplier payment with ITF, the void of the canje) with their exact entries, and the
// receivables' canje refusing the detracción due. Through the real HTTP stack (PGlite by default, PostgreSQL with
// TEST_DATABASE_URL). decisions.md "letraspagar".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TAlmacen, type TCompra, type TCuentasPorPagar, type TDocumentoPorCobrar, type TLetraPagar, type TPago } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let idBien: number;
let principal: TAlmacen;
let banco: number;
let caja: number;
const LOG = '/api/logistica/v1';
const F = '/api/finanzas/v1';
const LP = `${F}/proveedores/documentos/pagares`;
const hoy = hoyLima();
const RUC = '20100047218';
const PROVEEDOR = { RucProveedor: RUC, RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.' };
let numero = 500;

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe::text, l.haber::text from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => [l.codigo, l.debe, l.haber]);
const cuadra = (ls: string[][]) => {
  const d = ls.reduce((s, l) => s + Math.round(Number(l[1]) * 100), 0);
  const h = ls.reduce((s, l) => s + Math.round(Number(l[2]) * 100), 0);
  expect(d).toBe(h);
  expect(d).toBeGreaterThan(0);
};

/** A purchase on credit: `unidades` x 10.00 + IGV, in the given cuotas (they must add up to the total). */
async function compraCredito(unidades: number, cuotas: string[]) {
  const r = await sup.post(`${LOG}/compras`, {
    ...PROVEEDOR, TipoDocumento: '01', Serie: 'F077', Numero: ++numero, FechaEmision: hoy, IdMoneda: 1,
    Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: String(unidades), ValorUnitario: '10', AfectacionIgv: '10' }],
    IdCondicionPago: 2, Cuotas: cuotas.map((Monto, i) => ({ Monto, FechaVencimiento: sumarDias(hoy, 30 * (i + 1)) })),
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as TCompra;
}
const cuotas = async (idCompra: number) => ((await sup.get(`${F}/cuentasporpagar/${idCompra}`)).json() as { Saldo: string; Cuotas: { IdCuota: number; Saldo: string }[] });
const canjear = (b: object, quien = sup) => quien.post(LP, { LugarGiro: 'Lima', ...b });

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  idBien = (await sup.post(`${LOG}/items`, { Codigo: 'LPG-1', Descripcion: 'ARROZ EXTRA 5 KG', CodigoUnidad: 'NIU', Precio: '25', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
  principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
  banco = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'BBVA letras por pagar', Banco: 'BBVA', NumeroCuenta: '0011-0123-0100012345', CCI: '01112300010001234567', IdMoneda: 1 })).json().Id;
  caja = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 2, Nombre: 'Caja letras por pagar', IdMoneda: 1 })).json().Id;
}, 180_000);
afterAll(async () => e?.cerrar());

describe('letras de cambio por pagar', () => {
  let compra: TCompra;
  let l1: TLetraPagar;
  let l2: TLetraPagar;
  let idCanje: number;

  it('canje de las dos cuotas de una compra por dos letras aceptadas: 4212 D / 423 H; la compra deja de estar pendiente y las letras aparecen por pagar', async () => {
    compra = await compraCredito(100, ['590.00', '590.00']);
    const { Cuotas: [q1, q2] } = await cuotas(compra.Id);
    const r = await canjear({
      Cuotas: [{ IdCuota: q1.IdCuota, Monto: '590.00' }, { IdCuota: q2.IdCuota, Monto: '590.00' }],
      Letras: [{ NumeroGirador: 'L-0451', FechaVencimiento: sumarDias(hoy, 45), Monto: '1100.00' }, { FechaVencimiento: sumarDias(hoy, 75), Monto: '80.00' }],
    });
    expect(r.statusCode, r.body).toBe(201);
    const res = r.json() as { IdCanje: number; Letras: TLetraPagar[] };
    idCanje = res.IdCanje;
    [l1, l2] = res.Letras;
    expect(l1).toMatchObject({ Estado: 1, EstadoNombre: 'Pendiente', Monto: '1100.00', Saldo: '1100.00', NumeroGirador: 'L-0451', NumeroDocumentoProveedor: RUC, Documentos: `F077-${numero}` });
    expect(l1.Numero).toMatch(/^LP-/);
    expect(l2).toMatchObject({ Monto: '80.00', Saldo: '80.00' });
    const asiento = await lineasDe(`LETRA-PAGAR-CANJE:${idCanje}`);
    expect(asiento).toEqual([['4212', '1180.00', '0.00'], ['423', '0.00', '1180.00']]);
    cuadra(asiento);
    expect((await cuotas(compra.Id)).Saldo).toBe('0.00');
    const cxp = (await sup.get(`${F}/cuentasporpagar?proveedor=${RUC}`)).json() as TCuentasPorPagar;
    expect(cxp.Data.map((d) => d.SerieNumero)).not.toContain(`F077-${numero}`);
    expect(cxp.Data.filter((d) => d.SerieNumero.startsWith('LP-')).map((d) => d.Saldo)).toEqual(['1100.00', '80.00']);
    const lista = (await sup.get(`${LP}?proveedor=${RUC}&estado=1`)).json() as { Data: TLetraPagar[] };
    expect(lista.Data.map((l) => l.Id)).toEqual(expect.arrayContaining([l1.Id, l2.Id]));
  });

  it('rechaza un canje por encima del saldo (1410), letras que no suman las cuotas (601610) y anular el canje como pago (601611)', async () => {
    const c = await compraCredito(10, ['118.00']);
    const { Cuotas: [q] } = await cuotas(c.Id);
    const mas = await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '118.01' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '118.01' }] });
    expect(mas.statusCode).toBe(400);
    expect(mas.json().ErrorId).toBe(ErrorCodes.TOTAL_EXCEDIDO);
    const distinto = await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '118.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '100.00' }] });
    expect(distinto.statusCode).toBe(400);
    expect(distinto.json()).toMatchObject({ ErrorId: ErrorCodes.LETRA_PAGAR_TOTAL_DISTINTO });
    expect(distinto.json().Mensaje).toContain('S/ 118.00');
    const comoPago = await sup.put(`${F}/pagos/${idCanje}/anulaciones`, { Motivo: 'error' });
    expect(comoPago.statusCode).toBe(409);
    expect(comoPago.json().ErrorId).toBe(ErrorCodes.PAGO_ES_CANJE);
    // A letra's due is not paid together with an invoice's.
    const mezcla = await sup.post(`${F}/pagos/efectivos`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: l1.IdCuota, Monto: '10.00' }, { IdCuota: q.IdCuota, Monto: '10.00' }] });
    expect(mezcla.statusCode).toBe(400);
    expect(mezcla.json().ErrorId).toBe(ErrorCodes.LETRA_PAGAR_MEZCLADA);
  });

  it('pago de la letra desde el banco: 423 D / banco H con ITF, queda Pagada; ya no se puede anular el canje (601612)', async () => {
    const r = await sup.post(`${F}/pagos/pagares`, { IdLetra: l1.Id, IdCuentaFinanciera: banco, MedioPago: '003', NumeroOperacion: 'OP-778812' });
    expect(r.statusCode, r.body).toBe(201);
    const p = r.json() as TPago;
    expect(p).toMatchObject({ IdTipoPago: 2, Monto: '1100.00', Itf: '0.05', NumeroOperacion: 'OP-778812' });
    expect(p.Detalle[0].SerieNumero).toBe(l1.Numero);
    const asiento = await lineasDe(`PAGO:${p.Id}`);
    expect(asiento[0]).toEqual(['423', '1100.00', '0.00']);
    expect(asiento[1][0]).toMatch(/^104/);
    expect(asiento[1].slice(1)).toEqual(['0.00', '1100.00']);
    expect(asiento.slice(2)).toEqual([['6412', '0.05', '0.00'], [asiento[1][0], '0.00', '0.05']]);
    cuadra(asiento);
    const l = (await sup.get(`${LP}/${l1.Id}`)).json() as TLetraPagar;
    expect(l).toMatchObject({ Estado: 2, EstadoNombre: 'Pagada', Pagado: '1100.00', Saldo: '0.00' });
    const again = await sup.post(`${F}/pagos/pagares`, { IdLetra: l1.Id, IdCuentaFinanciera: caja });
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorId).toBe(ErrorCodes.LETRA_PAGAR_ESTADO_INVALIDO);
    const anular = await sup.put(`${LP}/${l2.Id}/anulaciones`, { Motivo: 'canje mal hecho' });
    expect(anular.statusCode).toBe(409);
    expect(anular.json().ErrorId).toBe(ErrorCodes.LETRA_PAGAR_CON_PAGOS);
    expect(anular.json().Mensaje).toContain(l1.Numero);
    // Voiding the payment makes the letra pending again, and then the canje can be voided.
    const ap = await sup.put(`${F}/pagos/${p.Id}/anulaciones`, { Motivo: 'pago duplicado' });
    expect(ap.statusCode, ap.body).toBe(200);
    expect(((await sup.get(`${LP}/${l1.Id}`)).json() as TLetraPagar).Estado).toBe(1);
    cuadra(await lineasDe(`ANULA-PAGO:${p.Id}`));
  });

  it('anular el canje sin pagos: letras anuladas, la compra recupera su saldo y el asiento se revierte', async () => {
    const r = await sup.put(`${LP}/${l2.Id}/anulaciones`, { Motivo: 'canje mal hecho' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Estado: 3, EstadoNombre: 'Anulada', Saldo: '0.00', MotivoAnulacion: 'canje mal hecho' });
    expect(((await sup.get(`${LP}/${l1.Id}`)).json() as TLetraPagar).Estado).toBe(3);
    expect((await cuotas(compra.Id)).Saldo).toBe('1180.00');
    expect(await lineasDe(`ANULA-LETRA-PAGAR-CANJE:${idCanje}`)).toEqual([['4212', '0.00', '1180.00'], ['423', '1180.00', '0.00']]);
    const cxp = (await sup.get(`${F}/cuentasporpagar?proveedor=${RUC}`)).json() as TCuentasPorPagar;
    expect(cxp.Data.find((d) => d.IdCompra === compra.Id)?.Saldo).toBe('1180.00');
    expect(cxp.Data.some((d) => d.SerieNumero === l1.Numero)).toBe(false);
    const pagar = await sup.post(`${F}/pagos/pagares`, { IdLetra: l2.Id, IdCuentaFinanciera: caja });
    expect(pagar.statusCode).toBe(409);
  });

  it('otra empresa recibe 404 y el cajero 403', async () => {
    expect((await otra.get(`${LP}/${l1.Id}`)).statusCode).toBe(404);
    expect((await otra.put(`${LP}/${l1.Id}/anulaciones`, { Motivo: 'ajena' })).statusCode).toBe(404);
    expect((await otra.post(`${F}/pagos/pagares`, { IdLetra: l1.Id, IdCuentaFinanciera: caja })).statusCode).toBe(404);
    const c = await compraCredito(5, ['59.00']);
    const { Cuotas: [q] } = await cuotas(c.Id);
    const ajena = await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '59.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '59.00' }] }, otra);
    expect(ajena.statusCode).toBe(404);
    expect((await otra.get(LP)).json().Data.some((l: TLetraPagar) => l.Id === l1.Id)).toBe(false);
    expect((await cajero.get(LP)).statusCode).toBe(403);
    expect((await cajero.post(LP, {})).statusCode).toBe(403);
    expect((await cajero.post(`${F}/pagos/pagares`, { IdLetra: l1.Id, IdCuentaFinanciera: caja })).statusCode).toBe(403);
    expect((await cajero.put(`${LP}/${l1.Id}/anulaciones`, { Motivo: 'x' })).statusCode).toBe(403);
  });
});

describe('renovación de una letra por pagar', () => {
  it('con un pago parcial, se renueva por el saldo más el interés: 423 D + 6736 D / 423 H; la anterior queda Renovada y la nueva se paga', async () => {
    const c = await compraCredito(5, ['59.00']);
    const { Cuotas: [q] } = await cuotas(c.Id);
    const r = await canjear({ Cuotas: [{ IdCuota: q.IdCuota, Monto: '59.00' }], Letras: [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '59.00' }] });
    expect(r.statusCode, r.body).toBe(201);
    const [l] = (r.json() as { Letras: TLetraPagar[] }).Letras;
    const parcial = await sup.post(`${F}/pagos/efectivos`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: l.IdCuota, Monto: '9.00' }] });
    expect(parcial.statusCode, parcial.body).toBe(201);
    expect(await lineasDe(`PAGO:${parcial.json().Id}`)).toEqual([['423', '9.00', '0.00'], ['101', '0.00', '9.00']]);
    const mal = await sup.post(`${LP}/${l.Id}/renovaciones`, { FechaVencimiento: hoy, Interes: '2.50' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().ErrorId).toBe(ErrorCodes.VALIDACION);
    const rn = await sup.post(`${LP}/${l.Id}/renovaciones`, { FechaVencimiento: sumarDias(hoy, 60), Interes: '2.50' });
    expect(rn.statusCode, rn.body).toBe(201);
    const nueva = rn.json() as TLetraPagar;
    expect(nueva).toMatchObject({ IdLetraOrigen: l.Id, Estado: 1, Monto: '52.50', Saldo: '52.50', FechaVencimiento: sumarDias(hoy, 60) });
    const asiento = await lineasDe(`LETRA-PAGAR-RENOVACION:${nueva.Id}`);
    expect(asiento).toEqual([['423', '50.00', '0.00'], ['6736', '2.50', '0.00'], ['423', '0.00', '52.50']]);
    cuadra(asiento);
    expect(((await sup.get(`${LP}/${l.Id}`)).json() as TLetraPagar)).toMatchObject({ Estado: 4, EstadoNombre: 'Renovada', Saldo: '0.00', Pagado: '9.00' });
    expect((await sup.post(`${LP}/${l.Id}/renovaciones`, { FechaVencimiento: sumarDias(hoy, 90) })).statusCode).toBe(409);
    // Payables: the new letra owes 52.50, the renewed one nothing.
    const cxp = (await sup.get(`${F}/cuentasporpagar?proveedor=${RUC}`)).json() as TCuentasPorPagar;
    expect(cxp.Data.find((d) => d.SerieNumero === nueva.Numero)?.Saldo).toBe('52.50');
    expect(cxp.Data.some((d) => d.SerieNumero === l.Numero)).toBe(false);
    const anular = await sup.put(`${LP}/${nueva.Id}/anulaciones`, { Motivo: 'no procede' });
    expect(anular.statusCode).toBe(409);
    const pago = await sup.post(`${F}/pagos/pagares`, { IdLetra: nueva.Id, IdCuentaFinanciera: caja });
    expect(pago.statusCode, pago.body).toBe(201);
    expect(((await sup.get(`${LP}/${nueva.Id}`)).json() as TLetraPagar).Estado).toBe(2);
    expect((await cajero.post(`${LP}/${nueva.Id}/renovaciones`, { FechaVencimiento: sumarDias(hoy, 90) })).statusCode).toBe(403);
    expect((await otra.post(`${LP}/${nueva.Id}/renovaciones`, { FechaVencimiento: sumarDias(hoy, 90) })).statusCode).toBe(404);
  });
});

describe('canje por letras por cobrar de una factura con detracción', () => {
  it('la cuota de detracción no se ofrece ni se acepta en el canje (601614); las cuotas netas sí se canjean', async () => {
    const serieF = await idSerie(sup, 1003, 'F001');
    const r = await sup.post(
      '/api/contabilidad/v1/documentoContable',
      factura(serieF, {
        IdCondicionPago: 2,
        ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20131312955', RazonSocial: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA', Direccion: 'AV. GARCILASO DE LA VEGA 1472, LIMA' }],
        ListaItems: [{ ItemDescripcion: 'SERVICIO DE MANTENIMIENTO DE MAQUINARIA', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '1000', TipoAfectacion: '10' }],
        ListaCuotas: [{ Monto: '1038.00', FechaVencimiento: sumarDias(hoy, 30) }],
        Detraccion: { CodigoBien: '037', Porcentaje: '12', CuentaBancoNacion: '00-000-123456' },
      }),
    );
    expect(r.statusCode, r.body).toBe(201);
    const doc = (await sup.get(`${F}/cuentasporcobrar/${r.json().Id}`)).json() as TDocumentoPorCobrar;
    expect(doc.Cuotas.map((q) => [q.Monto, q.Detraccion])).toEqual([['1038.00', false], ['142.00', true]]);
    const [neta, det] = doc.Cuotas;
    const canje = (Cuotas: object[], Letras: object[]) => sup.post(`${F}/entidades/documentos/pagares`, { LugarGiro: 'Lima', Cuotas, Letras });
    const mal = await canje([{ IdCuota: neta.IdCuota, Monto: '1038.00' }, { IdCuota: det.IdCuota, Monto: '142.00' }], [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '1180.00' }]);
    expect(mal.statusCode).toBe(400);
    expect(mal.json().ErrorId).toBe(ErrorCodes.CUOTA_DETRACCION_NO_CANJEABLE);
    expect(mal.json().Mensaje).toContain('Banco de la Nación');
    const bien = await canje([{ IdCuota: neta.IdCuota, Monto: '1038.00' }], [{ FechaVencimiento: sumarDias(hoy, 30), Monto: '1038.00' }]);
    expect(bien.statusCode, bien.body).toBe(201);
    const despues = (await sup.get(`${F}/cuentasporcobrar/${r.json().Id}`)).json() as TDocumentoPorCobrar;
    expect(despues.Saldo).toBe('142.00');
  });
});
