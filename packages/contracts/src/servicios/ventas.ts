import type { TServicioCatalogo } from './tipos';

// Services of the sales page (/admin/ventas, permission 120). Roles: 1 Cajero, 2 Supervisor.
export const serviciosVentas = [
  { Codigo: 'VENTAS_VER', Descripcion: 'Consultar las ventas de la empresa (comprobantes emitidos y sus totales)', Modulo: 'contabilidad', RolesPorDefecto: [1, 2] },
] as const satisfies TServicioCatalogo[];
