import { eq } from 'drizzle-orm';
import { UBIGEOS } from '@yupana/sunat';
import type { TDatosEmpresa, ZDatosEmpresaActualizar } from '@yupana/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { empresa } from '../../db/schema';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
// eslint-disable-next-line yupana/no-cross-import -- company identity changes go to the security audit log
import { registrarEvento, type Origen } from '../seguridad/auditoria';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function filaEmpresa(db: Db | Tx, idEmpresa: number, bloquear = false) {
  const q = db
    .select({
      id: empresa.id,
      tipoEmpresa: empresa.tipoEmpresa,
      documento: empresa.documento,
      razonSocial: empresa.razonSocial,
      direccion: empresa.direccion,
      idUbigeo: empresa.idUbigeo,
      correo: empresa.correo,
      telefono: empresa.telefono,
      asistenteFinalizado: empresa.asistenteFinalizado,
    })
    .from(empresa)
    .where(eq(empresa.id, idEmpresa));
  const [f] = bloquear ? await q.for('update') : await q;
  if (!f) throw noEncontrado();
  return f;
}

/** The signed-in user's company as its documents print it. */
export async function datosEmpresa(db: Db, auth: TAuth, puedeEditar: boolean): Promise<TDatosEmpresa> {
  const f = await filaEmpresa(db, auth.idEmpresa);
  return {
    IdEntidadEmpresa: f.id,
    TipoEmpresa: f.tipoEmpresa as 0 | 1 | 2,
    Documento: f.documento,
    RazonSocial: f.razonSocial,
    Direccion: f.direccion,
    IdUbigeo: f.idUbigeo,
    Correo: f.correo,
    Telefono: f.telefono,
    AsistenteFinalizado: f.asistenteFinalizado,
    PuedeEditar: puedeEditar,
  };
}

/**
 * The administrator's edit of the company's data (the route requires EMPRESA_DATOS_GUARDAR). The RUC and the type are
 * not part of it. Every change is written to the security audit log with the values before and after, in the same
 * transaction as the change.
 */
export async function guardarDatosEmpresa(db: Db, auth: TAuth, d: z.output<typeof ZDatosEmpresaActualizar>, origen: Origen): Promise<TDatosEmpresa> {
  if (d.IdUbigeo && !(d.IdUbigeo in UBIGEOS)) throw errorDeCampo('IdUbigeo', 'No se encontró el ubigeo');
  await db.transaction(async (tx) => {
    const f = await filaEmpresa(tx, auth.idEmpresa, true);
    const antes = { RazonSocial: f.razonSocial, Direccion: f.direccion, IdUbigeo: f.idUbigeo, Correo: f.correo, Telefono: f.telefono };
    const despues = { RazonSocial: d.RazonSocial, Direccion: d.Direccion, IdUbigeo: d.IdUbigeo, Correo: d.Correo, Telefono: d.Telefono };
    const cambios = (Object.keys(antes) as (keyof typeof antes)[]).filter((k) => antes[k] !== despues[k]);
    if (!cambios.length) return;
    await tx
      .update(empresa)
      .set({ razonSocial: d.RazonSocial, direccion: d.Direccion, idUbigeo: d.IdUbigeo, correo: d.Correo, telefono: d.Telefono, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(empresa.id, auth.idEmpresa));
    await registrarEvento(tx, {
      evento: 'empresa_datos',
      idEmpresa: auth.idEmpresa,
      actor: { id: auth.idUsuario, usuario: auth.usuario },
      origen,
      detalle: { Antes: Object.fromEntries(cambios.map((k) => [k, antes[k]])), Despues: Object.fromEntries(cambios.map((k) => [k, despues[k]])) },
    });
  });
  return datosEmpresa(db, auth, true);
}
