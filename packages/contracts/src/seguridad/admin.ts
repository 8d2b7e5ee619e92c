import { z } from '../zod-es';
import { ZEntero, ZEnteroConsulta, ZId } from '../validacion';
import { ZEstadoUsuario } from '../comun';
import { ZContrasenhaNueva } from './contrasenha';
import { ZRolResumen, ZSucursalResumen } from './usuario';

// Contracts of the security administration (the seed's Security calls under /api/seguridad/v1/...).
// Lists answer `{ Data, Count }` (Count = total rows for the filter); they page with `pagina` (from 1) and
// `regxpag`, filter text with `filtro` and record status with `estado` (1 active, 0 inactive, -1 all).


/** Record status filter: 1 active, 0 inactive, -1 all. */
export const ZEstadoFiltro = ZEntero().refine((v) => v === 1 || v === 0 || v === -1, 'Debe ser 1, 0 o -1').default(-1);

export const ZPaginado = z.object({
  pagina: ZEnteroConsulta(1, 1_000_000, 1),
  regxpag: ZEnteroConsulta(1, 200, 10),
  filtro: z.string().trim().max(100).optional(),
  estado: ZEstadoFiltro,
});
export type TPaginado = z.infer<typeof ZPaginado>;

/** The seed's `tipo` filter on service listings: the kind of permission node a service is linked to (0 group, 1 menu entry, 2 component; -1 = all). */
const ZTipoPermisoFiltro = ZEntero({ min: -1, max: 2 }).default(-1);

const lista = <T extends z.ZodType>(fila: T) => z.object({ Data: z.array(fila), Count: z.number().int() });

// ---- Modules
export const ZModulo = z.object({ IdModulo: z.number().int(), Nombre: z.string(), Descripcion: z.string().nullable(), LogEstado: z.number().int() });
export type TModulo = z.infer<typeof ZModulo>;
export const ZModulosQuery = z.object({ LogEstado: ZEstadoFiltro });
export const ZModulos = lista(ZModulo);
export const ZModulosPaginasQuery = ZPaginado;
/** Create (without IdModulo) or edit a module of the global catalogue; LogEstado 0 deactivates, 1 activates. */
export const ZModuloGuardar = z.object({
  IdModulo: z.number().int().positive().optional(),
  Nombre: z.string().trim().min(1, 'Ingrese el nombre del módulo').max(100),
  Descripcion: z.string().trim().max(250).nullish(),
  LogEstado: z.union([z.literal(0), z.literal(1)], { error: 'Debe ser 1 (activo) o 0 (inactivo)' }).default(1),
});
export type TModuloGuardar = z.input<typeof ZModuloGuardar>;

// ---- Roles (1 Cajero, 2 Supervisor, 4 Soporte are shared by every company and read-only; a company creates its own)
export const ZRol = z.object({
  IdRol: z.number().int(),
  IdModulo: z.number().int(),
  Nombre: z.string(),
  Descripcion: z.string().nullable(),
  /** true: created by this company (editable); false: a predefined role shared by every company (read-only). */
  Propio: z.boolean(),
  LogEstado: z.number().int(),
});
export type TRol = z.infer<typeof ZRol>;
export const ZRoles = lista(ZRol);
export const ZRolesQuery = ZPaginado.extend({
  idRol: ZEntero({ min: 0 }).default(0).describe('0 = all'),
  idmodulo: ZEntero({ min: 0 }).default(0).describe('0 = all'),
});
export const ZModuloRolesParams = z.object({ id: ZId, estado: ZEntero({ min: -1, max: 1 }) });
export const ZRolCrear = z.object({
  IdModulo: z.number().int().positive().default(1),
  Nombre: z.string().trim().min(1, 'Ingrese el nombre del rol').max(100),
  Descripcion: z.string().trim().max(250).nullish(),
});
export const ZRolEditar = ZRolCrear.extend({ IdRol: z.number().int().positive(), LogEstado: z.union([z.literal(0), z.literal(1)]).default(1) });
export type TRolCrear = z.infer<typeof ZRolCrear>;
export type TRolEditar = z.infer<typeof ZRolEditar>;

