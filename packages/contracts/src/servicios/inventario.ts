import type { TServicioCatalogo } from './tipos';

// Services of inventory (issue 13: warehouses, stock, movements, kardex). Permission nodes 11000-11999.
export const serviciosInventario = [
  { Codigo: 'INVENTARIO_VER', Descripcion: 'Consultar almacenes, stock, movimientos y kardex', Modulo: 'logistica', RolesPorDefecto: [2, 4] },
  { Codigo: 'INVENTARIO_MOVER', Descripcion: 'Registrar ingresos, salidas y transferencias de inventario', Modulo: 'logistica', RolesPorDefecto: [2, 4] },
  { Codigo: 'INVENTARIO_CONFIGURAR', Descripcion: 'Configurar almacenes y el stock negativo', Modulo: 'logistica', RolesPorDefecto: [2, 4] },
] as const satisfies TServicioCatalogo[];
