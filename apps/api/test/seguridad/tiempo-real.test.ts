import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as conectar, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTO_STOCK, EventosSocket, RUTA_TIEMPO_REAL, TiposEventoSesion, VALOR_KICK, type TLoginRespuesta } from '@yupana/contracts';
import { buildApp } from '../../src/app';
import { conToken, crearEntorno, login, SECRETO_PRUEBA, sesionDe, type Entorno } from '../helpers';
import { grupoDeProcesos } from '../procesos-api';

type Conexion = { IdConexion: string; Mensaje?: string };

async function escuchar(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const dir = app.server.address() as net.AddressInfo;
  return `http://127.0.0.1:${dir.port}`;
}

/** A browser tab: connects with the access token and collects what the hub sends. */
async function pestana(url: string, token: string) {
  const recibidos: { conexion: Conexion[]; eventos: { tipo: string; datos: unknown }[] } = { conexion: [], eventos: [] };
  const socket: Socket = conectar(url, { path: RUTA_TIEMPO_REAL, auth: { token }, transports: ['websocket'], reconnection: false });
  socket.on(EventosSocket.CONEXION, (c: Conexion) => recibidos.conexion.push(c));
  socket.on(EventosSocket.EVENTO, (ev: { tipo: string; datos: unknown }) => recibidos.eventos.push(ev));
  await esperar(() => recibidos.conexion.length > 0, 'el hub no envió el id de conexión');
  return { socket, recibidos };
}

