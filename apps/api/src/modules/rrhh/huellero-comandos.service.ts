import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { EstadosComandoHuellero, ZComandoHuelleroCrear, type TComandoHuellero } from '@yupana/contracts';
import type { z } from 'zod';
import { noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { entidad } from '../entidades/entidades.schema';
import { huellero, huelleroComando } from './asistencia.schema';

/**
 * The command queue of the clock-in devices (ZKTeco push, domain notes §5): HR queues commands; the device takes them
 * on `getrequest` as `C:<id>:<command>` lines and answers each on `devicecmd` with `ID=<id>&Return=<code>`.
 */

/** Commands handed to a device in one poll. */
export const COMANDOS_POR_CONSULTA = 50;
/** A command sent and not answered within this long is sent again (same id: the device reports it once). */
const REENVIO_MS = 10 * 60 * 1000;
/** Most workers sent in one "send the workers" request. */
const MAX_TRABAJADORES = 5000;
const PIN_DISPOSITIVO = /^[A-Za-z0-9]{1,20}$/;

/**
 * A name as the device can store it: the protocol separates fields with tabs and commands with line breaks, so any
 * control character is removed (a worker named "X\nC:1:CLEAR LOG" must not become a second command); 24 characters.
 */
export function nombreParaDispositivo(nombre: string): string {
  // eslint-disable-next-line no-control-regex
  return nombre.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 24);
}

async function huelleroDe(ctx: Contexto, auth: TAuth, id: number) {
  const [h] = await ctx.dbh.db.select().from(huellero).where(and(eq(huellero.id, id), eq(huellero.idEmpresa, auth.idEmpresa)));
  if (!h) throw noEncontrado('El huellero no existe');
  return h;
}

const aComando = (c: typeof huelleroComando.$inferSelect): TComandoHuellero => ({
  Id: c.id,
  Tipo: c.tipo,
  Comando: c.comando,
  Estado: c.estado,
  EstadoDescripcion: EstadosComandoHuellero[c.estado as 0 | 1 | 2 | 3],
  Retorno: c.retorno,
  FechaCreacion: c.logFechaCrea.toISOString(),
  FechaEnvio: c.fechaEnvio?.toISOString() ?? null,
  FechaRespuesta: c.fechaRespuesta?.toISOString() ?? null,
});

/** Queues a command (or one per worker for TRABAJADORES) for a device of the caller's company. */
export async function encolarComando(ctx: Contexto, auth: TAuth, idHuellero: number, datos: z.output<typeof ZComandoHuelleroCrear>): Promise<{ Encolados: number }> {
  const h = await huelleroDe(ctx, auth, idHuellero);
  let comandos: string[];
  switch (datos.Tipo) {
    case 'TRABAJADORES': {
      const trabajadores = await ctx.dbh.db
        .select({ documento: entidad.documento, nombre: entidad.razonSocial })
        .from(entidad)
        .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, 1), eq(entidad.logEstado, 1)))
        .orderBy(asc(entidad.id))
        .limit(MAX_TRABAJADORES);
      // The device's PIN is the worker's document number (docs/decisions.md, attendance).
      comandos = trabajadores.filter((t) => PIN_DISPOSITIVO.test(t.documento)).map((t) => `DATA UPDATE USERINFO PIN=${t.documento}\tName=${nombreParaDispositivo(t.nombre)}\tPri=0`);
      break;
    }
    case 'MARCACIONES':
      comandos = [`DATA QUERY ATTLOG StartTime=${datos.Desde} 00:00:00\tEndTime=${datos.Hasta} 23:59:59`];
      break;
    case 'INFO':
      comandos = ['INFO'];
      break;
    case 'REINICIAR':
      comandos = ['REBOOT'];
      break;
  }
  if (comandos.length)
    await ctx.dbh.db.insert(huelleroComando).values(comandos.map((comando) => ({ idEmpresa: auth.idEmpresa, idHuellero: h.id, tipo: datos.Tipo, comando, logUsuarioCrea: auth.idUsuario })));
  return { Encolados: comandos.length };
}

/** The device's last 200 commands, newest first. */
export async function listarComandos(ctx: Contexto, auth: TAuth, idHuellero: number) {
  const h = await huelleroDe(ctx, auth, idHuellero);
  const filas = await ctx.dbh.db.select().from(huelleroComando).where(eq(huelleroComando.idHuellero, h.id)).orderBy(desc(huelleroComando.id)).limit(200);
  return { Data: filas.map(aComando) };
}

/**
 * The commands to hand out on this poll (pending, or sent long ago without an answer), marked as sent in the same
 * transaction; `SKIP LOCKED` so two polls of the same device at once never hand out a command twice.
 */
export async function comandosParaEnviar(ctx: Contexto, idHuellero: number): Promise<string[]> {
  return ctx.dbh.db.transaction(async (tx) => {
    const vencido = new Date(Date.now() - REENVIO_MS);
    const filas = await tx
      .select({ id: huelleroComando.id, comando: huelleroComando.comando })
      .from(huelleroComando)
      .where(and(eq(huelleroComando.idHuellero, idHuellero), or(eq(huelleroComando.estado, 0), and(eq(huelleroComando.estado, 1), lt(huelleroComando.fechaEnvio, vencido)))))
      .orderBy(asc(huelleroComando.id))
      .limit(COMANDOS_POR_CONSULTA)
      .for('update', { skipLocked: true });
    if (!filas.length) return [];
    await tx
      .update(huelleroComando)
      .set({ estado: 1, fechaEnvio: new Date() })
      .where(inArray(huelleroComando.id, filas.map((f) => f.id)));
    return filas.map((f) => `C:${f.id}:${f.comando}`);
  });
}

/** `ID=<id>&Return=<code>&CMD=<...>` lines of a devicecmd body: results for this device's own commands only. */
export function leerResultados(cuerpo: string): { id: number; retorno: number }[] {
  const r: { id: number; retorno: number }[] = [];
  for (const linea of cuerpo.split('\n', 1000)) {
    const p = new URLSearchParams(linea.trim());
    const id = Number(p.get('ID'));
    const retorno = Number(p.get('Return'));
    if (Number.isSafeInteger(id) && id > 0 && Number.isSafeInteger(retorno) && p.has('Return')) r.push({ id, retorno });
  }
  return r;
}

export async function registrarResultados(ctx: Contexto, idHuellero: number, cuerpo: string): Promise<number> {
  let n = 0;
  for (const { id, retorno } of leerResultados(cuerpo)) {
    const f = await ctx.dbh.db
      .update(huelleroComando)
      .set({ estado: retorno >= 0 ? 2 : 3, retorno, fechaRespuesta: new Date() })
      .where(and(eq(huelleroComando.id, id), eq(huelleroComando.idHuellero, idHuellero), inArray(huelleroComando.estado, [0, 1])))
      .returning({ id: huelleroComando.id });
    n += f.length;
  }
  return n;
}
