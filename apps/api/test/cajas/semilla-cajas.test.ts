import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { ErrorCodes, type TBalanceCaja, type TCaja, type TMiCaja, type TMovimientosCaja, type TReanudacionCaja, type TResumenCaja, type TSesionCaja } from '@yupana/contracts';
import { sucursal } from '../../src/db/schema';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, CLIENTE_DNI, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

// Branch cajasemilla: the seed's remaining cash calls (§7 Finance "Cash") answer on their paths, with the figures of
// a real session (opened, two sales with change, an income and an expense) and the blind-count and tenancy rules.
let e: Entorno;
let sup: Cliente;
let cajero: Cliente;
let soporte: Cliente;
let otra: Cliente;
let idSucursal: number;
let idBoleta: number;
let pv: TCaja;
let caja: TCaja;
let sesion: TSesionCaja;

const F = '/api/finanzas/v1';
const boleta = (precio: string) => ({
  IdTipoDocumento: 1004,
  IdSerie: idBoleta,
  FechaEmision: hoyLima(),
  ListaItems: [{ CodigoItem: 'P001', ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: precio, TipoAfectacion: '10' }],
  ListaEntidades: [CLIENTE_DNI],
});

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  soporte = await clienteDe(e.app, 'soporte');
  otra = await clienteDe(e.app, 'demo.supervisor');
  idSucursal = (JSON.parse(Buffer.from(cajero.token.split('.')[1], 'base64url').toString()) as { Sucursales: number[] }).Sucursales[0];
  idBoleta = await idSerie(sup, 1004, 'B001');
  const a = await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'PV semilla', Tipo: 0 });
  expect(a.statusCode, a.body).toBe(201);
  pv = a.json();
  caja = (await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja semilla', Tipo: 1 })).json();
});
afterAll(async () => {
  await e?.cerrar();
});

/** No route answers a server error, whatever the input. */
const sin5xx = (r: { statusCode: number; body: string }) => expect(r.statusCode, r.body).toBeLessThan(500);

describe('puntosventas/{id} y reanudaciones antes de abrir', () => {
  it('un punto de venta es una caja de tipo 0; la de tipo 1 y la de otra empresa no lo son', async () => {
    const r = await cajero.get(`${F}/puntosventas/${pv.Id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Id: pv.Id, Descripcion: 'PV semilla', Tipo: 0, IdSesionAbierta: null });
    expect((await cajero.get(`${F}/puntosventas/${caja.Id}`)).json()).toMatchObject({ ErrorId: ErrorCodes.NO_ENCONTRADO, Mensaje: 'No se encontró el punto de venta' });
    expect((await cajero.get(`${F}/puntosventas/${caja.Id}`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/puntosventas/${pv.Id}`)).statusCode).toBe(404);
    const mala = await cajero.get(`${F}/puntosventas/abc`);
    expect(mala.statusCode).toBe(400);
    expect(mala.json().ErrorId).toBe(500001);
    expect(mala.json().Errores.id).toBeTruthy();
  });

  it('sin sesión: Sesion null y los puntos de venta de sus sucursales', async () => {
    const r = await cajero.get(`${F}/cajas/${pv.Id}/reanudaciones`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Sesion: null, Caja: { Id: pv.Id } });
    const todos = (await cajero.get(`${F}/puntosventas/reanudaciones`)).json() as TMiCaja;
    expect(todos.Sesion).toBeNull();
    expect(todos.Cajas.map((c) => c.Id)).toContain(pv.Id);
    expect(todos.Cajas.every((c) => c.Tipo === 0)).toBe(true);
    expect(todos.Cajas.map((c) => c.Id)).not.toContain(caja.Id);
  });
});

