import type { TServicioCatalogo } from './tipos';

// Services of purchases (issue 13) and payables (issue 14). Permission nodes 11100-11190.
export const serviciosCompras = [
  { Codigo: 'COMPRAS_VER', Descripcion: 'Consultar compras a proveedores', Modulo: 'logistica', RolesPorDefecto: [2, 4] },
  { Codigo: 'COMPRAS_REGISTRAR', Descripcion: 'Registrar compras (también desde el XML del proveedor)', Modulo: 'logistica', RolesPorDefecto: [2, 4] },
  { Codigo: 'COMPRAS_ANULAR', Descripcion: 'Anular compras (revierte stock y cuentas por pagar)', Modulo: 'logistica', RolesPorDefecto: [2] },
  { Codigo: 'FIN_CXP_VER', Descripcion: 'Consultar cuentas por pagar, antigüedad y pagos a proveedores', Modulo: 'finanzas', RolesPorDefecto: [2, 4] },
  { Codigo: 'FIN_PAGO_ANULAR', Descripcion: 'Anular pagos a proveedores (repone el saldo de las compras)', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_PAGO_REGISTRAR', Descripcion: 'Registrar pagos a proveedores (efectivo y bancarizados)', Modulo: 'finanzas', RolesPorDefecto: [2] },
] as const satisfies TServicioCatalogo[];
