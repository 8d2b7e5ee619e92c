/** User status: 0 inactive, 1 active, 2 deleted, 3 pending invitation. */
export const EstadoUsuario = { INACTIVO: 0, ACTIVO: 1, ELIMINADO: 2, INVITACION_PENDIENTE: 3 } as const;

/** Company type: 0 with RUC, 1 demo, 2 without RUC. */
export const TipoEmpresa = { CON_RUC: 0, DEMO: 1, SIN_RUC: 2 } as const;

/** Roles of the seed. */
export const Roles = { CAJERO: 1, SUPERVISOR: 2, SOPORTE: 4 } as const;

/** ERP module id (the seed's IdModulo for the main variant). */
export const MODULO_ERP = 1;
