import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, exists, gt, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import {
  EstadoUsuario,
  MensajesSesion,
  TiposEventoSesion,
  type TInvitacionCrear,
  type TInvitacionRespuesta,
  type TUsuarioEmpresa,
} from '@yupana/contracts';
import { empresa, rol, sesion, sucursal, usuario, usuarioRol, usuarioSucursal } from '../../db/schema';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import { exigirContrasenhaSegura, hashContrasenha } from '../../lib/password';
import type { TAuth } from './auth.hook';
import { registrarEvento, type Origen } from './auditoria';
import { invalidarConcesiones } from './autorizacion';
import { rolesVisiblesCondicion } from './administracion.service';
import { invitacion } from './seguridad.schema';
import * as usuarios from './usuarios.repo';

const HORAS_INVITACION = Number(process.env.INVITACION_HORAS) > 0 ? Number(process.env.INVITACION_HORAS) : 72;
const HORAS_RESTABLECER = 24;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const actorDe = (auth: TAuth) => ({ id: auth.idUsuario, usuario: auth.usuario });

export async function listarUsuarios(
  ctx: Contexto,
  auth: TAuth,
  idEmpresa: number,
  q: { pagina: number; regxpag: number; filtro?: string; estado: number; idRol: number },
): Promise<{ Data: TUsuarioEmpresa[]; Count: number }> {
  // The company comes from the token; another company's id is "not found".
  if (idEmpresa !== auth.idEmpresa) throw noEncontrado('No se encontró la empresa');
  const db = ctx.dbh.db;
  const condiciones = [eq(usuario.idEmpresa, auth.idEmpresa)];
  condiciones.push(q.estado === -1 ? ne(usuario.estado, EstadoUsuario.ELIMINADO) : eq(usuario.estado, q.estado));
  if (q.filtro) {
    const patron = `%${q.filtro.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(or(ilike(usuario.usuario, patron), ilike(usuario.nombres, patron), ilike(usuario.apellidos, patron), ilike(usuario.correo, patron))!);
  }
  if (q.idRol)
    condiciones.push(
      exists(
        db
          .select({ x: sql`1` })
          .from(usuarioRol)
          .where(and(eq(usuarioRol.idUsuario, usuario.id), eq(usuarioRol.idRol, q.idRol), eq(usuarioRol.logEstado, 1))),
      ),
    );
  const donde = and(...condiciones);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(usuario).where(donde);
  const filas = await db
    .select()
    .from(usuario)
    .where(donde)
    .orderBy(asc(usuario.usuario))
    .limit(q.regxpag)
    .offset((q.pagina - 1) * q.regxpag);
  const ids = filas.map((f) => f.id);
  const roles = ids.length
    ? await db
        .select({ idUsuario: usuarioRol.idUsuario, id: rol.id, nombre: rol.nombre })
        .from(usuarioRol)
        .innerJoin(rol, eq(rol.id, usuarioRol.idRol))
        .where(and(inArray(usuarioRol.idUsuario, ids), eq(usuarioRol.idEmpresa, auth.idEmpresa), eq(usuarioRol.logEstado, 1)))
        .orderBy(asc(rol.id))
    : [];
  const sucursales = ids.length
    ? await db
        .select({ idUsuario: usuarioSucursal.idUsuario, id: sucursal.id, razonSocial: sucursal.razonSocial, direccion: sucursal.direccion, descripcion: sucursal.descripcion })
        .from(usuarioSucursal)
        .innerJoin(sucursal, eq(sucursal.id, usuarioSucursal.idSucursal))
        .where(and(inArray(usuarioSucursal.idUsuario, ids), eq(usuarioSucursal.idEmpresa, auth.idEmpresa), eq(usuarioSucursal.logEstado, 1)))
        .orderBy(asc(sucursal.id))
    : [];
  return {
    Count: total,
    Data: filas.map((f) => ({
      IdUsuario: f.id,
      Usuario: f.usuario,
      Nombres: f.nombres,
      Apellidos: f.apellidos,
      Correo: f.correo,
      Estado: f.estado as TUsuarioEmpresa['Estado'],
      Roles: roles.filter((r) => r.idUsuario === f.id).map((r) => ({ Id: r.id, Nombre: r.nombre })),
      Sucursales: sucursales
        .filter((s) => s.idUsuario === f.id)
        .map((s) => ({ Id: s.id, RazonSocial: s.razonSocial, Direccion: s.direccion, Descripcion: s.descripcion })),
      FechaUltimoIngreso: f.fechaUltimoIngreso?.toISOString() ?? null,
      LogFechacrea: f.logFechaCrea.toISOString(),
    })),
  };
}

type DbOTx = Parameters<Parameters<Contexto['dbh']['db']['transaction']>[0]>[0];

async function validarRoles(db: DbOTx, idEmpresa: number, roles: number[]): Promise<void> {
  const unicos = [...new Set(roles)];
  const visibles = await db
    .select({ id: rol.id })
    .from(rol)
    .where(and(inArray(rol.id, unicos), eq(rol.logEstado, 1), rolesVisiblesCondicion(idEmpresa)));
  if (visibles.length !== unicos.length) throw errorDeCampo('Roles', 'Uno de los roles no existe o está inactivo');
}

async function validarSucursales(db: DbOTx, idEmpresa: number, ids: number[]): Promise<void> {
  const unicos = [...new Set(ids)];
  if (!unicos.length) return;
  const propias = await db
    .select({ id: sucursal.id })
    .from(sucursal)
    .where(and(inArray(sucursal.id, unicos), eq(sucursal.idEmpresa, idEmpresa), eq(sucursal.logEstado, 1)));
  if (propias.length !== unicos.length) throw errorDeCampo('Sucursales', 'Una de las sucursales no existe o está inactiva');
}

async function reemplazarRoles(db: DbOTx, idEmpresa: number, idUsuario: number, roles: number[], idActor: number): Promise<void> {
  const unicos = [...new Set(roles)];
  await db
    .update(usuarioRol)
    .set({ logEstado: 0, logUsuarioModif: idActor, logFechaModif: sql`now()` })
    .where(and(eq(usuarioRol.idUsuario, idUsuario), eq(usuarioRol.idEmpresa, idEmpresa)));
  for (const idRol of unicos)
    await db
      .insert(usuarioRol)
      .values({ idEmpresa, idUsuario, idRol, logUsuarioCrea: idActor })
      .onConflictDoUpdate({ target: [usuarioRol.idUsuario, usuarioRol.idRol], set: { logEstado: 1, logUsuarioModif: idActor, logFechaModif: sql`now()` } });
}

async function reemplazarSucursales(db: DbOTx, idEmpresa: number, idUsuario: number, ids: number[], idActor: number): Promise<void> {
  await db
    .update(usuarioSucursal)
    .set({ logEstado: 0, logUsuarioModif: idActor, logFechaModif: sql`now()` })
    .where(and(eq(usuarioSucursal.idUsuario, idUsuario), eq(usuarioSucursal.idEmpresa, idEmpresa)));
  for (const idSucursal of new Set(ids))
    await db
      .insert(usuarioSucursal)
      .values({ idEmpresa, idUsuario, idSucursal, logUsuarioCrea: idActor })
      .onConflictDoUpdate({ target: [usuarioSucursal.idUsuario, usuarioSucursal.idSucursal], set: { logEstado: 1, logUsuarioModif: idActor, logFechaModif: sql`now()` } });
}

/** Mints a single-use link; only its hash is stored. */
async function crearEnlace(db: DbOTx, datos: { idEmpresa: number; idUsuario: number; tipo: 'invitacion' | 'restablecer'; horas: number; idActor: number }) {
  // A new link replaces any unused one of the same kind.
  await db
    .update(invitacion)
    .set({ usadaEn: sql`now()`, logEstado: 0, logFechaModif: sql`now()`, logUsuarioModif: datos.idActor })
    .where(and(eq(invitacion.idUsuario, datos.idUsuario), eq(invitacion.tipo, datos.tipo), isNull(invitacion.usadaEn)));
  const token = randomBytes(32).toString('base64url');
  const expiraEn = new Date(Date.now() + datos.horas * 3600 * 1000);
  await db.insert(invitacion).values({
    idEmpresa: datos.idEmpresa,
    idUsuario: datos.idUsuario,
    tipo: datos.tipo,
    tokenHash: hashToken(token),
    expiraEn,
    logUsuarioCrea: datos.idActor,
  });
  return { token, expiraEn };
}

/** Sends the link when SMTP is configured (SMTP_HOST...); the administrator always gets it back to share it too. */
async function enviarCorreo(destino: string | null, asunto: string, texto: string, log: { warn(o: object, m: string): void }): Promise<boolean> {
  if (!destino || !process.env.SMTP_HOST) return false;
  try {
    const transporte = nodemailer.createTransport({
      host: process.env.SMTP_HOST,
      port: Number(process.env.SMTP_PORT ?? 587),
      secure: process.env.SMTP_SEGURO === '1',
      auth: process.env.SMTP_USUARIO ? { user: process.env.SMTP_USUARIO, pass: process.env.SMTP_CLAVE ?? '' } : undefined,
    });
    await transporte.sendMail({ from: process.env.SMTP_REMITENTE ?? 'Yupana <no-responder@yupana.pe>', to: destino, subject: asunto, text: texto });
    return true;
  } catch (err) {
    log.warn({ err }, 'no se pudo enviar el correo del enlace');
    return false;
  }
}

export async function invitar(
  ctx: Contexto,
  auth: TAuth,
  datos: TInvitacionCrear,
  base: string,
  origen: Origen,
  log: { warn(o: object, m: string): void },
): Promise<TInvitacionRespuesta> {
  const db = ctx.dbh.db;
  const nombreUsuario = (datos.Usuario ?? datos.Correo).trim();
  const r = await db.transaction(async (tx) => {
    await validarRoles(tx, auth.idEmpresa, datos.Roles);
    await validarSucursales(tx, auth.idEmpresa, datos.Sucursales);
    const [existe] = await tx.select({ id: usuario.id }).from(usuario).where(sql`lower(${usuario.usuario}) = lower(${nombreUsuario})`).limit(1);
    if (existe) throw errorDeCampo(datos.Usuario ? 'Usuario' : 'Correo', 'Ya existe un usuario con ese nombre de usuario');
    // Nobody can sign in before accepting: the stored hash is of a random secret nobody knows.
    const hashInutil = await hashContrasenha(randomBytes(32).toString('base64url'));
    const [nuevo] = await tx
      .insert(usuario)
      .values({
        idEmpresa: auth.idEmpresa,
        idCuenta: auth.idCuenta,
        usuario: nombreUsuario,
        contrasenhaHash: hashInutil,
        nombres: datos.Nombres,
        apellidos: datos.Apellidos,
        correo: datos.Correo,
        estado: EstadoUsuario.INVITACION_PENDIENTE,
        logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: usuario.id });
    await reemplazarRoles(tx, auth.idEmpresa, nuevo.id, datos.Roles, auth.idUsuario);
    await reemplazarSucursales(tx, auth.idEmpresa, nuevo.id, datos.Sucursales, auth.idUsuario);
    const enlace = await crearEnlace(tx, { idEmpresa: auth.idEmpresa, idUsuario: nuevo.id, tipo: 'invitacion', horas: HORAS_INVITACION, idActor: auth.idUsuario });
    await registrarEvento(tx, {
      evento: 'invitacion',
      idEmpresa: auth.idEmpresa,
      actor: actorDe(auth),
      objetivo: { id: nuevo.id, usuario: nombreUsuario },
      origen,
      detalle: { Correo: datos.Correo, Roles: datos.Roles, Sucursales: datos.Sucursales },
    });
    return { id: nuevo.id, ...enlace };
  });
  const url = `${base}/invitacion?token=${encodeURIComponent(r.token)}`;
  const [emp] = await db.select({ razonSocial: empresa.razonSocial }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  const enviado = await enviarCorreo(
    datos.Correo,
    `Invitación a Yupana de ${emp?.razonSocial ?? 'su empresa'}`,
    `Hola ${datos.Nombres}:\n\n${emp?.razonSocial ?? 'Su empresa'} le invita a usar Yupana con el usuario ${nombreUsuario}.\nPara aceptar la invitación y crear su contraseña, abra este enlace antes del ${r.expiraEn.toLocaleString('es-PE', { timeZone: 'America/Lima' })}:\n\n${url}\n\nSi no esperaba este correo, ignórelo.`,
    log,
  );
  return { IdUsuario: r.id, Usuario: nombreUsuario, Enlace: url, Token: r.token, ExpiraEn: r.expiraEn.toISOString(), CorreoEnviado: enviado };
}

async function buscarEnlaceVigente(ctx: Contexto, token: string) {
  const [fila] = await ctx.dbh.db
    .select({
      id: invitacion.id,
      tipo: invitacion.tipo,
      idUsuario: invitacion.idUsuario,
      idEmpresa: invitacion.idEmpresa,
      expiraEn: invitacion.expiraEn,
      usadaEn: invitacion.usadaEn,
      usuario: usuario.usuario,
      nombres: usuario.nombres,
      apellidos: usuario.apellidos,
      correo: usuario.correo,
      estado: usuario.estado,
      razonSocial: empresa.razonSocial,
    })
    .from(invitacion)
    .innerJoin(usuario, eq(usuario.id, invitacion.idUsuario))
    .innerJoin(empresa, eq(empresa.id, invitacion.idEmpresa))
    .where(eq(invitacion.tokenHash, hashToken(token)))
    .limit(1);
  if (!fila) throw errorDeCampo('Token', 'El enlace no es válido. Solicite uno nuevo al administrador de su empresa');
  if (fila.usadaEn) throw errorDeCampo('Token', 'Este enlace ya fue usado. Solicite uno nuevo al administrador de su empresa');
  if (fila.expiraEn.getTime() <= Date.now()) throw errorDeCampo('Token', 'El enlace venció. Solicite uno nuevo al administrador de su empresa');
  if (fila.estado === EstadoUsuario.ELIMINADO || (fila.tipo === 'invitacion' && fila.estado !== EstadoUsuario.INVITACION_PENDIENTE))
    throw errorDeCampo('Token', 'El enlace ya no es válido. Solicite uno nuevo al administrador de su empresa');
  return fila;
}

export async function consultarEnlace(ctx: Contexto, token: string) {
  const f = await buscarEnlaceVigente(ctx, token);
  return { Usuario: f.usuario, Nombres: f.nombres, RazonSocialEmpresa: f.razonSocial, ExpiraEn: f.expiraEn.toISOString(), Tipo: f.tipo as 'invitacion' | 'restablecer' };
}

/** Accepts an invitation or a reset link: sets the password, activates the invited user, ends any open session. */
export async function aceptarEnlace(ctx: Contexto, token: string, contrasenha: string, origen: Origen) {
  const f = await buscarEnlaceVigente(ctx, token);
  await exigirContrasenhaSegura(contrasenha, f);
  const hash = await hashContrasenha(contrasenha);
  await ctx.dbh.db.transaction(async (tx) => {
    // Single use even against two clicks at once: only one update finds the link unused.
    const usados = await tx
      .update(invitacion)
      .set({ usadaEn: sql`now()`, logFechaModif: sql`now()` })
      .where(and(eq(invitacion.id, f.id), isNull(invitacion.usadaEn), gt(invitacion.expiraEn, sql`now()`)))
      .returning({ id: invitacion.id });
    if (!usados.length) throw errorDeCampo('Token', 'Este enlace ya fue usado. Solicite uno nuevo al administrador de su empresa');
    await tx
      .update(usuario)
      .set({
        contrasenhaHash: hash,
        ...(f.tipo === 'invitacion' ? { estado: EstadoUsuario.ACTIVO } : {}),
        logUsuarioModif: f.idUsuario,
        logFechaModif: sql`now()`,
      })
      .where(and(eq(usuario.id, f.idUsuario), eq(usuario.idEmpresa, f.idEmpresa)));
    await tx
      .update(sesion)
      .set({ revocadaEn: sql`now()`, motivoRevocacion: 'restablecer_contrasenha', logFechaModif: sql`now()` })
      .where(and(eq(sesion.idUsuario, f.idUsuario), isNull(sesion.revocadaEn)));
    const yo = { id: f.idUsuario, usuario: f.usuario };
    await registrarEvento(tx, {
      evento: f.tipo === 'invitacion' ? 'invitacion_aceptada' : 'contrasenha_restablecida',
      idEmpresa: f.idEmpresa,
      actor: yo,
      objetivo: yo,
      origen,
    });
  });
  if (f.tipo === 'restablecer')
    ctx.tiempoReal.expulsarUsuario(f.idUsuario, { tipo: TiposEventoSesion.CIERRE_FORZADO, mensaje: 'Su contraseña fue restablecida. Ingrese con la nueva contraseña' });
  return {
    Mensaje: f.tipo === 'invitacion' ? 'Invitación aceptada. Ya puede ingresar con su usuario y contraseña' : 'Contraseña restablecida. Ya puede ingresar con su nueva contraseña',
    Usuario: f.usuario,
  };
}

async function usuarioDeEmpresa(ctx: Contexto, auth: TAuth, idUsuario: number) {
  const u = await usuarios.buscarUsuarioDeEmpresa(ctx.dbh.db, auth.idEmpresa, idUsuario);
  if (!u || u.estado === EstadoUsuario.ELIMINADO) throw noEncontrado('No se encontró el usuario');
  return u;
}

function noASiMismo(auth: TAuth, idUsuario: number, que: string) {
  if (auth.idUsuario === idUsuario) throw errorDeCampo('IdUsuario', `No puede ${que} su propio usuario`);
}

async function revocarYExpulsar(_ctx: Contexto, tx: DbOTx, idUsuario: number, motivo: string, idActor: number): Promise<number> {
  const revocadas = await tx
    .update(sesion)
    .set({ revocadaEn: sql`now()`, motivoRevocacion: motivo, logFechaModif: sql`now()`, logUsuarioModif: idActor })
    .where(and(eq(sesion.idUsuario, idUsuario), isNull(sesion.revocadaEn)))
    .returning({ id: sesion.id });
  return revocadas.length;
}

export async function cambiarEstado(ctx: Contexto, auth: TAuth, idUsuario: number, estado: 0 | 1 | 2, origen: Origen) {
  noASiMismo(auth, idUsuario, 'cambiar el estado de');
  const u = await usuarioDeEmpresa(ctx, auth, idUsuario);
  if (estado === EstadoUsuario.ACTIVO && u.estado === EstadoUsuario.INVITACION_PENDIENTE)
    throw errorDeCampo('Estado', 'El usuario aún no aceptó la invitación: reenvíela para que cree su contraseña');
  await ctx.dbh.db.transaction(async (tx) => {
    await tx
      .update(usuario)
      .set({ estado, logUsuarioModif: auth.idUsuario, logFechaModif: sql`now()` })
      .where(and(eq(usuario.id, idUsuario), eq(usuario.idEmpresa, auth.idEmpresa)));
    if (estado !== EstadoUsuario.ACTIVO) await revocarYExpulsar(ctx, tx, idUsuario, estado === 2 ? 'usuario_eliminado' : 'usuario_inactivo', auth.idUsuario);
    await registrarEvento(tx, { evento: 'usuario_estado', idEmpresa: auth.idEmpresa, actor: actorDe(auth), objetivo: { id: u.id, usuario: u.usuario }, origen, detalle: { Anterior: u.estado, Nuevo: estado } });
  });
  if (estado !== EstadoUsuario.ACTIVO)
    ctx.tiempoReal.expulsarUsuario(idUsuario, { tipo: TiposEventoSesion.CIERRE_FORZADO, mensaje: 'Su usuario fue desactivado. Comuníquese con el administrador de su empresa' });
  return { Mensaje: estado === 1 ? 'Usuario activado' : estado === 0 ? 'Usuario desactivado' : 'Usuario eliminado' };
}

export async function asignarRoles(ctx: Contexto, auth: TAuth, idUsuario: number, roles: number[], origen: Origen) {
  noASiMismo(auth, idUsuario, 'cambiar los roles de');
  const u = await usuarioDeEmpresa(ctx, auth, idUsuario);
  await ctx.dbh.db.transaction(async (tx) => {
    await validarRoles(tx, auth.idEmpresa, roles);
    await reemplazarRoles(tx, auth.idEmpresa, idUsuario, roles, auth.idUsuario);
    await registrarEvento(tx, { evento: 'usuario_roles', idEmpresa: auth.idEmpresa, actor: actorDe(auth), objetivo: { id: u.id, usuario: u.usuario }, origen, detalle: { Roles: [...new Set(roles)] } });
  });
  invalidarConcesiones(ctx);
  // The user's menu changed: open tabs reload it.
  ctx.tiempoReal.publicarUsuario(idUsuario, { tipo: 'usuario.permisos', datos: { IdUsuario: idUsuario } });
  return { Mensaje: 'Roles asignados' };
}

export async function asignarSucursales(ctx: Contexto, auth: TAuth, idUsuario: number, ids: number[], origen: Origen) {
  const u = await usuarioDeEmpresa(ctx, auth, idUsuario);
  await ctx.dbh.db.transaction(async (tx) => {
    await validarSucursales(tx, auth.idEmpresa, ids);
    await reemplazarSucursales(tx, auth.idEmpresa, idUsuario, ids, auth.idUsuario);
    await registrarEvento(tx, { evento: 'usuario_sucursales', idEmpresa: auth.idEmpresa, actor: actorDe(auth), objetivo: { id: u.id, usuario: u.usuario }, origen, detalle: { Sucursales: [...new Set(ids)] } });
  });
  return { Mensaje: 'Sucursales asignadas' };
}

/** Reset: every session of the user ends now and a single-use link lets them choose a new password. */
export async function restablecerContrasenha(ctx: Contexto, auth: TAuth, idUsuario: number, base: string, origen: Origen, log: { warn(o: object, m: string): void }) {
  const u = await usuarioDeEmpresa(ctx, auth, idUsuario);
  const esInvitacion = u.estado === EstadoUsuario.INVITACION_PENDIENTE;
  const enlace = await ctx.dbh.db.transaction(async (tx) => {
    const e = await crearEnlace(tx, {
      idEmpresa: auth.idEmpresa,
      idUsuario,
      tipo: esInvitacion ? 'invitacion' : 'restablecer',
      horas: esInvitacion ? HORAS_INVITACION : HORAS_RESTABLECER,
      idActor: auth.idUsuario,
    });
    if (!esInvitacion) await revocarYExpulsar(ctx, tx, idUsuario, 'restablecer_contrasenha', auth.idUsuario);
    await registrarEvento(tx, { evento: esInvitacion ? 'invitacion' : 'contrasenha_restablecida', idEmpresa: auth.idEmpresa, actor: actorDe(auth), objetivo: { id: u.id, usuario: u.usuario }, origen, detalle: { Reenvio: esInvitacion } });
    return e;
  });
  if (!esInvitacion) ctx.tiempoReal.expulsarUsuario(idUsuario, { tipo: TiposEventoSesion.CIERRE_FORZADO, mensaje: MensajesSesion.CIERRE_FORZADO });
  const url = `${base}/invitacion?token=${encodeURIComponent(enlace.token)}`;
  const enviado = await enviarCorreo(u.correo, 'Restablecer su contraseña de Yupana', `Hola ${u.nombres}:\n\nPara crear una nueva contraseña de su usuario ${u.usuario}, abra este enlace:\n\n${url}\n`, log);
  return { Enlace: url, Token: enlace.token, ExpiraEn: enlace.expiraEn.toISOString(), CorreoEnviado: enviado };
}

/** Ends every session of the user (their refresh tokens stop working) and logs out every open tab. */
export async function cerrarSesiones(ctx: Contexto, auth: TAuth, idUsuario: number, origen: Origen) {
  const u = await usuarioDeEmpresa(ctx, auth, idUsuario);
  const cerradas = await ctx.dbh.db.transaction(async (tx) => {
    const n = await revocarYExpulsar(ctx, tx, idUsuario, 'cierre_forzado', auth.idUsuario);
    await registrarEvento(tx, { evento: 'cierre_forzado', idEmpresa: auth.idEmpresa, actor: actorDe(auth), objetivo: { id: u.id, usuario: u.usuario }, origen, detalle: { Sesiones: n } });
    return n;
  });
  ctx.tiempoReal.expulsarUsuario(idUsuario, { tipo: TiposEventoSesion.CIERRE_FORZADO, mensaje: MensajesSesion.CIERRE_FORZADO });
  return { Mensaje: cerradas === 1 ? 'Se cerró 1 sesión' : `Se cerraron ${cerradas} sesiones` };
}

