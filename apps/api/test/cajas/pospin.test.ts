import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { ErrorCodes, type TAutorizacionOtorgada, type TCaja, type TCuadreCaja, type TDispositivoCaja, type TSesionCaja, type TSupervisores, type TVentaCaja } from '@yupana/contracts';
import { usuario } from '../../src/db/schema';
import { autorizacionSupervisor, intentoPinSupervisor, pinSupervisor } from '../../src/modules/cajas/cajas.schema';
import { documentoContable } from '../../src/modules/contabilidad/contabilidad.schema';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, idSerie, type Cliente } from '../contabilidad/ayudas';

// Issue 12 (branch pospin): a supervisor's PIN typed at the till authorizes a discount (or a discard) the cashier may
// not do alone; the server accepts the sale only with a valid single-use token, and records who authorized it.
let e: Entorno;
let sup: Cliente;
let cajero: Cliente;
let soporte: Cliente;
let otraEmpresa: Cliente;
let caja: TCaja;
let sesion: TSesionCaja;
let idBoleta: number;
let idSup: number;
let idCajero: number;
let idOtroSup: number;

const F = '/api/finanzas/v1';
const V = '/api/ventas/v1/cajas';
const hoy = hoyLima();
// 118.00 with IGV, a discount of 10.00 on its value (catálogo 53 code 00): 106.20 to pay, 11.80 less than the price.
const venta = (descuento?: string, autorizacion?: string) => ({
  Documento: {
    IdTipoDocumento: 1004,
    IdSerie: idBoleta,
    FechaEmision: hoy,
    ListaItems: [{ CodigoItem: 'P001', ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: '118.00', TipoAfectacion: '10', ...(descuento ? { Descuento: descuento } : {}) }],
    ListaEntidades: [],
  },
  Pagos: [{ IdMedioPago: 1, Monto: '120.00' }],
  ...(autorizacion ? { Autorizacion: autorizacion } : {}),
});
const idDe = async (nombre: string) => (await e.dbh.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.usuario, nombre)))[0].id;
const pedir = (c: Cliente, cuerpo: Record<string, unknown>) => c.post(`${V}/autorizaciones`, { IdSupervisor: idSup, Pin: '2468', Accion: 'DESCUENTO', Monto: '11.80', ...cuerpo });
const boletas = async () => (await e.dbh.db.select({ n: count() }).from(documentoContable).where(eq(documentoContable.idSerie, idBoleta)))[0].n;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  soporte = await clienteDe(e.app, 'soporte');
  otraEmpresa = await clienteDe(e.app, 'demo.cajero');
  const idSucursal = (JSON.parse(Buffer.from(cajero.token.split('.')[1], 'base64url').toString()) as { Sucursales: number[] }).Sucursales[0];
  idBoleta = await idSerie(sup, 1004, 'B001');
  caja = (await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja PIN' })).json() as TCaja;
  sesion = (await cajero.post(`${F}/cajas/${caja.Id}/aperturas`, { MontoApertura: '0' })).json() as TSesionCaja;
  idSup = await idDe('supervisor');
  idCajero = await idDe('cajero');
  idOtroSup = await idDe('demo.supervisor');
}, 240_000);
afterAll(async () => {
  await e?.cerrar();
});

