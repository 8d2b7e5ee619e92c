import { ErrorCodes, EstadoUsuario, type TLoginRespuesta, type TRefreshRespuesta, type TTokenPayload } from '@yupana/contracts';
import { AppError, errorDeCampo } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import { exigirContrasenhaSegura, hashContrasenha, verificarContrasenha, verificarContrasenhaFicticia } from '../../lib/password';
import { hashRefreshToken, nuevoRefreshToken } from '../../lib/tokens';
import * as sesiones from './sesiones.repo';
import * as usuarios from './usuarios.repo';
import { registrarEvento } from './auditoria';
import { sesionUnicaActiva } from './parametros';
import { abrirIntentoIngreso, clavesIngreso } from './limite-ingreso';
import { MensajesSesion, TiposEventoSesion } from '@yupana/contracts';

type Origen = { ip: string | null; agente: string | null };

type DbOTx = Parameters<typeof sesiones.guardarRefreshToken>[0];

/** Signs an access token and mints a refresh token; `guardar` stores the refresh token's hash (inside the caller's transaction). */
async function emitirTokens(ctx: Contexto, payload: TTokenPayload, idSesion: number, expiraSesion: Date) {
  const accessToken = await ctx.tokens.firmarAcceso(payload, idSesion);
  const refresh = nuevoRefreshToken();
  // Sliding lifetime, capped by the absolute end of the session.
  const expiraEn = new Date(Math.min(Date.now() + ctx.sesion.ttlRefreshSegundos * 1000, expiraSesion.getTime()));
  const guardar = (db: DbOTx) =>
    sesiones.guardarRefreshToken(db, { idSesion, idEmpresa: payload.IdEntidadEmpresa, tokenHash: refresh.hash, expiraEn, idUsuario: payload.IdUsuario });
  return { accessToken, refreshToken: refresh.token, guardar };
}

export async function login(ctx: Contexto, credenciales: { usuario: string; contrasenha: string }, idModulo: number, origen: Origen): Promise<TLoginRespuesta> {
  const db = ctx.dbh.db;
  const intento = await abrirIntentoIngreso(ctx, clavesIngreso(credenciales.usuario, origen.ip), { usuario: credenciales.usuario, origen });

  const fallo = async (u?: { id: number; usuario: string; idEmpresa: number }): Promise<never> => {
    await intento.fallo();
    await registrarEvento(db, {
      evento: 'login_fallido',
      idEmpresa: u?.idEmpresa ?? null,
      objetivo: u ? { id: u.id, usuario: u.usuario } : null,
      origen,
      detalle: { UsuarioIngresado: credenciales.usuario.slice(0, 100) },
    });
    throw new AppError(ErrorCodes.CREDENCIALES_INVALIDAS, undefined, 401);
  };

  const usuario = credenciales.usuario.trim() ? await usuarios.buscarUsuarioParaLogin(db, credenciales.usuario.trim()) : null;
  if (!usuario) {
    await verificarContrasenhaFicticia(credenciales.contrasenha);
    return fallo();
  }
  if (!(await verificarContrasenha(usuario.contrasenhaHash, credenciales.contrasenha))) return fallo(usuario);
  await intento.acierto();

  // The account state is told only to whoever proved the password, so it reveals nothing to a guesser.
  if (usuario.estado === EstadoUsuario.INVITACION_PENDIENTE) throw new AppError(ErrorCodes.INVITACION_PENDIENTE, undefined, 403);
  if (usuario.estado !== EstadoUsuario.ACTIVO || usuario.logEstado !== 1 || usuario.logEstadoEmpresa !== 1)
    throw new AppError(ErrorCodes.USUARIO_INACTIVO, undefined, 403);
  if (!(await usuarios.moduloExiste(db, idModulo))) throw new AppError(ErrorCodes.MODULO_INVALIDO, undefined, 400);

  const sucursales = await usuarios.sucursalesDeUsuario(db, usuario.idEmpresa, usuario.id);
  const payload: TTokenPayload = {
    IdUsuario: usuario.id,
    Usuario: usuario.usuario,
    IdEntidadEmpresa: usuario.idEmpresa,
    Sucursales: sucursales.map((s) => s.id),
    IdCuenta: usuario.idCuenta,
    DocumentoEmpresa: usuario.documentoEmpresa,
  };

  const expiraSesion = new Date(Date.now() + ctx.sesion.duracionMaximaSesionSegundos * 1000);
  const resultado = await db.transaction(async (tx) => {
    const nueva = await sesiones.crearSesion(tx, {
      idEmpresa: usuario.idEmpresa,
      idUsuario: usuario.id,
      idModulo,
      expiraEn: expiraSesion,
      ip: origen.ip,
      agente: origen.agente?.slice(0, 300) ?? null,
    });
    const emitidos = await emitirTokens(ctx, payload, nueva.id, expiraSesion);
    await emitidos.guardar(tx);
    await usuarios.registrarIngreso(tx, usuario.id);
    const actor = { id: usuario.id, usuario: usuario.usuario };
    await registrarEvento(tx, { evento: 'login', idEmpresa: usuario.idEmpresa, actor, objetivo: actor, origen, detalle: { IdSesion: nueva.id, IdModulo: idModulo } });
    // Single session per company: this sign-in ends the user's other sessions (their refresh tokens stop working).
    const unica = await sesionUnicaActiva(tx, usuario.idEmpresa, usuario.id);
    if (unica) {
      await sesiones.revocarOtrasSesiones(tx, usuario.id, nueva.id, 'sesion_unica');
      await registrarEvento(tx, { evento: 'sesion_expulsada', idEmpresa: usuario.idEmpresa, actor, objetivo: actor, origen, detalle: { IdSesionNueva: nueva.id } });
    }
    return { nueva, emitidos, unica };
  });
  // After the commit: the older tabs (on any process) get the seed's 'kick' and the message.
  if (resultado.unica)
    ctx.tiempoReal.expulsarUsuario(usuario.id, { exceptoSesion: resultado.nueva.id, tipo: TiposEventoSesion.EXPULSADA, mensaje: MensajesSesion.EXPULSADA });

  return {
    AccessToken: resultado.emitidos.accessToken,
    RefreshToken: resultado.emitidos.refreshToken,
    TipoToken: 'Bearer',
    ExpiresIn: ctx.tokens.ttlAccesoSegundos,
    TimeLogIn: resultado.nueva.fechaInicio.toISOString(),
    IdUsuario: usuario.id,
    Usuario: usuario.usuario,
    IdEntidadEmpresa: usuario.idEmpresa,
    DocumentoEmpresa: usuario.documentoEmpresa,
    LogIn: usuario.fechaUltimoIngreso ? 1 : 0,
  };
}

