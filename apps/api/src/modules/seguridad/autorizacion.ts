import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { catalogoServicios, ErrorCodes, type TServicioCatalogo } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { permiso, rol, rolPermiso, usuarioRol } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import { idEmpresaProveedora } from '../../lib/proveedor';
import { permisoServicio, rolServicio, servicio } from './seguridad.schema';

/** Platform services: held only by users of the provider company (see TServicioCatalogo.SoloProveedor). */
export const serviciosSoloProveedor = new Set(catalogoServicios.filter((s) => s.SoloProveedor).map((s) => s.Codigo));

/** Menu entries (permisos) that only provider-only services open: hidden from every other company's menu. */
export const permisosSoloProveedor = new Set(
  catalogoServicios
    .filter((s) => s.SoloProveedor)
    .flatMap((s) => s.Permisos ?? [])
    .filter((p) => !catalogoServicios.some((o) => !o.SoloProveedor && (o.Permisos ?? []).includes(p))),
);

/** Services every signed-in user has, whatever their roles (e.g. SEG_CUENTA). */
export const serviciosParaTodos = catalogoServicios.filter((s) => s.ParaTodos).map((s) => s.Codigo);

/** The server's own route table as declared (collected at registration), for the authorization matrix and audits. */
export type RutaDeclarada = { metodo: string; url: string; servicio: string | null; publica: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    rutasDeclaradas: RutaDeclarada[];
  }
}

const porCodigo = new Map<string, TServicioCatalogo>(catalogoServicios.map((s) => [s.Codigo, s]));

/**
 * Refuses to register an /api route that declares neither `config.servicio` nor `config.publica`, or that names a
 * service missing from the catalogue: the server does not start, so no route can skip the check by omission.
 */
export function exigirDeclaracionDeServicio(app: FastifyInstance, rutas?: RutaDeclarada[]): void {
  app.addHook('onRoute', (ruta) => {
    if (!ruta.url.startsWith('/api/')) return;
    const config = ruta.config ?? {};
    const metodo = Array.isArray(ruta.method) ? ruta.method.join(',') : ruta.method;
    rutas?.push({ metodo, url: ruta.url, servicio: config.servicio ?? null, publica: !!config.publica });
    if (config.publica) return;
    if (!config.servicio)
      throw new Error(`La ruta ${metodo} ${ruta.url} no declara config.servicio (ni config.publica): declare el servicio que exige`);
    if (!porCodigo.has(config.servicio))
      throw new Error(`La ruta ${metodo} ${ruta.url} declara el servicio '${config.servicio}', que no está en el catálogo (packages/contracts/src/servicios)`);
  });
}

type Concesion = { servicios: Set<string>; hasta: number };

/**
 * Grants per session, kept briefly in memory: one query per session per TTL instead of one per request. Role
 * changes clear it at once in every process (a notice through the hub's Redis adapter when REDIS_URL is set); the
 * TTL bounds how stale an entry can be if a notice is ever lost.
 */
export class CacheConcesiones {
  private readonly porSesion = new Map<number, Concesion>();
  constructor(private readonly ttlMs = 30_000) {}

  async servicios(db: Db, auth: { idSesion: number; idUsuario: number; idEmpresa: number }): Promise<Set<string>> {
    const ahora = Date.now();
    const guardada = this.porSesion.get(auth.idSesion);
    if (guardada && guardada.hasta > ahora) return guardada.servicios;
    const servicios = await serviciosConcedidos(db, auth.idEmpresa, auth.idUsuario);
    if (this.porSesion.size > 50_000) this.porSesion.clear();
    this.porSesion.set(auth.idSesion, { servicios, hasta: ahora + this.ttlMs });
    return servicios;
  }

  invalidar(): void {
    this.porSesion.clear();
  }
}

const caches = new WeakMap<Contexto, CacheConcesiones>();
export function concesionesDe(ctx: Contexto): CacheConcesiones {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new CacheConcesiones();
    caches.set(ctx, cache);
  }
  return cache;
}

const AVISO_CONCESIONES = 'concesiones';

/** Call after any change to roles, links or a user's roles: every API process drops its cached grants. */
export function invalidarConcesiones(ctx: Contexto): void {
  ctx.tiempoReal.avisarServidores(AVISO_CONCESIONES);
}

