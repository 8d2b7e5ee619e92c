import { and, asc, eq, exists, ilike, inArray, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { CatalogoParametrosSeguridad, PantallasDeServicio, Roles, type TCapacidadesRol, type TCapacidadRolGuardar, type TModulo, type TModuloGuardar, type TParametroFila, type TPermisoFila, type TPermisoNodo, type TRol, type TServicio, type TTerminal, type TTerminalGuardar } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { modulo, permiso, rol, rolPermiso, sucursal, usuarioRol } from '../../db/schema';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import { ErrorCodes } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { idEmpresaProveedora } from '../../lib/proveedor';
import type { TAuth } from './auth.hook';
import { registrarEvento, type Origen } from './auditoria';
import { invalidarConcesiones, serviciosSoloProveedor } from './autorizacion';
import { leerParametro, guardarParametro, quitarParametro } from './parametros';
import { permisoServicio, rolEmpresa, rolServicio, servicio, terminal } from './seguridad.schema';
import * as usuarios from './usuarios.repo';

type Pagina = { pagina: number; regxpag: number };
const desplazamiento = (q: Pagina) => (q.pagina - 1) * q.regxpag;
const patron = (texto: string) => `%${texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const estadoCond = (col: Parameters<typeof eq>[0], estado: number) => (estado === -1 ? undefined : eq(col, estado));
const actorDe = (auth: TAuth) => ({ id: auth.idUsuario, usuario: auth.usuario });
const MAX_NIVELES = 6;

/** Roles a company sees: the predefined ones (no owner) and its own. */
export function rolesVisiblesCondicion(idEmpresa: number): SQL {
  return or(
    notExists(sql`(select 1 from ${rolEmpresa} where ${rolEmpresa.idRol} = ${rol.id})`),
    exists(sql`(select 1 from ${rolEmpresa} where ${rolEmpresa.idRol} = ${rol.id} and ${rolEmpresa.idEmpresa} = ${idEmpresa})`),
  )!;
}

const propioSql = (idEmpresa: number) =>
  sql<boolean>`exists (select 1 from ${rolEmpresa} where ${rolEmpresa.idRol} = ${rol.id} and ${rolEmpresa.idEmpresa} = ${idEmpresa})`;

const aRol = (r: { id: number; idModulo: number; nombre: string; descripcion: string | null; logEstado: number; propio: boolean }): TRol => ({
  IdRol: r.id,
  IdModulo: r.idModulo,
  Nombre: r.nombre,
  Descripcion: r.descripcion,
  Propio: r.propio,
  LogEstado: r.logEstado,
});

// ---------------------------------------------------------------- modules
export async function listarModulos(db: Db, logEstado: number): Promise<{ Data: TModulo[]; Count: number }> {
  const filas = await db.select().from(modulo).where(estadoCond(modulo.logEstado, logEstado)).orderBy(asc(modulo.id));
  return { Data: filas.map((m) => ({ IdModulo: m.id, Nombre: m.nombre, Descripcion: m.descripcion, LogEstado: m.logEstado })), Count: filas.length };
}

const aModulo = (m: typeof modulo.$inferSelect): TModulo => ({ IdModulo: m.id, Nombre: m.nombre, Descripcion: m.descripcion, LogEstado: m.logEstado });

export async function listarModulosPaginas(db: Db, q: Pagina & { filtro?: string; estado: number }): Promise<{ Data: TModulo[]; Count: number }> {
  const donde = and(estadoCond(modulo.logEstado, q.estado), q.filtro ? or(ilike(modulo.nombre, patron(q.filtro)), ilike(modulo.descripcion, patron(q.filtro))) : undefined);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(modulo).where(donde);
  const filas = await db.select().from(modulo).where(donde).orderBy(asc(modulo.id)).limit(q.regxpag).offset(desplazamiento(q));
  return { Data: filas.map(aModulo), Count: total };
}

const ID_MODULO_ERP = 1;

/**
 * Modules are a global catalogue (shared by every company): only the provider's staff change them. The service check
 * (SEG_MODULOS_GESTIONAR) keeps other roles out; this one keeps a customer company's own Soporte user out.
 */
async function exigirProveedor(db: Pick<Db, 'select'>, auth: TAuth, que = 'modificar los módulos'): Promise<void> {
  if ((await idEmpresaProveedora(db)) !== auth.idEmpresa) throw new AppError(ErrorCodes.PROHIBIDO, `Solo el personal del proveedor puede ${que}`, 403);
}

export async function guardarModulo(ctx: Contexto, auth: TAuth, d: TModuloGuardar, origen: Origen): Promise<TModulo> {
  const db = ctx.dbh.db;
  await exigirProveedor(db, auth);
  const estado = d.LogEstado ?? 1;
  if (d.IdModulo === ID_MODULO_ERP && estado === 0) throw new AppError(ErrorCodes.MODULO_PRINCIPAL, undefined, 400);
  return db.transaction(async (tx) => {
    const [repetido] = await tx
      .select({ id: modulo.id })
      .from(modulo)
      .where(and(sql`lower(${modulo.nombre}) = lower(${d.Nombre})`, d.IdModulo ? sql`${modulo.id} <> ${d.IdModulo}` : undefined))
      .limit(1);
    if (repetido) throw errorDeCampo('Nombre', 'Ya existe un módulo con ese nombre');
    let fila: typeof modulo.$inferSelect | undefined;
    if (d.IdModulo) {
      [fila] = await tx
        .update(modulo)
        .set({ nombre: d.Nombre, descripcion: d.Descripcion ?? null, logEstado: estado, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` })
        .where(eq(modulo.id, d.IdModulo))
        .returning();
      if (!fila) throw noEncontrado('No se encontró el módulo');
    } else {
      // Module ids are fixed catalogue ids (not a sequence): the next one, under a lock so two creations do not collide.
      await tx.execute(sql`lock table ${modulo} in share row exclusive mode`);
      const [{ siguiente }] = await tx.select({ siguiente: sql<number>`coalesce(max(${modulo.id}), 0)::int + 1` }).from(modulo);
      [fila] = await tx.insert(modulo).values({ id: siguiente, nombre: d.Nombre, descripcion: d.Descripcion ?? null, logEstado: estado, logUsuarioCrea: auth.idUsuario }).returning();
    }
    await registrarEvento(tx, { evento: 'modulo', idEmpresa: auth.idEmpresa, actor: actorDe(auth), origen, detalle: { IdModulo: fila!.id, Nombre: fila!.nombre, LogEstado: fila!.logEstado, Accion: d.IdModulo ? 'editar' : 'crear' } });
    return aModulo(fila!);
  });
}

