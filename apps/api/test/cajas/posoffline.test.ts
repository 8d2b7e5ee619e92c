import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { ErrorCodes, type TCaja, type TDispositivoCaja, type TSesionCaja, type TVentaCaja } from '@yupana/contracts';
import { documentoContable } from '../../src/modules/contabilidad/contabilidad.schema';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, type Cliente } from '../contabilidad/ayudas';

// Issue 12 (branch posoffline): a device's offline sales on its reserved nota de venta series, synced in order,
// de-duplicated by the client UUID and by (series, number); the session cannot close while the device has some unsent.
let e: Entorno;
let sup: Cliente;
let cajero: Cliente;
let otra: Cliente;
let cajaA: TCaja;
let cajaB: TCaja;
let sesion: TSesionCaja;
let disp: TDispositivoCaja;
const idDispositivo = randomUUID();

const F = '/api/finanzas/v1';
const V = '/api/ventas/v1/cajas';
const hoy = hoyLima();
const venta = (numero: number, uuid: string, precio = '10.00', extra: Record<string, unknown> = {}) => ({
  IdDispositivo: idDispositivo,
  Uuid: uuid,
  Numero: numero,
  HoraEmision: '09:15:00',
  Documento: {
    IdTipoDocumento: 1008,
    IdSerie: disp.IdSerie,
    FechaEmision: hoy,
    ListaItems: [{ CodigoItem: 'P001', ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: precio, TipoAfectacion: '10' }],
    ListaEntidades: [],
  },
  Pagos: [{ IdMedioPago: 1, Monto: '20.00' }],
  ...extra,
});

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  otra = await clienteDe(e.app, 'demo.supervisor');
  const idSucursal = (JSON.parse(Buffer.from(cajero.token.split('.')[1], 'base64url').toString()) as { Sucursales: number[] }).Sucursales[0];
  cajaA = (await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja offline A' })).json() as TCaja;
  cajaB = (await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja offline B' })).json() as TCaja;
  sesion = (await cajero.post(`${F}/cajas/${cajaA.Id}/aperturas`, { MontoApertura: '50.00' })).json() as TSesionCaja;
}, 240_000);
afterAll(async () => {
  await e?.cerrar();
});

