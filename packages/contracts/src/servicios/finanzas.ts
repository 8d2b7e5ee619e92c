import type { TServicioCatalogo } from './tipos';

// Services of the "finanzas" module (issue 14: receivables, collections, master data). Permission nodes 13000-13999.
export const serviciosFinanzas = [
  { Codigo: 'FIN_MAESTROS_VER', Descripcion: 'Consultar tipos de cambio, cuentas financieras y centros de costo', Modulo: 'finanzas', RolesPorDefecto: [2, 4] },
  { Codigo: 'FIN_MAESTROS_GUARDAR', Descripcion: 'Registrar tipos de cambio, cuentas financieras y centros de costo', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_CXC_VER', Descripcion: 'Consultar cuentas por cobrar, antigüedad, cobros y estados de cuenta', Modulo: 'finanzas', RolesPorDefecto: [2, 4] },
  { Codigo: 'FIN_COBRO_REGISTRAR', Descripcion: 'Registrar cobros (efectivo y bancarizados)', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_COBRO_ANULAR', Descripcion: 'Anular cobros (repone el saldo de los documentos)', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_LETRA_VER', Descripcion: 'Consultar letras de cambio y su PDF', Modulo: 'finanzas', RolesPorDefecto: [2, 4] },
  { Codigo: 'FIN_LETRA_GESTIONAR', Descripcion: 'Canjear cuotas por letras, enviarlas al banco, cobrarlas, protestarlas, renovarlas y anularlas', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_LETRA_PAGAR_VER', Descripcion: 'Consultar letras de cambio por pagar a proveedores', Modulo: 'finanzas', RolesPorDefecto: [2, 4] },
  { Codigo: 'FIN_LETRA_PAGAR_GESTIONAR', Descripcion: 'Canjear compras por letras por pagar, pagarlas y anular el canje', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_MOV_VER', Descripcion: 'Consultar movimientos y saldos de las cuentas financieras y elementos de gasto', Modulo: 'finanzas', RolesPorDefecto: [2, 4] },
  { Codigo: 'FIN_MOV_REGISTRAR', Descripcion: 'Registrar notas de ingreso y salida, depósitos y transferencias entre cuentas', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_MOV_ELIMINAR', Descripcion: 'Eliminar movimientos no conciliados (revierte su asiento)', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_MOV_ELEMENTOS_GUARDAR', Descripcion: 'Registrar y editar elementos de gasto', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_CONCILIACION_VER', Descripcion: 'Consultar extractos bancarios y su conciliación', Modulo: 'finanzas', RolesPorDefecto: [2, 4] },
  { Codigo: 'FIN_CONCILIACION_GESTIONAR', Descripcion: 'Importar extractos bancarios y conciliarlos con los movimientos', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_DETRACCION_REGISTRAR', Descripcion: 'Registrar depósitos de detracción (constancia) contra ventas y compras al crédito', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_DETRACCION_ANULAR', Descripcion: 'Anular depósitos de detracción (repone el saldo del documento)', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_RETENCION_REGISTRAR', Descripcion: 'Registrar retenciones de IGV sufridas (comprobante de retención del cliente)', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_RETENCION_ANULAR', Descripcion: 'Anular retenciones sufridas (repone el saldo del documento)', Modulo: 'finanzas', RolesPorDefecto: [2] },
  { Codigo: 'FIN_CRE_VER', Descripcion: 'Consultar comprobantes de retención emitidos (agente de retención), su XML, PDF y CDR', Modulo: 'finanzas', RolesPorDefecto: [2, 4] },
  { Codigo: 'FIN_CRE_GESTIONAR', Descripcion: 'Configurar la empresa como agente de retención, proveedores no sujetos y enviar comprobantes de retención a SUNAT', Modulo: 'finanzas', RolesPorDefecto: [2] },
] as const satisfies TServicioCatalogo[];
