/**
 * Permission-tree ids of the seguridad area (range 4000-4999, migration "seguridad-web-menu"): the pages' permission
 * ids with their component ids (route data of the permission guard), and the controls (type-2 nodes) they hand out.
 */
export const PermisosSeguridad = {
  ROLES: { idPermiso: 4020, componente: 'roles' },
  PERMISOS: { idPermiso: 4030, componente: 'permisos' },
  SERVICIOS: { idPermiso: 4040, componente: 'servicios' },
  TERMINALES: { idPermiso: 4050, componente: 'terminales' },
  AUDITORIA: { idPermiso: 4060, componente: 'auditoria' },
  MODULOS: { idPermiso: 4070, componente: 'modulos' },
  PARAMETROS: { idPermiso: 4080, componente: 'parametros' },
} as const;

export const ControlesSeguridad = {
  ROLES_GESTIONAR: 4021,
  PERMISOS_SERVICIOS_GESTIONAR: 4031,
  SERVICIOS_GESTIONAR: 4041,
  TERMINALES_GESTIONAR: 4051,
  MODULOS_GESTIONAR: 4071,
} as const;
