import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { empresa, modulo, permiso, rol, rolPermiso, sucursal, usuario, usuarioRol, usuarioSucursal } from '../../db/schema';

type DbOTx = Pick<Db, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Sign-in lookup: by name (case-insensitive), across companies, since the login call names no company. */
export async function buscarUsuarioParaLogin(db: DbOTx, nombre: string) {
  const [fila] = await db
    .select({
      id: usuario.id,
      usuario: usuario.usuario,
      contrasenhaHash: usuario.contrasenhaHash,
      estado: usuario.estado,
      logEstado: usuario.logEstado,
      fechaUltimoIngreso: usuario.fechaUltimoIngreso,
      idCuenta: usuario.idCuenta,
      idEmpresa: empresa.id,
      documentoEmpresa: empresa.documento,
      logEstadoEmpresa: empresa.logEstado,
    })
    .from(usuario)
    .innerJoin(empresa, eq(empresa.id, usuario.idEmpresa))
    .where(sql`lower(${usuario.usuario}) = lower(${nombre})`)
    .limit(1);
  return fila ?? null;
}

/** A user of the given company (tenancy in the WHERE clause: another company's user is simply not found). */
export async function buscarUsuarioDeEmpresa(db: DbOTx, idEmpresa: number, idUsuario: number) {
  const [fila] = await db
    .select({
      id: usuario.id,
      usuario: usuario.usuario,
      contrasenhaHash: usuario.contrasenhaHash,
      nombres: usuario.nombres,
      apellidos: usuario.apellidos,
      correo: usuario.correo,
      estado: usuario.estado,
      logEstado: usuario.logEstado,
      logFechaCrea: usuario.logFechaCrea,
      datosJson: usuario.datosJson,
      idCuenta: usuario.idCuenta,
      idEmpresa: empresa.id,
      documentoEmpresa: empresa.documento,
      razonSocialEmpresa: empresa.razonSocial,
      tipoEmpresa: empresa.tipoEmpresa,
    })
    .from(usuario)
    .innerJoin(empresa, eq(empresa.id, usuario.idEmpresa))
    .where(and(eq(usuario.id, idUsuario), eq(usuario.idEmpresa, idEmpresa)))
    .limit(1);
  return fila ?? null;
}

export async function rolesDeUsuario(db: DbOTx, idEmpresa: number, idUsuario: number) {
  return db
    .select({ id: rol.id, nombre: rol.nombre })
    .from(usuarioRol)
    .innerJoin(rol, eq(rol.id, usuarioRol.idRol))
    .where(and(eq(usuarioRol.idUsuario, idUsuario), eq(usuarioRol.idEmpresa, idEmpresa), eq(usuarioRol.logEstado, 1), eq(rol.logEstado, 1)))
    .orderBy(asc(rol.id));
}

export async function sucursalesDeUsuario(db: DbOTx, idEmpresa: number, idUsuario: number) {
  return db
    .select({ id: sucursal.id, razonSocial: sucursal.razonSocial, direccion: sucursal.direccion, descripcion: sucursal.descripcion })
    .from(usuarioSucursal)
    .innerJoin(sucursal, eq(sucursal.id, usuarioSucursal.idSucursal))
    .where(
      and(
        eq(usuarioSucursal.idUsuario, idUsuario),
        eq(usuarioSucursal.idEmpresa, idEmpresa),
        eq(sucursal.idEmpresa, idEmpresa),
        eq(usuarioSucursal.logEstado, 1),
        eq(sucursal.logEstado, 1),
      ),
    )
    .orderBy(asc(sucursal.id));
}

export async function registrarIngreso(db: DbOTx, idUsuario: number): Promise<void> {
  await db.update(usuario).set({ fechaUltimoIngreso: sql`now()` }).where(eq(usuario.id, idUsuario));
}

export async function actualizarContrasenha(db: DbOTx, idEmpresa: number, idUsuario: number, nuevoHash: string): Promise<void> {
  await db
    .update(usuario)
    .set({ contrasenhaHash: nuevoHash, logUsuarioModif: idUsuario, logFechaModif: sql`now()` })
    .where(and(eq(usuario.id, idUsuario), eq(usuario.idEmpresa, idEmpresa)));
}

export async function moduloExiste(db: DbOTx, idModulo: number): Promise<boolean> {
  const filas = await db.select({ id: modulo.id }).from(modulo).where(and(eq(modulo.id, idModulo), eq(modulo.logEstado, 1))).limit(1);
  return filas.length === 1;
}

/** The whole active permission tree plus the ids granted to the given roles. */
export async function permisosDeRoles(db: DbOTx, idsRol: number[]) {
  const arbol = await db.select().from(permiso).where(eq(permiso.logEstado, 1)).orderBy(asc(permiso.orden), asc(permiso.id));
  const concedidos =
    idsRol.length === 0
      ? []
      : await db
          .selectDistinct({ idPermiso: rolPermiso.idPermiso })
          .from(rolPermiso)
          .where(and(inArray(rolPermiso.idRol, idsRol), eq(rolPermiso.logEstado, 1)));
  return { arbol, concedidos: new Set(concedidos.map((c) => c.idPermiso)) };
}
