import type { TServicioCatalogo } from './tipos';

// Services of the sales page (/admin/ventas, permission 120). Roles: 1 Cajero, 2 Supervisor.
export const serviciosVentas = [
  { Codigo: 'VENTAS_VER', Descripcion: 'Consultar las ventas de la empresa (comprobantes emitidos y sus totales)', Modulo: 'contabilidad', RolesPorDefecto: [1, 2] },
] as const satisfies TServicioCatalogo[];

// Quotations, orders, price lists and the sales report (issue 12). Menu nodes 12100-12190.
export const serviciosPedidos = [
  { Codigo: 'PEDIDOS_VER', Descripcion: 'Consultar cotizaciones y pedidos de venta y descargar su PDF', Modulo: 'ventas', RolesPorDefecto: [1, 2] },
  { Codigo: 'PEDIDOS_GESTIONAR', Descripcion: 'Crear y editar cotizaciones y pedidos, cambiar su estado y convertirlos en pedido o comprobante', Modulo: 'ventas', RolesPorDefecto: [2] },
  { Codigo: 'LISTAPRECIOS_VER', Descripcion: 'Consultar las listas de precios y los precios de un ítem', Modulo: 'logistica', RolesPorDefecto: [1, 2] },
  { Codigo: 'LISTAPRECIOS_GESTIONAR', Descripcion: 'Crear listas de precios y fijar los precios por ítem y presentación', Modulo: 'logistica', RolesPorDefecto: [2] },
  { Codigo: 'VENTAS_REPORTE', Descripcion: 'Reporte de ventas por periodo, sucursal, vendedor, ítem y medio de pago, con su Excel', Modulo: 'contabilidad', RolesPorDefecto: [2] },
] as const satisfies TServicioCatalogo[];