/** Services the user's active roles grant: directly (role-service) or through a permission they hold (permission-service). */
export async function serviciosConcedidos(db: Db, idEmpresa: number, idUsuario: number): Promise<Set<string>> {
  const roles = db
    .select({ idRol: usuarioRol.idRol })
    .from(usuarioRol)
    .innerJoin(rol, and(eq(rol.id, usuarioRol.idRol), eq(rol.logEstado, 1)))
    .where(and(eq(usuarioRol.idUsuario, idUsuario), eq(usuarioRol.idEmpresa, idEmpresa), eq(usuarioRol.logEstado, 1)));
  const directos = await db
    .selectDistinct({ codigo: servicio.codigo })
    .from(rolServicio)
    .innerJoin(servicio, and(eq(servicio.id, rolServicio.idServicio), eq(servicio.logEstado, 1)))
    .where(and(eq(rolServicio.logEstado, 1), inArray(rolServicio.idRol, roles)));
  const porPermiso = await db
    .selectDistinct({ codigo: servicio.codigo })
    .from(rolPermiso)
    .innerJoin(permiso, and(eq(permiso.id, rolPermiso.idPermiso), eq(permiso.logEstado, 1)))
    .innerJoin(permisoServicio, and(eq(permisoServicio.idPermiso, rolPermiso.idPermiso), eq(permisoServicio.logEstado, 1)))
    .innerJoin(servicio, and(eq(servicio.id, permisoServicio.idServicio), eq(servicio.logEstado, 1)))
    .where(and(eq(rolPermiso.logEstado, 1), inArray(rolPermiso.idRol, roles)));
  // Services for everyone (the user's own profile, menu, password) need no role: a user without roles still has a shell.
  const paraTodos = serviciosParaTodos.length
    ? await db.select({ codigo: servicio.codigo }).from(servicio).where(and(inArray(servicio.codigo, serviciosParaTodos), eq(servicio.logEstado, 1)))
    : [];
  const concedidos = new Set([...directos, ...porPermiso, ...paraTodos].map((f) => f.codigo));
  // A platform service granted to a customer company's role (by an old default, or a link made before this rule)
  // does nothing: it would let one company change what every company shares.
  if ([...concedidos].some((c) => serviciosSoloProveedor.has(c)) && (await idEmpresaProveedora(db)) !== idEmpresa)
    for (const c of serviciosSoloProveedor) concedidos.delete(c);
  return concedidos;
}

export function mensajeProhibido(codigo: string): string {
  const s = porCodigo.get(codigo);
  if (s?.SoloProveedor) return 'No tiene permiso para esta operación: cambia datos que comparten todas las empresas y solo la realiza el personal del proveedor de la plataforma';
  const que = s ? `: ${s.Descripcion.charAt(0).toLowerCase()}${s.Descripcion.slice(1)}` : '';
  return `No tiene permiso para esta operación${que}. Solicite el acceso al administrador de su empresa`;
}

/**
 * Enforcement. Runs right after authentication (onRequest), before the body is read or validated: a caller
 * without the service gets 403 whatever it sends.
 */
export function registrarAutorizacion(app: FastifyInstance, ctx: Contexto): void {
  const rutas: RutaDeclarada[] = [];
  app.decorate('rutasDeclaradas', rutas);
  exigirDeclaracionDeServicio(app, rutas);
  ctx.tiempoReal.alAvisoEntreServidores((aviso) => {
    if (aviso === AVISO_CONCESIONES) concesionesDe(ctx).invalidar();
  });
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (request.is404 || config?.publica || !config?.servicio) return;
    const auth = request.auth;
    if (!auth) throw new AppError(ErrorCodes.NO_AUTENTICADO, undefined, 401);
    const servicios = await concesionesDe(ctx).servicios(ctx.dbh.db, auth);
    if (!servicios.has(config.servicio)) throw new AppError(ErrorCodes.PROHIBIDO, mensajeProhibido(config.servicio), 403);
  });
  app.addHook('onReady', async () => {
    await sincronizarCatalogo(ctx.dbh.db);
  });
}

/**
 * Copies the code catalogue into the database. A service seen for the first time gets its default grants
 * (roles, every role when ParaTodos, linked permissions); an existing one only has its description refreshed, so
 * grants an administrator revoked or added later stand. Safe with several processes starting at once.
 */
export async function sincronizarCatalogo(db: Db, catalogo: readonly TServicioCatalogo[] = catalogoServicios): Promise<number> {
  let nuevos = 0;
  await db.transaction(async (tx) => {
    const rolesExistentes = new Set((await tx.select({ id: rol.id }).from(rol)).map((r) => r.id));
    const permisosExistentes = new Set((await tx.select({ id: permiso.id }).from(permiso)).map((p) => p.id));
    for (const s of catalogo) {
      const [fila] = await tx
        .insert(servicio)
        .values({ codigo: s.Codigo, descripcion: s.Descripcion, modulo: s.Modulo })
        .onConflictDoUpdate({ target: servicio.codigo, set: { descripcion: s.Descripcion, modulo: s.Modulo } })
        .returning({ id: servicio.id, nuevo: sql<boolean>`(xmax = 0)` });
      if (!fila?.nuevo) continue;
      nuevos++;
      const roles = s.ParaTodos ? [...rolesExistentes] : s.RolesPorDefecto.filter((r) => rolesExistentes.has(r));
      if (roles.length)
        await tx.insert(rolServicio).values(roles.map((idRol) => ({ idRol, idServicio: fila.id }))).onConflictDoNothing();
      const permisos = (s.Permisos ?? []).filter((p) => permisosExistentes.has(p));
      if (permisos.length)
        await tx.insert(permisoServicio).values(permisos.map((idPermiso) => ({ idPermiso, idServicio: fila.id }))).onConflictDoNothing();
    }
  });
  return nuevos;
}

