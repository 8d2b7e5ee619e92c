import { and, eq } from 'drizzle-orm';
import { ID_PARAMETRO_ASISTENTE, ParametrosFacturacion, type TParametroEntidad, type TParametrosGuardar } from '@yupana/contracts';
import type { Db } from '../../../db/client';
import { errorDeCampo } from '../../../lib/app-error';
import { problemaUrlAsistente } from '../../../lib/red-saliente';
import { parametroEntidad } from '../contabilidad.schema';

type TFila = typeof parametroEntidad.$inferSelect;

/** The company's billing parameters: every catalogue entry, with the saved value or the default. */
export async function listarParametros(db: Db, idEmpresa: number, filtro: { idParametro?: number; tipo?: number } = {}): Promise<TParametroEntidad[]> {
  const filas = await db.select().from(parametroEntidad).where(eq(parametroEntidad.idEmpresa, idEmpresa));
  const porId = new Map<number, TFila>(filas.map((f) => [f.idParametro, f]));
  return ParametrosFacturacion.filter((d) => (filtro.idParametro === undefined || d.IdParametro === filtro.idParametro) && (filtro.tipo === undefined || d.Tipo === filtro.tipo)).map(
    (d) => {
      const f = porId.get(d.IdParametro);
      return {
        IdEntidad: idEmpresa,
        IdParametro: d.IdParametro,
        IdDominio: f?.idDominio ?? null,
        Tipo: d.Tipo,
        Codigo: d.Codigo,
        Descripcion: d.Descripcion,
        Valor: f?.valor ?? d.PorDefecto,
        Auxiliar1: f?.auxiliar1 ?? null,
        Auxiliar2: f?.auxiliar2 ?? null,
        Auxiliar3: f?.auxiliar3 ?? null,
        Estado: f?.logEstado ?? 1,
        PorDefecto: !f,
      };
    },
  );
}

/** Saves several parameters in one transaction (the contract already checked ids and values). */
export async function guardarParametros(db: Db, idEmpresa: number, idUsuario: number, d: TParametrosGuardar): Promise<TParametroEntidad[]> {
  // The assistant's webhook: the server will post the company's chats there, so only to a host the platform allows.
  d.Lista.forEach((p, i) => {
    if (p.IdParametro !== ID_PARAMETRO_ASISTENTE || !p.Auxiliar1) return;
    const problema = problemaUrlAsistente(p.Auxiliar1);
    if (problema) throw errorDeCampo(`Lista.${i}.Auxiliar1`, problema);
  });
  await db.transaction(async (tx) => {
    for (const p of d.Lista) {
      const def = ParametrosFacturacion.find((x) => x.IdParametro === p.IdParametro)!;
      const valores = { valor: p.Valor, tipo: def.Tipo, auxiliar1: p.Auxiliar1 ?? null, auxiliar2: p.Auxiliar2 ?? null, auxiliar3: p.Auxiliar3 ?? null };
      await tx
        .insert(parametroEntidad)
        .values({ idEmpresa, idParametro: p.IdParametro, ...valores, logUsuarioCrea: idUsuario })
        .onConflictDoUpdate({ target: [parametroEntidad.idEmpresa, parametroEntidad.idParametro], set: { ...valores, logUsuarioModif: idUsuario, logFechaModif: new Date() } });
    }
  });
  return listarParametros(db, idEmpresa);
}

/** The seed's `configuracionpredeterminadaentidad`: every parameter back to the catalogue's default. */
export async function restablecerParametros(db: Db, idEmpresa: number): Promise<TParametroEntidad[]> {
  await db.delete(parametroEntidad).where(and(eq(parametroEntidad.idEmpresa, idEmpresa)));
  return listarParametros(db, idEmpresa);
}
