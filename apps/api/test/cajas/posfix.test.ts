import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { ErrorCodes, type TCaja, type TCuadreCaja, type TDispositivoCaja, type TNumeroDescartado, type TSesionCaja } from '@yupana/contracts';
import { documentoContable } from '../../src/modules/contabilidad/contabilidad.schema';
import { serie } from '../../src/modules/entidades/series/series.schema';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, type Cliente } from '../contabilidad/ayudas';

// Issue 12 (branch posfix): a queued offline sale the server refuses is discarded with a reason; its device number is
// recorded on the series (no document), the close passes and the Z report lists it.
let e: Entorno;
let sup: Cliente;
let cajero: Cliente;
let otra: Cliente;
let soporte: Cliente;
let caja: TCaja;
let sesion: TSesionCaja;
let disp: TDispositivoCaja;
const idDispositivo = randomUUID();

const F = '/api/finanzas/v1';
const V = '/api/ventas/v1/cajas';
const hoy = hoyLima();
const venta = (numero: number, uuid: string, tipo: 1004 | 1008 = 1008, fecha = hoy) => ({
  IdDispositivo: idDispositivo,
  Uuid: uuid,
  Numero: numero,
  HoraEmision: '09:15:00',
  Documento: {
    IdTipoDocumento: tipo,
    IdSerie: tipo === 1004 ? disp.IdSerieBoleta! : disp.IdSerie,
    FechaEmision: fecha,
    ListaItems: [{ CodigoItem: 'P001', ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: '10.00', TipoAfectacion: '10' }],
    ListaEntidades: [],
  },
  Pagos: [{ IdMedioPago: 1, Monto: '10.00' }],
});
const descarte = (numero: number, uuid: string, tipo: 1004 | 1008 = 1008, extra: Record<string, unknown> = {}) => ({
  IdDispositivo: idDispositivo,
  Uuid: uuid,
  IdTipoDocumento: tipo,
  Numero: numero,
  Motivo: 'SUNAT ya no acepta la boleta: se emitió de nuevo desde Documentos',
  Total: '10.00',
  Efectivo: '10.00',
  FechaEmision: hoy,
  Resumen: '1 x ARROZ COSTEÑO 5 KG; rechazo: SUNAT ya no acepta la boleta',
  ...extra,
});
const haceDias = (n: number) => new Date(Date.now() - 5 * 3600_000 - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  otra = await clienteDe(e.app, 'demo.supervisor');
  soporte = await clienteDe(e.app, 'soporte');
  const idSucursal = (JSON.parse(Buffer.from(cajero.token.split('.')[1], 'base64url').toString()) as { Sucursales: number[] }).Sucursales[0];
  caja = (await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja descartes' })).json() as TCaja;
  sesion = (await cajero.post(`${F}/cajas/${caja.Id}/aperturas`, { MontoApertura: '0' })).json() as TSesionCaja;
  disp = (await cajero.post(`${V}/dispositivos`, { IdDispositivo: idDispositivo, IdCaja: caja.Id })).json() as TDispositivoCaja;
}, 240_000);
afterAll(async () => {
  await e?.cerrar();
});