// ---- Permission tree (node types 0 root, 1 control, 2 component; up to six levels)
export type TPermisoNodo = {
  Id: number;
  IdPermiso: number;
  IdParent: number | null;
  IdModulo: number;
  Descripcion: string;
  Tipo: number;
  Ruta: string | null;
  Componente: string | null;
  LogEstado: number;
  /** In a role's tree: the role already has this node (the web shows it checked and disabled). */
  Habilitado: boolean;
  Hijos: TPermisoNodo[];
};
export const ZPermisoNodo: z.ZodType<TPermisoNodo> = z.object({
  Id: z.number().int(),
  IdPermiso: z.number().int(),
  IdParent: z.number().int().nullable(),
  IdModulo: z.number().int(),
  Descripcion: z.string(),
  Tipo: z.number().int().describe('0 root, 1 control, 2 component'),
  Ruta: z.string().nullable(),
  Componente: z.string().nullable(),
  LogEstado: z.number().int(),
  Habilitado: z.boolean(),
  get Hijos() {
    return z.array(ZPermisoNodo);
  },
});
z.globalRegistry.add(ZPermisoNodo, { id: 'PermisoNodo' });
export const ZPermisosArbol = lista(ZPermisoNodo);
export const ZPermisosArbolQuery = z.object({
  IdPermiso: ZEntero({ min: 0 }).default(0).describe('Subtree under this node (0 = whole tree)'),
  idmodulo: ZEntero({ min: 0 }).default(0),
});
export const ZPermisoFila = z.object({
  IdPermiso: z.number().int(),
  IdParent: z.number().int().nullable(),
  IdModulo: z.number().int(),
  Descripcion: z.string(),
  Tipo: z.number().int(),
  Ruta: z.string().nullable(),
  Componente: z.string().nullable(),
  Nivel: z.number().int().describe('1 = top level; at most 6'),
  LogEstado: z.number().int(),
});
export type TPermisoFila = z.infer<typeof ZPermisoFila>;
export const ZPermisos = lista(ZPermisoFila);
export const ZPermisosQuery = ZPaginado.extend({
  idmodulo: ZEntero({ min: 0 }).default(0),
  idPermiso: ZEntero({ min: 0 }).default(0).describe('Children of this node (0 = all)'),
  tipo: ZEntero({ min: -1, max: 2 }).default(-1).describe('-1 = all'),
});
export const ZPermisoEditar = z.object({
  IdPermiso: z.number().int().positive(),
  Descripcion: z.string().trim().min(1).max(150),
  LogEstado: z.union([z.literal(0), z.literal(1)]),
});

// ---- Services (the catalogue declared by the routes)
export const ZServicio = z.object({
  IdServicio: z.number().int(),
  Codigo: z.string(),
  Descripcion: z.string(),
  Modulo: z.string(),
  LogEstado: z.number().int(),
});
export type TServicio = z.infer<typeof ZServicio>;
export const ZServicios = lista(ZServicio);
export const ZServiciosQuery = ZPaginado.extend({
  modulo: z.string().trim().max(40).optional(),
  rol: ZEntero({ min: 0 }).default(0).describe('Only services granted to this role (0 = all)'),
  permiso: ZEntero({ min: 0 }).default(0).describe('Only services linked to this permission (0 = all)'),
  idservicio: ZEntero({ min: 0 }).default(0),
  idmodulo: ZEntero({ min: 0 }).default(0).describe('Only services linked to a permission of this module (0 = all)'),
  identidad: ZEntero({ min: 0 }).default(0).describe("The seed's company id: only the caller's own company (0 = the caller's)"),
  tipo: ZTipoPermisoFiltro,
});
export const ZServicioEditar = z.object({
  IdServicio: z.number().int().positive(),
  Descripcion: z.string().trim().min(1).max(250),
  LogEstado: z.union([z.literal(0), z.literal(1)]),
});

// ---- Role-service, role-permission, permission-service links
export const ZRolServicio = z.object({
  IdRol: z.number().int(),
  IdServicio: z.number().int(),
  Codigo: z.string(),
  Descripcion: z.string(),
  Modulo: z.string(),
  LogEstado: z.number().int(),
});
export const ZRolesServicios = lista(ZRolServicio);
export const ZRolesServiciosQuery = ZPaginado.extend({ idRol: ZEntero({ min: 0 }).default(0), idModulo: ZEntero({ min: 0 }).default(0), tipo: ZTipoPermisoFiltro });
/** POST grants (or re-activates) the link; PUT sets its state (0 revokes). */
export const ZRolServicioGuardar = z.object({
  IdRol: z.number().int().positive(),
  IdServicio: z.number().int().positive(),
  LogEstado: z.union([z.literal(0), z.literal(1)]).default(1),
});