describe('PIN de supervisor', () => {
  it('lo configura quien tiene el permiso, con su contraseña; se guarda con argon2 y no se devuelve', async () => {
    expect((await cajero.get(`${V}/pin`)).json()).toEqual({ PinConfigurado: false, Descuento: false, Descarte: true });
    // The demo supervisor has the demo PIN already (seed).
    expect((await sup.get(`${V}/pin`)).json()).toEqual({ PinConfigurado: true, Descuento: true, Descarte: true });
    const malaClave = await sup.put(`${V}/pin`, { ContrasenhaActual: 'otra', Pin: '2580' });
    expect(malaClave.statusCode).toBe(400);
    expect(malaClave.json().Errores.ContrasenhaActual).toMatch(/incorrecta/);
    for (const pin of ['1234', '0000', '12', '123456789', 'abcd', 1234, null]) {
      const r = await sup.put(`${V}/pin`, { ContrasenhaActual: 'Demo.2026', Pin: pin });
      expect(r.statusCode, `${String(pin)} ${r.body}`).toBe(400);
      expect(r.json().ErrorId).toBe(ErrorCodes.VALIDACION);
    }
    const ok = await sup.put(`${V}/pin`, { ContrasenhaActual: 'Demo.2026', Pin: '2580' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).not.toContain('2580');
    const [fila] = await e.dbh.db.select({ h: pinSupervisor.pinHash }).from(pinSupervisor).where(eq(pinSupervisor.idUsuario, idSup));
    expect(fila.h).toMatch(/^\$argon2id\$/);
    await sup.put(`${V}/pin`, { ContrasenhaActual: 'Demo.2026', Pin: '2468' });
    // Soporte holds neither permission: no PIN.
    expect((await soporte.put(`${V}/pin`, { ContrasenhaActual: 'Demo.2026', Pin: '2580' })).statusCode).toBe(403);
  });
});

describe('descuento autorizado por el supervisor en el punto de venta', () => {
  it('sin permiso ni autorización el descuento se rechaza y no se emite nada', async () => {
    const antes = await boletas();
    const r = await cajero.post(`${V}/ventas`, venta('10.00'), { 'idempotency-key': 'pospin-sin-aut-1' });
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json().ErrorId).toBe(ErrorCodes.AUTORIZACION_REQUERIDA);
    expect(await boletas()).toBe(antes);
    // Without a discount the cashier sells as always.
    expect((await cajero.post(`${V}/ventas`, venta(), { 'idempotency-key': 'pospin-normal-1' })).statusCode).toBe(201);
  });

  it('la lista de supervisores de la sucursal con el permiso y PIN', async () => {
    const r = await cajero.get(`${V}/supervisores?accion=DESCUENTO`);
    expect(r.statusCode, r.body).toBe(200);
    const l = r.json() as TSupervisores;
    expect(l.Data.map((s) => s.IdUsuario)).toContain(idSup);
    expect(l.Data.map((s) => s.IdUsuario)).not.toContain(idCajero);
    expect(l.Data.map((s) => s.IdUsuario)).not.toContain(idOtroSup);
    expect((await cajero.get(`${V}/supervisores?accion=OTRA`)).statusCode).toBe(400);
    // Without an open session there is no till to authorize at.
    expect((await sup.get(`${V}/supervisores?accion=DESCUENTO`)).statusCode).toBe(409);
  });

  it('con el token del supervisor se acepta y queda registrado; el token no se reutiliza', async () => {
    const a = await pedir(cajero, {});
    expect(a.statusCode, a.body).toBe(201);
    const aut = a.json() as TAutorizacionOtorgada;
    expect(aut).toMatchObject({ Supervisor: 'Rosa Quispe Huamán', Accion: 'DESCUENTO', Monto: '11.80' });
    expect(aut.Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const r = await cajero.post(`${V}/ventas`, venta('10.00', aut.Token), { 'idempotency-key': 'pospin-con-aut-1' });
    expect(r.statusCode, r.body).toBe(201);
    const v = r.json() as TVentaCaja;
    expect(v.Total).toBe('106.20');
    // A retry of the same checkout replays the sale (the token is not spent twice).
    const replay = await cajero.post(`${V}/ventas`, venta('10.00', aut.Token), { 'idempotency-key': 'pospin-con-aut-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The same token on another sale: refused.
    const otra = await cajero.post(`${V}/ventas`, venta('10.00', aut.Token), { 'idempotency-key': 'pospin-con-aut-2' });
    expect(otra.statusCode, otra.body).toBe(403);
    expect(otra.json().ErrorId).toBe(ErrorCodes.AUTORIZACION_INVALIDA);
    // The session's history says who authorized what.
    const cuadre = (await sup.get(`${F}/cuadrescajas/${sesion.Id}`)).json() as TCuadreCaja;
    expect(cuadre.Autorizaciones).toEqual([
      expect.objectContaining({ Accion: 'DESCUENTO', Supervisor: 'Rosa Quispe Huamán', Cajero: 'cajero', Monto: '11.80', Documento: v.Documento.SerieNumero }),
    ]);
  });

  it('un token por menos de lo descontado, vencido o de otra acción se rechaza', async () => {
    const poco = (await pedir(cajero, { Monto: '5.00' })).json() as TAutorizacionOtorgada;
    const r = await cajero.post(`${V}/ventas`, venta('10.00', poco.Token), { 'idempotency-key': 'pospin-poco-1' });
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json().ErrorId).toBe(ErrorCodes.AUTORIZACION_EXCEDIDA);
    const vencido = (await pedir(cajero, {})).json() as TAutorizacionOtorgada;
    await e.dbh.db.execute(sql`update autorizacion_supervisor set expira = now() - interval '1 minute' where usada is null`);
    const r2 = await cajero.post(`${V}/ventas`, venta('10.00', vencido.Token), { 'idempotency-key': 'pospin-vencido-1' });
    expect(r2.json().ErrorId).toBe(ErrorCodes.AUTORIZACION_INVALIDA);
    const descarte = (await pedir(cajero, { Accion: 'DESCARTE', Monto: undefined, Referencia: randomUUID() })).json() as TAutorizacionOtorgada;
    const r3 = await cajero.post(`${V}/ventas`, venta('10.00', descarte.Token), { 'idempotency-key': 'pospin-descarte-1' });
    expect(r3.json().ErrorId).toBe(ErrorCodes.AUTORIZACION_INVALIDA);
    // A made-up token, odd input: 4xx, never 5xx.
    expect((await cajero.post(`${V}/ventas`, venta('10.00', 'x'.repeat(43)), { 'idempotency-key': 'pospin-falso-1' })).statusCode).toBe(403);
    for (const cuerpo of [{ Autorizacion: 'no válido' }, { Autorizacion: 12 }])
      expect((await cajero.post(`${V}/ventas`, { ...venta('10.00'), ...cuerpo })).statusCode).toBe(400);
    for (const cuerpo of [{ IdSupervisor: 0 }, { IdSupervisor: 'x' }, { Pin: '12a4' }, { Monto: undefined }, { Monto: '-3' }, { Accion: 'DESCARTE', Monto: undefined }, { IdSupervisor: 2_000_000_000 }]) {
      const x = await pedir(cajero, cuerpo);
      expect(x.statusCode, JSON.stringify(cuerpo)).toBeGreaterThanOrEqual(400);
      expect(x.statusCode, x.body).toBeLessThan(500);
    }
  });

  it('el cajero no se autoriza con su propio PIN sin el permiso; otra empresa no autoriza', async () => {
    expect((await cajero.put(`${V}/pin`, { ContrasenhaActual: 'Demo.2026', Pin: '1357' })).statusCode).toBe(200);
    const propio = await pedir(cajero, { IdSupervisor: idCajero, Pin: '1357' });
    expect(propio.statusCode, propio.body).toBe(403);
    expect(propio.json().ErrorId).toBe(ErrorCodes.SUPERVISOR_SIN_PERMISO);
    // Another company's supervisor, even with the right PIN (the demo one): not found.
    expect((await pedir(cajero, { IdSupervisor: idOtroSup })).statusCode).toBe(404);
    // Another company's cashier asking for this company's supervisor: not found either (and it has no session here).
    expect([404, 409]).toContain((await pedir(otraEmpresa, {})).statusCode);
    // Soporte may not even ask (no CAJA_OPERAR).
    expect((await pedir(soporte, {})).statusCode).toBe(403);
  });

  it('5 PIN incorrectos bloquean 15 minutos, con mensaje en español; los intentos quedan registrados', async () => {
    for (let i = 1; i <= 5; i++) {
      const r = await pedir(cajero, { Pin: '9753' });
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json().ErrorId).toBe(ErrorCodes.PIN_INCORRECTO);
      if (i === 5) expect(r.json().Mensaje).toMatch(/bloqueado por 15 minutos/);
    }
    const bloqueado = await pedir(cajero, {});
    expect(bloqueado.statusCode, bloqueado.body).toBe(429);
    expect(bloqueado.json().ErrorId).toBe(ErrorCodes.PIN_BLOQUEADO);
    expect(bloqueado.json().Mensaje).toMatch(/bloquead/);
    const fallos = await e.dbh.db
      .select({ n: count() })
      .from(intentoPinSupervisor)
      .where(and(eq(intentoPinSupervisor.idSupervisor, idSup), eq(intentoPinSupervisor.exito, 0), eq(intentoPinSupervisor.idSesion, sesion.Id)));
    expect(fallos[0].n).toBe(5);
    // 15 minutes later (the attempts aged in the database), the right PIN works again.
    await e.dbh.db.execute(sql`update intento_pin_supervisor set fecha = fecha - interval '16 minutes'`);
    expect((await pedir(cajero, {})).statusCode).toBe(201);
  });
});

describe('descarte autorizado por el supervisor', () => {
  it('sin CAJA_DESCARTAR el descarte exige el token de esa venta, y queda en el historial', async () => {
    // The shop takes the discard away from its cashiers (the role's capacities).
    await e.dbh.db.execute(sql`update rol_servicio set log_estado = 0 where id_rol = 1 and id_servicio = (select id from servicio where codigo = 'CAJA_DESCARTAR')`);
    const cajero2 = await clienteDe(e.app, 'cajero');
    try {
      const idDispositivo = randomUUID();
      const disp = (await cajero2.post(`${V}/dispositivos`, { IdDispositivo: idDispositivo, IdCaja: caja.Id })).json() as TDispositivoCaja;
      expect(disp.IdSerie).toBeGreaterThan(0);
      const uuid = randomUUID();
      const cuerpo = { IdDispositivo: idDispositivo, Uuid: uuid, IdTipoDocumento: 1008, Numero: 1, Motivo: 'Venta duplicada por error', Total: '10.00', Efectivo: '0', FechaEmision: hoy };
      const sin = await cajero2.post(`${V}/dispositivos/descartes`, cuerpo);
      expect(sin.statusCode, sin.body).toBe(403);
      expect(sin.json().ErrorId).toBe(ErrorCodes.AUTORIZACION_REQUERIDA);
      const otraVenta = (await pedir(cajero2, { Accion: 'DESCARTE', Monto: undefined, Referencia: randomUUID() })).json() as TAutorizacionOtorgada;
      expect((await cajero2.post(`${V}/dispositivos/descartes`, { ...cuerpo, Autorizacion: otraVenta.Token })).json().ErrorId).toBe(ErrorCodes.AUTORIZACION_INVALIDA);
      const aut = (await pedir(cajero2, { Accion: 'DESCARTE', Monto: undefined, Referencia: uuid })).json() as TAutorizacionOtorgada;
      const r = await cajero2.post(`${V}/dispositivos/descartes`, { ...cuerpo, Autorizacion: aut.Token });
      expect(r.statusCode, r.body).toBe(201);
      const cuadre = (await sup.get(`${F}/cuadrescajas/${sesion.Id}`)).json() as TCuadreCaja;
      expect(cuadre.Autorizaciones.map((a) => [a.Accion, a.Documento, a.Monto])).toContainEqual(['DESCARTE', `${disp.Serie}-1`, '10.00']);
      const usadas = await e.dbh.db.select({ n: count() }).from(autorizacionSupervisor).where(eq(autorizacionSupervisor.accion, 'DESCARTE'));
      expect(usadas[0].n).toBe(3);
    } finally {
      await e.dbh.db.execute(sql`update rol_servicio set log_estado = 1 where id_rol = 1 and id_servicio = (select id from servicio where codigo = 'CAJA_DESCARTAR')`);
    }
  });
});
