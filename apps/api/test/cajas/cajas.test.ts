import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ErrorCodes, type TCaja, type TCuadreCaja, type TMiCaja, type TSesionCaja, type TVentaCaja } from '@yupana/contracts';
import { documentoContable } from '../../src/modules/contabilidad/contabilidad.schema';
import { ventaCaja } from '../../src/modules/cajas/cajas.schema';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, CLIENTE_DNI, hoyLima, idSerie, type Cliente } from '../contabilidad/ayudas';

// Issue 12: cash boxes, sessions with a blind close, and the point of sale's checkout bound to the session.
let e: Entorno;
let sup: Cliente;
let cajero: Cliente;
let soporte: Cliente;
let otra: Cliente;
let idSucursal: number;
let cajaA: TCaja;
let cajaB: TCaja;
let idBoleta: number;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  soporte = await clienteDe(e.app, 'soporte');
  otra = await clienteDe(e.app, 'demo.supervisor');
  // The cashier's branch, from its token's payload.
  idSucursal = (JSON.parse(Buffer.from(cajero.token.split('.')[1], 'base64url').toString()) as { Sucursales: number[] }).Sucursales[0];
  idBoleta = await idSerie(sup, 1004, 'B001');
});
afterAll(async () => {
  await e?.cerrar();
});

const F = '/api/finanzas/v1';
const boleta = (precio = '23.60', extra: Record<string, unknown> = {}) => ({
  IdTipoDocumento: 1004,
  IdSerie: idBoleta,
  FechaEmision: hoyLima(),
  ListaItems: [{ CodigoItem: 'P001', ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: precio, TipoAfectacion: '10' }],
  ListaEntidades: [CLIENTE_DNI],
  ...extra,
});

