import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogoServicios, type TLoginRespuesta } from '@yupana/contracts';
import { serviciosConcedidos, type RutaDeclarada } from '../../src/modules/seguridad/autorizacion';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

/**
 * The authorization matrix, built from the server's own route table (collected by the security module as routes
 * register): every route x (no token, Cajero, Supervisor, Soporte, a company-created role) -> 401 / 403 / allowed,
 * derived from the route's declared service and the role grants of the catalogue; and every route with a path
 * parameter x a user of ANOTHER company -> 404, from the explicit TENENCIA table below.
 *
 * ADDING A ROUTE WITH A PATH PARAMETER? Add its line to TENENCIA: how another company's user would reach a row of
 * company A (expects 404), or `exento` with the reason it is not company data.
 */

type Caso =
  | { param: 'empresaA' | 'usuarioA' | 'rolPropioA' | 'terminalA' }
  | { tabla: string }
  | { exento: string };

type Opciones = {
  cuerpo?: unknown;
  extra?: Record<string, string>;
  /** The route ignores the path's company and answers with the token's company: an empty list is accepted instead of 404. */
  aceptaVacio?: string;
};

const TENENCIA: Record<string, Caso & Opciones> = {
  // Issue 12: quotations and orders, price lists.
  'GET /api/ventas/v1/pedidos/:id': { tabla: 'pedido_venta' },
  'GET /api/ventas/v1/pedidos/:id/pdf': { tabla: 'pedido_venta' },
  'PUT /api/ventas/v1/pedidos/:id': { exento: 'modificación: la fila se lee y bloquea filtrando por la empresa del token (bloquear), como GET /v1/pedidos/:id' },
  'PUT /api/ventas/v1/pedidos/:id/estados': { tabla: 'pedido_venta', cuerpo: { Estado: 16 } },
  'POST /api/ventas/v1/pedidos/:id/pedidos': { tabla: 'pedido_venta' },
  'POST /api/ventas/v1/pedidos/:id/documentos': { tabla: 'pedido_venta', cuerpo: { IdTipoDocumento: 1004, IdSerie: 1, FechaEmision: '2026-01-02' } },
  'PUT /api/logistica/v1/listaprecios/:id': { tabla: 'lista_precio', cuerpo: { Nombre: 'Ajena' } },
  'GET /api/logistica/v1/listaprecios/item/precios/:id': { tabla: 'item' },
  'GET /api/logistica/v1/listaprecios/:id/precios': { tabla: 'lista_precio' },
  'PUT /api/logistica/v1/listaprecios/:id/precios': { tabla: 'lista_precio', cuerpo: { Precios: [{ IdItem: 1, CodigoUnidad: 'NIU', Precio: '1' }] } },
  // Issue 12: cash boxes and sessions.
  'GET /api/finanzas/v1/cajas/:id': { tabla: 'caja' },
  'PUT /api/finanzas/v1/cajas/:id': { tabla: 'caja', cuerpo: { IdSucursal: 1, Descripcion: 'Ajena' } },
  'POST /api/finanzas/v1/cajas/:id/aperturas': { tabla: 'caja', cuerpo: { MontoApertura: '0' } },
  'GET /api/finanzas/v1/cuadrescajas/:id': { tabla: 'sesion_caja' },
  'GET /api/finanzas/v1/cuadrescajas/:id/reporte': { tabla: 'sesion_caja' },
  'PUT /api/finanzas/v1/cuadrescajas/:id/bloqueos': { tabla: 'sesion_caja' },
  // Branch cajasemilla: the seed's remaining cash and accounting reads (also verified in cajas/semilla-cajas and contabilidad-libros/semilla-cuentas).
  'GET /api/finanzas/v1/sucursales/:id/cajas/aperturas': { tabla: 'sucursal' },
  'GET /api/finanzas/v1/cajas/:id/reanudaciones': { tabla: 'caja' },
  'GET /api/finanzas/v1/puntosventas/:id/reanudaciones': { tabla: 'caja' },
  'GET /api/finanzas/v1/puntosventas/:id': { tabla: 'caja' },
  'GET /api/finanzas/v1/cajas/:id/resumenes': { tabla: 'caja' },
  'GET /api/finanzas/v1/cajas/:id/balances': { tabla: 'caja' },
  'GET /api/finanzas/v1/cajas/:id/movimientos': { tabla: 'caja' },
  'GET /api/finanzas/v1/cajas/:id/movimientos/reportes': { tabla: 'caja' },
  'GET /api/finanzas/v1/cuentascontables/:id': { tabla: 'cuenta_contable' },
  'GET /api/finanzas/v1/entidades/:id/diarios': { param: 'empresaA' },
  'GET /api/seguridad/v2/usuarios/:id': { param: 'usuarioA' },
  'GET /api/seguridad/v2/usuarios/:id/permisos/modulos': { param: 'usuarioA' },
  'GET /api/seguridad/v3/usuarios/universales/:id/permisos/modulos': { param: 'usuarioA' },
  'GET /api/seguridad/v3/usuarios/universales/:id': { param: 'usuarioA' },
  'PUT /api/seguridad/v3/usuarios/universales/:id': { param: 'usuarioA', cuerpo: { Nombres: 'Ajeno' } },
  'GET /api/seguridad/v1/entidades/:companyId/modulos/0/usuarios': { param: 'empresaA' },
  'PUT /api/seguridad/v1/usuarios/:id/estado': { param: 'usuarioA', cuerpo: { Estado: 0 } },
  'PUT /api/seguridad/v1/usuarios/:id/roles': { param: 'usuarioA', cuerpo: { Roles: [1] } },
  'PUT /api/seguridad/v1/usuarios/:id/sucursales': { param: 'usuarioA', cuerpo: { Sucursales: [] } },
  'POST /api/seguridad/v1/usuarios/:id/contrasenha/restablecer': { param: 'usuarioA' },
  'POST /api/seguridad/v1/usuarios/:id/sesiones/cerrar': { param: 'usuarioA' },
  'GET /api/seguridad/v1/modulos/:id/roles/:estado': { exento: 'catálogo global de módulos; los roles propios se filtran por empresa (administracion.test)' },
  'GET /api/seguridad/v1/permisos/:id': { exento: 'catálogo global de permisos' },
  'GET /api/seguridad/v1/roles/:rol/permisos': { param: 'rolPropioA' },
  'GET /api/seguridad/v1/roles/:rol/capacidades': { param: 'rolPropioA' },
  'PUT /api/seguridad/v1/roles/:rol/capacidades': { param: 'rolPropioA', cuerpo: { IdServicio: 1, Concedido: true } },
  'GET /api/seguridad/v1/entidades/:id/terminales': { param: 'empresaA' },
  'GET /api/seguridad/v1/entidades/terminales/:id': { param: 'terminalA' },
  'GET /api/seguridad/v1/usuarios/parametros/:idUsuario/:codigo': { param: 'usuarioA', extra: { codigo: 'SesionUnica' } },
  'GET /api/entidades/v1/entidades/:id': { tabla: 'entidad' },
  'PUT /api/entidades/v1/entidades/:id': { exento: 'modificación: la empresa se filtra como en GET /v1/entidades/:id (verificado)' },
  'PUT /api/entidades/v1/entidades/:id/estado': { exento: 'modificación: la empresa se filtra como en GET /v1/entidades/:id (verificado)' },
  'GET /api/entidades/v1/ubigeo/:id': { exento: 'catálogo global de ubigeos' },
  'GET /api/sistema/v1/ayuda/articulos/:slug': { exento: 'artículos de ayuda del producto, iguales para todas las empresas' },
  'GET /api/entidades/v1/entidades/:id/sucursales': { param: 'empresaA' },
  'GET /api/entidades/v1/sucursales/:id': { tabla: 'sucursal' },
  'PUT /api/entidades/v1/sucursales/:id': { exento: 'modificación: la empresa se filtra como en GET /v1/sucursales/:id (verificado)' },
  'GET /api/entidades/v1/padron-ruc/contribuyentes/:ruc': { exento: 'padrón público de SUNAT' },
  'GET /api/entidades/v1/padron-ruc/importaciones/:id': { exento: 'importación del padrón: dato de la instalación, no de una empresa' },
  'POST /api/entidades/v1/padron-ruc/importaciones/:id/pausa': { exento: 'importación del padrón: dato de la instalación, no de una empresa' },
  'POST /api/entidades/v1/padron-ruc/importaciones/:id/reanudacion': { exento: 'importación del padrón: dato de la instalación, no de una empresa' },
  'GET /api/finanzas/v1/entidades/:id/sucursales': { param: 'empresaA' },
  'GET /api/logistica/v1/items/:id': { tabla: 'item' },
  // Branch catalogo: an import of the item catalogue (its own test checks another company's id gives 404).
  'GET /api/logistica/v1/items/importacion/:id': { tabla: 'importacion_item' },
  // Branch guiaalm: a warehouse's name and its own address.
  'PUT /api/logistica/v1/almacenes/:id': { tabla: 'almacen', cuerpo: { Nombre: 'MATRIZ' } },
  // Branch marcas: brands and categories (marcas.test.ts also checks another company's id gives 404).
  'PUT /api/logistica/v1/marcas/:id': { tabla: 'marca', cuerpo: { Nombre: 'MATRIZ' } },
  // Branch logsoporte: the parameter is a catálogo 03 unit code; the switch is written on the token's company's row.
  'PUT /api/logistica/v1/unidades/:codigo': { exento: 'código del catálogo 03 (global); la activación se guarda para la empresa del token (unidades.test)' },
  'PUT /api/logistica/v1/categorias/:id': { tabla: 'categoria_item', cuerpo: { Nombre: 'MATRIZ' } },
  'PUT /api/logistica/v1/items/:id': { exento: 'modificación: la empresa se filtra como en GET /v1/items/:id (verificado)' },
  'PUT /api/logistica/v1/items/favoritos/:id': { exento: 'modificación: la empresa se filtra como en GET /v1/items/:id (verificado)' },
  'GET /api/logistica/v1/movimientos/:id': { tabla: 'movimiento_inventario' },
  'POST /api/logistica/v1/movimientos/:id/guias': {
    tabla: 'movimiento_inventario',
    cuerpo: { FechaTraslado: '2026-01-02', ModalidadTraslado: '01', PesoBrutoTotal: '1', RucTransportista: '20100070970', RazonSocialTransportista: 'TRANSPORTES' },
  },
  'GET /api/logistica/v1/inventarios/stock/lotes/:a/:b': { tabla: 'item' },
  'GET /api/logistica/v1/inventarios/stock/series/:a/:b': { tabla: 'item' },
  'GET /api/logistica/v1/inventarios/stock/venta/:a/:b': { tabla: 'item' },
  'GET /api/pagos/v1/:IdEmpresa/paquetes': { param: 'empresaA' },
  'GET /api/pagos/v1/paquetes_v2/:Id': { exento: 'planes del proveedor: catálogo común a todas las empresas' },
  'PUT /api/pagos/v1/paquetes/:Id': { exento: 'planes del proveedor: catálogo común (PLAN_CONFIGURAR)' },
  'GET /api/pagos/v1/pagos/entidadpago/:IdEmpresa/prepagos': { param: 'empresaA' },
  'POST /api/pagos/v1/prepagos/:Id/comprobantes': { exento: 'modificación: la empresa se filtra como en GET /v1/prepagos/:Id/comprobantes (verificado)' },
  'GET /api/pagos/v1/prepagos/:Id/comprobantes': { tabla: 'pago' },
  'GET /api/pagos/v1/entidades/:IdEmpresa/contrato': { param: 'empresaA' },
  'GET /api/pagos/v1/entidades/integraciones/:IdEmpresa': { param: 'empresaA' },
  'GET /api/pagos/v1/pagos/entidadpago/:IdEmpresa/comprobantes': { param: 'empresaA' },
  'POST /api/pagos/v1/contratos/modulo/:IdModulo/prepago/:IdPlan': { exento: 'compra para la empresa del token: el módulo y el plan son catálogos comunes a todas las empresas' },
  'DELETE /api/pagos/v1/contratos/suscripciones/:Id/recurrencias': { tabla: 'contrato' },
  'GET /api/pagos/v1/prepagos/:Id/comprobantes/pdf': { tabla: 'pago' },
  'PUT /api/pagos/v1/gestion/pagos/:Id/aprobaciones': { exento: 'bandeja del proveedor (PAGOS_GESTIONAR): opera sobre pagos de todas las empresas' },
  'PUT /api/pagos/v1/gestion/pagos/:Id/comprobantes': { exento: 'bandeja del proveedor (PAGOS_GESTIONAR): opera sobre pagos de todas las empresas' },
  'PUT /api/pagos/v1/gestion/pagos/:Id/rechazos': { exento: 'bandeja del proveedor (PAGOS_GESTIONAR): opera sobre pagos de todas las empresas' },
  'GET /api/contabilidad/v1/documentoContable/:id': { tabla: 'documento_contable' },
  'GET /api/contabilidad/v1/documentoContable/:id/archivos/:TipoArchivo': { tabla: 'documento_contable', extra: { TipoArchivo: 'xml' } },
  'GET /api/contabilidad/v1/documentoContable/:id/escpos': { tabla: 'documento_contable' },
  'GET /api/contabilidad/v1/entidades/:id/emisiones': { tabla: 'entidad' },
  'GET /api/contabilidad/v1/entidades/:id/plantillascomprobantes': { param: 'empresaA' },
  'PUT /api/contabilidad/v1/entidades/:id/plantillascomprobantes': { param: 'empresaA', cuerpo: { Formato: 'TICKET' } },
  'POST /api/contabilidad/v1/entidades/:id/plantillascomprobantes': { param: 'empresaA', cuerpo: { Formato: 'TICKET' } },
  'POST /api/contabilidad/v1/entidades/:id/parametros': { param: 'empresaA', cuerpo: { Lista: [{ IdParametro: 101, Valor: '2' }] } },
  'GET /api/entidades/v1/entidades/series/:id': { tabla: 'serie' },
  'DELETE /api/entidades/v1/series/:id': { tabla: 'serie' },
  'PUT /api/contabilidad/v1/documentoContable/:id/anulaciones': { exento: 'modificación: la empresa se filtra como en GET /v1/documentoContable/:id (verificado)' },
  'POST /api/contabilidad/v1/documentoContable/:id/regularizaciones': { exento: 'modificación: la empresa se filtra como en GET /v1/documentoContable/:id (verificado)' },
  'POST /api/contabilidad/v1/documentoContable/:id/correos': { exento: 'modificación: la empresa se filtra como en GET /v1/documentoContable/:id (verificado)' },
  'GET /api/contabilidad/v1/documentosmasivos/:id': { tabla: 'lote_masivo' },
  'GET /api/contabilidad/v1/documentosmasivos/:id/resultado': { tabla: 'lote_masivo' },
  'GET /api/rrhh/v1/entidades/:id': { tabla: 'entidad' },
  'PUT /api/finanzas/v1/cuentascontables/:id': { tabla: 'cuenta_contable', cuerpo: { Codigo: '104101', Descripcion: 'Ajena' } },
  'DELETE /api/finanzas/v1/cuentascontables/:id': { tabla: 'cuenta_contable' },
  'POST /api/finanzas/v1/libros/periodos/:periodo/cierre': { exento: 'el periodo (AAAA-MM) no es un id: se cierra el de la empresa del token (verificado en contabilidad-libros)' },
  'POST /api/finanzas/v1/libros/periodos/:periodo/reapertura': { exento: 'el periodo (AAAA-MM) no es un id: se reabre el de la empresa del token (verificado en contabilidad-libros)' },
  'PUT /api/rrhh/v1/entidades/:id': { exento: 'modificación: la empresa se filtra como en GET /v1/entidades/:id (verificado en rrhh.test)' },
  'GET /api/rrhh/v1/entidades/:id/relacionados': { tabla: 'entidad' },
  'GET /api/rrhh/v1/entidades/:id/contratos': { tabla: 'entidad' },
  'GET /api/rrhh/v1/contratos/:id': { tabla: 'contrato_laboral' },
  'PUT /api/rrhh/v1/contratos/:id': { exento: 'modificación: la empresa se filtra como en GET /v1/contratos/:id (verificado en rrhh.test)' },
  'GET /api/rrhh/v1/nominas/:id': { tabla: 'nomina' },
  'POST /api/rrhh/v1/nominas/:id/calculo': { tabla: 'nomina', cuerpo: {} },
  'GET /api/rrhh/v1/nominas/:id/boletas/:idBoleta/pdf': { tabla: 'nomina' },
  'POST /api/rrhh/v1/nominas/:id/asistencia': { tabla: 'nomina' },
  'DELETE /api/rrhh/v1/feriados/:id': { exento: 'los días propios de una empresa no existen en los datos demo; otra empresa recibe 404 (verificado en asistencia.test)' },
  'GET /api/rrhh/v1/huelleros/entidades/:id/comandos': { tabla: 'huellero' },
  'POST /api/rrhh/v1/huelleros/entidades/:id/comandos': { tabla: 'huellero', cuerpo: { Tipo: 'INFO' } },
  'POST /api/finanzas/v1/libros/ejercicios/:anio/cierre': { exento: 'el año no es un id: se cierra el ejercicio de la empresa del token (verificado en contabilidad-libros)' },
  'POST /api/rrhh/v1/nominas/:id/pagos': { tabla: 'nomina', cuerpo: { IdCuentaFinanciera: 1 } },
  'PUT /api/rrhh/v1/nominas/:id/pagos/:idPago/anulaciones': { tabla: 'nomina', extra: { idPago: '1' }, cuerpo: { Motivo: 'Ajeno' } },
  'POST /api/rrhh/v1/nominas/:id/depositoscts': { tabla: 'nomina', cuerpo: { IdCuentaFinanciera: 1, NumeroOperacion: 'OP1' } },
  'PUT /api/rrhh/v1/nominas/:id/depositoscts/:idDeposito/anulaciones': { tabla: 'nomina', extra: { idDeposito: '1' }, cuerpo: { Motivo: 'Ajeno' } },
  'POST /api/rrhh/v1/nominas/:id/aprobacion': { exento: 'modificación: la empresa se filtra como en GET /v1/nominas/:id (verificado en rrhh.test)' },
  'PUT /api/finanzas/v1/tiposcambios/:id': { tabla: 'tipo_cambio', cuerpo: { Fecha: '2026-01-05', Compra: '3.7', Venta: '3.8' } },
  'GET /api/finanzas/v1/cuentasfinancieras/:id': { tabla: 'cuenta_financiera' },
  'PUT /api/finanzas/v1/cuentasfinancieras/:id': { tabla: 'cuenta_financiera', cuerpo: { IdTipoCuenta: 2, Nombre: 'Ajena', IdMoneda: 1 } },
  'PUT /api/finanzas/v1/centroscostos/:id': { tabla: 'centro_costo', cuerpo: { Codigo: 'X1', Nombre: 'Ajeno' } },
  'GET /api/finanzas/v1/cuentasporcobrar/:id': { tabla: 'documento_contable' },
  'GET /api/finanzas/v1/cobros/:id': { tabla: 'cobro' },
  'PUT /api/finanzas/v1/cobros/:id/anulaciones': { tabla: 'cobro', cuerpo: { Motivo: 'ajeno' } },
  'GET /api/finanzas/v1/cobros/:id/recibo': { tabla: 'cobro' },
  // Branch letras: another company's letra is 404 on every route (also verified in finanzas/letras.test).
  'GET /api/finanzas/v1/documentos/pagares/:id': { tabla: 'letra' },
  'GET /api/finanzas/v1/documentos/pagares/:id/pdf': { tabla: 'letra' },
  'PUT /api/finanzas/v1/documentos/pagares/:id/protestos': { tabla: 'letra', cuerpo: {} },
  'POST /api/finanzas/v1/documentos/pagares/:id/renovaciones': { tabla: 'letra', cuerpo: { FechaVencimiento: '2099-12-31' } },
  'PUT /api/finanzas/v1/documentos/pagares/:id/anulaciones': { tabla: 'letra', cuerpo: { Motivo: 'ajeno' } },
  // Branch letraspagar: another company's letra por pagar is 404 (also verified in finanzas/letras-pagar.test).
  'GET /api/finanzas/v1/proveedores/documentos/pagares/:id': { tabla: 'letra_pagar' },
  'PUT /api/finanzas/v1/proveedores/documentos/pagares/:id/anulaciones': { tabla: 'letra_pagar', cuerpo: { Motivo: 'ajeno' } },
  'POST /api/finanzas/v1/proveedores/documentos/pagares/:id/renovaciones': { tabla: 'letra_pagar', cuerpo: { FechaVencimiento: '2099-12-31' } },
  // Branch movfin: movements on financial accounts and bank reconciliation (also verified in finanzas/movimientos.test).
  'PUT /api/finanzas/v1/elementosgastos/:id': { tabla: 'elemento_gasto', cuerpo: { Codigo: 'X1', Nombre: 'Ajeno' } },
  'GET /api/finanzas/v1/cuentasfinancieras/:id/saldo': { tabla: 'cuenta_financiera' },
  'GET /api/finanzas/v1/cuentasfinancieras/:id/movimientos': { tabla: 'cuenta_financiera' },
  'GET /api/finanzas/v1/movimientos/:id': { tabla: 'movimiento_financiero' },
  'DELETE /api/finanzas/v1/movimientos/:id': { tabla: 'movimiento_financiero' },
  'GET /api/finanzas/v1/conciliaciones/extractos/:id': { tabla: 'extracto_bancario' },
  'POST /api/finanzas/v1/conciliaciones/extractos/:id/conciliaciones': { tabla: 'extracto_bancario', cuerpo: { Pares: [{ IdLinea: 1, Tipo: 'M', IdOperacion: 1 }] } },
  'DELETE /api/finanzas/v1/conciliaciones/extractos/:id/lineas/:idLinea': { tabla: 'extracto_bancario' },
  // SIRE (issue 15, branch sire): the book and period are not ids, the rows are those of the token's company.
  'GET /api/contabilidad/v1/sire/:libro/:periodo/comparacion': { exento: 'libro y periodo no son ids: se compara la propuesta de la empresa del token (verificado en sire.test)' },
  'GET /api/contabilidad/v1/sire/:libro/:periodo/historial': { exento: 'libro y periodo no son ids: historial de la empresa del token (verificado en sire.test)' },
  'GET /api/contabilidad/v1/sire/:libro/:periodo/reemplazo': { exento: 'libro y periodo no son ids: archivo con los documentos de la empresa del token' },
  'POST /api/contabilidad/v1/sire/:libro/:periodo/propuesta': { exento: 'libro y periodo no son ids: se pide la propuesta del RUC de la empresa del token' },
  'POST /api/contabilidad/v1/sire/:libro/:periodo/aceptacion': { exento: 'libro y periodo no son ids: se acepta la propuesta del RUC de la empresa del token' },
  'POST /api/contabilidad/v1/sire/:libro/:periodo/reemplazo': { exento: 'libro y periodo no son ids: se envía el reemplazo del RUC de la empresa del token' },
  'POST /api/contabilidad/v1/sire/procesos/:id/consulta': { tabla: 'sire_proceso' },
  'GET /api/contabilidad/v1/sire/procesos/:id/archivo': { tabla: 'sire_proceso' },
  // Purchases and payables (issues 13 and 14).
  'GET /api/logistica/v1/compras/:id': { tabla: 'compra' },
  'PUT /api/logistica/v1/compras/:id/anulaciones': { tabla: 'compra', cuerpo: { Motivo: 'ajena' } },
  'GET /api/finanzas/v1/cuentasporpagar/:id': { tabla: 'compra' },
  // Branch detracciones (issue 14): detracciones and retenciones against a document (also verified in deducciones.test).
  'GET /api/finanzas/v1/cuentasporcobrar/:id/deducciones': { tabla: 'documento_contable' },
  'GET /api/finanzas/v1/cuentasporpagar/:id/deducciones': { tabla: 'compra' },
  'POST /api/finanzas/v1/cuentasporcobrar/:id/detracciones': { tabla: 'documento_contable', cuerpo: { NumeroConstancia: '123', Fecha: '2026-01-05', Monto: '1.00' } },
  'POST /api/finanzas/v1/cuentasporpagar/:id/detracciones': { tabla: 'compra', cuerpo: { NumeroConstancia: '123', Fecha: '2026-01-05', Monto: '1.00' } },
  'POST /api/finanzas/v1/cuentasporcobrar/:id/retenciones': { tabla: 'documento_contable', cuerpo: { SerieNumero: 'R001-1', Fecha: '2026-01-05', Monto: '1.00' } },
  'PUT /api/finanzas/v1/detracciones/:id/anulaciones': { tabla: 'deduccion_documento', cuerpo: { Motivo: 'ajena' } },
  'PUT /api/finanzas/v1/retenciones/:id/anulaciones': { tabla: 'deduccion_documento', cuerpo: { Motivo: 'ajena' } },
  // Branch finret (issue 14): comprobantes de retención issued as retention agent (also verified in retenciones-emitidas.test).
  'GET /api/finanzas/v1/retenciones-emitidas/:id': { tabla: 'comprobante_retencion' },
  'GET /api/finanzas/v1/retenciones-emitidas/:id/xml': { tabla: 'comprobante_retencion' },
  'GET /api/finanzas/v1/retenciones-emitidas/:id/pdf': { tabla: 'comprobante_retencion' },
  'GET /api/finanzas/v1/retenciones-emitidas/:id/cdr': { tabla: 'comprobante_retencion' },
  // Branch crenvio: resending a CRE and its resumen de reversiones (also verified in retenciones-envio.test).
  'POST /api/finanzas/v1/retenciones-emitidas/:id/envios': { tabla: 'comprobante_retencion' },
  'GET /api/finanzas/v1/retenciones-emitidas/:id/reversion/xml': { tabla: 'comprobante_retencion' },
  'GET /api/finanzas/v1/retenciones-emitidas/:id/reversion/cdr': { tabla: 'comprobante_retencion' },
  'GET /api/finanzas/v1/retenciones-emitidas/proveedores/:ruc': { exento: 'el RUC no es un id: se busca el proveedor en la empresa del token (otra empresa: 409 si no es agente, 404 si no lo tiene)' },
  'PUT /api/finanzas/v1/retenciones-emitidas/proveedores/:ruc': { exento: 'el RUC no es un id: se marca el proveedor de la empresa del token' },
  // Physical counts and item presentations (issue 13, branch conteos): the other company's row gives 404.
  'GET /api/logistica/v1/tomasinventario/:id': { tabla: 'toma_inventario' },
  'PUT /api/logistica/v1/tomasinventario/:id/conteos': { tabla: 'toma_inventario', cuerpo: { Lineas: [{ IdItem: 1, CantidadContada: '1' }] } },
  'POST /api/logistica/v1/tomasinventario/:id/items': { tabla: 'toma_inventario', cuerpo: { IdItem: 1 } },
  'POST /api/logistica/v1/tomasinventario/:id/revision': { tabla: 'toma_inventario' },
  // Branch tabla5: count import from Excel and its template.
  'GET /api/logistica/v1/tomasinventario/:id/plantilla': { tabla: 'toma_inventario' },
  'POST /api/logistica/v1/tomasinventario/:id/importacion': { tabla: 'toma_inventario', cuerpo: { NombreArchivo: 'conteo.xlsx', Archivo: 'UEsDBA==' } },
  'POST /api/logistica/v1/tomasinventario/:id/contabilizacion': { tabla: 'toma_inventario', cuerpo: { Fecha: '2026-01-05' } },
  'GET /api/logistica/v1/items/:id/presentaciones': { tabla: 'item' },
  'PUT /api/logistica/v1/items/:id/presentaciones': { tabla: 'item', cuerpo: { Presentaciones: [] } },
  // Branch imagenes: an item's images and per-warehouse minimums.
  'GET /api/logistica/v1/items/:id/imagenes': { tabla: 'item' },
  'POST /api/logistica/v1/items/:id/imagenes': { tabla: 'item', cuerpo: { ImagenBase64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==' } },
  'GET /api/logistica/v1/items/:id/imagenes/:idImagen': { tabla: 'item', extra: { idImagen: '1' } },
  'PUT /api/logistica/v1/items/:id/imagenes/:idImagen/principal': { tabla: 'item', extra: { idImagen: '1' } },
  'DELETE /api/logistica/v1/items/:id/imagenes/:idImagen': { tabla: 'item', extra: { idImagen: '1' } },
  'GET /api/logistica/v1/items/:id/minimos': { tabla: 'item' },
  'PUT /api/logistica/v1/items/:id/minimos': { tabla: 'item', cuerpo: { Minimos: [] } },
  'GET /api/finanzas/v1/pagos/:id': { tabla: 'pago_proveedor' },
  'GET /api/finanzas/v1/pagos/:id/recibo': { tabla: 'pago_proveedor' },
  'PUT /api/finanzas/v1/pagos/:id/anulaciones': { tabla: 'pago_proveedor', cuerpo: { Motivo: 'ajeno' } },
  'GET /api/rrhh/v1/horarios/:id': { tabla: 'horario' },
  'PUT /api/rrhh/v1/horarios/:id': { tabla: 'horario', cuerpo: { Nombre: 'Ajeno', Dias: [{ Dia: 1, HoraEntrada: '08:00', HoraSalida: '12:00' }] } },
  'PUT /api/rrhh/v1/huelleros/entidades/:id': { tabla: 'huellero', cuerpo: { NumeroSerie: 'AJENO0001', Nombre: 'Ajeno' } },
  'PUT /api/rrhh/v1/marcacion/trabajador/marcaciones/:id': { tabla: 'marcacion', cuerpo: { Motivo: 'Ajeno' } },
  // Issue 16 (planilla2): PLAME export and requests with their approval flow (also verified in planilla2.test).
  'GET /api/rrhh/v1/nominas/:id/plame/:extension': { tabla: 'nomina', extra: { extension: 'rem' } },
  // Issue 16 (afpnet): the AFPnet upload of a run (also verified in afpnet.test).
  'GET /api/rrhh/v1/nominas/:id/afpnet': { tabla: 'nomina' },
  // rrhhbanco: a worker's bank accounts and the CTS bank files (also verified in cuentas-cts.test).
  'GET /api/rrhh/v1/entidades/:id/cuentas': { tabla: 'entidad' },
  'PUT /api/rrhh/v1/entidades/:id/cuentas': { tabla: 'entidad', cuerpo: { Sueldo: null, Cts: null } },
  'GET /api/rrhh/v1/nominas/:id/depositoscts/bancos': { tabla: 'nomina' },
  'GET /api/rrhh/v1/nominas/:id/depositoscts/bancos/:banco': { tabla: 'nomina', extra: { banco: '002' } },
  'POST /api/rrhh/v1/solicitud/:id/notificacion': { tabla: 'solicitud' },
  'GET /api/rrhh/v1/solicitud/:id': { tabla: 'solicitud' },
  'POST /api/rrhh/v1/flujosolicitud/:id': { tabla: 'solicitud', cuerpo: { Aprobar: true } },
  // Issue 16 (fotocheck): a worker's photo and badge date; another company's worker is a 404 (also in fotocheck.test).
  'GET /api/rrhh/v1/entidades/relacionados/:id/imagenes': { tabla: 'entidad' },
  'POST /api/rrhh/v1/entidades/relacionados/:id/imagenes': { tabla: 'entidad', cuerpo: { ImagenBase64: 'iVBORw0KGgo=' } },
  'DELETE /api/rrhh/v1/entidades/relacionados/:id/imagenes': { tabla: 'entidad' },
  'GET /api/rrhh/v1/fecha_creacion/fotocheck/:id': { tabla: 'entidad' },
  'GET /api/rrhh/v1/grupos/:id': { tabla: 'grupo' },
  'PUT /api/rrhh/v1/grupos/:id': { tabla: 'grupo', cuerpo: { Nombre: 'Ajeno' } },
  'DELETE /api/rrhh/v1/grupos/:id': { tabla: 'grupo' },
  'GET /api/rrhh/v1/grupos/:id/colaboradores': { tabla: 'grupo' },
  // Issue 16 (gruposprecios): a group's price list, clone, reset, copy (also verified in grupos-precios.test).
  'GET /api/rrhh/v1/grupos/:id/listaprecios': { tabla: 'grupo' },
  'PUT /api/rrhh/v1/grupos/:id/listaprecios': { tabla: 'grupo', cuerpo: { Precios: [] } },
  'POST /api/rrhh/v1/grupos/:id/clonar': { tabla: 'grupo', cuerpo: { Nombre: 'Clon ajeno' } },
  'POST /api/rrhh/v1/grupos/:id/reset': { tabla: 'grupo' },
  'POST /api/rrhh/v1/grupos/:id/copiarlistaprecio': { tabla: 'grupo', cuerpo: { IdGrupoOrigen: 1 } },
  // Branch finsemilla (issue 14): the seed's finance paths over existing services (also verified in semilla-finanzas.test).
  'GET /api/finanzas/v1/cuentasfinancieras/:id/nromovimientos/:n': { tabla: 'cuenta_financiera', extra: { n: '5' } },
  'GET /api/finanzas/v1/condicionespagos/:id': { exento: 'catálogo fijo de condiciones de pago (semilla §9), igual para todas las empresas' },
  'GET /api/finanzas/v1/monedas/:estado': { exento: 'el estado no es un id: catálogo fijo de monedas (soles y dólares)' },
  'GET /api/finanzas/v1/documentos/:id': { tabla: 'documento_contable' },
  'GET /api/finanzas/v1/entidades/:id/documentos/comprobantes': { tabla: 'entidad' },
  'POST /api/finanzas/v1/documentos/comprobantes/:id/regularizaciones': { tabla: 'documento_contable' },
  'POST /api/finanzas/v1/empresas/:id/comprobantes/regularizaciones': { param: 'empresaA' },
  // rrhhsemilla: the seed's remaining HR calls and the branch/ubigeo aliases on the HR host (also verified in rrhh/semilla.test).
  'GET /api/rrhh/v1/marcacion/trabajador/imagen/:id': { tabla: 'marcacion' },
  'GET /api/rrhh/v1/nominas/:id/excels': { tabla: 'nomina' },
  'PUT /api/rrhh/v1/entidades/evento/:id': { tabla: 'entidad_evento', cuerpo: { Titulo: 'Ajeno', FechaInicio: '2026-03-02' } },
  'DELETE /api/rrhh/v1/entidades/evento/:id': { tabla: 'entidad_evento' },
  'GET /api/rrhh/v1/entidades/validar/desactivacion/:id': { tabla: 'entidad' },
  'GET /api/rrhh/v1/entidades/relacionados/:id': { tabla: 'entidad' },
  'GET /api/rrhh/v1/configuracion/dominio/:dominio': { exento: 'dominio de valores de RRHH: catálogo común a todas las empresas' },
  'GET /api/rrhh/v1/entidades/:id/sucursales': { param: 'empresaA' },
  'GET /api/rrhh/v1/sucursales/:id': { tabla: 'sucursal' },
  'PUT /api/rrhh/v1/sucursales/:id': { exento: 'modificación: la misma función que PUT /api/entidades/v1/sucursales/:id (la empresa se filtra como en GET)' },
  'GET /api/rrhh/v1/ubigeo/:id': { exento: 'catálogo global de ubigeos' },
};

const MENSAJE_AUTORIZACION = /^No tiene permiso para esta operación/;
const ROLES = { Cajero: 1, Supervisor: 2, Soporte: 4 } as const;
/** Services of the company-created role of this test (plus the ParaTodos ones every user has). */
const SERVICIOS_ROL_PROPIO = ['ITEM_VER', 'SEG_USUARIOS_VER', 'DOC_VER'];

const porCodigo = new Map(catalogoServicios.map((s) => [s.Codigo, s]));
const concedePorDefecto = (idRol: number, codigo: string) => {
  const s = porCodigo.get(codigo)!;
  return !!s.ParaTodos || s.RolesPorDefecto.includes(idRol);
};

let e: Entorno;
let rutas: RutaDeclarada[];
const sesiones: Record<string, TLoginRespuesta> = {};
const ids = { empresaA: 0, usuarioA: 0, rolPropioA: 0, terminalA: 0 };
let propia: TLoginRespuesta;

const tieneParametros = (r: RutaDeclarada) => r.url.includes(':');
const clave = (r: RutaDeclarada) => `${r.metodo} ${r.url}`;
const conIds = (url: string, valor: (p: string) => string) => url.replace(/:([A-Za-z]+)/g, (_, p: string) => valor(p));

beforeAll(async () => {
  e = await crearEntorno();
  rutas = e.app.rutasDeclaradas.filter((r) => r.metodo !== 'HEAD' && !r.url.startsWith('/api/docs'));
  for (const u of ['cajero', 'supervisor', 'soporte', 'demo.supervisor', 'proveedor']) sesiones[u] = await sesionDe(e.app, u);
  const sup = sesiones.supervisor;
  ids.empresaA = sup.IdEntidadEmpresa;
  ids.usuarioA = sesiones.cajero.IdUsuario;
  // A company-created role with a few services, and a user holding it.
  const rol = await e.app.inject(conToken(sup.AccessToken, { method: 'POST', url: '/api/seguridad/v1/roles', payload: { Nombre: 'Auditor interno' } }));
  ids.rolPropioA = rol.json().IdRol;
  // The service codes are support staff's view (issue 11).
  const servicios = (await e.app.inject(conToken(sesiones.soporte.AccessToken, { method: 'GET', url: '/api/seguridad/v1/servicios/paginas?regxpag=200' }))).json().Data as { IdServicio: number; Codigo: string }[];
  for (const codigo of SERVICIOS_ROL_PROPIO) {
    const s = servicios.find((x) => x.Codigo === codigo)!;
    const r = await e.app.inject(conToken(sup.AccessToken, { method: 'POST', url: '/api/seguridad/v1/rolesservicios', payload: { IdRol: ids.rolPropioA, IdServicio: s.IdServicio } }));
    expect(r.statusCode, r.body).toBe(200);
  }
  const inv = (await e.app.inject(conToken(sup.AccessToken, { method: 'POST', url: '/api/seguridad/v1/usuarios/invitaciones', payload: { Correo: 'auditor@correo.pe', Nombres: 'Aurelio', Usuario: 'auditor', Roles: [ids.rolPropioA] } }))).json();
  await e.app.inject({ method: 'POST', url: '/api/seguridad/v1/usuarios/invitaciones/aceptar', payload: { Token: inv.Token, Contrasenha: 'Revisa.Cuentas.2026' } });
  propia = (await e.app.inject({ method: 'POST', url: '/api/seguridad/v3/usuarios/login/1', headers: { authorization: `Basic ${Buffer.from('auditor:Revisa.Cuentas.2026').toString('base64')}` }, remoteAddress: '10.77.0.1' })).json();
  const t = await e.app.inject(conToken(sup.AccessToken, { method: 'POST', url: '/api/seguridad/v1/entidades/terminales', payload: { Nombre: 'Caja matriz' } }));
  ids.terminalA = t.json().IdTerminal;
});
afterAll(async () => e?.cerrar());

/** A request that reaches the authorization check but never the handler: mutations carry a body the parser rejects. */
async function sondear(r: RutaDeclarada, token: string | null): Promise<LightMyRequestResponse> {
  const url = conIds(r.url, (p) => (p === 'TipoArchivo' ? 'xml' : p === 'codigo' ? 'SesionUnica' : p === 'ruc' ? '20100066603' : p === 'estado' ? '1' : '999999'));
  const mutacion = r.metodo !== 'GET';
  return e.app.inject({
    method: r.metodo as 'GET',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(mutacion ? { 'content-type': 'application/json' } : {}) },
    ...(mutacion ? { payload: '{"roto":' } : {}),
  });
}

const resultado = (res: LightMyRequestResponse): 'no-autenticado' | 'prohibido' | 'permitido' => {
  if (res.statusCode === 401) return 'no-autenticado';
  if (res.statusCode === 403 && MENSAJE_AUTORIZACION.test(res.json().Mensaje ?? '')) return 'prohibido';
  return 'permitido';
};

describe('matriz de autorización (tabla de rutas del propio servidor)', () => {
  it('la tabla de rutas tiene las rutas de todos los módulos', () => {
    expect(rutas.length).toBeGreaterThan(40);
    for (const prefijo of ['/api/seguridad/', '/api/entidades/', '/api/logistica/']) expect(rutas.some((r) => r.url.startsWith(prefijo)), prefijo).toBe(true);
  });

  it('cada ruta con parámetros en la ruta tiene su expectativa de tenencia (agréguela a TENENCIA)', () => {
    const faltan = rutas.filter((r) => !r.publica && tieneParametros(r) && !TENENCIA[clave(r)]).map(clave);
    expect(faltan, `Agregue estas rutas a TENENCIA en ${import.meta.filename}`).toEqual([]);
  });

  it('sin token: 401 en toda ruta no pública; las públicas no piden token', async () => {
    const fallas: string[] = [];
    for (const r of rutas) {
      const res = await sondear(r, null);
      if (r.publica ? res.statusCode === 401 : res.statusCode !== 401) fallas.push(`${clave(r)} -> ${res.statusCode}`);
    }
    expect(fallas).toEqual([]);
  });

  it('Cajero, Supervisor, Soporte, un rol propio y el Supervisor de otra empresa: 403 sin el servicio, pasa con él (según el catálogo), nunca un 5xx', async () => {
    const principales = [
      // Company A is a customer: its roles never hold the platform's own services.
      ...Object.entries(ROLES).map(([nombre, idRol]) => ({ nombre, token: sesiones[nombre.toLowerCase()].AccessToken, concede: (c: string) => concedePorDefecto(idRol, c) && !porCodigo.get(c)?.SoloProveedor })),
      // The provider's staff (Supervisor and Soporte of the company flagged by the installation).
      { nombre: 'Proveedor', token: sesiones.proveedor.AccessToken, concede: (c: string) => concedePorDefecto(ROLES.Supervisor, c) || concedePorDefecto(ROLES.Soporte, c) },
      { nombre: 'Rol propio', token: propia.AccessToken, concede: (c: string) => SERVICIOS_ROL_PROPIO.includes(c) || !!porCodigo.get(c)?.ParaTodos },
      // The same shared Supervisor role in a customer company: the platform's own services are refused to it.
      { nombre: 'Supervisor de otra empresa', token: sesiones['demo.supervisor'].AccessToken, concede: (c: string) => concedePorDefecto(ROLES.Supervisor, c) && !porCodigo.get(c)?.SoloProveedor },
    ];
    const fallas: string[] = [];
    let celdas = 0;
    for (const p of principales)
      for (const r of rutas.filter((x) => !x.publica)) {
        const esperado = p.concede(r.servicio!) ? 'permitido' : 'prohibido';
        const res = await sondear(r, p.token);
        celdas++;
        // "Allowed" means the request got past the check to the handler's own answer, never a server error.
        if (res.statusCode >= 500) fallas.push(`${p.nombre} ${clave(r)}: error del servidor ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (resultado(res) !== esperado) fallas.push(`${p.nombre} ${clave(r)} [${r.servicio}]: esperaba ${esperado}, obtuvo ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    console.log(`[matriz] ${celdas} celdas rol x ruta verificadas (${rutas.length} rutas)`);
    expect(fallas).toEqual([]);
  });

  it('las concesiones en la base de datos coinciden con el catálogo para los roles predefinidos', async () => {
    for (const [nombre, idRol] of Object.entries(ROLES)) {
      const s = sesiones[nombre.toLowerCase()];
      const concedidos = await serviciosConcedidos(e.dbh.db, s.IdEntidadEmpresa, s.IdUsuario);
      const esperados = catalogoServicios.filter((c) => concedePorDefecto(idRol, c.Codigo) && !c.SoloProveedor).map((c) => c.Codigo).sort();
      expect([...concedidos].sort(), nombre).toEqual(esperados);
    }
    const p = sesiones.proveedor;
    const delProveedor = await serviciosConcedidos(e.dbh.db, p.IdEntidadEmpresa, p.IdUsuario);
    const esperados = catalogoServicios.filter((c) => concedePorDefecto(ROLES.Supervisor, c.Codigo) || concedePorDefecto(ROLES.Soporte, c.Codigo)).map((c) => c.Codigo).sort();
    expect([...delProveedor].sort(), 'proveedor').toEqual(esperados);
  });

  it('un usuario de otra empresa recibe 404 al apuntar a datos de la empresa A', async () => {
    const otra = sesiones['demo.supervisor'];
    const fallas: string[] = [];
    const exentos: string[] = [];
    for (const r of rutas.filter((x) => !x.publica && tieneParametros(x))) {
      const caso = TENENCIA[clave(r)];
      if (!caso) continue;
      if ('exento' in caso) {
        exentos.push(`${clave(r)}: ${caso.exento}`);
        continue;
      }
      let id: number | null;
      if ('param' in caso) id = ids[caso.param];
      else {
        const filas = (await e.dbh.db.execute(sql.raw(`select id from "${caso.tabla}" where id_empresa = ${ids.empresaA} order by id limit 1`))) as unknown as { rows: { id: number }[] };
        id = filas.rows[0]?.id ?? null;
      }
      if (!id) {
        console.log(`[matriz] ${clave(r)}: la empresa A no tiene filas en ${'tabla' in caso ? caso.tabla : '?'} en los datos demo; no se verifica la tenencia`);
        continue;
      }
      const primero = r.url.match(/:([A-Za-z]+)/)![1];
      const url = conIds(r.url, (p) => (p === primero ? String(id) : (caso.extra?.[p] ?? '1')));
      const res = await e.app.inject(conToken(otra.AccessToken, { method: r.metodo as 'GET', url, ...(caso.cuerpo ? { payload: caso.cuerpo as object } : {}) }));
      const vacio = res.statusCode === 200 && (res.json() as { Count?: number }).Count === 0;
      if (vacio && caso.aceptaVacio) console.log(`[matriz] ${clave(r)}: 200 vacío aceptado (${caso.aceptaVacio})`);
      else if (res.statusCode !== 404) fallas.push(`${clave(r)} (${url}) -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    console.log(`[matriz] tenencia: exentos con motivo:\n  ${exentos.join('\n  ')}`);
    expect(fallas).toEqual([]);
  });
});
