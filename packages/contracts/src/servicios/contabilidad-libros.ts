import type { TServicioCatalogo } from './tipos';

// Services of the accounting books (issue 15: chart, entries, periods, reports). Permission nodes 14000-14999.
export const serviciosLibros = [
  { Codigo: 'LIBROS_VER', Descripcion: 'Consultar plan de cuentas, asientos, periodos, balance de comprobación y libro mayor', Modulo: 'contabilidad', RolesPorDefecto: [2, 4] },
  { Codigo: 'LIBROS_CUENTA_GUARDAR', Descripcion: 'Crear, editar y desactivar subcuentas del plan contable', Modulo: 'contabilidad', RolesPorDefecto: [2] },
  { Codigo: 'LIBROS_ASIENTO_GUARDAR', Descripcion: 'Registrar asientos manuales, tipos de cambio y contabilizar ventas', Modulo: 'contabilidad', RolesPorDefecto: [2] },
  { Codigo: 'LIBROS_PERIODO_CERRAR', Descripcion: 'Cerrar y reabrir periodos contables', Modulo: 'contabilidad', RolesPorDefecto: [2] },
  { Codigo: 'LIBROS_CONFIGURAR', Descripcion: 'Elegir las cuentas de los asientos automáticos (tributos, medios de pago, ventas, costo)', Modulo: 'contabilidad', RolesPorDefecto: [2] },
  { Codigo: 'LIBROS_CIERRE_ANUAL', Descripcion: 'Cerrar un ejercicio y generar el asiento de apertura del siguiente', Modulo: 'contabilidad', RolesPorDefecto: [2] },
] as const satisfies TServicioCatalogo[];
