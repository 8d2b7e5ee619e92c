import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { TAuditoriaEvento, TEventoSeguridad } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { eventoSeguridad } from './seguridad.schema';

export type Origen = { ip: string | null; agente: string | null };

export type EventoNuevo = {
  evento: TEventoSeguridad;
  idEmpresa: number | null;
  actor?: { id: number; usuario: string } | null;
  objetivo?: { id: number; usuario: string } | null;
  origen?: Origen;
  detalle?: Record<string, unknown>;
};

type DbOTx = Pick<Db, 'insert'>;

/** Appends one security event. Runs inside the caller's transaction when given one, so the event and the change commit together. */
export async function registrarEvento(db: DbOTx, e: EventoNuevo): Promise<void> {
  await db.insert(eventoSeguridad).values({
    idEmpresa: e.idEmpresa,
    evento: e.evento,
    idUsuario: e.actor?.id ?? null,
    usuario: e.actor?.usuario.slice(0, 100) ?? null,
    idUsuarioObjetivo: e.objetivo?.id ?? null,
    usuarioObjetivo: e.objetivo?.usuario.slice(0, 100) ?? null,
    ip: e.origen?.ip?.slice(0, 64) ?? null,
    agente: e.origen?.agente?.slice(0, 300) ?? null,
    detalle: e.detalle ? JSON.stringify(e.detalle) : null,
    logUsuarioCrea: e.actor?.id ?? null,
  });
}

/** Lima has no daylight saving time: a business day starts at 05:00 UTC. */
const inicioDiaLima = (fecha: string) => new Date(`${fecha}T00:00:00-05:00`);

export async function buscarEventos(
  db: Db,
  idEmpresa: number,
  q: { pagina: number; regxpag: number; idUsuario: number; evento?: string; desde?: string; hasta?: string },
): Promise<{ Data: TAuditoriaEvento[]; Count: number }> {
  const condiciones = [eq(eventoSeguridad.idEmpresa, idEmpresa)];
  if (q.idUsuario) condiciones.push(or(eq(eventoSeguridad.idUsuario, q.idUsuario), eq(eventoSeguridad.idUsuarioObjetivo, q.idUsuario))!);
  if (q.evento) condiciones.push(eq(eventoSeguridad.evento, q.evento));
  if (q.desde) condiciones.push(gte(eventoSeguridad.fecha, inicioDiaLima(q.desde)));
  if (q.hasta) condiciones.push(lt(eventoSeguridad.fecha, new Date(inicioDiaLima(q.hasta).getTime() + 24 * 3600 * 1000)));
  const donde = and(...condiciones);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(eventoSeguridad).where(donde);
  const filas = await db
    .select()
    .from(eventoSeguridad)
    .where(donde)
    .orderBy(desc(eventoSeguridad.fecha), desc(eventoSeguridad.id))
    .limit(q.regxpag)
    .offset((q.pagina - 1) * q.regxpag);
  return {
    Count: total,
    Data: filas.map((f) => ({
      Id: f.id,
      Fecha: f.fecha.toISOString(),
      Evento: f.evento,
      IdUsuario: f.idUsuario,
      Usuario: f.usuario,
      IdUsuarioObjetivo: f.idUsuarioObjetivo,
      UsuarioObjetivo: f.usuarioObjetivo,
      Ip: f.ip,
      Agente: f.agente,
      Detalle: f.detalle ? (JSON.parse(f.detalle) as Record<string, unknown>) : null,
    })),
  };
}
