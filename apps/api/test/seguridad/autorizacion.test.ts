import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rol } from '../../src/db/schema';
import { exigirDeclaracionDeServicio, sincronizarCatalogo } from '../../src/modules/seguridad/autorizacion';
import { rolServicio, servicio } from '../../src/modules/seguridad/seguridad.schema';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

describe('declaración obligatoria del servicio', () => {
  it('el servidor no arranca con una ruta /api que no declara servicio ni publica', async () => {
    const app = Fastify({ logger: false });
    exigirDeclaracionDeServicio(app);
    app.register(async (m) => {
      m.get('/api/algo', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/algo no declara config.servicio/);
    await app.close().catch(() => undefined);
  });

  it('ni con un servicio que no está en el catálogo', async () => {
    const app = Fastify({ logger: false });
    exigirDeclaracionDeServicio(app);
    app.register(async (m) => {
      m.get('/api/algo', { config: { servicio: 'NO_EXISTE' } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/'NO_EXISTE', que no está en el catálogo/);
    await app.close().catch(() => undefined);
  });

  it('acepta rutas públicas, declaradas y las que no son /api', async () => {
    const app = Fastify({ logger: false });
    exigirDeclaracionDeServicio(app);
    app.get('/api/publica', { config: { publica: true } }, async () => ({}));
    app.get('/api/declarada', { config: { servicio: 'SEG_CUENTA' } }, async () => ({}));
    app.get('/index.html', async () => '');
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});

describe('autorización por servicio', () => {
  let e: Entorno;
  beforeAll(async () => {
    e = await crearEntorno();
  });
  afterAll(async () => e?.cerrar());

  it('un cajero recibe 403 con mensaje en español donde su rol no tiene el servicio, sin importar el cuerpo', async () => {
    const cajero = await sesionDe(e.app, 'cajero');
    const r = await e.app.inject(conToken(cajero.AccessToken, { method: 'POST', url: '/api/logistica/v1/items', payload: {} }));
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ ErrorId: 600010, Mensaje: expect.stringMatching(/^No tiene permiso para esta operación: registrar y editar productos y servicios/) });
  });

  it('un supervisor pasa la autorización (llega a la validación del cuerpo)', async () => {
    const sup = await sesionDe(e.app, 'supervisor');
    const r = await e.app.inject(conToken(sup.AccessToken, { method: 'POST', url: '/api/logistica/v1/items', payload: {} }));
    expect(r.statusCode).toBe(400);
  });

  it('el catálogo se copia a la base de datos con las concesiones por defecto, y una revocación posterior se mantiene', async () => {
    const db = e.dbh.db;
    const [s] = await db.select().from(servicio).where(eq(servicio.codigo, 'ITEM_GUARDAR'));
    expect(s).toBeDefined();
    const roles = (await db.select({ idRol: rolServicio.idRol }).from(rolServicio).where(eq(rolServicio.idServicio, s.id))).map((r) => r.idRol).sort();
    expect(roles).toEqual([2, 4]);
    // An administrator revokes it from Soporte; a restart (sync again) must not grant it back.
    await db.update(rolServicio).set({ logEstado: 0 }).where(and(eq(rolServicio.idServicio, s.id), eq(rolServicio.idRol, 4)));
    expect(await sincronizarCatalogo(db)).toBe(0);
    const [fila] = await db.select().from(rolServicio).where(and(eq(rolServicio.idServicio, s.id), eq(rolServicio.idRol, 4)));
    expect(fila.logEstado).toBe(0);
    // A service seen for the first time gets its defaults; ParaTodos reaches every role.
    const nuevos = await sincronizarCatalogo(db, [{ Codigo: 'PRUEBA_NUEVO', Descripcion: 'Prueba', Modulo: 'seguridad', RolesPorDefecto: [1], ParaTodos: true }]);
    expect(nuevos).toBe(1);
    const [n] = await db.select().from(servicio).where(eq(servicio.codigo, 'PRUEBA_NUEVO'));
    const todos = (await db.select({ id: rol.id }).from(rol)).length;
    expect((await db.select().from(rolServicio).where(eq(rolServicio.idServicio, n.id))).length).toBe(todos);
  });
});