async function esperar(condicion: () => boolean, mensaje: string, ms = 5000): Promise<void> {
  const hasta = Date.now() + ms;
  while (!condicion()) {
    if (Date.now() > hasta) throw new Error(mensaje);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function activarSesionUnica(app: FastifyInstance, sup: TLoginRespuesta) {
  const r = await app.inject(conToken(sup.AccessToken, { method: 'POST', url: '/api/seguridad/v1/usuarios/parametros', payload: { IdUsuario: 0, Codigo: 'SesionUnica', Valor: '1' } }));
  expect(r.statusCode, r.body).toBe(200);
}

describe('hub en tiempo real (un proceso)', () => {
  let e: Entorno;
  let url: string;
  const abiertos: Socket[] = [];
  beforeAll(async () => {
    e = await crearEntorno();
    url = await escuchar(e.app);
  });
  afterAll(async () => {
    abiertos.forEach((s) => s.close());
    await e?.cerrar();
  });

  it('rechaza un socket sin token válido y da un id de conexión al autenticado', async () => {
    const sinToken = conectar(url, { path: RUTA_TIEMPO_REAL, auth: { token: 'x.y.z' }, transports: ['websocket'], reconnection: false });
    const error = await new Promise<Error>((r) => sinToken.on('connect_error', r));
    expect(error.message).toBe('No autenticado');
    sinToken.close();
    const s = await sesionDe(e.app, 'soporte');
    const tab = await pestana(url, s.AccessToken);
    abiertos.push(tab.socket);
    expect(tab.recibidos.conexion[0].IdConexion).toBe(tab.socket.id);
  });

  it('stock en vivo: tras registrar una compra, las pestañas de la empresa reciben los ítems que cambiaron; otra empresa no', async () => {
    const sup = await sesionDe(e.app, 'supervisor');
    const cajero = await pestana(url, (await sesionDe(e.app, 'cajero')).AccessToken);
    const ajena = await pestana(url, (await sesionDe(e.app, 'demo.supervisor')).AccessToken);
    abiertos.push(cajero.socket, ajena.socket);
    const api = (method: 'GET' | 'POST', u: string, payload?: object) => e.app.inject(conToken(sup.AccessToken, { method, url: u, ...(payload ? { payload } : {}) }));
    const item = await api('POST', '/api/logistica/v1/items', { Codigo: 'VIVO-API-1', Descripcion: 'ACEITE VEGETAL 1 L', CodigoUnidad: 'NIU', Precio: '9.90', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
    expect(item.statusCode, item.body).toBe(201);
    const almacen = (await api('GET', '/api/logistica/v1/almacenes')).json().Data.find((a: { EsPredeterminado: boolean }) => a.EsPredeterminado);
    const compra = await api('POST', '/api/logistica/v1/compras', {
      RucProveedor: '20100047218', RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.', TipoDocumento: '01', Serie: 'F555', Numero: 1, FechaEmision: new Date().toISOString().slice(0, 10), IdMoneda: 1,
      Lineas: [{ IdItem: item.json().Id, IdAlmacen: almacen.Id, Cantidad: '12', ValorUnitario: '7.00', AfectacionIgv: '10' }],
    });
    expect(compra.statusCode, compra.body).toBe(201);
    await esperar(() => cajero.recibidos.eventos.some((ev) => ev.tipo === EVENTO_STOCK), 'la pestaña de la empresa no recibió el cambio de stock');
    expect(cajero.recibidos.eventos.find((ev) => ev.tipo === EVENTO_STOCK)!.datos).toEqual({ Items: [item.json().Id] });
    await new Promise((r) => setTimeout(r, 300));
    expect(ajena.recibidos.eventos.some((ev) => ev.tipo === EVENTO_STOCK)).toBe(false);
  });

  it('stock en vivo: un movimiento manual y la anulación de una nota de venta también avisan, tras su commit', async () => {
    const sup = await sesionDe(e.app, 'supervisor');
    const cajero = await pestana(url, (await sesionDe(e.app, 'cajero')).AccessToken);
    abiertos.push(cajero.socket);
    const api = (method: 'GET' | 'POST' | 'PUT', u: string, payload?: object) => e.app.inject(conToken(sup.AccessToken, { method, url: u, ...(payload ? { payload } : {}) }));
    const avisos = (id: number) => cajero.recibidos.eventos.filter((ev) => ev.tipo === EVENTO_STOCK && (ev.datos as { Items: number[] }).Items.includes(id)).length;
    const item = await api('POST', '/api/logistica/v1/items', { Codigo: 'VIVO-API-2', Descripcion: 'ARROZ EXTRA 5 KG', CodigoUnidad: 'NIU', Precio: '22.00', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
    expect(item.statusCode, item.body).toBe(201);
    const id = item.json().Id as number;
    const almacen = (await api('GET', '/api/logistica/v1/almacenes')).json().Data.find((a: { EsPredeterminado: boolean }) => a.EsPredeterminado);
    const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const m = await api('POST', '/api/logistica/v1/movimientos', { Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: almacen.Id, Lineas: [{ IdItem: id, Cantidad: '10', CostoUnitario: '15.00' }] });
    expect(m.statusCode, m.body).toBe(201);
    await esperar(() => avisos(id) === 1, 'un movimiento manual no avisó');
    // A refused movement (more than the stock, with negative stock forbidden or not: a missing warehouse) announces nothing.
    const malo = await api('POST', '/api/logistica/v1/movimientos', { Clase: 'S', TipoOperacion: '13', Fecha: hoy, IdAlmacen: 987654, Lineas: [{ IdItem: id, Cantidad: '1' }] });
    expect(malo.statusCode).toBe(404);
    const series = (await api('GET', '/api/entidades/v2/entidades/series?idtipodocumento=1008')).json().Data as { Id: number; Serie: string }[];
    const nv = await api('POST', '/api/contabilidad/v1/documentoContable', { IdTipoDocumento: 1008, IdSerie: series.find((x) => x.Serie === 'NV01')!.Id, FechaEmision: hoy, ListaItems: [{ IdItem: id, ItemDescripcion: 'ARROZ EXTRA 5 KG', Cantidad: '2', PrecioUnitario: '22.00' }] });
    expect(nv.statusCode, nv.body).toBe(201);
    await esperar(() => avisos(id) === 2, 'la nota de venta no avisó');
    const anulada = await api('PUT', `/api/contabilidad/v1/documentoContable/${nv.json().Id}/anulaciones`, { Motivo: 'Error de digitación' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    await esperar(() => avisos(id) === 3, 'la anulación confirmada no avisó');
    await new Promise((r) => setTimeout(r, 300));
    expect(avisos(id)).toBe(3);
  });

  it('con sesión única, un nuevo ingreso expulsa las pestañas anteriores (kick + mensaje) y revoca su refresh token', async () => {
    const sup = await sesionDe(e.app, 'supervisor');
    await activarSesionUnica(e.app, sup);
    const primera = await sesionDe(e.app, 'cajero');
    const tab1 = await pestana(url, primera.AccessToken);
    const tab2 = await pestana(url, primera.AccessToken);
    abiertos.push(tab1.socket, tab2.socket);
    const segunda = await sesionDe(e.app, 'cajero');
    const tabNueva = await pestana(url, segunda.AccessToken);
    abiertos.push(tabNueva.socket);
    for (const tab of [tab1, tab2]) {
      await esperar(() => tab.recibidos.conexion.some((c) => c.IdConexion === VALOR_KICK), 'la pestaña anterior no recibió el kick');
      expect(tab.recibidos.conexion.find((c) => c.IdConexion === VALOR_KICK)?.Mensaje).toMatch(/ingresó desde otro equipo/);
      expect(tab.recibidos.eventos.map((x) => x.tipo)).toContain(TiposEventoSesion.EXPULSADA);
    }
    await esperar(() => !tab1.socket.connected && !tab2.socket.connected, 'el servidor no cerró los sockets expulsados');
    expect(tabNueva.recibidos.conexion.some((c) => c.IdConexion === VALOR_KICK)).toBe(false);
    expect(tabNueva.socket.connected).toBe(true);
    const refresh = await e.app.inject({ method: 'POST', url: '/api/seguridad/v2/usuarios/refreshtoken', headers: { 'x-refresh': '1' }, payload: { RefreshToken: primera.RefreshToken, IdModulo: 1 } });
    expect(refresh.statusCode).toBe(401);
    expect((await e.app.inject(conToken(primera.AccessToken, { method: 'GET', url: `/api/seguridad/v2/usuarios/${primera.IdUsuario}` }))).statusCode).toBe(401);
    expect((await e.app.inject(conToken(segunda.AccessToken, { method: 'GET', url: `/api/seguridad/v2/usuarios/${segunda.IdUsuario}` }))).statusCode).toBe(200);
  });

  it('el cierre forzado de un administrador llega a todas las pestañas del usuario', async () => {
    const sup = await sesionDe(e.app, 'supervisor');
    const s = (await login(e.app, 'soporte')).json() as TLoginRespuesta;
    const a = await pestana(url, s.AccessToken);
    const b = await pestana(url, s.AccessToken);
    abiertos.push(a.socket, b.socket);
    const r = await e.app.inject(conToken(sup.AccessToken, { method: 'POST', url: `/api/seguridad/v1/usuarios/${s.IdUsuario}/sesiones/cerrar` }));
    expect(r.statusCode).toBe(200);
    for (const tab of [a, b]) {
      await esperar(() => tab.recibidos.eventos.some((x) => x.tipo === TiposEventoSesion.CIERRE_FORZADO), 'una pestaña no recibió el cierre forzado');
      expect(tab.recibidos.conexion.some((c) => c.IdConexion === VALOR_KICK)).toBe(true);
    }
  });

  it('un cambio de roles avisa a las pestañas de ese usuario (usuario.permisos) y a nadie más', async () => {
    const sup = await sesionDe(e.app, 'supervisor');
    const s = await sesionDe(e.app, 'demo.cajero');
    const otraSup = await sesionDe(e.app, 'demo.supervisor');
    const tab = await pestana(url, s.AccessToken);
    const ajena = await pestana(url, sup.AccessToken);
    abiertos.push(tab.socket, ajena.socket);
    const r = await e.app.inject(conToken(otraSup.AccessToken, { method: 'PUT', url: `/api/seguridad/v1/usuarios/${s.IdUsuario}/roles`, payload: { Roles: [1, 2] } }));
    expect(r.statusCode, r.body).toBe(200);
    await esperar(() => tab.recibidos.eventos.some((x) => x.tipo === 'usuario.permisos'), 'la pestaña no recibió el aviso');
    await new Promise((r) => setTimeout(r, 200));
    expect(ajena.recibidos.eventos).toEqual([]);
  });
});

async function redisDisponible(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(6379, '127.0.0.1');
    s.once('connect', () => (s.end(), resolve(true)));
    s.once('error', () => resolve(false));
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
  });
}

describe('hub compartido por Redis (dos servidores)', async () => {
  const hayRedis = await redisDisponible();
  if (!hayRedis) console.log('[tiempo-real] Redis no responde en 127.0.0.1:6379: se omite la prueba entre procesos');

  // Two servers on one fresh database: slower to set up than the default 30 s allows on a busy machine.
  it.skipIf(!hayRedis)('un ingreso en el servidor 2 expulsa al usuario conectado al servidor 1', { timeout: 120_000 }, async () => {
    const e = await crearEntorno({ redisUrl: 'redis://127.0.0.1:6379' });
    const app2 = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: null, redisUrl: 'redis://127.0.0.1:6379' });
    try {
      const url1 = await escuchar(e.app);
      await escuchar(app2);
      const sup = await sesionDe(app2, 'supervisor');
      await activarSesionUnica(app2, sup);
      const primera = await sesionDe(e.app, 'cajero');
      const tab = await pestana(url1, primera.AccessToken);
      const segunda = await sesionDe(app2, 'cajero');
      await esperar(() => tab.recibidos.conexion.some((c) => c.IdConexion === VALOR_KICK), 'el kick no cruzó de un servidor al otro por Redis');
      await esperar(() => !tab.socket.connected, 'el servidor 1 no cerró el socket expulsado');
      tab.socket.close();

      // Grants cached by server 1 are dropped when server 2 changes the user's roles.
      const listar = () => e.app.inject(conToken(segunda.AccessToken, { method: 'GET', url: `/api/seguridad/v1/entidades/${segunda.IdEntidadEmpresa}/modulos/0/usuarios` }));
      expect((await listar()).statusCode).toBe(403);
      const r = await app2.inject(conToken(sup.AccessToken, { method: 'PUT', url: `/api/seguridad/v1/usuarios/${segunda.IdUsuario}/roles`, payload: { Roles: [1, 2] } }));
      expect(r.statusCode, r.body).toBe(200);
      let estado = 0;
      for (let i = 0; i < 40 && estado !== 200; i++) {
        estado = (await listar()).statusCode;
        if (estado !== 200) await new Promise((res) => setTimeout(res, 50));
      }
      expect(estado, 'el servidor 1 siguió usando las concesiones en caché').toBe(200);
    } finally {
      await app2.close();
      await e.cerrar();
    }
  });
});

describe('hub compartido por Redis (dos procesos de la API sobre PostgreSQL)', async () => {
  const hayRedis = await redisDisponible();
  const hayPg = !!process.env.TEST_DATABASE_URL;
  if (!hayRedis || !hayPg) console.log('[tiempo-real] se omite la prueba con dos procesos: necesita Redis en 127.0.0.1:6379 y PostgreSQL (TEST_DATABASE_URL)');
  const grupo = grupoDeProcesos('yupana_hub');
  afterAll(() => grupo.cerrar());

  it.skipIf(!hayRedis || !hayPg)('un ingreso en el proceso 2 expulsa al usuario conectado al proceso 1', { timeout: 180_000 }, async () => {
    const [uno, dos] = await grupo.iniciar(2, { REDIS_URL: 'redis://127.0.0.1:6379' });
    const ingresar = async (url: string, usuario: string) => {
      const r = await fetch(`${url}/api/seguridad/v3/usuarios/login/1`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${usuario}:Demo.2026`).toString('base64')}` } });
      expect(r.status).toBe(200);
      return (await r.json()) as TLoginRespuesta;
    };
    const sup = await ingresar(dos, 'supervisor');
    const r = await fetch(`${dos}/api/seguridad/v1/usuarios/parametros`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sup.AccessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ IdUsuario: 0, Codigo: 'SesionUnica', Valor: '1' }),
    });
    expect(r.status).toBe(200);
    const primera = await ingresar(uno, 'cajero');
    const tab = await pestana(uno, primera.AccessToken);
    await ingresar(dos, 'cajero');
    await esperar(() => tab.recibidos.conexion.some((c) => c.IdConexion === VALOR_KICK), 'el kick no cruzó del proceso 2 al proceso 1 por Redis', 10_000);
    await esperar(() => !tab.socket.connected, 'el proceso 1 no cerró el socket expulsado', 10_000);
    tab.socket.close();
    // The kicked session is over on process 1 too.
    const yo = await fetch(`${uno}/api/seguridad/v2/usuarios/${primera.IdUsuario}`, { headers: { authorization: `Bearer ${primera.AccessToken}` } });
    expect(yo.status).toBe(401);
  });
});
