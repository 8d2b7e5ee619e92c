/** Controls (type-2 permission nodes, migration 4000-4999) of the users page that the permission guard hands out. */
export const ControlesUsuarios = { INVITAR: 4011, GESTIONAR: 4012 } as const;
export const PERMISO_USUARIOS = { idPermiso: 4010, componente: 'usuarios' } as const;
