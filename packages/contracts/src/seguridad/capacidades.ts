import { z } from '../zod-es';
import { ZId } from '../comun';

/**
 * "Qué puede hacer" (issue 11): the plain view of a role for a company's owner. Each action is a service of the
 * catalogue, shown by its description and area, never by its code. Turning one on also grants the screens
 * (permission-tree nodes) where the action is done, so the user can open them; turning it off removes those nodes
 * the role no longer needs.
 */
export const PantallasDeServicio: Readonly<Record<string, readonly number[]>> = {
  DOC_EMITIR: [2002, 2003, 2004, 2005, 2006, 2007, 2008],
  DOC_VER: [2010, 2030],
  DOC_ANULAR: [2010, 2011],
  DOC_RESUMEN: [2010, 2012],
  DOC_CORREO: [2010, 2013],
  DOC_REGULARIZAR: [2020],
  SUNAT_CONFIG_VER: [2040],
  SUNAT_CONFIG_GUARDAR: [2040],
  CORREO_CONFIG_VER: [2041],
  CORREO_CONFIG_GUARDAR: [2041],
  PLANTILLA_VER: [2042],
  PLANTILLA_GUARDAR: [2042],
  PARAMETROS_VER: [2043],
  PARAMETROS_GUARDAR: [2043],
  EMPRESA_DATOS_GUARDAR: [2044],
  MASIVO_VER: [2050],
  MASIVO_EMITIR: [2050],
  VENTAS_VER: [120],
  ENT_VER: [3001],
  ENT_GUARDAR: [3001, 3011],
  ENT_DESACTIVAR: [3001, 3012],
  ITEM_VER: [3002],
  ITEM_GUARDAR: [3002, 3021],
  SUC_VER: [3003],
  SUC_GUARDAR: [3003, 3031],
  SERIE_VER: [3100],
  SERIE_GUARDAR: [3100],
  SEG_USUARIOS_VER: [4010],
  SEG_USUARIOS_GESTIONAR: [4010, 4011, 4012],
  SEG_ROLES_VER: [4020],
  SEG_ROLES_GESTIONAR: [4020, 4021],
  SEG_TERMINALES_VER: [4050],
  SEG_TERMINALES_GESTIONAR: [4050, 4051],
  SEG_AUDITORIA_VER: [4060],
  SEG_PARAMETROS: [4080],
  PAGOS_VER: [5010, 5030],
  PAGOS_COMPRAR: [5020],
  RRHH_TRABAJADOR_VER: [10010],
  RRHH_TRABAJADOR_GUARDAR: [10010],
  RRHH_NOMINA_VER: [10020],
  RRHH_NOMINA_CALCULAR: [10020],
  RRHH_NOMINA_APROBAR: [10020],
  RRHH_NOMINA_PAGAR: [10020],
  RRHH_NOMINA_PAGO_ANULAR: [10020],
  RRHH_ASISTENCIA_VER: [10100, 10110, 10120, 10130],
  RRHH_ASISTENCIA_GUARDAR: [10100, 10110, 10120],
  RRHH_SOLICITUD_VER: [10200],
  RRHH_SOLICITUD_GUARDAR: [10200],
  RRHH_SOLICITUD_RESOLVER: [10200],
  RRHH_FOTOCHECK_GENERAR: [10300],
  RRHH_GRUPO_VER: [10310],
  RRHH_GRUPO_GUARDAR: [10310],
  INVENTARIO_VER: [11010, 11020, 11030, 11300],
  INVENTARIO_MOVER: [11020, 11300],
  INVENTARIO_CONFIGURAR: [11040],
  CAJA_OPERAR: [12010],
  CAJA_VER: [12030],
  CAJA_GESTIONAR: [12020, 12030],
  FIN_CXC_VER: [13010, 13020],
  FIN_COBRO_REGISTRAR: [13020],
  FIN_COBRO_ANULAR: [13020],
  FIN_LETRA_VER: [13200],
  FIN_LETRA_GESTIONAR: [13200, 13010],
  FIN_MAESTROS_VER: [13030],
  FIN_MAESTROS_GUARDAR: [13030],
  FIN_CXP_VER: [11110],
  FIN_PAGO_REGISTRAR: [11110],
  FIN_PAGO_ANULAR: [11110],
  COMPRAS_VER: [11100],
  COMPRAS_REGISTRAR: [11100],
  COMPRAS_ANULAR: [11100],
  PEDIDOS_VER: [12110],
  PEDIDOS_GESTIONAR: [12110],
  LISTAPRECIOS_VER: [12120],
  LISTAPRECIOS_GESTIONAR: [12120],
  VENTAS_REPORTE: [12130],
  LIBROS_VER: [14010, 14020, 14030, 14040, 14100, 14200],
  LIBROS_CONFIGURAR: [14110],
  LIBROS_CIERRE_ANUAL: [14030],
  LIBROS_CUENTA_GUARDAR: [14010],
  LIBROS_ASIENTO_GUARDAR: [14020],
  LIBROS_PERIODO_CERRAR: [14030],
  CONTAB_SIRE_VER: [14300],
  CONTAB_SIRE_GESTIONAR: [14300, 14301],
  CONTAB_SIRE_CONFIGURAR: [14300, 14302],
};

export const ZCapacidadRol = z.object({
  IdServicio: z.number().int(),
  Descripcion: z.string(),
  /** The module the action belongs to (the web names it as an owner would). */
  Area: z.string(),
  Concedido: z.boolean(),
  /** The screens the action opens, by their menu names. */
  Pantallas: z.array(z.string()),
});
export type TCapacidadRol = z.infer<typeof ZCapacidadRol>;
export const ZCapacidadesRol = z.object({ Data: z.array(ZCapacidadRol), Count: z.number().int() });
export type TCapacidadesRol = z.infer<typeof ZCapacidadesRol>;
export const ZCapacidadRolParams = z.object({ rol: ZId });
export const ZCapacidadRolGuardar = z.object({ IdServicio: ZId, Concedido: z.boolean() });
export type TCapacidadRolGuardar = z.infer<typeof ZCapacidadRolGuardar>;