const refreshDiferente = (mensaje?: string) => new AppError(ErrorCodes.REFRESH_DIFERENTE, mensaje, 401);

export async function refrescar(ctx: Contexto, datos: { refreshToken: string; accessToken?: string }, log: { warn(o: object, m: string): void }): Promise<TRefreshRespuesta> {
  const db = ctx.dbh.db;
  const guardado = await sesiones.buscarRefreshToken(db, hashRefreshToken(datos.refreshToken));
  if (!guardado) throw refreshDiferente();

  if (guardado.sesionRevocadaEn) throw refreshDiferente();

  if (guardado.usadoEn) {
    // A used token came back: either it was stolen or the legitimate copy was. End the whole family, whatever
    // else the request carries.
    await sesiones.revocarSesion(db, guardado.idSesion, 'reutilizacion', null);
    log.warn({ idSesion: guardado.idSesion, idUsuario: guardado.idUsuario }, 'refresh token reutilizado: sesión revocada');
    throw refreshDiferente();
  }

  // The access token sent along must belong to the same session; an expired one is fine (that is why we refresh).
  if (datos.accessToken) {
    const claims = await ctx.tokens.leerAccesoSinCaducidad(datos.accessToken);
    if (!claims || claims.sid !== guardado.idSesion || claims.IdUsuario !== guardado.idUsuario) throw refreshDiferente();
  }
  const ahora = Date.now();
  if (guardado.expiraEn.getTime() <= ahora || guardado.sesionExpiraEn.getTime() <= ahora)
    throw new AppError(ErrorCodes.REFRESH_EXPIRADO, undefined, 401);

  const usuario = await usuarios.buscarUsuarioDeEmpresa(db, guardado.idEmpresa, guardado.idUsuario);
  if (!usuario || usuario.estado !== EstadoUsuario.ACTIVO || usuario.logEstado !== 1) {
    await sesiones.revocarSesion(db, guardado.idSesion, 'usuario_inactivo', null);
    throw refreshDiferente('Su usuario no está activo. Comuníquese con el administrador de su empresa');
  }
  const sucursales = await usuarios.sucursalesDeUsuario(db, usuario.idEmpresa, usuario.id);
  const payload: TTokenPayload = {
    IdUsuario: usuario.id,
    Usuario: usuario.usuario,
    IdEntidadEmpresa: usuario.idEmpresa,
    Sucursales: sucursales.map((s) => s.id),
    IdCuenta: usuario.idCuenta,
    DocumentoEmpresa: usuario.documentoEmpresa,
  };

  const emitidos = await emitirTokens(ctx, payload, guardado.idSesion, guardado.sesionExpiraEn);
  const rotado = await db.transaction(async (tx) => {
    if (!(await sesiones.marcarRefreshUsado(tx, guardado.id))) return false;
    await emitidos.guardar(tx);
    return true;
  });
  if (!rotado) {
    // Lost a race against another use of the same token: that is a reuse too.
    await sesiones.revocarSesion(db, guardado.idSesion, 'reutilizacion', null);
    log.warn({ idSesion: guardado.idSesion, idUsuario: guardado.idUsuario }, 'refresh token usado en paralelo: sesión revocada');
    throw refreshDiferente();
  }

  return {
    AccessToken: emitidos.accessToken,
    RefreshToken: emitidos.refreshToken,
    TimeLogIn: guardado.sesionInicio.toISOString(),
    ExpiresIn: ctx.tokens.ttlAccesoSegundos,
  };
}

