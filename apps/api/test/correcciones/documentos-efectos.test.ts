// Issued documents meeting inventory, finance and the cash box (issues 12, 13, 14): one rule per event, through the
// real stack (HTTP, the sending worker and the SUNAT stand-in). decisions.md "Documents, stock, balances and cash".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EstadoSunat, type TDocumentoPorCobrar } from '@yupana/contracts';
import { servicioEnvioDe } from '../../src/modules/contabilidad/envio/envio.routes';
import { cambiarEstado } from '../../src/modules/contabilidad/envio/documentos.repo';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
const DOC = '/api/contabilidad/v1/documentoContable';
const F = '/api/finanzas/v1';
const hoy = hoyLima();
// A customer of its own, so no other document of the demo company enters these balances.
const CLIENTE = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20131312955', RazonSocial: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA', Direccion: 'AV. GARCILASO DE LA VEGA 1472, LIMA' };
let idBien: number;
let idF001: number;

const filas = async <T = Record<string, unknown>>(consulta: ReturnType<typeof sql>) => ((await e.dbh.db.execute(consulta)) as unknown as { rows: T[] }).rows;
const simulador = () => servicioEnvioDe(e.app).simulador!;
/** Stock of the good in every warehouse of the company (the tests use one branch). */
async function stock(): Promise<string> {
  const [f] = await filas<{ c: string }>(sql`select coalesce(sum(cantidad), 0)::numeric(20,4)::text as c from stock where id_item = ${idBien}`);
  return f.c;
}
const movimientos = async (idDocumento: number) =>
  filas<{ tipo_operacion: string; clase: string }>(sql`select tipo_operacion, clase from movimiento_inventario where id_documento_contable = ${idDocumento} order by id`);
/** Open balance of a document in receivables (0 when it owes nothing or is not listed). */
async function saldo(idDocumento: number): Promise<string> {
  const r = await sup.get(`${F}/cuentasporcobrar?cliente=${CLIENTE.NumeroDocumento}`);
  expect(r.statusCode, r.body).toBe(200);
  const d = (r.json().Data as TDocumentoPorCobrar[]).find((x) => x.IdDocumento === idDocumento);
  return d?.Saldo ?? '0.00';
}
async function esperarEstado(id: number, estados: number[], mensaje?: RegExp) {
  for (let i = 0; i < 400; i++) {
    const [d] = await filas<{ e: number; m: string | null }>(sql`select id_estado_sunat as e, mensaje_sunat as m from documento_contable where id = ${id}`);
    if (estados.includes(d.e) && (!mensaje || mensaje.test(d.m ?? ''))) return;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`el documento ${id} no llegó a ${estados} ${mensaje ?? ''}`);
}
const linea = (cantidad: string, precio = '10.00') => ({ IdItem: idBien, CodigoItem: 'EFE-1', ItemDescripcion: 'ACEITE VEGETAL 1 L', CodigoUnidad: 'NIU', Cantidad: cantidad, PrecioUnitario: precio, TipoAfectacion: '10' });
/** Credit terms of a total: one cuota in 30 days. */
const credito = (total: string) => ({ IdCondicionPago: 2, ListaCuotas: [{ Monto: total, FechaVencimiento: sumarDias(hoy, 30) }] });
const totalDe = (cantidad: string, precio: string) => (Number(cantidad) * Number(precio)).toFixed(2);
async function facturaCredito(cantidad: string, precio = '10.00') {
  const r = await sup.post(DOC, factura(idF001, { ListaEntidades: [CLIENTE], ...credito(totalDe(cantidad, precio)), ListaItems: [linea(cantidad, precio)] }));
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { Id: number; SerieNumero: string; MontoTotal: string };
}
const anular = (id: number, Motivo = 'ERROR EN EL PRECIO') => sup.put(`${DOC}/${id}/anulaciones`, { Motivo });

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  await servicioEnvioDe(e.app).iniciar({ simulador: { port: 0, demoraTicketMs: 50 }, resumenHora: null, intervaloMs: 20, esperaBaseMs: 50, maxEsperaMs: 300, esperaTicketMs: 50, timeoutMs: 3000 });
  const b = await sup.post('/api/logistica/v1/items', { Codigo: 'EFE-1', Descripcion: 'ACEITE VEGETAL 1 L', CodigoUnidad: 'NIU', Precio: '10', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(b.statusCode, b.body).toBe(201);
  idBien = b.json().Id;
  idF001 = await idSerie(sup, 1003, 'F001');
}, 120_000);
afterAll(async () => e?.cerrar());

