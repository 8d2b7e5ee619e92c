import { ErrorCodes } from '@yupana/contracts';
import { AppError } from '../../lib/app-error';
import type { Contexto, LimitesLogin } from '../../lib/contexto';
import { registrarEvento } from './auditoria';
import * as sesiones from './sesiones.repo';
import * as usuarios from './usuarios.repo';

/**
 * Throttling of password guesses (sign-in and password change), kept in the database (intento_login) so it holds
 * across API processes:
 * - per (user name, IP): the first `intentosSinDemora` failures are free, then each attempt must wait a delay that
 *   doubles with every failure (1 s, 2 s, 4 s ... up to `demoraMaximaSegundos`) since the last one;
 * - per IP: at most `maxPorIp` failures across all user names in the window.
 * There is no lock of the user: whoever guesses from one address slows down only their own guesses from it; the
 * real user, from their own address, signs in with the right password. (It replaced a hard lock after 5 failures,
 * which let anyone lock a known user out.) Success forgets the (user, IP) failures.
 */

type Origen = { ip: string | null; agente: string | null };

export type TClavesIngreso = { par: string; ip: string };

export function clavesIngreso(usuario: string, ip: string | null): TClavesIngreso {
  const direccion = ip ?? 'desconocida';
  return { par: `ui:${direccion}|${usuario.trim().toLowerCase()}`.slice(0, 200), ip: `ip:${direccion}` };
}

/** Seconds an attempt must wait after `fallos` failures of the same (user, IP) in the window. */
export function demoraTrasFallos(fallos: number, l: Pick<LimitesLogin, 'intentosSinDemora' | 'demoraInicialSegundos' | 'demoraMaximaSegundos'>): number {
  if (fallos < l.intentosSinDemora) return 0;
  return Math.min(l.demoraInicialSegundos * 2 ** (fallos - l.intentosSinDemora), l.demoraMaximaSegundos);
}

function tiempoEnTexto(segundos: number): string {
  if (segundos < 60) return `${segundos} ${segundos === 1 ? 'segundo' : 'segundos'}`;
  const minutos = Math.ceil(segundos / 60);
  return `${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}`;
}

export type TIntentoIngreso = {
  /** The password was wrong (or the user unknown): the attempt stays recorded for the pair, and counts for the IP. */
  fallo(): Promise<void>;
  /** The password was right: the pair's failures are forgotten. */
  acierto(): Promise<void>;
};

/**
 * Opens an attempt, or refuses it with a Spanish 429 and Retry-After when the pair must still wait or the IP used up
 * its budget. The attempt is written before it is judged, so concurrent guesses of one pair count each other.
 */
export async function abrirIntentoIngreso(
  ctx: Contexto,
  claves: TClavesIngreso,
  auditable: { usuario: string; origen: Origen },
): Promise<TIntentoIngreso> {
  const db = ctx.dbh.db;
  const l = ctx.limitesLogin;
  const id = await sesiones.abrirIntento(db, claves.par);
  const ahora = Date.now();
  const conteo = await sesiones.contarIntentosFallidos(db, [claves.par, claves.ip], new Date(ahora - l.ventanaSegundos * 1000), id);
  const par = conteo.get(claves.par);
  const ip = conteo.get(claves.ip);

  let segundos = 0;
  let por: 'usuario_ip' | 'ip' = 'usuario_ip';
  const demora = demoraTrasFallos(par?.total ?? 0, l);
  if (demora > 0 && par?.ultimo) segundos = Math.ceil((par.ultimo.getTime() + demora * 1000 - ahora) / 1000);
  if (ip && ip.total >= l.maxPorIp) {
    const restante = Math.ceil(((ip.primero?.getTime() ?? ahora) + l.ventanaSegundos * 1000 - ahora) / 1000);
    if (restante > segundos) [segundos, por] = [restante, 'ip'];
  }
  if (segundos > 0) {
    // A refused attempt was not a guess: it neither counts nor pushes the wait further.
    await sesiones.borrarIntento(db, id);
    const u = auditable.usuario.trim() ? await usuarios.buscarUsuarioParaLogin(db, auditable.usuario.trim()) : null;
    await registrarEvento(db, {
      evento: 'bloqueo',
      idEmpresa: u?.idEmpresa ?? null,
      objetivo: u ? { id: u.id, usuario: u.usuario } : null,
      origen: auditable.origen,
      detalle: { UsuarioIngresado: auditable.usuario.slice(0, 100), Por: por, EsperaSegundos: segundos },
    });
    throw new AppError(ErrorCodes.DEMASIADOS_INTENTOS, `Demasiados intentos de ingreso. Inténtelo nuevamente en ${tiempoEnTexto(segundos)}`, 429, {
      headers: { 'retry-after': String(segundos) },
    });
  }
  return {
    fallo: () => sesiones.registrarIntentoFallido(db, [claves.ip]),
    acierto: () => sesiones.borrarIntentos(db, claves.par),
  };
}