export const ZRolPermisosParams = z.object({ rol: ZId });
export const ZRolPermisosQuery = z.object({
  idmodulo: ZEntero({ min: 0 }).default(0),
  tipo: ZEntero({ min: -1, max: 2 }).default(-1),
  estado: ZEstadoFiltro,
  filtro: z.string().trim().max(100).optional(),
});
/** POST adds the given nodes to the role (and their ancestors, so the menu can show them). */
export const ZRolPermisosAgregar = z.object({
  IdRol: z.number().int().positive(),
  Permisos: z.array(z.number().int().positive()).min(1, 'Seleccione al menos un permiso').max(500),
});
/** PUT enables or disables one node of the role (disabling also disables its descendants). */
export const ZRolPermisoEstado = z.object({
  IdRol: z.number().int().positive(),
  IdPermiso: z.number().int().positive(),
  LogEstado: z.union([z.literal(0), z.literal(1)]),
});

export const ZPermisoServicio = z.object({
  IdPermiso: z.number().int(),
  DescripcionPermiso: z.string(),
  IdServicio: z.number().int(),
  Codigo: z.string(),
  Descripcion: z.string(),
  LogEstado: z.number().int(),
});
export const ZPermisosServicios = lista(ZPermisoServicio);
export const ZPermisosServiciosQuery = ZPaginado.extend({ idPermiso: ZEntero({ min: 0 }).default(0), idModulo: ZEntero({ min: 0 }).default(0), tipo: ZTipoPermisoFiltro });
export const ZPermisoServicioGuardar = z.object({
  IdPermiso: z.number().int().positive(),
  IdServicio: z.number().int().positive(),
  LogEstado: z.union([z.literal(0), z.literal(1)]).default(1),
});

// ---- Terminals (per company; optionally tied to a branch)
export const ZTerminal = z.object({
  IdTerminal: z.number().int(),
  IdEntidad: z.number().int().describe('Company id'),
  IdSucursal: z.number().int().nullable(),
  Nombre: z.string(),
  Codigo: z.string().nullable().describe('Serial / device code'),
  LogEstado: z.number().int(),
});
export type TTerminal = z.infer<typeof ZTerminal>;
export const ZTerminales = lista(ZTerminal);
export const ZTerminalesQuery = z.object({
  pagina: ZEnteroConsulta(1, 1_000_000, 1),
  regxpag: ZEnteroConsulta(1, 200, 10),
  filtro: z.string().trim().max(100).optional(),
  logestado: ZEstadoFiltro,
});
export const ZTerminalGuardar = z.object({
  IdTerminal: z.number().int().positive().optional().describe('Required by PUT'),
  IdSucursal: z.number().int().positive().nullish(),
  Nombre: z.string().trim().min(1, 'Ingrese el nombre del terminal').max(100),
  Codigo: z.string().trim().max(60).nullish(),
  LogEstado: z.union([z.literal(0), z.literal(1)]).default(1),
});
export type TTerminalGuardar = z.infer<typeof ZTerminalGuardar>;

// ---- Users of the company
export const ZEmpresaParams = z.object({ companyId: ZId });
export const ZUsuariosEmpresaQuery = z.object({
  pagina: ZEnteroConsulta(1, 1_000_000, 1),
  regxpag: ZEnteroConsulta(1, 200, 10),
  filtro: z.string().trim().max(100).optional(),
  estado: ZEntero({ min: -1, max: 3 }).default(-1).describe('User status 0..3 or -1 all (deleted users only when asked with 2)'),
  idRol: ZEntero({ min: 0 }).default(0).describe('0 = all'),
});
export const ZUsuarioEmpresa = z.object({
  IdUsuario: z.number().int(),
  Usuario: z.string(),
  Nombres: z.string(),
  Apellidos: z.string(),
  Correo: z.string().nullable(),
  Estado: ZEstadoUsuario,
  Roles: z.array(ZRolResumen),
  Sucursales: z.array(ZSucursalResumen),
  FechaUltimoIngreso: z.string().nullable(),
  LogFechacrea: z.string(),
});
export type TUsuarioEmpresa = z.infer<typeof ZUsuarioEmpresa>;
export const ZUsuariosEmpresa = lista(ZUsuarioEmpresa);