describe('SUNAT acepta o rechaza el comprobante', () => {
  it('una factura aceptada conserva su salida de stock y su deuda', async () => {
    const antes = await stock();
    const f = await facturaCredito('3');
    await esperarEstado(f.Id, [EstadoSunat.ACEPTADO]);
    expect(Number(await stock())).toBe(Number(antes) - 3);
    expect(await saldo(f.Id)).toBe(f.MontoTotal);
  });

  it('una factura rechazada por SUNAT devuelve su stock y deja de ser deuda (una sola vez)', async () => {
    simulador().fallas.agregar({ tipo: 'rechazo', codigo: '2800', tipoDocumento: '01', veces: 1 });
    const antes = await stock();
    const f = await facturaCredito('2');
    expect(Number(await stock())).toBe(Number(antes) - 2);
    await esperarEstado(f.Id, [EstadoSunat.RECHAZADO]);
    expect(await stock()).toBe(antes);
    expect(await movimientos(f.Id)).toEqual([{ tipo_operacion: '01', clase: 'S' }, { tipo_operacion: '05', clase: 'I' }]);
    expect(await saldo(f.Id)).toBe('0.00');
    // The same answer applied again (a second worker, a retry) moves nothing.
    await cambiarEstado(e.dbh.db, f.Id, { idEstadoSunat: EstadoSunat.RECHAZADO, codigoSunat: '2800', mensajeSunat: 'otra vez' });
    expect(await movimientos(f.Id)).toHaveLength(2);
    expect(await stock()).toBe(antes);
  });
});

describe('anular: el stock y la deuda cambian cuando SUNAT confirma la baja, una vez', () => {
  it('una baja que SUNAT rechaza no mueve stock ni deuda; la que acepta devuelve ambos, y repetir la confirmación no mueve nada', async () => {
    const f = await facturaCredito('4');
    await esperarEstado(f.Id, [EstadoSunat.ACEPTADO]);
    const vendido = await stock();
    simulador().fallas.agregar({ tipo: 'rechazo', codigo: '2375', tipoDocumento: 'RA', veces: 1 });
    const r = await anular(f.Id);
    expect(r.statusCode, r.body).toBe(200);
    // Requested: nothing moves yet.
    expect(await stock()).toBe(vendido);
    await esperarEstado(f.Id, [EstadoSunat.ACEPTADO], /^Baja rechazada/);
    expect(await stock()).toBe(vendido);
    expect(await movimientos(f.Id)).toHaveLength(1);
    expect(await saldo(f.Id)).toBe(f.MontoTotal);

    const r2 = await anular(f.Id);
    expect(r2.statusCode, r2.body).toBe(200);
    await esperarEstado(f.Id, [EstadoSunat.ANULADO]);
    expect(Number(await stock())).toBe(Number(vendido) + 4);
    expect(await movimientos(f.Id)).toEqual([{ tipo_operacion: '01', clase: 'S' }, { tipo_operacion: '05', clase: 'I' }]);
    expect(await saldo(f.Id)).toBe('0.00');
    await cambiarEstado(e.dbh.db, f.Id, { idEstadoSunat: EstadoSunat.ANULADO, anulado: true });
    expect(await movimientos(f.Id)).toHaveLength(2);
  });

  it('una nota de venta se anula al instante: stock y deuda vuelven en la misma transacción', async () => {
    const antes = await stock();
    const nv = await sup.post(DOC, { IdTipoDocumento: 1008, IdSerie: await idSerie(sup, 1008, 'NV01'), FechaEmision: hoy, ...credito('10.00'), ListaItems: [linea('1')], ListaEntidades: [CLIENTE] });
    expect(nv.statusCode, nv.body).toBe(201);
    expect(await saldo(nv.json().Id)).toBe(nv.json().MontoTotal);
    const r = await anular(nv.json().Id);
    expect(r.statusCode, r.body).toBe(200);
    expect(await stock()).toBe(antes);
    expect(await saldo(nv.json().Id)).toBe('0.00');
  });
});