/** Periodic cleanup of expired rate-limit attempts and dead refresh tokens. */
export async function mantenimiento(ctx: Contexto): Promise<void> {
  await sesiones.purgarDatosVencidos(ctx.dbh.db, new Date(Date.now() - ctx.limitesLogin.ventanaSegundos * 1000));
}

/** Ends the server session of the given refresh token. Idempotent: an unknown or ended session is fine. */
export async function logout(ctx: Contexto, refreshToken: string): Promise<void> {
  const guardado = await sesiones.buscarRefreshToken(ctx.dbh.db, hashRefreshToken(refreshToken));
  if (!guardado || guardado.sesionRevocadaEn) return;
  await sesiones.revocarSesion(ctx.dbh.db, guardado.idSesion, 'logout', guardado.idUsuario);
  await registrarEvento(ctx.dbh.db, { evento: 'logout', idEmpresa: guardado.idEmpresa, actor: { id: guardado.idUsuario, usuario: guardado.usuario }, detalle: { IdSesion: guardado.idSesion } });
}

export async function cambiarContrasenha(
  ctx: Contexto,
  auth: { idUsuario: number; idEmpresa: number; idSesion: number },
  datos: { IdUsuario: number; Usuario: string; ContrasenhaActual: string; Contrasenha: string },
  origen: Origen,
): Promise<void> {
  const db = ctx.dbh.db;
  // A user changes only their own password here; administrators reset others' elsewhere.
  if (datos.IdUsuario !== auth.idUsuario) throw new AppError(ErrorCodes.PROHIBIDO, 'Solo puede cambiar su propia contraseña', 403);
  const usuario = await usuarios.buscarUsuarioDeEmpresa(db, auth.idEmpresa, auth.idUsuario);
  if (!usuario) throw new AppError(ErrorCodes.NO_ENCONTRADO, undefined, 404);
  if (usuario.usuario.toLowerCase() !== datos.Usuario.trim().toLowerCase()) throw errorDeCampo('Usuario', 'El usuario no corresponde a la sesión');

  // Guessing the current password through this call is throttled like the login.
  const intento = await abrirIntentoIngreso(ctx, clavesIngreso(usuario.usuario, origen.ip), { usuario: usuario.usuario, origen });
  if (!(await verificarContrasenha(usuario.contrasenhaHash, datos.ContrasenhaActual))) {
    await intento.fallo();
    throw errorDeCampo('ContrasenhaActual', 'La contraseña actual es incorrecta');
  }
  await intento.acierto();
  if (datos.Contrasenha === datos.ContrasenhaActual) throw errorDeCampo('Contrasenha', 'La nueva contraseña debe ser distinta de la actual');
  await exigirContrasenhaSegura(datos.Contrasenha, usuario);

  const nuevoHash = await hashContrasenha(datos.Contrasenha);
  await db.transaction(async (tx) => {
    await usuarios.actualizarContrasenha(tx, auth.idEmpresa, auth.idUsuario, nuevoHash);
    await sesiones.revocarOtrasSesiones(tx, auth.idUsuario, auth.idSesion, 'cambio_contrasenha');
    const actor = { id: usuario.id, usuario: usuario.usuario };
    await registrarEvento(tx, { evento: 'contrasenha_cambiada', idEmpresa: auth.idEmpresa, actor, objetivo: actor, origen });
  });
}