describe('cajas', () => {
  it('el supervisor crea cajas; el cajero no; otra empresa no ve la caja', async () => {
    const r = await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja 1', Tipo: 1, Tolerancia: '1.00' });
    expect(r.statusCode, r.body).toBe(201);
    cajaA = r.json();
    expect(cajaA).toMatchObject({ Descripcion: 'Caja 1', Tolerancia: '1.00', IdSesionAbierta: null, AnchoTicket: 80, BaudiosImpresora: 9600 });
    // The serial speed of the box's thermal printer: one of the usual ones, in Spanish otherwise.
    const rapida = await sup.put(`${F}/cajas/${cajaA.Id}`, { IdSucursal: idSucursal, Descripcion: 'Caja 1', Tipo: 1, Tolerancia: '1.00', BaudiosImpresora: 115200 });
    expect(rapida.statusCode, rapida.body).toBe(200);
    expect(rapida.json()).toMatchObject({ BaudiosImpresora: 115200 });
    const rara = await sup.put(`${F}/cajas/${cajaA.Id}`, { IdSucursal: idSucursal, Descripcion: 'Caja 1', BaudiosImpresora: 12345 });
    expect(rara.statusCode).toBe(400);
    expect(rara.json()).toMatchObject({ ErrorId: 500001, Errores: { BaudiosImpresora: 'Velocidad de la impresora: 9600, 19200, 38400, 57600 o 115200 baudios' } });
    cajaA = (await sup.put(`${F}/cajas/${cajaA.Id}`, { IdSucursal: idSucursal, Descripcion: 'Caja 1', Tipo: 1, Tolerancia: '1.00' })).json();
    cajaB = (await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja 2' })).json();
    const rep = await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'caja 1' });
    expect(rep.statusCode).toBe(400);
    expect(rep.json().Errores.Descripcion).toMatch(/Ya existe/);
    expect((await cajero.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Mía' })).statusCode).toBe(403);
    expect((await otra.get(`${F}/cajas/${cajaA.Id}`)).statusCode).toBe(404);
    expect((await otra.put(`${F}/cajas/${cajaA.Id}`, { IdSucursal: idSucursal, Descripcion: 'X' })).statusCode).toBe(404);
    expect((await cajero.get(`${F}/cajas`)).json().Data.map((c: TCaja) => c.Id)).toEqual(expect.arrayContaining([cajaA.Id, cajaB.Id]));
  });
});

describe('sesión de caja', () => {
  let sesion: TSesionCaja;
  it('abre con un fondo; una sesión abierta por caja y por usuario (5003201)', async () => {
    expect((await soporte.post(`${F}/cajas/${cajaA.Id}/aperturas`, { MontoApertura: '100' })).statusCode).toBe(403);
    expect((await otra.post(`${F}/cajas/${cajaA.Id}/aperturas`, { MontoApertura: '100' })).statusCode).toBe(404);
    const r = await cajero.post(`${F}/cajas/${cajaA.Id}/aperturas`, { MontoApertura: '100.00' });
    expect(r.statusCode, r.body).toBe(201);
    sesion = r.json();
    expect(sesion).toMatchObject({ Estado: 1, EstadoNombre: 'Aperturado', MontoApertura: '100.00', Usuario: 'cajero' });
    const otraVez = await cajero.post(`${F}/cajas/${cajaB.Id}/aperturas`, { MontoApertura: '0' });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().ErrorId).toBe(ErrorCodes.CAJA_APERTURADA_POR_USUARIO);
    const ocupada = await sup.post(`${F}/cajas/${cajaA.Id}/aperturas`, { MontoApertura: '0' });
    expect(ocupada.statusCode).toBe(409);
    expect(ocupada.json()).toMatchObject({ ErrorId: 5003201, Mensaje: 'La caja fue aperturada por el usuario cajero' });
    const mia = (await cajero.get(`${F}/usuarios/cajas`)).json() as TMiCaja;
    expect(mia.Sesion?.Id).toBe(sesion.Id);
  });

  it('vende una boleta: documento y venta en una transacción, con vuelto en decimal', async () => {
    const r = await cajero.post('/api/ventas/v1/cajas/ventas', { Documento: boleta('23.60'), Pagos: [{ IdMedioPago: 1, Monto: '50' }] }, { 'idempotency-key': 'venta-prueba-0001' });
    expect(r.statusCode, r.body).toBe(201);
    const v = r.json() as TVentaCaja;
    expect(v).toMatchObject({ IdSesion: sesion.Id, Total: '23.60', Pagado: '50.00', Vuelto: '26.40' });
    expect(v.Documento.SerieNumero).toMatch(/^B001-\d+$/);
    // A retry with the same key: the same sale, no second document.
    const otra = await cajero.post('/api/ventas/v1/cajas/ventas', { Documento: boleta('23.60'), Pagos: [{ IdMedioPago: 1, Monto: '50' }] }, { 'idempotency-key': 'venta-prueba-0001' });
    expect(otra.statusCode).toBe(201);
    expect(otra.headers['idempotent-replayed']).toBe('true');
    expect(otra.json().Id).toBe(v.Id);
    const [{ n }] = await e.dbh.db.select({ n: count() }).from(ventaCaja).where(eq(ventaCaja.idSesion, sesion.Id));
    expect(n).toBe(1);
    // The same key with another sale: 422, nothing issued.
    const distinta = await cajero.post('/api/ventas/v1/cajas/ventas', { Documento: boleta('10.00'), Pagos: [{ IdMedioPago: 1, Monto: '10' }] }, { 'idempotency-key': 'venta-prueba-0001' });
    expect(distinta.statusCode).toBe(422);
  });

  it('un pago corto no emite nada: el documento se deshace con la venta', async () => {
    const antes = (await e.dbh.db.select({ n: count() }).from(documentoContable))[0].n;
    const r = await cajero.post('/api/ventas/v1/cajas/ventas', { Documento: boleta('30.00'), Pagos: [{ IdMedioPago: 1, Monto: '10' }, { IdMedioPago: 3, Monto: '5.50' }] });
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores.Pagos).toBe('Falta S/ 14.50 para completar el pago de S/ 30.00');
    const tarjetaDeMas = await cajero.post('/api/ventas/v1/cajas/ventas', { Documento: boleta('30.00'), Pagos: [{ IdMedioPago: 2, Monto: '40' }] });
    expect(tarjetaDeMas.statusCode).toBe(400);
    expect((await e.dbh.db.select({ n: count() }).from(documentoContable))[0].n).toBe(antes);
  });

  it('pagos mixtos, ingresos y egresos de caja', async () => {
    const r = await cajero.post('/api/ventas/v1/cajas/ventas', {
      Documento: boleta('59.00'),
      Pagos: [
        { IdMedioPago: 2, Monto: '20.00', Referencia: 'VISA 1234' },
        { IdMedioPago: 3, Monto: '9.00' },
        { IdMedioPago: 1, Monto: '40' },
      ],
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().Vuelto).toBe('10.00');
    expect((await cajero.post(`${F}/cajas/movimientos`, { Tipo: 1, Monto: '20', Motivo: 'Sencillo del banco' })).statusCode).toBe(201);
    expect((await cajero.post(`${F}/cajas/movimientos`, { Tipo: 2, Monto: '15.50', Motivo: 'Compra de bolsas' })).statusCode).toBe(201);
    const sinPlata = await cajero.post(`${F}/cajas/movimientos`, { Tipo: 2, Monto: '9999', Motivo: 'Demasiado' });
    expect(sinPlata.statusCode).toBe(400);
    // Blind: the cashier does not see the expected figures while open; the supervisor does.
    const ciego = (await cajero.get(`${F}/cuadrescajas/${sesion.Id}`)).json() as TCuadreCaja;
    expect(ciego.Medios.every((m) => m.Esperado === null)).toBe(true);
    expect(ciego.Sesion.TotalVentas).toBeNull();
    const visto = (await sup.get(`${F}/cuadrescajas/${sesion.Id}`)).json() as TCuadreCaja;
    // Cash: 100 + 50 - 26.40 + 40 - 10 + 20 - 15.50 = 158.10; card 20; Yape 9.
    expect(Object.fromEntries(visto.Medios.map((m) => [m.IdMedioPago, m.Esperado]))).toEqual({ 1: '158.10', 2: '20.00', 3: '9.00', 4: '0.00', 5: '0.00' });
    expect((await otra.get(`${F}/cuadrescajas/${sesion.Id}`)).statusCode).toBe(404);
  });

  it('el reporte Z espera al cierre; el cierre ciego calcula la diferencia y marca Observado fuera de la tolerancia', async () => {
    expect((await cajero.get(`${F}/cuadrescajas/${sesion.Id}/reporte`)).statusCode).toBe(409);
    expect((await otra.post(`${F}/cajas/cierres`, { IdSesion: sesion.Id, Declarado: [] })).statusCode).toBe(404);
    const r = await cajero.post(`${F}/cajas/cierres`, {
      IdSesion: sesion.Id,
      Declarado: [
        { IdMedioPago: 1, Monto: '150.10' },
        { IdMedioPago: 2, Monto: '20' },
        { IdMedioPago: 3, Monto: '9' },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const c = r.json() as TCuadreCaja;
    expect(c.Sesion).toMatchObject({ Estado: 2, EstadoNombre: 'Observado', TotalEsperado: '187.10', TotalDeclarado: '179.10', Diferencia: '-8.00', TotalVentas: '82.60', Ventas: 2 });
    expect(c.Medios.find((m) => m.IdMedioPago === 1)).toMatchObject({ Esperado: '158.10', Declarado: '150.10', Diferencia: '-8.00' });
    expect(c.PorTipoDocumento).toEqual([{ TipoDocumento: 'Boleta de venta electrónica', Cantidad: 2, Total: '82.60' }]);
    const otraVez = await cajero.post(`${F}/cajas/cierres`, { IdSesion: sesion.Id, Declarado: [] });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json()).toMatchObject({ ErrorId: ErrorCodes.CAJA_CERRADA_POR_USUARIO, Mensaje: 'Caja ya cerrada' });
    const pdf = await cajero.get(`${F}/cuadrescajas/${sesion.Id}/reporte`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Closed: selling needs a new session.
    const sinCaja = await cajero.post('/api/ventas/v1/cajas/ventas', { Documento: boleta(), Pagos: [{ IdMedioPago: 1, Monto: '50' }] });
    expect(sinCaja.statusCode).toBe(409);
  });

  it('dentro de la tolerancia queda Cerrado; el historial y su Excel; el bloqueo es del supervisor', async () => {
    const s = (await cajero.post(`${F}/cajas/${cajaB.Id}/aperturas`, { MontoApertura: '50' })).json() as TSesionCaja;
    const c = (await cajero.post(`${F}/cajas/cierres`, { IdSesion: s.Id, Declarado: [{ IdMedioPago: 1, Monto: '50.00' }] })).json() as TCuadreCaja;
    expect(c.Sesion).toMatchObject({ Estado: 3, EstadoNombre: 'Cerrado', Diferencia: '0.00' });
    const lista = await cajero.get(`${F}/cajas/sesiones?regxpag=10`);
    expect(lista.json().Count).toBe(2);
    expect((await otra.get(`${F}/cajas/sesiones`)).json().Count).toBe(0);
    const x = await sup.get(`${F}/cajas/sesiones/excel`);
    expect(x.statusCode).toBe(200);
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await cajero.put(`${F}/cuadrescajas/${s.Id}/bloqueos`, {})).statusCode).toBe(403);
    const b = await sup.put(`${F}/cuadrescajas/${s.Id}/bloqueos`, {});
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().EstadoNombre).toBe('Bloqueado');
  });
});

