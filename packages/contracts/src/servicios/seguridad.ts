import type { TServicioCatalogo } from './tipos';

// Services of the security module. Roles: 1 Cajero, 2 Supervisor, 4 Soporte.
// SEG_CUENTA is what every signed-in user needs for the shell (own profile, menu, password): every role has it,
// including the roles a company creates.
export const serviciosSeguridad = [
  { Codigo: 'SEG_CUENTA', Descripcion: 'Ver su perfil y su menú, y cambiar su contraseña', Modulo: 'seguridad', RolesPorDefecto: [1, 2, 4], ParaTodos: true },
  { Codigo: 'AYUDA_CONSULTAR', Descripcion: 'Leer los artículos de ayuda y conversar con el Asistente Virtual', Modulo: 'seguridad', RolesPorDefecto: [1, 2, 4], ParaTodos: true },
  { Codigo: 'SEG_USUARIOS_VER', Descripcion: 'Consultar los usuarios de la empresa', Modulo: 'seguridad', RolesPorDefecto: [2, 4] },
  { Codigo: 'SEG_USUARIOS_GESTIONAR', Descripcion: 'Invitar, activar, desactivar y eliminar usuarios; asignar roles y sucursales; restablecer contraseñas; cerrar sesiones', Modulo: 'seguridad', RolesPorDefecto: [2] },
  { Codigo: 'SEG_ROLES_VER', Descripcion: 'Consultar roles, módulos, permisos y servicios', Modulo: 'seguridad', RolesPorDefecto: [2, 4] },
  { Codigo: 'SEG_ROLES_GESTIONAR', Descripcion: 'Crear y editar los roles propios de la empresa y sus permisos y servicios', Modulo: 'seguridad', RolesPorDefecto: [2] },
  { Codigo: 'SEG_CATALOGO_GESTIONAR', Descripcion: 'Editar el catálogo global de permisos y servicios (operador de la plataforma)', Modulo: 'seguridad', RolesPorDefecto: [], SoloProveedor: true },
  { Codigo: 'SEG_MODULOS_GESTIONAR', Descripcion: 'Crear, editar, activar y desactivar módulos (personal del proveedor)', Modulo: 'seguridad', RolesPorDefecto: [4], SoloProveedor: true },
  { Codigo: 'SEG_TERMINALES_VER', Descripcion: 'Consultar los terminales de la empresa', Modulo: 'seguridad', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'SEG_TERMINALES_GESTIONAR', Descripcion: 'Registrar y editar terminales', Modulo: 'seguridad', RolesPorDefecto: [2, 4] },
  { Codigo: 'SEG_PARAMETROS', Descripcion: 'Consultar y editar los parámetros de seguridad (sesión única, parámetros de usuario)', Modulo: 'seguridad', RolesPorDefecto: [2] },
  { Codigo: 'SEG_AUDITORIA_VER', Descripcion: 'Consultar la bitácora de eventos de seguridad', Modulo: 'seguridad', RolesPorDefecto: [2, 4] },
] as const satisfies TServicioCatalogo[];
