import type { TServicioCatalogo } from './tipos';

// Services of the cash boxes and point of sale (issue 12). Permission nodes 12000-12999.
// Roles: 1 Cajero, 2 Supervisor, 4 Soporte (seed roles).
export const serviciosCajas = [
  { Codigo: 'CAJA_VER', Descripcion: 'Consultar cajas, sesiones de caja y reportes Z', Modulo: 'finanzas', RolesPorDefecto: [1, 2] },
  { Codigo: 'CAJA_GESTIONAR', Descripcion: 'Crear y editar cajas y puntos de venta; ver todas las sesiones y cerrar o bloquear las de otros', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'CAJA_OPERAR', Descripcion: 'Abrir y cerrar su sesión de caja, registrar ingresos y egresos y vender en el punto de venta', Modulo: 'finanzas', RolesPorDefecto: [1, 2] },
  // Supervisor authorization at the till (branch pospin): who may discount/discard alone, and whose PIN authorizes it.
  { Codigo: 'CAJA_DESCUENTO', Descripcion: 'Aplicar descuentos por línea o globales y editar precios en el punto de venta, y autorizarlos con su PIN de supervisor', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'CAJA_DESCARTAR', Descripcion: 'Descartar una venta sin conexión rechazada por el servidor, y autorizarlo con su PIN de supervisor', Modulo: 'finanzas', RolesPorDefecto: [1, 2] },
] as const satisfies TServicioCatalogo[];