describe('carreras y permisos', () => {
  it('dos aperturas a la vez de la misma caja: una sola sesión', async () => {
    const c = (await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja carrera' })).json() as TCaja;
    const [a, b] = await Promise.all([
      sup.post(`${F}/cajas/${c.Id}/aperturas`, { MontoApertura: '10' }),
      cajero.post(`${F}/cajas/${c.Id}/aperturas`, { MontoApertura: '20' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().ErrorId).toBe(ErrorCodes.CAJA_APERTURADA_POR_USUARIO);
    const abierta = (a.statusCode === 201 ? a : b).json() as TSesionCaja;
    // The holder closes it (the supervisor may close anyone's).
    const r = await sup.post(`${F}/cajas/cierres`, { IdSesion: abierta.Id, Declarado: [{ IdMedioPago: 1, Monto: abierta.MontoApertura }] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().Sesion.EstadoNombre).toBe('Cerrado');
  });

  it('soporte no opera ni consulta cajas; el cajero no cierra la sesión de otro', async () => {
    expect((await soporte.get(`${F}/cajas/sesiones`)).statusCode).toBe(403);
    expect((await soporte.post('/api/ventas/v1/cajas/ventas', { Documento: boleta(), Pagos: [{ IdMedioPago: 1, Monto: '50' }] })).statusCode).toBe(403);
    const s = (await sup.post(`${F}/cajas/${cajaA.Id}/aperturas`, { MontoApertura: '5' })).json() as TSesionCaja;
    const ajena = await cajero.post(`${F}/cajas/cierres`, { IdSesion: s.Id, Declarado: [] });
    expect(ajena.statusCode).toBe(403);
    expect((await cajero.get(`${F}/cuadrescajas/${s.Id}`)).statusCode).toBe(403);
  });
});