export const ZInvitacionCrear = z.object({
  Correo: z.email('Ingrese un correo válido').max(150),
  Nombres: z.string().trim().min(1, 'Ingrese los nombres').max(150),
  Apellidos: z.string().trim().max(150).default(''),
  /** Sign-in name; defaults to the e-mail address. */
  Usuario: z.string().trim().min(3, 'El usuario debe tener al menos 3 caracteres').max(100).regex(/^[A-Za-z0-9._@-]+$/, 'Use solo letras, números y . _ @ -').optional(),
  Roles: z.array(z.number().int().positive()).min(1, 'Asigne al menos un rol'),
  Sucursales: z.array(z.number().int().positive()).default([]),
});
export type TInvitacionCrear = z.infer<typeof ZInvitacionCrear>;
/** The link is ALWAYS returned to the inviting administrator (to share it) and e-mailed when SMTP is set up. */
export const ZInvitacionRespuesta = z.object({
  IdUsuario: z.number().int(),
  Usuario: z.string(),
  Enlace: z.string().describe('URL of the web page that accepts the invitation (/invitacion?token=...)'),
  Token: z.string(),
  ExpiraEn: z.string(),
  CorreoEnviado: z.boolean(),
});
export type TInvitacionRespuesta = z.infer<typeof ZInvitacionRespuesta>;
export const ZInvitacionAceptar = z.object({
  Token: z.string().min(20).max(200),
  Contrasenha: ZContrasenhaNueva,
});
export const ZInvitacionAceptada = z.object({ Mensaje: z.string(), Usuario: z.string() });
export const ZInvitacionConsultaQuery = z.object({ token: z.string().min(20).max(200) });
export const ZInvitacionConsulta = z.object({ Usuario: z.string(), Nombres: z.string(), RazonSocialEmpresa: z.string(), ExpiraEn: z.string(), Tipo: z.enum(['invitacion', 'restablecer']) });

export const ZUsuarioIdParams = z.object({ id: ZId });
/** 0 deactivate, 1 activate, 2 delete (soft). 3 (pending invitation) is set only by inviting. */
export const ZUsuarioEstado = z.object({ Estado: z.union([z.literal(0), z.literal(1), z.literal(2)]) });
export const ZUsuarioRoles = z.object({ Roles: z.array(z.number().int().positive()).min(1, 'Asigne al menos un rol') });
export const ZUsuarioSucursales = z.object({ Sucursales: z.array(z.number().int().positive()) });
/** Reset: the user gets a single-use link (same page as the invitation) and every session of theirs ends. */
export const ZRestablecerRespuesta = z.object({ Enlace: z.string(), Token: z.string(), ExpiraEn: z.string(), CorreoEnviado: z.boolean() });

// ---- Parameters (company level with IdUsuario 0, e.g. SesionUnica = "1"; or per user)
export const ParametrosSeguridad = { SESION_UNICA: 'SesionUnica' } as const;

/**
 * The security parameters a company may set (the seed names SesionUnica). Ambito 'empresa': only IdUsuario 0;
 * 'ambos': the company's value (IdUsuario 0) and a per-user value that overrides it.
 */
export const CatalogoParametrosSeguridad = [
  {
    Codigo: ParametrosSeguridad.SESION_UNICA,
    Nombre: 'Sesión única',
    Descripcion: 'Un nuevo ingreso del usuario cierra sus otras sesiones abiertas',
    Tipo: 'booleano',
    Ambito: 'ambos',
    Defecto: '0',
  },
] as const satisfies readonly { Codigo: string; Nombre: string; Descripcion: string; Tipo: 'booleano'; Ambito: 'empresa' | 'ambos'; Defecto: string }[];
export const ZParametrosListaQuery = z.object({ idUsuario: ZEntero({ min: 0 }).default(0).describe('0 = only company values') });
export const ZParametroFila = z.object({
  Codigo: z.string(),
  Nombre: z.string(),
  Descripcion: z.string(),
  Tipo: z.string(),
  Ambito: z.string(),
  Defecto: z.string(),
  /** Company value (IdUsuario 0), null when never set. */
  ValorEmpresa: z.string().nullable(),
  /** The user's own value (only when idUsuario > 0), null when not set (the company's applies). */
  ValorUsuario: z.string().nullable(),
  /** What applies to that user (or to the company when idUsuario 0). */
  ValorEfectivo: z.string(),
});
export type TParametroFila = z.infer<typeof ZParametroFila>;
export const ZParametrosLista = z.object({ Data: z.array(ZParametroFila), Count: z.number().int() });
export const ZParametroParams = z.object({ idUsuario: ZEntero({ min: 0 }), codigo: z.string().trim().min(1).max(60) });
export const ZParametro = z.object({ IdUsuario: z.number().int().min(0), Codigo: z.string(), Valor: z.string().nullable() });
export const ZParametroGuardar = z.object({
  IdUsuario: z.number().int().min(0).describe('0 = company-wide'),
  Codigo: z.string().trim().min(1).max(60),
  Valor: z.string().max(2000),
});
export type TParametro = z.infer<typeof ZParametro>;