describe('una sesión con ventas y movimientos', () => {
  it('abre, vende dos boletas con vuelto y mueve efectivo', async () => {
    const a = await cajero.post(`${F}/cajas/${pv.Id}/aperturas`, { MontoApertura: '100.00' });
    expect(a.statusCode, a.body).toBe(201);
    sesion = a.json();
    // 59.00 paid with card 20 + Yape 9 + cash 40 (change 10.00); 23.60 paid with cash 50 (change 26.40).
    const v1 = await cajero.post('/api/ventas/v1/cajas/ventas', {
      Documento: boleta('59.00'),
      Pagos: [
        { IdMedioPago: 2, Monto: '20.00', Referencia: 'VISA 1234' },
        { IdMedioPago: 3, Monto: '9.00' },
        { IdMedioPago: 1, Monto: '40' },
      ],
    });
    expect(v1.statusCode, v1.body).toBe(201);
    expect(v1.json().Vuelto).toBe('10.00');
    const v2 = await cajero.post('/api/ventas/v1/cajas/ventas', { Documento: boleta('23.60'), Pagos: [{ IdMedioPago: 1, Monto: '50' }] });
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json().Vuelto).toBe('26.40');
    expect((await cajero.post(`${F}/cajas/movimientos`, { Tipo: 1, Monto: '20', Motivo: 'Sencillo del banco' })).statusCode).toBe(201);
    expect((await cajero.post(`${F}/cajas/movimientos`, { Tipo: 2, Monto: '15.50', Motivo: 'Compra de bolsas 100% biodegradables' })).statusCode).toBe(201);
  });

  it('reanudaciones: la sesión del cajero en su caja; la de otro usuario u otra caja es 409 5003201', async () => {
    for (const url of [`${F}/cajas/${pv.Id}/reanudaciones`, `${F}/puntosventas/${pv.Id}/reanudaciones`]) {
      const r = await cajero.get(url);
      expect(r.statusCode, r.body).toBe(200);
      const x = r.json() as TReanudacionCaja;
      expect(x.Sesion).toMatchObject({ Id: sesion.Id, IdCaja: pv.Id, Estado: 1, MontoApertura: '100.00', Usuario: 'cajero', Ventas: 2 });
      // The cashier resumes blind: no sales total while open.
      expect(x.Sesion?.TotalVentas).toBeNull();
      expect(x.Caja).toMatchObject({ Id: pv.Id, IdSesionAbierta: sesion.Id, UsuarioSesion: 'cajero' });
    }
    const todos = (await cajero.get(`${F}/puntosventas/reanudaciones`)).json() as TMiCaja;
    expect(todos.Sesion?.Id).toBe(sesion.Id);
    const ajena = await sup.get(`${F}/cajas/${pv.Id}/reanudaciones`);
    expect(ajena.statusCode).toBe(409);
    expect(ajena.json()).toMatchObject({ ErrorId: 5003201, Mensaje: 'La caja fue aperturada por el usuario cajero' });
    const otraCaja = await cajero.get(`${F}/cajas/${caja.Id}/reanudaciones`);
    expect(otraCaja.statusCode).toBe(409);
    expect(otraCaja.json()).toMatchObject({ ErrorId: 5003201, Mensaje: 'Usted tiene aperturada la caja PV semilla: continúe en ella o ciérrela' });
    // A box of kind 1 is not a point of sale.
    expect((await cajero.get(`${F}/puntosventas/${caja.Id}/reanudaciones`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/cajas/${pv.Id}/reanudaciones`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/puntosventas/${pv.Id}/reanudaciones`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/puntosventas/reanudaciones`)).json()).toMatchObject({ Sesion: null });
    // Support staff do not operate boxes.
    expect((await soporte.get(`${F}/cajas/${pv.Id}/reanudaciones`)).statusCode).toBe(403);
  });

  it('sucursales/{id}/cajas/aperturas: las sesiones abiertas de la sucursal', async () => {
    const s = await sup.get(`${F}/sucursales/${idSucursal}/cajas/aperturas`);
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json().Count).toBe(1);
    expect(s.json().Data[0]).toMatchObject({ Id: sesion.Id, IdCaja: pv.Id, Caja: 'PV semilla', EstadoNombre: 'Aperturado', TotalVentas: '82.60' });
    const c = (await cajero.get(`${F}/sucursales/${idSucursal}/cajas/aperturas?pagina=1&regxpag=5`)).json();
    expect(c.Data.map((x: TSesionCaja) => x.Id)).toEqual([sesion.Id]);
    expect(c.Data[0].TotalVentas).toBeNull();
    // The supervisor's own session on the other box: the cashier sees only theirs.
    const a = await sup.post(`${F}/cajas/${caja.Id}/aperturas`, { MontoApertura: '0' });
    expect(a.statusCode, a.body).toBe(201);
    expect((await sup.get(`${F}/sucursales/${idSucursal}/cajas/aperturas`)).json().Count).toBe(2);
    expect((await cajero.get(`${F}/sucursales/${idSucursal}/cajas/aperturas`)).json().Count).toBe(1);
    const cierre = await sup.post(`${F}/cajas/cierres`, { IdSesion: a.json().Id, Declarado: [] });
    expect(cierre.statusCode, cierre.body).toBe(200);
    expect((await otra.get(`${F}/sucursales/${idSucursal}/cajas/aperturas`)).statusCode).toBe(404);
    const mala = await sup.get(`${F}/sucursales/0/cajas/aperturas?regxpag=1000`);
    expect(mala.statusCode).toBe(400);
    expect(mala.json().ErrorId).toBe(500001);
    // A branch of the company not assigned to the cashier: 403.
    const [{ idEmpresa }] = await e.dbh.db.select({ idEmpresa: sucursal.idEmpresa }).from(sucursal).where(eq(sucursal.id, idSucursal));
    const [ajena] = await e.dbh.db.select({ id: sucursal.id }).from(sucursal).where(and(eq(sucursal.idEmpresa, idEmpresa), ne(sucursal.id, idSucursal)));
    expect(ajena, 'los datos demo tienen una segunda sucursal').toBeTruthy();
    const r = await cajero.get(`${F}/sucursales/${ajena.id}/cajas/aperturas`);
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json().ErrorId).toBe(ErrorCodes.SUCURSAL_NO_ASIGNADA);
    expect((await sup.get(`${F}/sucursales/${ajena.id}/cajas/aperturas`)).json().Count).toBe(0);
  });

  it('resumenes y balances: las cifras exactas para el supervisor, ciegas para el cajero mientras está abierta', async () => {
    const r = await sup.get(`${F}/cajas/${pv.Id}/resumenes`);
    expect(r.statusCode, r.body).toBe(200);
    const x = r.json() as TResumenCaja;
    expect(x.Sesion.Id).toBe(sesion.Id);
    // Cash sales: 40 - 10 + 50 - 26.40 = 53.60; expected cash: 100 + 53.60 + 20 - 15.50 = 158.10.
    expect(x.PorMedioPago.map((m) => [m.IdMedioPago, m.Ventas, m.Esperado])).toEqual([
      [1, '53.60', '158.10'],
      [2, '20.00', '20.00'],
      [3, '9.00', '9.00'],
      [4, '0.00', '0.00'],
      [5, '0.00', '0.00'],
    ]);
    expect(x.PorTipoDocumento).toEqual([{ TipoDocumento: 'Boleta de venta electrónica', Cantidad: 2, Total: '82.60' }]);
    expect(x).toMatchObject({ Ingresos: '20.00', Egresos: '15.50', Anulaciones: { Cantidad: 0, Total: '0.00' } });
    const b = (await sup.get(`${F}/cajas/${pv.Id}/balances`)).json() as TBalanceCaja;
    expect(b).toMatchObject({ MontoApertura: '100.00', VentasEfectivo: '53.60', Ingresos: '20.00', Egresos: '15.50', SaldoEfectivo: '158.10', OtrosMedios: '29.00', SaldoTotal: '187.10' });

    const ciego = (await cajero.get(`${F}/cajas/${pv.Id}/resumenes`)).json() as TResumenCaja;
    expect(ciego.Sesion.Id).toBe(sesion.Id);
    expect(ciego.PorMedioPago.every((m) => m.Ventas === null && m.Esperado === null)).toBe(true);
    expect(ciego).toMatchObject({ PorTipoDocumento: [], Ingresos: '20.00', Egresos: '15.50', Anulaciones: null });
    const bc = (await cajero.get(`${F}/cajas/${pv.Id}/balances`)).json() as TBalanceCaja;
    expect(bc).toMatchObject({ MontoApertura: '100.00', VentasEfectivo: null, SaldoEfectivo: null, OtrosMedios: null, SaldoTotal: null, Ingresos: '20.00', Egresos: '15.50' });

    expect((await otra.get(`${F}/cajas/${pv.Id}/resumenes`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/cajas/${pv.Id}/balances`)).statusCode).toBe(404);
    // The cashier never opened the other box: no session of theirs there.
    const ninguna = await cajero.get(`${F}/cajas/${caja.Id}/resumenes`);
    expect(ninguna.statusCode).toBe(404);
    expect(ninguna.json().Mensaje).toBe('No tiene sesiones en esta caja');
  });

  it('movimientos con filtros, sus totales y su Excel', async () => {
    const todos = (await cajero.get(`${F}/cajas/${pv.Id}/movimientos`)).json() as TMovimientosCaja;
    expect(todos).toMatchObject({ Count: 2, TotalIngresos: '20.00', TotalEgresos: '15.50' });
    expect(todos.Data.map((m) => [m.TipoNombre, m.Monto, m.Usuario, m.IdSesion])).toEqual([
      ['Egreso', '15.50', 'cajero', sesion.Id],
      ['Ingreso', '20.00', 'cajero', sesion.Id],
    ]);
    const egresos = (await cajero.get(`${F}/cajas/${pv.Id}/movimientos?tipo=2`)).json() as TMovimientosCaja;
    expect(egresos).toMatchObject({ Count: 1, TotalIngresos: '0.00', TotalEgresos: '15.50' });
    expect((await cajero.get(`${F}/cajas/${pv.Id}/movimientos?filtro=banco`)).json()).toMatchObject({ Count: 1, TotalIngresos: '20.00' });
    // % is a character of the reason, not a wildcard.
    expect((await cajero.get(`${F}/cajas/${pv.Id}/movimientos?filtro=${encodeURIComponent('100%')}`)).json().Count).toBe(1);
    expect((await cajero.get(`${F}/cajas/${pv.Id}/movimientos?filtro=${encodeURIComponent('%')}`)).json().Count).toBe(1);
    const hoy = hoyLima();
    expect((await cajero.get(`${F}/cajas/${pv.Id}/movimientos?fechainicio=${hoy}&fechafin=${hoy}&idsesion=${sesion.Id}`)).json().Count).toBe(2);
    expect((await cajero.get(`${F}/cajas/${pv.Id}/movimientos?fechainicio=${sumarDias(hoy, 1)}`)).json().Count).toBe(0);
    expect((await cajero.get(`${F}/cajas/${pv.Id}/movimientos?regxpag=1&pagina=2`)).json().Data[0].Motivo).toBe('Sencillo del banco');
    expect((await sup.get(`${F}/cajas/${pv.Id}/movimientos`)).json().Count).toBe(2);
    const x = await cajero.get(`${F}/cajas/${pv.Id}/movimientos/reportes?tipo=1`);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toMatch(/spreadsheetml/);
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await otra.get(`${F}/cajas/${pv.Id}/movimientos`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/cajas/${pv.Id}/movimientos/reportes`)).statusCode).toBe(404);
    const mala = await cajero.get(`${F}/cajas/${pv.Id}/movimientos?tipo=7&fechainicio=ayer`);
    expect(mala.statusCode).toBe(400);
    expect(mala.json().ErrorId).toBe(500001);
    expect(Object.keys(mala.json().Errores).sort()).toEqual(['fechainicio', 'tipo']);
    expect(mala.json().Errores.fechainicio).toBe('Fecha con formato AAAA-MM-DD');
  });

  it('tras el cierre el cajero ve sus cifras; la sesión de otro usuario es 403 y la de otra caja 404', async () => {
    const c = await cajero.post(`${F}/cajas/cierres`, { IdSesion: sesion.Id, Declarado: [{ IdMedioPago: 1, Monto: '158.10' }, { IdMedioPago: 2, Monto: '20' }, { IdMedioPago: 3, Monto: '9' }] });
    expect(c.statusCode, c.body).toBe(200);
    expect((await cajero.get(`${F}/cajas/${pv.Id}/reanudaciones`)).json()).toMatchObject({ Sesion: null });
    const x = (await cajero.get(`${F}/cajas/${pv.Id}/resumenes`)).json() as TResumenCaja;
    expect(x.Sesion).toMatchObject({ Id: sesion.Id, EstadoNombre: 'Cerrado', TotalVentas: '82.60' });
    expect(x.PorMedioPago[0]).toMatchObject({ IdMedioPago: 1, Ventas: '53.60', Esperado: '158.10', Declarado: '158.10', Diferencia: '0.00' });
    expect((await cajero.get(`${F}/cajas/${pv.Id}/balances?idsesion=${sesion.Id}`)).json()).toMatchObject({ SaldoEfectivo: '158.10', SaldoTotal: '187.10' });

    // The supervisor opens and closes the same point of sale: it is the box's latest session.
    const s2 = (await sup.post(`${F}/cajas/${pv.Id}/aperturas`, { MontoApertura: '30' })).json() as TSesionCaja;
    expect((await sup.post(`${F}/cajas/movimientos`, { Tipo: 2, Monto: '5', Motivo: 'Propina del repartidor' })).statusCode).toBe(201);
    expect((await sup.post(`${F}/cajas/cierres`, { IdSesion: s2.Id, Declarado: [{ IdMedioPago: 1, Monto: '25' }] })).statusCode).toBe(200);
    expect(((await sup.get(`${F}/cajas/${pv.Id}/balances`)).json() as TBalanceCaja).Sesion.Id).toBe(s2.Id);
    expect((await sup.get(`${F}/cajas/${pv.Id}/balances`)).json()).toMatchObject({ MontoApertura: '30.00', VentasEfectivo: '0.00', Egresos: '5.00', SaldoEfectivo: '25.00' });
    // The cashier's latest is still their own; another user's session asked by id: 403.
    expect(((await cajero.get(`${F}/cajas/${pv.Id}/resumenes`)).json() as TResumenCaja).Sesion.Id).toBe(sesion.Id);
    for (const url of [`${F}/cajas/${pv.Id}/resumenes?idsesion=${s2.Id}`, `${F}/cajas/${pv.Id}/balances?idsesion=${s2.Id}`, `${F}/cajas/${pv.Id}/movimientos?idsesion=${s2.Id}`]) {
      const r = await cajero.get(url);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().Mensaje).toBe('La sesión de caja es de otro usuario');
    }
    // Movements of the box: the cashier sees theirs, the supervisor all three.
    expect((await cajero.get(`${F}/cajas/${pv.Id}/movimientos`)).json().Count).toBe(2);
    expect((await sup.get(`${F}/cajas/${pv.Id}/movimientos`)).json()).toMatchObject({ Count: 3, TotalEgresos: '20.50' });
    // A session of another box named on this box: 404.
    const r = await sup.get(`${F}/cajas/${caja.Id}/resumenes?idsesion=${s2.Id}`);
    expect(r.statusCode).toBe(404);
    expect(r.json().Mensaje).toBe('La sesión no es de esta caja');
  });

  it('entradas raras: 400 con mensajes en español, nunca un 5xx', async () => {
    const urls = [
      `${F}/cajas/abc/resumenes`,
      `${F}/cajas/-1/balances`,
      `${F}/cajas/99999999999999999999/movimientos`,
      `${F}/cajas/${pv.Id}/resumenes?idsesion=x`,
      `${F}/cajas/${pv.Id}/balances?idsesion=0`,
      `${F}/cajas/${pv.Id}/movimientos?pagina=0&regxpag=101`,
      `${F}/cajas/${pv.Id}/movimientos?filtro=${'a'.repeat(101)}`,
      `${F}/cajas/${pv.Id}/movimientos/reportes?fechafin=2026-13-45x`,
      `${F}/puntosventas/1.5/reanudaciones`,
      `${F}/sucursales/abc/cajas/aperturas`,
    ];
    for (const url of urls) {
      const r = await sup.get(url);
      sin5xx(r);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().ErrorId, url).toBe(500001);
    }
    for (const url of [`${F}/cajas/999999/resumenes`, `${F}/cajas/999999/balances`, `${F}/cajas/999999/reanudaciones`, `${F}/puntosventas/999999`, `${F}/sucursales/999999/cajas/aperturas`]) {
      const r = await cajero.get(url);
      expect(r.statusCode, url).toBe(404);
    }
    // Without a token: 401.
    expect((await e.app.inject({ method: 'GET', url: `${F}/puntosventas/reanudaciones` })).statusCode).toBe(401);
  });
});