describe('ventas sin conexión de un dispositivo de caja', () => {
  it('registra el dispositivo con una serie de notas de venta propia; repetir devuelve la misma; otra empresa 404', async () => {
    const r = await cajero.post(`${V}/dispositivos`, { IdDispositivo: idDispositivo, IdCaja: cajaA.Id });
    expect(r.statusCode, r.body).toBe(200);
    disp = r.json() as TDispositivoCaja;
    expect(disp).toMatchObject({ IdCaja: cajaA.Id, IdTipoDocumento: 1008, UltimoSincronizado: 0 });
    expect(disp.Serie).toMatch(/^D\w{3}$/);
    const otraVez = (await cajero.post(`${V}/dispositivos`, { IdDispositivo: idDispositivo.toUpperCase(), IdCaja: cajaA.Id })).json() as TDispositivoCaja;
    expect(otraVez.IdSerie).toBe(disp.IdSerie);
    // The same device in another box: 409; another company's box: 404; a bad UUID: 500001.
    const enB = await cajero.post(`${V}/dispositivos`, { IdDispositivo: idDispositivo, IdCaja: cajaB.Id });
    expect(enB.statusCode).toBe(409);
    expect(enB.json()).toMatchObject({ ErrorId: ErrorCodes.DISPOSITIVO_OTRA_CAJA, Mensaje: 'El dispositivo está registrado en la caja Caja offline A' });
    expect((await otra.post(`${V}/dispositivos`, { IdDispositivo: randomUUID(), IdCaja: cajaA.Id })).statusCode).toBe(404);
    const mal = await cajero.post(`${V}/dispositivos`, { IdDispositivo: 'no-es-uuid', IdCaja: cajaA.Id });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().ErrorId).toBe(ErrorCodes.VALIDACION);
  });

  it('la serie reservada no se usa en una venta en línea', async () => {
    const { IdDispositivo: _d, Uuid: _u, Numero: _n, HoraEmision: _h, ...cuerpo } = venta(1, randomUUID());
    const r = await cajero.post(`${V}/ventas`, cuerpo, { 'idempotency-key': `online-${randomUUID()}` });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().Errores['IdSerie']).toMatch(/reservada para las ventas sin conexión/);
    // The issuing forms' list does not offer it; the series page lists it.
    const v2 = (await cajero.get('/api/entidades/v2/entidades/series?idtipodocumento=1008')).json() as { Data: { Id: number }[] };
    expect(v2.Data.map((x) => x.Id)).not.toContain(disp.IdSerie);
    expect(v2.Data.length).toBeGreaterThan(0);
    const v3 = (await sup.get('/api/entidades/v3/entidades/series?idtipodocumento=1008&nropagina=1&regxpagina=50')).json() as { Data: { Id: number }[] };
    expect(v3.Data.map((x) => x.Id)).toContain(disp.IdSerie);
  });

  it('sincroniza en orden: idempotente por UUID, número repetido con otro UUID 409, número adelantado 409', async () => {
    const u1 = randomUUID();
    // Number 2 before number 1: held (the device sends 1 first).
    const adelantada = await cajero.post(`${V}/dispositivos/ventas`, venta(2, randomUUID()));
    expect(adelantada.statusCode, adelantada.body).toBe(409);
    expect(adelantada.json()).toMatchObject({ ErrorId: ErrorCodes.VENTA_DISPOSITIVO_FUERA_DE_ORDEN, Mensaje: `Falta sincronizar antes la venta ${disp.Serie}-1 del dispositivo` });
    const r1 = await cajero.post(`${V}/dispositivos/ventas`, venta(1, u1));
    expect(r1.statusCode, r1.body).toBe(201);
    const v1 = r1.json() as TVentaCaja;
    expect(v1).toMatchObject({ IdSesion: sesion.Id, Total: '10.00', Pagado: '20.00', Vuelto: '10.00' });
    expect(v1.Documento).toMatchObject({ Serie: disp.Serie, Correlativo: 1 });
    // The same UUID again: the same sale, nothing new.
    const again = await cajero.post(`${V}/dispositivos/ventas`, venta(1, u1));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as TVentaCaja).Id).toBe(v1.Id);
    // Number 1 with another UUID: the number is taken.
    const dup = await cajero.post(`${V}/dispositivos/ventas`, venta(1, randomUUID()));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ ErrorId: ErrorCodes.VENTA_DISPOSITIVO_NUMERO_USADO, Mensaje: `El número ${disp.Serie}-1 ya fue registrado con otra venta` });
    const docs = await e.dbh.db.select({ n: count() }).from(documentoContable).where(and(eq(documentoContable.idSerie, disp.IdSerie)));
    expect(docs[0].n).toBe(1);
    // The document carries the device's time; the session counts it.
    const [doc] = await e.dbh.db.select({ hora: documentoContable.horaEmision }).from(documentoContable).where(eq(documentoContable.id, v1.Documento.Id));
    expect(doc.hora).toBe('09:15:00');
    const cuadre = (await sup.get(`${F}/cuadrescajas/${sesion.Id}`)).json() as { Sesion: TSesionCaja };
    expect(cuadre.Sesion).toMatchObject({ Ventas: 1, TotalVentas: '10.00' });
  });

  it('otra empresa 404; una sesión de otra caja 403; otro tipo de documento 500001', async () => {
    expect((await otra.post(`${V}/dispositivos/ventas`, venta(2, randomUUID()))).statusCode).toBe(404);
    const sB = await sup.post(`${F}/cajas/${cajaB.Id}/aperturas`, { MontoApertura: '0' });
    expect(sB.statusCode, sB.body).toBe(201);
    const ajena = await sup.post(`${V}/dispositivos/ventas`, venta(2, randomUUID()));
    expect(ajena.statusCode, ajena.body).toBe(403);
    expect(ajena.json().ErrorId).toBe(ErrorCodes.DISPOSITIVO_OTRA_CAJA);
    const cierreB = await sup.post(`${F}/cajas/cierres`, { IdSesion: (sB.json() as TSesionCaja).Id, Declarado: [] });
    expect(cierreB.statusCode, cierreB.body).toBe(200);
    const factura = venta(2, randomUUID());
    const r = await cajero.post(`${V}/dispositivos/ventas`, { ...factura, Documento: { ...factura.Documento, IdTipoDocumento: 1003 } });
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores['Documento.IdTipoDocumento']).toBe('Sin conexión solo se emiten boletas y notas de venta');
  });

  it('dos envíos simultáneos del mismo número con distinto UUID: uno entra, el otro 409', async () => {
    const rs = await Promise.all([cajero.post(`${V}/dispositivos/ventas`, venta(2, randomUUID())), cajero.post(`${V}/dispositivos/ventas`, venta(2, randomUUID()))]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(rs.find((r) => r.statusCode === 409)!.json().ErrorId).toBe(ErrorCodes.VENTA_DISPOSITIVO_NUMERO_USADO);
    const docs = await e.dbh.db.select({ n: count() }).from(documentoContable).where(eq(documentoContable.idSerie, disp.IdSerie));
    expect(docs[0].n).toBe(2);
  });

  it('no se cierra la caja con ventas sin sincronizar; tras sincronizar, sí', async () => {
    // The device used numbers 3 and 4 offline and says so when closing.
    const r = await cajero.post(`${F}/cajas/cierres`, { IdSesion: sesion.Id, Declarado: [], Dispositivo: { IdDispositivo: idDispositivo, UltimoNumero: 4 } });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toMatchObject({
      ErrorId: ErrorCodes.CAJA_VENTAS_SIN_SINCRONIZAR,
      Mensaje: 'Hay 2 ventas sin conexión pendientes de sincronizar: conéctese y espere a que se sincronicen antes de cerrar la caja',
    });
    // Another client (the supervisor's PC, with no device report) is refused too: the server remembers the report.
    const sup1 = await sup.post(`${F}/cajas/cierres`, { IdSesion: sesion.Id, Declarado: [] });
    expect(sup1.statusCode).toBe(409);
    expect(sup1.json().ErrorId).toBe(ErrorCodes.CAJA_VENTAS_SIN_SINCRONIZAR);
    expect((await cajero.post(`${V}/dispositivos/ventas`, venta(3, randomUUID()))).statusCode).toBe(201);
    const una = await cajero.post(`${F}/cajas/cierres`, { IdSesion: sesion.Id, Declarado: [] });
    expect(una.json().Mensaje).toMatch(/^Hay 1 venta sin conexión pendientes/);
    expect((await cajero.post(`${V}/dispositivos/ventas`, venta(4, randomUUID()))).statusCode).toBe(201);
    const ok = await cajero.post(`${F}/cajas/cierres`, { IdSesion: sesion.Id, Declarado: [{ IdMedioPago: 1, Monto: '90.00' }], Dispositivo: { IdDispositivo: idDispositivo, UltimoNumero: 4 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().Sesion).toMatchObject({ Ventas: 4, TotalVentas: '40.00', Estado: 3 });
    // The registration now reports the last number received.
    expect(((await cajero.post(`${V}/dispositivos`, { IdDispositivo: idDispositivo, IdCaja: cajaA.Id })).json() as TDispositivoCaja).UltimoSincronizado).toBe(4);
  });
});