// ---------------------------------------------------------------- roles
export async function listarRoles(
  db: Db,
  auth: TAuth,
  q: Pagina & { filtro?: string; estado: number; idRol: number; idmodulo: number },
): Promise<{ Data: TRol[]; Count: number }> {
  const donde = and(
    rolesVisiblesCondicion(auth.idEmpresa),
    estadoCond(rol.logEstado, q.estado),
    q.idRol ? eq(rol.id, q.idRol) : undefined,
    q.idmodulo ? eq(rol.idModulo, q.idmodulo) : undefined,
    q.filtro ? ilike(rol.nombre, patron(q.filtro)) : undefined,
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(rol).where(donde);
  const filas = await db
    .select({ id: rol.id, idModulo: rol.idModulo, nombre: rol.nombre, descripcion: rol.descripcion, logEstado: rol.logEstado, propio: propioSql(auth.idEmpresa) })
    .from(rol)
    .where(donde)
    .orderBy(asc(rol.id))
    .limit(q.regxpag)
    .offset(desplazamiento(q));
  return { Data: filas.map(aRol), Count: total };
}

export async function rolesDeModulo(db: Db, auth: TAuth, idModulo: number, estado: number) {
  return listarRoles(db, auth, { pagina: 1, regxpag: 200, estado, idRol: 0, idmodulo: idModulo });
}

async function rolVisible(db: Pick<Db, 'select'>, auth: TAuth, idRol: number) {
  const [r] = await db
    .select({ id: rol.id, idModulo: rol.idModulo, nombre: rol.nombre, descripcion: rol.descripcion, logEstado: rol.logEstado, propio: propioSql(auth.idEmpresa) })
    .from(rol)
    .where(and(eq(rol.id, idRol), rolesVisiblesCondicion(auth.idEmpresa)))
    .limit(1);
  if (!r) throw noEncontrado('No se encontró el rol');
  return r;
}

/** Only a company's own roles change: the predefined ones are shared by every company. */
async function rolEditable(db: Pick<Db, 'select'>, auth: TAuth, idRol: number) {
  const r = await rolVisible(db, auth, idRol);
  if (!r.propio) throw new AppError(ErrorCodes.PROHIBIDO, 'Los roles predefinidos (Cajero, Supervisor, Soporte) no se pueden modificar: cree un rol propio', 403);
  return r;
}

export async function crearRol(ctx: Contexto, auth: TAuth, d: { IdModulo: number; Nombre: string; Descripcion?: string | null }, origen: Origen): Promise<TRol> {
  const db = ctx.dbh.db;
  if (!(await usuarios.moduloExiste(db, d.IdModulo))) throw errorDeCampo('IdModulo', 'El módulo no existe');
  return db.transaction(async (tx) => {
    const [repetido] = await tx
      .select({ id: rol.id })
      .from(rol)
      .where(and(sql`lower(${rol.nombre}) = lower(${d.Nombre})`, rolesVisiblesCondicion(auth.idEmpresa)))
      .limit(1);
    if (repetido) throw errorDeCampo('Nombre', 'Ya existe un rol con ese nombre');
    // Company roles take ids from 1000 on (rol.id is not an identity: the seed's role ids are fixed).
    const [{ id }] = await tx.select({ id: sql<number>`nextval('rol_propio_seq')::int` }).from(modulo).limit(1);
    await tx.insert(rol).values({ id, idModulo: d.IdModulo, nombre: d.Nombre, descripcion: d.Descripcion ?? null, logUsuarioCrea: auth.idUsuario });
    await tx.insert(rolEmpresa).values({ idRol: id, idEmpresa: auth.idEmpresa, logUsuarioCrea: auth.idUsuario });
    await registrarEvento(tx, { evento: 'rol_creado', idEmpresa: auth.idEmpresa, actor: actorDe(auth), origen, detalle: { IdRol: id, Nombre: d.Nombre } });
    return aRol({ id, idModulo: d.IdModulo, nombre: d.Nombre, descripcion: d.Descripcion ?? null, logEstado: 1, propio: true });
  });
}

export async function editarRol(
  ctx: Contexto,
  auth: TAuth,
  d: { IdRol: number; IdModulo: number; Nombre: string; Descripcion?: string | null; LogEstado: 0 | 1 },
  origen: Origen,
): Promise<TRol> {
  const db = ctx.dbh.db;
  const r = await db.transaction(async (tx) => {
    const actual = await rolEditable(tx, auth, d.IdRol);
    const [repetido] = await tx
      .select({ id: rol.id })
      .from(rol)
      .where(and(sql`lower(${rol.nombre}) = lower(${d.Nombre})`, sql`${rol.id} <> ${d.IdRol}`, rolesVisiblesCondicion(auth.idEmpresa)))
      .limit(1);
    if (repetido) throw errorDeCampo('Nombre', 'Ya existe un rol con ese nombre');
    await tx
      .update(rol)
      .set({ nombre: d.Nombre, descripcion: d.Descripcion ?? null, logEstado: d.LogEstado, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` })
      .where(eq(rol.id, d.IdRol));
    await registrarEvento(tx, { evento: 'rol_editado', idEmpresa: auth.idEmpresa, actor: actorDe(auth), origen, detalle: { IdRol: d.IdRol, Nombre: d.Nombre, LogEstado: d.LogEstado, Anterior: { Nombre: actual.nombre, LogEstado: actual.logEstado } } });
    return aRol({ ...actual, nombre: d.Nombre, descripcion: d.Descripcion ?? null, logEstado: d.LogEstado });
  });
  invalidarConcesiones(ctx);
  return r;
}

// ---------------------------------------------------------------- permission tree
type FilaPermiso = typeof permiso.$inferSelect;

function construirArbol(filas: FilaPermiso[], habilitados: Set<number>, raiz: number): TPermisoNodo[] {
  const hijos = new Map<number | null, FilaPermiso[]>();
  const ids = new Set(filas.map((f) => f.id));
  for (const f of filas) {
    const padre = f.idPadre != null && ids.has(f.idPadre) ? f.idPadre : null;
    hijos.set(padre, [...(hijos.get(padre) ?? []), f]);
  }
  const nodo = (f: FilaPermiso, nivel: number): TPermisoNodo => ({
    Id: f.id,
    IdPermiso: f.id,
    IdParent: f.idPadre,
    IdModulo: f.idModulo,
    Descripcion: f.descripcion,
    Tipo: f.tipo,
    Ruta: f.ruta,
    Componente: f.componente,
    LogEstado: f.logEstado,
    Habilitado: habilitados.has(f.id),
    Hijos: nivel >= MAX_NIVELES ? [] : (hijos.get(f.id) ?? []).map((h) => nodo(h, nivel + 1)),
  });
  if (raiz) {
    const f = filas.find((x) => x.id === raiz);
    return f ? (hijos.get(f.id) ?? []).map((h) => nodo(h, 1)) : [];
  }
  return (hijos.get(null) ?? []).map((f) => nodo(f, 1));
}

async function filasPermisos(db: Db, q: { idmodulo: number; estado?: number }) {
  return db
    .select()
    .from(permiso)
    .where(and(q.idmodulo ? eq(permiso.idModulo, q.idmodulo) : undefined, q.estado === undefined || q.estado === -1 ? undefined : eq(permiso.logEstado, q.estado)))
    .orderBy(asc(permiso.orden), asc(permiso.id));
}

export async function arbolPermisos(db: Db, q: { IdPermiso: number; idmodulo: number }) {
  const filas = await filasPermisos(db, { idmodulo: q.idmodulo });
  const Data = construirArbol(filas, new Set(), q.IdPermiso);
  return { Data, Count: Data.length };
}

function nivelesDe(filas: FilaPermiso[]): Map<number, number> {
  const porId = new Map(filas.map((f) => [f.id, f]));
  const niveles = new Map<number, number>();
  for (const f of filas) {
    let n = 1;
    for (let p = f.idPadre == null ? undefined : porId.get(f.idPadre); p && n <= MAX_NIVELES + 2; p = p.idPadre == null ? undefined : porId.get(p.idPadre)) n++;
    niveles.set(f.id, n);
  }
  return niveles;
}

const aFilaPermiso = (f: FilaPermiso, nivel: number): TPermisoFila => ({
  IdPermiso: f.id,
  IdParent: f.idPadre,
  IdModulo: f.idModulo,
  Descripcion: f.descripcion,
  Tipo: f.tipo,
  Ruta: f.ruta,
  Componente: f.componente,
  Nivel: nivel,
  LogEstado: f.logEstado,
});

export async function listarPermisos(db: Db, q: Pagina & { filtro?: string; estado: number; idmodulo: number; idPermiso: number; tipo: number }) {
  const todas = await filasPermisos(db, { idmodulo: 0 });
  const niveles = nivelesDe(todas);
  const filtradas = todas.filter(
    (f) =>
      (!q.idmodulo || f.idModulo === q.idmodulo) &&
      (q.estado === -1 || f.logEstado === q.estado) &&
      (!q.idPermiso || f.idPadre === q.idPermiso) &&
      (q.tipo === -1 || f.tipo === q.tipo) &&
      (!q.filtro || f.descripcion.toLowerCase().includes(q.filtro.toLowerCase())),
  );
  const pagina = filtradas.slice(desplazamiento(q), desplazamiento(q) + q.regxpag);
  return { Data: pagina.map((f) => aFilaPermiso(f, niveles.get(f.id) ?? 1)), Count: filtradas.length };
}

export async function obtenerPermiso(db: Db, id: number): Promise<TPermisoFila> {
  const todas = await filasPermisos(db, { idmodulo: 0 });
  const f = todas.find((x) => x.id === id);
  if (!f) throw noEncontrado('No se encontró el permiso');
  return aFilaPermiso(f, nivelesDe(todas).get(id) ?? 1);
}

/** The permission catalogue is shared by every company: only a platform operator (SEG_CATALOGO_GESTIONAR) edits it. */
export async function editarPermiso(ctx: Contexto, auth: TAuth, d: { IdPermiso: number; Descripcion: string; LogEstado: 0 | 1 }, origen: Origen) {
  const db = ctx.dbh.db;
  await obtenerPermiso(db, d.IdPermiso);
  await db.transaction(async (tx) => {
    await tx.update(permiso).set({ descripcion: d.Descripcion, logEstado: d.LogEstado, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` }).where(eq(permiso.id, d.IdPermiso));
    await registrarEvento(tx, { evento: 'permiso_servicio', idEmpresa: auth.idEmpresa, actor: actorDe(auth), origen, detalle: { IdPermiso: d.IdPermiso, Descripcion: d.Descripcion, LogEstado: d.LogEstado } });
  });
  invalidarConcesiones(ctx);
  return obtenerPermiso(db, d.IdPermiso);
}

// ---------------------------------------------------------------- role-permission
export async function permisosDeRol(db: Db, auth: TAuth, idRol: number, q: { idmodulo: number; tipo: number; estado: number; filtro?: string }) {
  await rolVisible(db, auth, idRol);
  const filas = (await filasPermisos(db, { idmodulo: q.idmodulo, estado: q.estado })).filter(
    (f) => (q.tipo === -1 || f.tipo === q.tipo || f.tipo === 0) && (!q.filtro || f.descripcion.toLowerCase().includes(q.filtro.toLowerCase()) || f.tipo === 0),
  );
  const concedidos = await db
    .select({ id: rolPermiso.idPermiso })
    .from(rolPermiso)
    .where(and(eq(rolPermiso.idRol, idRol), eq(rolPermiso.logEstado, 1)));
  const Data = construirArbol(filas, new Set(concedidos.map((c) => c.id)), 0);
  return { Data, Count: Data.length };
}

/** Flat list of the nodes a role holds (the seed's GET rolespermisos). */
export async function listaRolPermisos(db: Db, auth: TAuth, q: { idRol: number; idModulo: number; tipo: number; filtro?: string }) {
  if (q.idRol) await rolVisible(db, auth, q.idRol);
  const todas = await filasPermisos(db, { idmodulo: q.idModulo });
  const niveles = nivelesDe(todas);
  const concedidos = await db
    .select({ id: rolPermiso.idPermiso })
    .from(rolPermiso)
    .innerJoin(rol, eq(rol.id, rolPermiso.idRol))
    .where(and(q.idRol ? eq(rolPermiso.idRol, q.idRol) : rolesVisiblesCondicion(auth.idEmpresa), eq(rolPermiso.logEstado, 1)));
  const ids = new Set(concedidos.map((c) => c.id));
  const Data = todas
    .filter((f) => ids.has(f.id) && (q.tipo === -1 || f.tipo === q.tipo) && (!q.filtro || f.descripcion.toLowerCase().includes(q.filtro.toLowerCase())))
    .map((f) => aFilaPermiso(f, niveles.get(f.id) ?? 1));
  return { Data, Count: Data.length };
}

export async function agregarPermisosARol(ctx: Contexto, auth: TAuth, d: { IdRol: number; Permisos: number[] }, origen: Origen) {
  const db = ctx.dbh.db;
  await db.transaction(async (tx) => {
    await rolEditable(tx, auth, d.IdRol);
    const todas = await tx.select({ id: permiso.id, idPadre: permiso.idPadre }).from(permiso).where(eq(permiso.logEstado, 1));
    const porId = new Map(todas.map((p) => [p.id, p]));
    const aAgregar = new Set<number>();
    for (const id of d.Permisos) {
      if (!porId.has(id)) throw errorDeCampo('Permisos', `El permiso ${id} no existe o está inactivo`);
      // With its ancestors, so the menu tree stays connected.
      for (let p = porId.get(id); p && !aAgregar.has(p.id); p = p.idPadre == null ? undefined : porId.get(p.idPadre)) aAgregar.add(p.id);
    }
    for (const idPermiso of aAgregar)
      await tx
        .insert(rolPermiso)
        .values({ idRol: d.IdRol, idPermiso, logUsuarioCrea: auth.idUsuario })
        .onConflictDoUpdate({ target: [rolPermiso.idRol, rolPermiso.idPermiso], set: { logEstado: 1, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` } });
    await registrarEvento(tx, { evento: 'rol_permiso', idEmpresa: auth.idEmpresa, actor: actorDe(auth), origen, detalle: { IdRol: d.IdRol, Agregados: [...aAgregar].sort((a, b) => a - b) } });
  });
  invalidarConcesiones(ctx);
  return { Mensaje: 'Permisos asignados al rol' };
}

export async function cambiarPermisoDeRol(ctx: Contexto, auth: TAuth, d: { IdRol: number; IdPermiso: number; LogEstado: 0 | 1 }, origen: Origen) {
  if (d.LogEstado === 1) return agregarPermisosARol(ctx, auth, { IdRol: d.IdRol, Permisos: [d.IdPermiso] }, origen);
  const db = ctx.dbh.db;
  await db.transaction(async (tx) => {
    await rolEditable(tx, auth, d.IdRol);
    const todas = await tx.select({ id: permiso.id, idPadre: permiso.idPadre }).from(permiso);
    // The node and everything under it.
    const quitar = new Set([d.IdPermiso]);
    for (let cambio = true; cambio; ) {
      cambio = false;
      for (const p of todas) {
        if (p.idPadre != null && quitar.has(p.idPadre) && !quitar.has(p.id)) {
          quitar.add(p.id);
          cambio = true;
        }
      }
    }
    await tx
      .update(rolPermiso)
      .set({ logEstado: 0, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` })
      .where(and(eq(rolPermiso.idRol, d.IdRol), inArray(rolPermiso.idPermiso, [...quitar])));
    await registrarEvento(tx, { evento: 'rol_permiso', idEmpresa: auth.idEmpresa, actor: actorDe(auth), origen, detalle: { IdRol: d.IdRol, Quitados: [...quitar].sort((a, b) => a - b) } });
  });
  invalidarConcesiones(ctx);
  return { Mensaje: 'Permiso quitado del rol' };
}

// ---------------------------------------------------------------- services
const aServicio = (s: typeof servicio.$inferSelect): TServicio => ({ IdServicio: s.id, Codigo: s.codigo, Descripcion: s.descripcion, Modulo: s.modulo, LogEstado: s.logEstado });

/** Services linked (actively) to a permission node of this module and/or kind: the seed's `idmodulo` and `tipo` filters. */
function vinculadoAPermiso(idServicio: SQL | typeof servicio.id, idModulo: number, tipo: number): SQL | undefined {
  if (!idModulo && tipo < 0) return undefined;
  return exists(
    sql`(select 1 from ${permisoServicio} join ${permiso} on ${permiso.id} = ${permisoServicio.idPermiso} where ${permisoServicio.idServicio} = ${idServicio} and ${permisoServicio.logEstado} = 1${idModulo ? sql` and ${permiso.idModulo} = ${idModulo}` : sql``}${tipo >= 0 ? sql` and ${permiso.tipo} = ${tipo}` : sql``})`,
  );
}

export async function listarServicios(db: Db, auth: TAuth, q: Pagina & { filtro?: string; estado: number; modulo?: string; rol: number; permiso: number; idservicio: number; idmodulo: number; identidad: number; tipo: number }) {
  // The seed names the company; a caller only ever lists its own company's view.
  if (q.identidad && q.identidad !== auth.idEmpresa) throw noEncontrado('No se encontró la empresa');
  if (q.rol) await rolVisible(db, auth, q.rol);
  // A customer company's administrators do not see the platform's own services: they could not grant them.
  const ocultos = (await idEmpresaProveedora(db)) === auth.idEmpresa ? [] : [...serviciosSoloProveedor];
  const donde = and(
    estadoCond(servicio.logEstado, q.estado),
    ocultos.length ? notInArray(servicio.codigo, ocultos) : undefined,
    q.modulo ? eq(servicio.modulo, q.modulo) : undefined,
    q.idservicio ? eq(servicio.id, q.idservicio) : undefined,
    q.filtro ? or(ilike(servicio.codigo, patron(q.filtro)), ilike(servicio.descripcion, patron(q.filtro))) : undefined,
    q.rol ? exists(sql`(select 1 from ${rolServicio} where ${rolServicio.idServicio} = ${servicio.id} and ${rolServicio.idRol} = ${q.rol} and ${rolServicio.logEstado} = 1)`) : undefined,
    q.permiso ? exists(sql`(select 1 from ${permisoServicio} where ${permisoServicio.idServicio} = ${servicio.id} and ${permisoServicio.idPermiso} = ${q.permiso} and ${permisoServicio.logEstado} = 1)`) : undefined,
    vinculadoAPermiso(servicio.id, q.idmodulo, q.tipo),
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(servicio).where(donde);
  const filas = await db.select().from(servicio).where(donde).orderBy(asc(servicio.modulo), asc(servicio.codigo)).limit(q.regxpag).offset(desplazamiento(q));
  return { Data: filas.map(aServicio), Count: total };
}

export async function editarServicio(ctx: Contexto, auth: TAuth, d: { IdServicio: number; Descripcion: string; LogEstado: 0 | 1 }, origen: Origen): Promise<TServicio> {
  const db = ctx.dbh.db;
  const r = await db.transaction(async (tx) => {
    const [s] = await tx
      .update(servicio)
      .set({ descripcion: d.Descripcion, logEstado: d.LogEstado, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` })
      .where(eq(servicio.id, d.IdServicio))
      .returning();
    if (!s) throw noEncontrado('No se encontró el servicio');
    await registrarEvento(tx, { evento: 'rol_servicio', idEmpresa: auth.idEmpresa, actor: actorDe(auth), origen, detalle: { IdServicio: d.IdServicio, LogEstado: d.LogEstado } });
    return aServicio(s);
  });
  invalidarConcesiones(ctx);
  return r;
}

// ---------------------------------------------------------------- role-service
export async function listarRolesServicios(db: Db, auth: TAuth, q: Pagina & { filtro?: string; estado: number; idRol: number; idModulo: number; tipo: number }) {
  if (q.idRol) await rolVisible(db, auth, q.idRol);
  const donde = and(
    q.idRol ? eq(rolServicio.idRol, q.idRol) : rolesVisiblesCondicion(auth.idEmpresa),
    estadoCond(rolServicio.logEstado, q.estado),
    q.idModulo ? eq(rol.idModulo, q.idModulo) : undefined,
    vinculadoAPermiso(servicio.id, 0, q.tipo),
    q.filtro ? or(ilike(servicio.codigo, patron(q.filtro)), ilike(servicio.descripcion, patron(q.filtro))) : undefined,
  );
  const base = () => db.select().from(rolServicio).innerJoin(servicio, eq(servicio.id, rolServicio.idServicio)).innerJoin(rol, eq(rol.id, rolServicio.idRol));
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(rolServicio)
    .innerJoin(servicio, eq(servicio.id, rolServicio.idServicio))
    .innerJoin(rol, eq(rol.id, rolServicio.idRol))
    .where(donde);
  const filas = await base().where(donde).orderBy(asc(rolServicio.idRol), asc(servicio.codigo)).limit(q.regxpag).offset(desplazamiento(q));
  return {
    Count: total,
    Data: filas.map((f) => ({
      IdRol: f.rol_servicio.idRol,
      IdServicio: f.servicio.id,
      Codigo: f.servicio.codigo,
      Descripcion: f.servicio.descripcion,
      Modulo: f.servicio.modulo,
      LogEstado: f.rol_servicio.logEstado,
    })),
  };
}

export async function guardarRolServicio(ctx: Contexto, auth: TAuth, d: { IdRol: number; IdServicio: number; LogEstado: 0 | 1 }, origen: Origen) {
  const db = ctx.dbh.db;
  await db.transaction(async (tx) => {
    await rolEditable(tx, auth, d.IdRol);
    const [s] = await tx.select({ id: servicio.id, codigo: servicio.codigo }).from(servicio).where(eq(servicio.id, d.IdServicio));
    if (!s) throw errorDeCampo('IdServicio', 'El servicio no existe');
    if (d.LogEstado === 1 && serviciosSoloProveedor.has(s.codigo)) await exigirProveedor(tx, auth, 'conceder este servicio de la plataforma');
    await tx
      .insert(rolServicio)
      .values({ idRol: d.IdRol, idServicio: d.IdServicio, logEstado: d.LogEstado, logUsuarioCrea: auth.idUsuario })
      .onConflictDoUpdate({ target: [rolServicio.idRol, rolServicio.idServicio], set: { logEstado: d.LogEstado, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` } });
    await registrarEvento(tx, { evento: 'rol_servicio', idEmpresa: auth.idEmpresa, actor: actorDe(auth), origen, detalle: { IdRol: d.IdRol, Servicio: s.codigo, LogEstado: d.LogEstado } });
  });
  invalidarConcesiones(ctx);
  return { Mensaje: d.LogEstado === 1 ? 'Servicio concedido al rol' : 'Servicio retirado del rol' };
}

// ---------------------------------------------------------------- permission-service (global catalogue)
export async function listarPermisosServicios(db: Db, q: Pagina & { filtro?: string; estado: number; idPermiso: number; idModulo: number; tipo: number }) {
  const donde = and(
    q.idPermiso ? eq(permisoServicio.idPermiso, q.idPermiso) : undefined,
    q.tipo >= 0 ? eq(permiso.tipo, q.tipo) : undefined,
    q.idModulo ? eq(permiso.idModulo, q.idModulo) : undefined,
    estadoCond(permisoServicio.logEstado, q.estado),
    q.filtro ? or(ilike(servicio.codigo, patron(q.filtro)), ilike(servicio.descripcion, patron(q.filtro)), ilike(permiso.descripcion, patron(q.filtro))) : undefined,
  );
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(permisoServicio)
    .innerJoin(servicio, eq(servicio.id, permisoServicio.idServicio))
    .innerJoin(permiso, eq(permiso.id, permisoServicio.idPermiso))
    .where(donde);
  const filas = await db
    .select()
    .from(permisoServicio)
    .innerJoin(servicio, eq(servicio.id, permisoServicio.idServicio))
    .innerJoin(permiso, eq(permiso.id, permisoServicio.idPermiso))
    .where(donde)
    .orderBy(asc(permisoServicio.idPermiso), asc(servicio.codigo))
    .limit(q.regxpag)
    .offset(desplazamiento(q));
  return {
    Count: total,
    Data: filas.map((f) => ({
      IdPermiso: f.permiso.id,
      DescripcionPermiso: f.permiso.descripcion,
      IdServicio: f.servicio.id,
      Codigo: f.servicio.codigo,
      Descripcion: f.servicio.descripcion,
      LogEstado: f.permiso_servicio.logEstado,
    })),
  };
}

export async function guardarPermisoServicio(ctx: Contexto, auth: TAuth, d: { IdPermiso: number; IdServicio: number; LogEstado: 0 | 1 }, origen: Origen) {
  const db = ctx.dbh.db;
  await db.transaction(async (tx) => {
    const [p] = await tx.select({ id: permiso.id }).from(permiso).where(eq(permiso.id, d.IdPermiso));
    if (!p) throw errorDeCampo('IdPermiso', 'El permiso no existe');
    const [s] = await tx.select({ id: servicio.id, codigo: servicio.codigo }).from(servicio).where(eq(servicio.id, d.IdServicio));
    if (!s) throw errorDeCampo('IdServicio', 'El servicio no existe');
    await tx
      .insert(permisoServicio)
      .values({ idPermiso: d.IdPermiso, idServicio: d.IdServicio, logEstado: d.LogEstado, logUsuarioCrea: auth.idUsuario })
      .onConflictDoUpdate({ target: [permisoServicio.idPermiso, permisoServicio.idServicio], set: { logEstado: d.LogEstado, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` } });
    await registrarEvento(tx, { evento: 'permiso_servicio', idEmpresa: auth.idEmpresa, actor: actorDe(auth), origen, detalle: { IdPermiso: d.IdPermiso, Servicio: s.codigo, LogEstado: d.LogEstado } });
  });
  invalidarConcesiones(ctx);
  return { Mensaje: d.LogEstado === 1 ? 'Servicio vinculado al permiso' : 'Servicio desvinculado del permiso' };
}

// ---------------------------------------------------------------- terminals
const aTerminal = (t: typeof terminal.$inferSelect): TTerminal => ({
  IdTerminal: t.id,
  IdEntidad: t.idEmpresa,
  IdSucursal: t.idSucursal,
  Nombre: t.nombre,
  Codigo: t.codigo,
  LogEstado: t.logEstado,
});

export async function listarTerminales(db: Db, auth: TAuth, idEntidad: number, q: Pagina & { filtro?: string; logestado: number }) {
  if (idEntidad !== auth.idEmpresa) throw noEncontrado('No se encontró la empresa');
  const donde = and(
    eq(terminal.idEmpresa, auth.idEmpresa),
    estadoCond(terminal.logEstado, q.logestado),
    q.filtro ? or(ilike(terminal.nombre, patron(q.filtro)), ilike(terminal.codigo, patron(q.filtro))) : undefined,
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(terminal).where(donde);
  const filas = await db.select().from(terminal).where(donde).orderBy(asc(terminal.nombre), asc(terminal.id)).limit(q.regxpag).offset(desplazamiento(q));
  return { Data: filas.map(aTerminal), Count: total };
}

export async function obtenerTerminal(db: Db, auth: TAuth, id: number): Promise<TTerminal> {
  const [t] = await db.select().from(terminal).where(and(eq(terminal.id, id), eq(terminal.idEmpresa, auth.idEmpresa)));
  if (!t) throw noEncontrado('No se encontró el terminal');
  return aTerminal(t);
}

async function validarSucursalTerminal(db: Pick<Db, 'select'>, auth: TAuth, idSucursal: number | null | undefined) {
  if (!idSucursal) return;
  const [s] = await db.select({ id: sucursal.id }).from(sucursal).where(and(eq(sucursal.id, idSucursal), eq(sucursal.idEmpresa, auth.idEmpresa)));
  if (!s) throw errorDeCampo('IdSucursal', 'La sucursal no existe');
}

export async function crearTerminal(db: Db, auth: TAuth, d: TTerminalGuardar): Promise<TTerminal> {
  await validarSucursalTerminal(db, auth, d.IdSucursal);
  const [t] = await db
    .insert(terminal)
    .values({ idEmpresa: auth.idEmpresa, idSucursal: d.IdSucursal ?? null, nombre: d.Nombre, codigo: d.Codigo ?? null, logEstado: d.LogEstado, logUsuarioCrea: auth.idUsuario })
    .returning();
  return aTerminal(t);
}

export async function editarTerminal(db: Db, auth: TAuth, d: TTerminalGuardar): Promise<TTerminal> {
  if (!d.IdTerminal) throw errorDeCampo('IdTerminal', 'Indique el terminal a modificar');
  await validarSucursalTerminal(db, auth, d.IdSucursal);
  const [t] = await db
    .update(terminal)
    .set({ idSucursal: d.IdSucursal ?? null, nombre: d.Nombre, codigo: d.Codigo ?? null, logEstado: d.LogEstado, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` })
    .where(and(eq(terminal.id, d.IdTerminal), eq(terminal.idEmpresa, auth.idEmpresa)))
    .returning();
  if (!t) throw noEncontrado('No se encontró el terminal');
  return aTerminal(t);
}

// ---------------------------------------------------------------- parameters
async function usuarioParametro(db: Db, auth: TAuth, idUsuario: number) {
  if (idUsuario === 0) return;
  const u = await usuarios.buscarUsuarioDeEmpresa(db, auth.idEmpresa, idUsuario);
  if (!u) throw noEncontrado('No se encontró el usuario');
}

export async function obtenerParametro(db: Db, auth: TAuth, idUsuario: number, codigo: string) {
  await usuarioParametro(db, auth, idUsuario);
  return { IdUsuario: idUsuario, Codigo: codigo, Valor: await leerParametro(db, auth.idEmpresa, idUsuario, codigo) };
}

/** Every parameter of the catalogue with the company's value and, for a user, theirs and the one that applies. */
export async function listarParametros(db: Db, auth: TAuth, idUsuario: number): Promise<{ Data: TParametroFila[]; Count: number }> {
  await usuarioParametro(db, auth, idUsuario);
  const Data: TParametroFila[] = [];
  for (const p of CatalogoParametrosSeguridad) {
    const ValorEmpresa = await leerParametro(db, auth.idEmpresa, 0, p.Codigo);
    const ValorUsuario = idUsuario && p.Ambito === 'ambos' ? await leerParametro(db, auth.idEmpresa, idUsuario, p.Codigo) : null;
    Data.push({ ...p, ValorEmpresa, ValorUsuario, ValorEfectivo: ValorUsuario ?? ValorEmpresa ?? p.Defecto });
  }
  return { Data, Count: Data.length };
}

/** Catalogue check: known code, allowed scope, a value of the parameter's type. */
function validarParametro(d: { IdUsuario: number; Codigo: string; Valor: string }): void {
  const p = CatalogoParametrosSeguridad.find((c) => c.Codigo === d.Codigo);
  if (!p) throw errorDeCampo('Codigo', 'Parámetro desconocido');
  if (d.IdUsuario !== 0 && (p.Ambito as string) === 'empresa') throw errorDeCampo('IdUsuario', 'Este parámetro solo se configura para toda la empresa');
  if (d.Valor === '' && d.IdUsuario !== 0) return; // '' on a user: back to the company's value
  if (p.Tipo === 'booleano' && d.Valor !== '0' && d.Valor !== '1') throw errorDeCampo('Valor', 'El valor debe ser 1 (sí) o 0 (no)');
}

export async function guardarParametroSeguridad(ctx: Contexto, auth: TAuth, d: { IdUsuario: number; Codigo: string; Valor: string }, origen: Origen) {
  const db = ctx.dbh.db;
  validarParametro(d);
  await usuarioParametro(db, auth, d.IdUsuario);
  await db.transaction(async (tx) => {
    if (d.Valor === '') await quitarParametro(tx, auth.idEmpresa, d.IdUsuario, d.Codigo, auth.idUsuario);
    else await guardarParametro(tx, auth.idEmpresa, d, auth.idUsuario);
    await registrarEvento(tx, { evento: 'parametro', idEmpresa: auth.idEmpresa, actor: actorDe(auth), origen, detalle: { IdUsuario: d.IdUsuario, Codigo: d.Codigo, Valor: d.Valor.slice(0, 200) } });
  });
  return { IdUsuario: d.IdUsuario, Codigo: d.Codigo, Valor: d.Valor === '' ? null : d.Valor };
}


// ---------------------------------------------------------------- "Qué puede hacer" (issue 11): the owner's plain view

/**
 * The raw service views (codes like CORREO_CONFIG_GUARDAR, the permission-service links) are technical: only users
 * holding the Soporte role (Roles.SOPORTE) read them. An owner (Supervisor) uses "Qué puede hacer".
 */
export async function exigirSoporte(db: Pick<Db, 'select'>, auth: TAuth): Promise<void> {
  const [f] = await db
    .select({ id: usuarioRol.id })
    .from(usuarioRol)
    .where(and(eq(usuarioRol.idUsuario, auth.idUsuario), eq(usuarioRol.idEmpresa, auth.idEmpresa), eq(usuarioRol.idRol, Roles.SOPORTE), eq(usuarioRol.logEstado, 1)))
    .limit(1);
  if (!f) throw new AppError(ErrorCodes.PROHIBIDO, 'Los códigos de servicio son una vista técnica del personal de soporte: use "Qué puede hacer" en Roles', 403);
}

/** Every action of the catalogue (platform services only for the provider) with whether the role can do it. */
export async function capacidadesDeRol(db: Db, auth: TAuth, idRol: number): Promise<TCapacidadesRol> {
  await rolVisible(db, auth, idRol);
  const ocultos = (await idEmpresaProveedora(db)) === auth.idEmpresa ? [] : [...serviciosSoloProveedor];
  const servicios = await db
    .select({ id: servicio.id, codigo: servicio.codigo, descripcion: servicio.descripcion, modulo: servicio.modulo })
    .from(servicio)
    .where(and(eq(servicio.logEstado, 1), ocultos.length ? notInArray(servicio.codigo, ocultos) : undefined))
    .orderBy(asc(servicio.modulo), asc(servicio.descripcion));
  const directos = await db.select({ id: rolServicio.idServicio }).from(rolServicio).where(and(eq(rolServicio.idRol, idRol), eq(rolServicio.logEstado, 1)));
  // Holding a node grants the services linked to it (permission-service), as the authorization computes it.
  const porNodo = await db
    .selectDistinct({ id: permisoServicio.idServicio })
    .from(permisoServicio)
    .innerJoin(rolPermiso, and(eq(rolPermiso.idPermiso, permisoServicio.idPermiso), eq(rolPermiso.idRol, idRol), eq(rolPermiso.logEstado, 1)))
    .where(eq(permisoServicio.logEstado, 1));
  const concedidos = new Set([...directos, ...porNodo].map((f) => f.id));
  const nombres = new Map((await db.select({ id: permiso.id, descripcion: permiso.descripcion }).from(permiso).where(eq(permiso.tipo, 1))).map((p) => [p.id, p.descripcion]));
  const Data = servicios.map((s) => ({
    IdServicio: s.id,
    Descripcion: s.descripcion,
    Area: s.modulo,
    Concedido: concedidos.has(s.id),
    Pantallas: [...new Set((PantallasDeServicio[s.codigo] ?? []).map((id) => nombres.get(id)).filter((n): n is string => !!n))],
  }));
  return { Data, Count: Data.length };
}

/**
 * Turns one action of a company's own role on or off, in one transaction: the service, and the screens where it is
 * done (with their menu ancestors), so a user with the role can open them. Turning off removes the screens no other
 * action the role keeps needs.
 */
export async function guardarCapacidadDeRol(ctx: Contexto, auth: TAuth, idRol: number, d: TCapacidadRolGuardar, origen: Origen) {
  const db = ctx.dbh.db;
  await db.transaction(async (tx) => {
    await rolEditable(tx, auth, idRol);
    const [s] = await tx.select({ id: servicio.id, codigo: servicio.codigo }).from(servicio).where(and(eq(servicio.id, d.IdServicio), eq(servicio.logEstado, 1)));
    if (!s) throw errorDeCampo('IdServicio', 'La acción no existe');
    if (serviciosSoloProveedor.has(s.codigo)) await exigirProveedor(tx, auth, 'conceder este servicio de la plataforma');
    await tx
      .insert(rolServicio)
      .values({ idRol, idServicio: s.id, logEstado: d.Concedido ? 1 : 0, logUsuarioCrea: auth.idUsuario })
      .onConflictDoUpdate({ target: [rolServicio.idRol, rolServicio.idServicio], set: { logEstado: d.Concedido ? 1 : 0, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` } });
    const todas = await tx.select({ id: permiso.id, idPadre: permiso.idPadre }).from(permiso).where(eq(permiso.logEstado, 1));
    const porId = new Map(todas.map((p) => [p.id, p]));
    const nodos = (PantallasDeServicio[s.codigo] ?? []).filter((id) => porId.has(id));
    let cambiados: number[] = [];
    if (d.Concedido) {
      const agregar = new Set<number>();
      for (const id of nodos) for (let p = porId.get(id); p && !agregar.has(p.id); p = p.idPadre == null ? undefined : porId.get(p.idPadre)) agregar.add(p.id);
      for (const idPermiso of agregar)
        await tx
          .insert(rolPermiso)
          .values({ idRol, idPermiso, logUsuarioCrea: auth.idUsuario })
          .onConflictDoUpdate({ target: [rolPermiso.idRol, rolPermiso.idPermiso], set: { logEstado: 1, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` } });
      cambiados = [...agregar];
    } else {
      // A screen stays while another action the role keeps is done there.
      const siguen = await tx
        .select({ codigo: servicio.codigo })
        .from(rolServicio)
        .innerJoin(servicio, eq(servicio.id, rolServicio.idServicio))
        .where(and(eq(rolServicio.idRol, idRol), eq(rolServicio.logEstado, 1)));
      const necesarios = new Set(siguen.flatMap((f) => PantallasDeServicio[f.codigo] ?? []));
      cambiados = nodos.filter((id) => !necesarios.has(id));
      if (cambiados.length)
        await tx
          .update(rolPermiso)
          .set({ logEstado: 0, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` })
          .where(and(eq(rolPermiso.idRol, idRol), inArray(rolPermiso.idPermiso, cambiados)));
    }
    await registrarEvento(tx, {
      evento: 'rol_servicio',
      idEmpresa: auth.idEmpresa,
      actor: actorDe(auth),
      origen,
      detalle: { IdRol: idRol, Servicio: s.codigo, LogEstado: d.Concedido ? 1 : 0, [d.Concedido ? 'PermisosAgregados' : 'PermisosQuitados']: cambiados.sort((a, b) => a - b) },
    });
  });
  invalidarConcesiones(ctx);
  return { Mensaje: d.Concedido ? 'Acción permitida al rol' : 'Acción retirada del rol' };
}