describe('descartar un número sin conexión rechazado', () => {
  it('una boleta de más de 3 días rechazada se descarta: número registrado, sin documento, reintento idempotente', async () => {
    expect(disp.SerieBoleta).toMatch(/^B9\w\w$/);
    const u1 = randomUUID();
    const vieja = await cajero.post(`${V}/dispositivos/ventas`, venta(1, u1, 1004, haceDias(5)));
    expect(vieja.statusCode, vieja.body).toBe(400);
    // The device has reported it used B9xx-1 and nota D-1 (not yet sent): the close is refused.
    await cajero.post(`${V}/dispositivos`, { IdDispositivo: idDispositivo, IdCaja: caja.Id, UltimoNumero: 0, UltimoNumeroBoleta: 2 });
    const r = await cajero.post(`${V}/dispositivos/descartes`, descarte(1, u1, 1004, { FechaEmision: haceDias(5) }));
    expect(r.statusCode, r.body).toBe(201);
    const d = r.json() as TNumeroDescartado;
    expect(d).toMatchObject({ SerieNumero: `${disp.SerieBoleta}-1`, Numero: 1, TipoDocumento: 'Boleta de venta', Total: '10.00', Efectivo: '10.00', IdSesion: sesion.Id, Usuario: 'cajero' });
    const [s] = await e.dbh.db.select({ c: serie.correlativo }).from(serie).where(eq(serie.id, disp.IdSerieBoleta!));
    expect(s.c).toBe(1);
    const docs = await e.dbh.db.select({ n: count() }).from(documentoContable).where(and(eq(documentoContable.idSerie, disp.IdSerieBoleta!)));
    expect(docs[0].n).toBe(0);
    // The device retries (lost answer): the same record, nothing new.
    const otraVez = await cajero.post(`${V}/dispositivos/descartes`, descarte(1, u1, 1004, { FechaEmision: haceDias(5) }));
    expect(otraVez.statusCode, otraVez.body).toBe(200);
    expect(otraVez.headers['idempotent-replayed']).toBe('true');
    expect((otraVez.json() as TNumeroDescartado).Id).toBe(d.Id);
    // The same number with another UUID: refused clearly.
    const dup = await cajero.post(`${V}/dispositivos/descartes`, descarte(1, randomUUID(), 1004));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ ErrorId: ErrorCodes.NUMERO_DISPOSITIVO_YA_DESCARTADO, Mensaje: `El número ${disp.SerieBoleta}-1 ya fue descartado` });
    // The next boleta of the device syncs as number 2.
    const b2 = await cajero.post(`${V}/dispositivos/ventas`, venta(2, randomUUID(), 1004));
    expect(b2.statusCode, b2.body).toBe(201);
  });

  it('un número con venta, uno adelantado o sin motivo no se descarta; otra empresa 404; sin permiso 403', async () => {
    const n1 = await cajero.post(`${V}/dispositivos/ventas`, venta(1, randomUUID()));
    expect(n1.statusCode, n1.body).toBe(201);
    const usado = await cajero.post(`${V}/dispositivos/descartes`, descarte(1, randomUUID()));
    expect(usado.statusCode).toBe(409);
    expect(usado.json()).toMatchObject({ ErrorId: ErrorCodes.NUMERO_DISPOSITIVO_CON_VENTA, Mensaje: `El número ${disp.Serie}-1 ya fue registrado con una venta: no se puede descartar` });
    const adelantado = await cajero.post(`${V}/dispositivos/descartes`, descarte(3, randomUUID()));
    expect(adelantado.statusCode).toBe(409);
    expect(adelantado.json()).toMatchObject({ ErrorId: ErrorCodes.VENTA_DISPOSITIVO_FUERA_DE_ORDEN });
    const sinMotivo = await cajero.post(`${V}/dispositivos/descartes`, descarte(2, randomUUID(), 1008, { Motivo: ' ' }));
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().ErrorId).toBe(ErrorCodes.VALIDACION);
    const efectivoDeMas = await cajero.post(`${V}/dispositivos/descartes`, descarte(2, randomUUID(), 1008, { Efectivo: '11.00' }));
    expect(efectivoDeMas.statusCode).toBe(400);
    expect((await otra.post(`${V}/dispositivos/descartes`, descarte(2, randomUUID()))).statusCode).toBe(404);
    expect((await soporte.post(`${V}/dispositivos/descartes`, descarte(2, randomUUID()))).statusCode).toBe(403);
    // The supervisor has no open session of this box: 409 (no session) — the discard belongs to the till's session.
    expect((await sup.post(`${V}/dispositivos/descartes`, descarte(2, randomUUID()))).statusCode).toBeGreaterThanOrEqual(403);
  });

  it('el cierre pasa con el número descartado y el reporte lo muestra', async () => {
    // Nota 2 was used offline and refused: reported, so the close is refused until it is discarded.
    await cajero.post(`${V}/dispositivos`, { IdDispositivo: idDispositivo, IdCaja: caja.Id, UltimoNumero: 2, UltimoNumeroBoleta: 2 });
    const antes = await cajero.post(`${F}/cajas/cierres`, { IdSesion: sesion.Id, Declarado: [] });
    expect(antes.statusCode).toBe(409);
    expect(antes.json().ErrorId).toBe(ErrorCodes.CAJA_VENTAS_SIN_SINCRONIZAR);
    const r = await cajero.post(`${V}/dispositivos/descartes`, descarte(2, randomUUID(), 1008, { Efectivo: '4.00', Total: '4.00' }));
    expect(r.statusCode, r.body).toBe(201);
    const cuadre = (await sup.get(`${F}/cuadrescajas/${sesion.Id}`)).json() as TCuadreCaja;
    expect(cuadre.Descartes.map((x) => x.SerieNumero)).toEqual([`${disp.SerieBoleta}-1`, `${disp.Serie}-2`]);
    expect(cuadre.Descartes[1]).toMatchObject({ TipoDocumento: 'Nota de venta', Efectivo: '4.00', Usuario: 'cajero' });
    // Cash: the two synced sales (10 + 10); the discarded ones are not expected.
    const ok = await cajero.post(`${F}/cajas/cierres`, { IdSesion: sesion.Id, Declarado: [{ IdMedioPago: 1, Monto: '20.00' }], Dispositivo: { IdDispositivo: idDispositivo, UltimoNumero: 2, UltimoNumeroBoleta: 2 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as TCuadreCaja).Descartes).toHaveLength(2);
    const pdf = await sup.get(`${F}/cuadrescajas/${sesion.Id}/reporte`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/pdf/);
  });
});