describe('notas de crédito y débito sobre la deuda del documento que modifican', () => {
  const nota = async (tipo: 1005 | 1006, idDoc: number, motivo: string, lineas: object[]) => {
    const r = await sup.post(DOC, {
      IdTipoDocumento: tipo, IdSerie: await idSerie(sup, tipo, 'F001'), FechaEmision: hoy, ListaEntidades: [CLIENTE], ListaItems: lineas,
      ListaReferencias: [{ IdDocumentoReferencia: idDoc, CodigoMotivo: motivo, DescripcionMotivo: 'SEGÚN ACUERDO CON EL CLIENTE' }],
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as { Id: number; MontoTotal: string };
  };
  const concepto = (texto: string, monto: string) => ({ ItemDescripcion: texto, CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: monto, TipoAfectacion: '10' });
  const aFavor = async () => {
    const [f] = await filas<{ s: string }>(sql`select coalesce(sum(monto), 0)::numeric(14,2)::text as s from nota_cuota where tipo = 'F' and not revertido and numero_documento_cliente = ${CLIENTE.NumeroDocumento}`);
    return f.s;
  };

  it('devolución por ítem: baja la deuda y devuelve el stock; débito: la sube; un crédito mayor al saldo deja saldo 0 y el resto a favor del cliente; anular cada nota deshace exactamente lo suyo', async () => {
    const f = await facturaCredito('5');
    expect(f.MontoTotal).toBe('50.00');
    await esperarEstado(f.Id, [EstadoSunat.ACEPTADO]);
    const vendido = await stock();
    const favorAntes = await aFavor();

    const devolucion = await nota(1005, f.Id, '07', [linea('2')]);
    expect(await saldo(f.Id)).toBe('30.00');
    expect(Number(await stock())).toBe(Number(vendido) + 2);

    const interes = await nota(1006, f.Id, '01', [concepto('INTERESES POR MORA', '5.00')]);
    expect(await saldo(f.Id)).toBe('35.00');

    const rebaja = await nota(1005, f.Id, '09', [concepto('DISMINUCIÓN EN EL VALOR', '40.00')]);
    expect(await saldo(f.Id)).toBe('0.00');
    expect(Number(await aFavor()) - Number(favorAntes)).toBe(5);
    // The customer's statement shows it.
    const ec = await sup.get(`${F}/reportes/estadoscuentas?cliente=${CLIENTE.NumeroDocumento}&idmoneda=1`);
    expect(ec.statusCode, ec.body).toBe(200);
    expect(ec.json().SaldoAFavor).toBe(await aFavor());
    // A correction of the description changes no amount.
    await nota(1005, f.Id, '03', [concepto('CORRECCIÓN DE LA DESCRIPCIÓN', '0.01')]);
    expect(await saldo(f.Id)).toBe('0.00');

    for (const n of [devolucion, interes, rebaja]) await esperarEstado(n.Id, [EstadoSunat.ACEPTADO]);
    expect((await anular(rebaja.Id)).statusCode).toBe(200);
    await esperarEstado(rebaja.Id, [EstadoSunat.ANULADO]);
    expect(await saldo(f.Id)).toBe('35.00');
    expect(await aFavor()).toBe(favorAntes);

    expect((await anular(interes.Id)).statusCode).toBe(200);
    await esperarEstado(interes.Id, [EstadoSunat.ANULADO]);
    expect(await saldo(f.Id)).toBe('30.00');

    expect((await anular(devolucion.Id)).statusCode).toBe(200);
    await esperarEstado(devolucion.Id, [EstadoSunat.ANULADO]);
    expect(await saldo(f.Id)).toBe('50.00');
    expect(await stock()).toBe(vendido);
  });

  it('una nota de crédito sobre una factura pagada no deja saldo negativo: todo queda a favor del cliente', async () => {
    const f = await sup.post(DOC, factura(idF001, { ListaEntidades: [CLIENTE], ListaItems: [linea('1')] }));
    expect(f.statusCode, f.body).toBe(201);
    const favorAntes = await aFavor();
    await nota(1005, f.json().Id, '06', [linea('1')]);
    expect(await saldo(f.json().Id)).toBe('0.00');
    expect(Number(await aFavor()) - Number(favorAntes)).toBe(10);
  });
});

describe('caja: una venta anulada no es efectivo esperado y se muestra en las anulaciones', () => {
  it('anular una venta de la sesión la saca del esperado y de las ventas, la lista en anulaciones y el cierre cuadra con lo que hay', async () => {
    const idNv = await idSerie(sup, 1008, 'NV01');
    const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1008')).json().Data as { Id: number; IdSucursal: number }[];
    const idSucursal = series.find((s) => s.Id === idNv)!.IdSucursal;
    const c = await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja de efectos', Tipo: 1, Tolerancia: '0.00' });
    expect(c.statusCode, c.body).toBe(201);
    const s = await sup.post(`${F}/cajas/${c.json().Id}/aperturas`, { MontoApertura: '100.00' });
    expect(s.statusCode, s.body).toBe(201);
    const idSesion = s.json().Id as number;
    const vender = async (cantidad: string) => {
      const total = totalDe(cantidad, '10.00');
      const r = await sup.post('/api/ventas/v1/cajas/ventas', {
        Documento: { IdTipoDocumento: 1008, IdSerie: idNv, FechaEmision: hoy, ListaItems: [linea(cantidad)], ListaEntidades: [CLIENTE] },
        Pagos: [{ IdMedioPago: 1, Monto: total }],
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().Documento as { Id: number; SerieNumero: string };
    };
    const anulada = await vender('1');
    await vender('2');
    expect((await anular(anulada.Id, 'EL CLIENTE DEVOLVIÓ LA COMPRA')).statusCode).toBe(200);

    const q = await sup.get(`${F}/cuadrescajas/${idSesion}`);
    expect(q.statusCode, q.body).toBe(200);
    const cuadre = q.json();
    expect(cuadre.Medios.find((m: { IdMedioPago: number }) => m.IdMedioPago === 1).Esperado).toBe('120.00');
    expect(cuadre.Sesion).toMatchObject({ Ventas: 1, TotalVentas: '20.00' });
    expect(cuadre.PorTipoDocumento).toEqual([{ TipoDocumento: expect.stringMatching(/nota de venta/i), Cantidad: 1, Total: '20.00' }]);
    expect(cuadre.Anulaciones).toEqual([{ IdDocumento: anulada.Id, SerieNumero: anulada.SerieNumero, TipoDocumento: expect.stringMatching(/nota de venta/i), Total: '10.00', Estado: 'Anulado' }]);

    const cierre = await sup.post(`${F}/cajas/cierres`, { IdSesion: idSesion, Declarado: [{ IdMedioPago: 1, Monto: '120.00' }] });
    expect(cierre.statusCode, cierre.body).toBe(200);
    expect(cierre.json().Sesion).toMatchObject({ TotalEsperado: '120.00', Diferencia: '0.00', EstadoNombre: 'Cerrado' });
    const z = await sup.get(`${F}/cuadrescajas/${idSesion}/reporte`);
    expect(z.statusCode).toBe(200);
    expect(z.headers['content-type']).toContain('application/pdf');
  });
});

describe('canje de una nota de venta: el stock y la deuda se mueven una sola vez', () => {
  it('la factura que canjea una nota de venta no saca stock ni crea otra deuda; no se canjea dos veces; la nota no se anula mientras el canje rige', async () => {
    const antes = await stock();
    const nv = await sup.post(DOC, { IdTipoDocumento: 1008, IdSerie: await idSerie(sup, 1008, 'NV01'), FechaEmision: hoy, ...credito('30.00'), ListaItems: [linea('3')], ListaEntidades: [CLIENTE] });
    expect(nv.statusCode, nv.body).toBe(201);
    const idNv = nv.json().Id as number;
    expect(Number(await stock())).toBe(Number(antes) - 3);

    const f = await sup.post(DOC, factura(idF001, { ListaEntidades: [CLIENTE], ...credito('30.00'), ListaItems: [linea('3')], IdDocumentoOrigen: idNv }));
    expect(f.statusCode, f.body).toBe(201);
    const idF = f.json().Id as number;
    expect(Number(await stock())).toBe(Number(antes) - 3);
    expect(await movimientos(idF)).toEqual([]);
    expect(await saldo(idNv)).toBe('30.00');
    expect(await saldo(idF)).toBe('0.00');
    // One sale in the sales list and the sales report: the factura, not also the nota it exchanged.
    const lista = (await sup.get(`/api/contabilidad/v1/ventas?desde=${hoy}&hasta=${hoy}&regxpag=200`)).json().Data as { IdDocumento: number }[];
    expect(lista.map((x) => x.IdDocumento)).toContain(idF);
    expect(lista.map((x) => x.IdDocumento)).not.toContain(idNv);
    const porItem = async () => {
      const r = await sup.get(`/api/contabilidad/v1/reportes/ventas?desde=${hoy}&hasta=${hoy}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().Resumen.find((x: { IdMoneda: number }) => x.IdMoneda === 1) as { Ventas: string; CantidadVentas: number };
    };
    const conCanje = await porItem();

    const otra = await sup.post(DOC, { IdTipoDocumento: 1004, IdSerie: await idSerie(sup, 1004, 'B001'), FechaEmision: hoy, ListaItems: [linea('3')], ListaEntidades: [CLIENTE], IdDocumentoOrigen: idNv });
    expect(otra.statusCode, otra.body).toBe(409);
    expect(otra.json().Mensaje).toBe(`La nota de venta ya fue canjeada por el comprobante ${f.json().SerieNumero}`);
    const deFactura = await sup.post(DOC, factura(idF001, { ListaEntidades: [CLIENTE], ListaItems: [linea('1')], IdDocumentoOrigen: idF }));
    expect(deFactura.json()).toMatchObject({ ErrorId: 500001, Errores: { IdDocumentoOrigen: 'Solo se canjea una nota de venta' } });
    const anularNota = await anular(idNv);
    expect(anularNota.statusCode).toBe(400);
    expect(anularNota.json().Mensaje).toBe(`La nota de venta fue canjeada por el comprobante ${f.json().SerieNumero}: anule primero ese comprobante`);
    expect(Number(await stock())).toBe(Number(antes) - 3);

    // The factura voided: it moved nothing, so nothing comes back; then the nota can be voided and returns the goods.
    await esperarEstado(idF, [EstadoSunat.ACEPTADO]);
    expect((await anular(idF)).statusCode).toBe(200);
    await esperarEstado(idF, [EstadoSunat.ANULADO]);
    // With the factura voided, the nota is the sale again: counted once, for the same 30.00.
    const sinCanje = await porItem();
    expect(sinCanje.CantidadVentas).toBe(conCanje.CantidadVentas);
    expect(sinCanje.Ventas).toBe(conCanje.Ventas);
    expect(((await sup.get(`/api/contabilidad/v1/ventas?desde=${hoy}&hasta=${hoy}&regxpag=200`)).json().Data as { IdDocumento: number }[]).map((x) => x.IdDocumento)).toContain(idNv);
    expect(Number(await stock())).toBe(Number(antes) - 3);
    expect(await saldo(idNv)).toBe('30.00');
    expect((await anular(idNv)).statusCode).toBe(200);
    expect(await stock()).toBe(antes);
    expect(await saldo(idNv)).toBe('0.00');
  });
});
