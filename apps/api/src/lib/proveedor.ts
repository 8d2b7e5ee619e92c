import { eq } from 'drizzle-orm';
import { Roles, TipoEmpresa } from '@yupana/contracts';
import type { Db } from '../db/client';
import { cuenta, empresa, sucursal, usuario, usuarioRol, usuarioSucursal } from '../db/schema';

/**
 * The provider is the company that runs the platform and sells the plans. Its staff edit what every company shares:
 * the permission and service catalogue, the modules, the plans, the payments inbox and the padrón RUC. It is the
 * company row flagged `es_proveedor`, which only the installation sets (the demo seed, or `npm run proveedor` on a
 * real installation): no sign-up, wizard step or company edit can set or take that flag, so typing a RUC never makes
 * anybody the provider.
 */
export async function idEmpresaProveedora(db: Pick<Db, 'select'>): Promise<number | null> {
  const [e] = await db.select({ id: empresa.id }).from(empresa).where(eq(empresa.esProveedor, true)).limit(1);
  return e?.id ?? null;
}

export type DatosProveedor = {
  ruc: string;
  razonSocial: string;
  direccion?: string;
  usuario: string;
  correo: string;
  nombres: string;
  apellidos: string;
  contrasenhaHash: string;
  /** Flag a company that already exists with this RUC instead of creating one (the operator's explicit choice). */
  marcarExistente?: boolean;
};

/**
 * The operator's command (`npm run proveedor`): creates the provider company with its main branch and a first user
 * holding Supervisor and Soporte, or flags an existing company when asked to. One transaction; refused when a
 * provider already exists (the unique index on the flag also holds against two commands at once).
 */
export async function crearEmpresaProveedora(db: Db, d: DatosProveedor): Promise<{ idEmpresa: number; idUsuario: number | null; creada: boolean }> {
  return db.transaction(async (tx) => {
    const [actual] = await tx.select({ id: empresa.id, razonSocial: empresa.razonSocial }).from(empresa).where(eq(empresa.esProveedor, true));
    if (actual) throw new Error(`Ya existe la empresa proveedora: ${actual.razonSocial} (id ${actual.id})`);
    const [existente] = await tx.select({ id: empresa.id, tipo: empresa.tipoEmpresa }).from(empresa).where(eq(empresa.documento, d.ruc));
    if (existente) {
      if (!d.marcarExistente)
        throw new Error(`Ya hay una empresa con el RUC ${d.ruc}: use --marcar-existente para convertirla en la proveedora`);
      await tx.update(empresa).set({ esProveedor: true, logFechaModif: new Date() }).where(eq(empresa.id, existente.id));
      return { idEmpresa: existente.id, idUsuario: null, creada: false };
    }
    const [c] = await tx.insert(cuenta).values({ nombre: d.razonSocial }).returning({ id: cuenta.id });
    const [e] = await tx
      .insert(empresa)
      .values({
        idCuenta: c.id,
        documento: d.ruc,
        razonSocial: d.razonSocial.toUpperCase(),
        tipoEmpresa: TipoEmpresa.CON_RUC,
        regimenTributario: 4,
        direccion: d.direccion ?? null,
        correo: d.correo,
        esProveedor: true,
        asistenteFinalizado: true,
      })
      .returning({ id: empresa.id });
    const [s] = await tx
      .insert(sucursal)
      .values({ idEmpresa: e.id, razonSocial: d.razonSocial.toUpperCase(), descripcion: 'Principal', direccion: d.direccion ?? null, correo: d.correo })
      .returning({ id: sucursal.id });
    const [u] = await tx
      .insert(usuario)
      .values({ idEmpresa: e.id, idCuenta: c.id, usuario: d.usuario, contrasenhaHash: d.contrasenhaHash, nombres: d.nombres, apellidos: d.apellidos, correo: d.correo, estado: 1 })
      .returning({ id: usuario.id });
    await tx.insert(usuarioRol).values([Roles.SUPERVISOR, Roles.SOPORTE].map((idRol) => ({ idEmpresa: e.id, idUsuario: u.id, idRol })));
    await tx.insert(usuarioSucursal).values({ idEmpresa: e.id, idUsuario: u.id, idSucursal: s.id });
    return { idEmpresa: e.id, idUsuario: u.id, creada: true };
  });
}
