import { TipoEmpresa, type TMenuNode, type TUsuario } from '@yupana/contracts';
import { noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import { idEmpresaProveedora } from '../../lib/proveedor';
import type { TAuth } from './auth.hook';
import { permisosSoloProveedor } from './autorizacion';
import * as usuarios from './usuarios.repo';

export async function obtenerUsuario(ctx: Contexto, auth: TAuth, idUsuario: number): Promise<TUsuario> {
  const db = ctx.dbh.db;
  const u = await usuarios.buscarUsuarioDeEmpresa(db, auth.idEmpresa, idUsuario);
  if (!u) throw noEncontrado('No se encontró el usuario');
  const [roles, sucursales] = await Promise.all([
    usuarios.rolesDeUsuario(db, auth.idEmpresa, u.id),
    usuarios.sucursalesDeUsuario(db, auth.idEmpresa, u.id),
  ]);
  return {
    IdUsuario: u.id,
    Usuario: u.usuario,
    Nombres: u.nombres,
    Apellidos: u.apellidos,
    Correo: u.correo,
    Estado: u.estado as TUsuario['Estado'],
    LogEstado: u.logEstado,
    LogFechacrea: u.logFechaCrea.toISOString(),
    IdEntidadEmpresa: u.idEmpresa,
    DocumentoEmpresa: u.documentoEmpresa,
    RazonSocialEmpresa: u.razonSocialEmpresa,
    TipoEmpresa: u.tipoEmpresa as TUsuario['TipoEmpresa'],
    Roles: roles.map((r) => ({ Id: r.id, Nombre: r.nombre })),
    Sucursales: sucursales.map((s) => ({ Id: s.id, RazonSocial: s.razonSocial, Direccion: s.direccion, Descripcion: s.descripcion })),
    DatosJson: u.datosJson,
  };
}

/**
 * SUNAT screens a company without RUC (type 2) has no use for: issuing facturas, boletas, notes and guías, the daily
 * summary, regularizations with SUNAT, the receipt lookup, SUNAT settings and bulk issuing (facturas and boletas).
 * Such a company issues internal sale notes (2008), lists, prints, e-mails and voids them.
 */
const PERMISOS_SOLO_CON_RUC = new Set([2002, 2003, 2004, 2005, 2006, 2007, 2012, 2020, 2030, 2040, 2050]);

/**
 * The platform's developer screens: the permission tree (Raíz/Control/Componente), the service catalogue with its
 * codes and the modules. Only the provider's staff see them; a company's owner manages what each role can do from the
 * Roles page.
 */
const PERMISOS_PLATAFORMA = new Set([4030, 4040, 4070]);

/**
 * The user's menu / permission tree: nodes granted to any of the user's roles, plus their ancestors so the
 * tree stays connected. With `idPermiso`, only the granted subtree under that node (the permission guard's call).
 */
export async function menuDeUsuario(ctx: Contexto, auth: TAuth, idUsuario: number, idPermiso?: number): Promise<{ Data: TMenuNode[]; Count: number }> {
  const db = ctx.dbh.db;
  const u = await usuarios.buscarUsuarioDeEmpresa(db, auth.idEmpresa, idUsuario);
  if (!u) throw noEncontrado('No se encontró el usuario');
  const roles = await usuarios.rolesDeUsuario(db, auth.idEmpresa, u.id);
  const { arbol, concedidos: todos } = await usuarios.permisosDeRoles(db, roles.map((r) => r.id));
  // A provider-only screen (padrón import, payments inbox...) answers 403 outside the provider: keep it out of the menu.
  const esProveedor = (await idEmpresaProveedora(db)) === auth.idEmpresa;
  const sinRuc = auth.empresa.tipoEmpresa === TipoEmpresa.SIN_RUC;
  const concedidos = [...todos].filter(
    (id) => (esProveedor || (!permisosSoloProveedor.has(id) && !PERMISOS_PLATAFORMA.has(id))) && !(sinRuc && PERMISOS_SOLO_CON_RUC.has(id)),
  );

  const porId = new Map(arbol.map((p) => [p.id, p]));
  const visibles = new Set<number>();
  for (const id of concedidos) {
    // Walk up to the root; the visited guard protects against a cycle in bad data.
    for (let p = porId.get(id); p && !visibles.has(p.id); p = p.idPadre == null ? undefined : porId.get(p.idPadre)) visibles.add(p.id);
  }

  const hijosDe = new Map<number | null, typeof arbol>();
  for (const p of arbol) {
    if (!visibles.has(p.id)) continue;
    const clave = p.idPadre != null && porId.has(p.idPadre) ? p.idPadre : null;
    hijosDe.set(clave, [...(hijosDe.get(clave) ?? []), p]);
  }
  // A group label (tipo 0) or a submenu left without any entry to show (all hidden above) is not shown either.
  const vacio = (n: TMenuNode) => (n.Tipo === 0 || (n.SubMenu && !n.Ruta)) && n.Hijos.length === 0;
  const construir = (idPadre: number | null, profundidad: number): TMenuNode[] =>
    profundidad > 8
      ? []
      : (hijosDe.get(idPadre) ?? []).map((p): TMenuNode => ({
          Id: p.id,
          IdPermiso: p.id,
          Descripcion: p.descripcion,
          Ruta: p.ruta,
          IconMenu: p.iconMenu,
          Tipo: p.tipo,
          TipoEnlace: p.tipoEnlace as TMenuNode['TipoEnlace'],
          EstadoPrincipal: p.estadoPrincipal,
          Estado: p.estado,
          SubMenu: p.subMenu,
          Hijos: construir(p.id, profundidad + 1),
          Orden: p.orden,
        })).filter((n) => !vacio(n));

  const Data = idPermiso ? (visibles.has(idPermiso) ? construir(idPermiso, 0) : []) : construir(null, 0);
  return { Data, Count: Data.length };
}
