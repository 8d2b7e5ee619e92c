import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { TSucursal, ZSucursalGuardar, ZSucursalesQuery } from '@yupana/contracts';
import type { z } from 'zod';
import { sucursal } from '../../db/schema';
import { noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { escaparLike } from './entidades.repo';
import { sucursalApariencia } from './entidades.schema';
// Cost centres are finance's master data; the shared check lives in lib/.
import { validarCentroCosto } from '../../lib/centro-costo';

// Avatar colours for branches that were never given one (picked by id, so a branch keeps its colour).
const PALETA = ['#1677ff', '#13a8a8', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#2f54eb', '#a0d911', '#fa541c', '#faad14'];
export const colorPorDefecto = (id: number) => PALETA[id % PALETA.length];

const columnas = {
  id: sucursal.id,
  idEmpresa: sucursal.idEmpresa,
  razonSocial: sucursal.razonSocial,
  descripcion: sucursal.descripcion,
  direccion: sucursal.direccion,
  idUbigeo: sucursal.idUbigeo,
  correo: sucursal.correo,
  telefono: sucursal.telefono,
  codigoAnexo: sucursal.codigoAnexo,
  idCentroCosto: sucursal.idCentroCosto,
  logEstado: sucursal.logEstado,
  color: sucursalApariencia.colorBackground,
};
const centroDe = sql<string | null>`(select cc.codigo || ' ' || cc.nombre from centro_costo cc where cc.id = ${sucursal.idCentroCosto})`;
type Fila = { [K in keyof typeof columnas]: (typeof columnas)[K]['_']['data'] | (K extends 'color' ? null : never) } & { centro: string | null };

function aSucursal(f: Fila): TSucursal {
  return {
    Id: f.id,
    IdEntidad: f.idEmpresa,
    RazonSocial: f.razonSocial,
    Descripcion: f.descripcion,
    Direccion: f.direccion,
    IdUbigeo: f.idUbigeo,
    Correo: f.correo,
    Telefono: f.telefono,
    CodigoAnexo: f.codigoAnexo,
    IdCentroCosto: f.idCentroCosto,
    CentroCosto: f.centro,
    letrainicio: (f.razonSocial.trim()[0] ?? 'S').toUpperCase(),
    colorbackground: f.color?.trim() || colorPorDefecto(f.id),
    LogEstado: f.logEstado,
  };
}

const consulta = (ctx: Contexto) =>
  ctx.dbh.db.select({ ...columnas, centro: centroDe }).from(sucursal).leftJoin(sucursalApariencia, eq(sucursalApariencia.idSucursal, sucursal.id));

export async function listarSucursales(ctx: Contexto, auth: TAuth, q: z.output<typeof ZSucursalesQuery>) {
  const condiciones: SQL[] = [eq(sucursal.idEmpresa, auth.idEmpresa)];
  if (q.estado !== -1) condiciones.push(eq(sucursal.logEstado, q.estado));
  if (q.filtro) condiciones.push(sql`lower(${sucursal.razonSocial} || ' ' || coalesce(${sucursal.descripcion}, '')) like ${`%${escaparLike(q.filtro.toLowerCase())}%`}`);
  const donde = and(...condiciones);
  const [filas, [{ n }]] = await Promise.all([
    consulta(ctx).where(donde).orderBy(asc(sucursal.id)).limit(q.regxpag).offset((q.pagina - 1) * q.regxpag),
    ctx.dbh.db.select({ n: count() }).from(sucursal).where(donde),
  ]);
  return { Data: (filas as Fila[]).map(aSucursal), Count: Number(n) };
}

export async function obtenerSucursal(ctx: Contexto, auth: TAuth, id: number): Promise<TSucursal> {
  const [f] = await consulta(ctx).where(and(eq(sucursal.idEmpresa, auth.idEmpresa), eq(sucursal.id, id)));
  if (!f) throw noEncontrado('No se encontró la sucursal');
  return aSucursal(f as Fila);
}

type TGuardar = z.output<typeof ZSucursalGuardar>;
const datosDe = (b: TGuardar) => ({
  razonSocial: b.RazonSocial,
  descripcion: b.Descripcion,
  direccion: b.Direccion,
  idUbigeo: b.IdUbigeo,
  correo: b.Correo,
  telefono: b.Telefono,
  codigoAnexo: b.CodigoAnexo,
  logEstado: b.LogEstado,
  // Absent (the seed's calls): the branch keeps its centre.
  ...(b.IdCentroCosto !== undefined ? { idCentroCosto: b.IdCentroCosto } : {}),
});

export async function crearSucursal(ctx: Contexto, auth: TAuth, b: TGuardar): Promise<TSucursal> {
  await validarCentroCosto(ctx.dbh.db, auth.idEmpresa, b.IdCentroCosto);
  const id = await ctx.dbh.db.transaction(async (tx) => {
    const [s] = await tx.insert(sucursal).values({ ...datosDe(b), idEmpresa: auth.idEmpresa, logUsuarioCrea: auth.idUsuario }).returning({ id: sucursal.id });
    if (b.colorbackground)
      await tx.insert(sucursalApariencia).values({ idEmpresa: auth.idEmpresa, idSucursal: s.id, colorBackground: b.colorbackground, logUsuarioCrea: auth.idUsuario });
    return s.id;
  });
  return obtenerSucursal(ctx, auth, id);
}

export async function editarSucursal(ctx: Contexto, auth: TAuth, id: number, b: TGuardar): Promise<TSucursal> {
  await ctx.dbh.db.transaction(async (tx) => {
    if (b.IdCentroCosto != null) {
      const [a] = await tx.select({ c: sucursal.idCentroCosto }).from(sucursal).where(and(eq(sucursal.idEmpresa, auth.idEmpresa), eq(sucursal.id, id)));
      if (!a) throw noEncontrado('No se encontró la sucursal');
      await validarCentroCosto(tx, auth.idEmpresa, b.IdCentroCosto, a.c);
    }
    const [s] = await tx
      .update(sucursal)
      .set({ ...datosDe(b), logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(sucursal.idEmpresa, auth.idEmpresa), eq(sucursal.id, id)))
      .returning({ id: sucursal.id });
    if (!s) throw noEncontrado('No se encontró la sucursal');
    if (b.colorbackground)
      await tx
        .insert(sucursalApariencia)
        .values({ idEmpresa: auth.idEmpresa, idSucursal: id, colorBackground: b.colorbackground, logUsuarioCrea: auth.idUsuario })
        .onConflictDoUpdate({ target: sucursalApariencia.idSucursal, set: { colorBackground: b.colorbackground, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() } });
  });
  return obtenerSucursal(ctx, auth, id);
}
