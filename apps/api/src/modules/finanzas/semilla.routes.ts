import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CodigoMoneda,
  ErrorCodes,
  NombreCondicionPago,
  NombreMonedaReporte,
  NombreTipoDocumento,
  NombresTramo,
  SimboloMoneda,
  TipoDocumentoContable,
  ZCatalogo,
  ZCentroCosto,
  ZCentroCostoEditar,
  ZCobro,
  ZCobroCrear,
  ZComprobantesLista,
  ZComprobantesQuery,
  ZCondicionPago,
  ZCuentasFinancieras,
  ZCuentasFinancierasQuery,
  ZCuentasPorCobrar,
  ZCuentasPorCobrarQuery,
  ZDocumentoPorCobrar,
  ZElementoGasto,
  ZElementoGastoEditar,
  ZEmpresaIdParams,
  ZError,
  ZEstadoCuenta,
  ZEstadoCuentaQuery,
  ZIdParams,
  ZMonedasCatalogo,
  ZMonedasEstadoParams,
  ZMovimientosFinancieros,
  ZPago,
  ZPagoCrear,
  ZResumenDeuda,
  ZTiposComprobantesDeuda,
  ZTiposPagoCatalogo,
  TiposPago,
  ZUltimosMovimientosParams,
  type TMonedasCatalogo,
} from '@yupana/contracts';
import { z } from 'zod';
import type { Contexto } from '../../lib/contexto';
import { AppError, noEncontrado } from '../../lib/app-error';
import { requerirAuth, type TAuth } from '../../lib/auth';
import * as maestros from './maestros.service';
import * as cxc from './cuentas-por-cobrar.service';
import * as cobros from './cobros.service';
import * as mov from './movimientos.service';
import * as pagos from './pagos.service';
import { fechaPe, formatoColumnas, numero } from './reportes.service';
// eslint-disable-next-line yupana/no-cross-import -- the seed's finance host lists the documents (same listing as /documentos/comprobantes)
import { listarDocumentos } from '../contabilidad/documentos/listado.repo';
// eslint-disable-next-line yupana/no-cross-import -- the seed's finance host re-sends stuck documents (same service as /api/contabilidad/v1/regularizaciones)
import { regularizar } from '../contabilidad/envio/anulacion.service';
// eslint-disable-next-line yupana/no-cross-import -- GET /areas of the finance host is the company's areas catalogue (rrhh)
import { listarCatalogo } from '../rrhh/trabajadores.service';
import { area } from '../rrhh/rrhh.schema';
// eslint-disable-next-line yupana/no-cross-import -- the seed's "mis deudas" of the finance host are the debts to the provider (pagos)
import { misDeudas } from '../pagos/pagos.service';

/** Rows of the debts Excel: one read of the open dues (the receivables query), the oldest due first. */
const MAX_FILAS_EXCEL = 5000;

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };

/** The document types whose credit sales leave dues (cuentas-por-cobrar.service TIPOS_CON_CUOTAS). */
const TIPOS_DEUDA = [TipoDocumentoContable.FACTURA, TipoDocumentoContable.BOLETA, TipoDocumentoContable.NOTA_VENTA];

const MONEDAS: TMonedasCatalogo['Data'] = [1, 2].map((id) => ({ Id: id, Codigo: CodigoMoneda[id]!, Simbolo: SimboloMoneda[id]!, Nombre: NombreMonedaReporte[id]!, LogEstado: 1 }));

/** A collection goes to the account's kind: a bank account is bancarizado (2), a caja or caja chica cash (1). */
async function tipoPorCuenta(ctx: Contexto, auth: TAuth, idCuenta: number): Promise<1 | 2> {
  const cuenta = await maestros.obtenerCuenta(ctx, auth, idCuenta).catch((err: unknown) => {
    // Another company's (or no) account: the same field error the collection itself gives.
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  });
  return cuenta?.IdTipoCuenta === 3 ? 2 : 1;
}

/**
 * Seed paths of §7 "Finance" that had no route (issue 14, branch finsemilla): each calls the existing service that
 * does its job with the SAME permission as its neighbouring route. decisions.md "Finance seed paths over existing
 * services" lists the plain readings taken and the seed calls still missing.
 */
export async function rutasSemillaFinanzas(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['finanzas: rutas de la semilla'];

  // ---- Master data ----
  r.put('/v1/centroscostos', {
    config: { servicio: 'FIN_MAESTROS_GUARDAR' },
    schema: { tags, security, summary: 'Editar un centro de costo (Id en el cuerpo, como la semilla)', body: ZCentroCostoEditar, response: { 200: ZCentroCosto, ...errores } },
    handler: async (req) => maestros.editarCentro(ctx, requerirAuth(req), req.body.Id, req.body),
  });
  r.put('/v1/elementosgastos', {
    config: { servicio: 'FIN_MOV_ELEMENTOS_GUARDAR' },
    schema: { tags, security, summary: 'Editar un elemento de gasto (Id en el cuerpo, como la semilla)', body: ZElementoGastoEditar, response: { 200: ZElementoGasto, ...errores } },
    handler: async (req) => mov.guardarElemento(ctx, requerirAuth(req), req.body.Id, req.body),
  });
  r.get('/v1/cuentasbancarias', {
    config: { servicio: 'FIN_MAESTROS_VER' },
    schema: { tags, security, summary: 'Cuentas bancarias de la empresa (las cuentas financieras de tipo banco)', querystring: ZCuentasFinancierasQuery, response: { 200: ZCuentasFinancieras, ...errores } },
    handler: async (req) => {
      const todas = await maestros.listarCuentas(ctx, requerirAuth(req), req.query.estado);
      const Data = todas.Data.filter((c) => c.IdTipoCuenta === 3);
      return { Data, Count: Data.length };
    },
  });
  r.get('/v1/cuentasfinancieras/:id/nromovimientos/:n', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Los últimos n movimientos (1 a 100) de una cuenta financiera', params: ZUltimosMovimientosParams, response: { 200: ZMovimientosFinancieros, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      await mov.saldosCuentas(ctx, auth, req.params.id); // 404 for another company's account
      return mov.buscarMovimientos(ctx, auth, { idcuenta: req.params.id, tipo: 0, anulados: '0', pagina: 1, regxpag: req.params.n });
    },
  });
  r.get('/v1/condicionespagos/:id', {
    config: { servicio: 'FIN_MAESTROS_VER' },
    schema: { tags, security, summary: 'Una condición de pago (1 Contado, 2-4 crédito)', params: ZIdParams, response: { 200: ZCondicionPago, ...errores } },
    handler: async (req) => {
      const nombre = NombreCondicionPago[req.params.id];
      if (!nombre) throw noEncontrado('No existe esa condición de pago');
      return { Id: req.params.id, Nombre: nombre, Credito: req.params.id !== 1 };
    },
  });
  const monedas = (estado: number) => {
    const Data = MONEDAS.filter((m) => estado < 0 || m.LogEstado === estado);
    return { Data, Count: Data.length };
  };
  r.get('/v1/monedas/:estado', {
    config: { servicio: 'FIN_MAESTROS_VER' },
    schema: { tags, security, summary: 'Monedas por estado (-1 todas, 1 activas, 0 inactivas): soles y dólares', params: ZMonedasEstadoParams, response: { 200: ZMonedasCatalogo, ...errores } },
    handler: async (req) => monedas(req.params.estado),
  });
  r.get('/v1/empresas/monedas', {
    config: { servicio: 'FIN_MAESTROS_VER' },
    schema: { tags, security, summary: 'Monedas con las que opera la empresa (soles y dólares)', response: { 200: ZMonedasCatalogo, ...errores } },
    handler: async () => monedas(1),
  });
  const tiposPago = () => {
    const Data = Object.entries(TiposPago).map(([id, Nombre]) => ({ Id: Number(id), Nombre, LogEstado: 1 }));
    return { Data, Count: Data.length };
  };
  for (const ruta of ['/v1/tipospagos', '/v1/empresas/tipospagos'])
    r.get(ruta, {
      config: { servicio: 'FIN_MAESTROS_VER' },
      schema: { tags, security, summary: 'Tipos de pago (1 Efectivo, 2 Vouchers, 3 Nota Crédito, 4 Otros)', response: { 200: ZTiposPagoCatalogo, ...errores } },
      handler: async () => tiposPago(),
    });
  r.get('/v1/areas', {
    config: { servicio: 'RRHH_TRABAJADOR_VER' },
    schema: { tags, security, summary: 'Áreas de la empresa (el catálogo de personal)', response: { 200: ZCatalogo, ...errores } },
    handler: async (req) => listarCatalogo(ctx, requerirAuth(req), area),
  });

  // ---- Documents ----
  r.get('/v1/documentos/:id', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags, security, summary: 'Un documento por cobrar con sus cuotas, cobrado y saldo (id del documento)', params: ZIdParams, response: { 200: ZDocumentoPorCobrar, ...errores } },
    handler: async (req) => cxc.obtenerCuentaPorCobrar(ctx, requerirAuth(req), req.params.id),
  });
  r.get('/v1/tiposcomprobantes/deudas', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags, security, summary: 'Tipos de comprobante que generan deuda (cuotas por cobrar) al venderse al crédito', response: { 200: ZTiposComprobantesDeuda, ...errores } },
    handler: async () => ({ Data: TIPOS_DEUDA.map((id) => ({ Id: id, Nombre: NombreTipoDocumento[id] })), Count: TIPOS_DEUDA.length }),
  });
  r.get('/v1/entidades/:id/documentos/comprobantes', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: {
      tags,
      security,
      summary: 'Documentos con saldo de un cliente (id de la entidad): cuotas, antigüedad y resumen',
      params: ZIdParams,
      querystring: ZCuentasPorCobrarQuery.omit({ cliente: true }),
      response: { 200: ZCuentasPorCobrar, ...errores },
    },
    handler: async (req) => {
      const auth = requerirAuth(req);
      const res = (await ctx.dbh.db.execute(sql`select documento, razon_social from entidad where id = ${req.params.id} and id_empresa = ${auth.idEmpresa}`)) as unknown as {
        rows: { documento: string; razon_social: string }[];
      };
      const ent = res.rows[0];
      if (!ent) throw noEncontrado('No se encontró el cliente');
      // Receivables match a customer by RUC/DNI exactly; an entity without such a number by its name.
      const cliente = /^\d{8,15}$/.test(ent.documento) ? ent.documento : ent.razon_social.slice(0, 100);
      return cxc.listarCuentasPorCobrar(ctx, auth, { ...req.query, cliente });
    },
  });
  r.post('/v1/documentos/comprobantes/:id/regularizaciones', {
    config: { servicio: 'DOC_REGULARIZAR' },
    schema: { tags, security, summary: 'Volver a enviar un comprobante detenido (con el mismo número)', params: ZIdParams, response: { 200: z.object({ Regularizados: z.number().int() }), ...errores } },
    handler: async (req) => {
      const a = requerirAuth(req);
      return regularizar(ctx.dbh.db, a.idEmpresa, a.idUsuario, [req.params.id]);
    },
  });
  r.post('/v1/empresas/:id/comprobantes/regularizaciones', {
    config: { servicio: 'DOC_REGULARIZAR' },
    schema: { tags, security, summary: 'Volver a enviar todos los comprobantes detenidos de la empresa', params: ZEmpresaIdParams, response: { 200: z.object({ Regularizados: z.number().int() }), ...errores } },
    handler: async (req) => {
      const a = requerirAuth(req);
      if (req.params.id !== a.idEmpresa) throw noEncontrado('No se encontró la empresa');
      return regularizar(ctx.dbh.db, a.idEmpresa, a.idUsuario);
    },
  });

  // ---- Collections and payments: the same transaction as /cobros/efectivos|bancarizados and /pagos/multiples ----
  const cobroMultiple = (ruta: string, summary: string) =>
    r.post(ruta, {
      config: { servicio: 'FIN_COBRO_REGISTRAR' },
      schema: { tags, security, summary, body: ZCobroCrear, response: { 201: ZCobro, ...errores } },
      handler: async (req, reply) => {
        const auth = requerirAuth(req);
        const tipo = await tipoPorCuenta(ctx, auth, req.body.IdCuentaFinanciera);
        return reply.code(201).send(await cobros.registrarCobro(ctx, auth, tipo, req.body));
      },
    });
  const textoCobro = 'Cobro de varias cuotas y documentos de un cliente con su recibo RC-n (efectivo a caja o bancarizado a banco, según la cuenta)';
  cobroMultiple('/v1/cobros/multiples/comprobantes', textoCobro);
  cobroMultiple('/v2/cobros/multiples/comprobantes', textoCobro);
  cobroMultiple('/v1/cobros/multiples/recibos', textoCobro);
  cobroMultiple('/v1/recibos/cobros', textoCobro);
  cobroMultiple('/v1/clientes/recibos/cobros', textoCobro);
  r.post('/v2/pagos/multiples/comprobantes', {
    config: { servicio: 'FIN_PAGO_REGISTRAR' },
    schema: { tags, security, summary: 'Pago de varias compras y cuotas de un proveedor (igual que v1)', body: ZPagoCrear, response: { 201: ZPago, ...errores } },
    handler: async (req, reply) => {
      const auth = requerirAuth(req);
      const tipo = req.body.NumeroOperacion || req.body.MedioPago ? 2 : 1;
      return reply.code(201).send(await pagos.registrarPago(ctx, auth, tipo, req.body));
    },
  });

  // ---- Reports ----
  r.get('/v1/reportes/comprobantes', {
    config: { servicio: 'COMPROBANTES_LISTAR' },
    schema: { tags, security, summary: 'Reporte de comprobantes emitidos (la lista filtrada de /documentos/comprobantes)', querystring: ZComprobantesQuery, response: { 200: ZComprobantesLista, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      const q = req.query;
      if (q.idsucursal && !auth.sucursales.includes(q.idsucursal)) throw new AppError(ErrorCodes.SUCURSAL_NO_ASIGNADA, undefined, 403);
      return listarDocumentos(
        ctx.dbh.db,
        auth.idEmpresa,
        { fechaInicio: q.fechainicio, fechaFin: q.fechafin, idTipoDocumento: q.idtipodocumento, serie: q.serie || undefined, correlativo: q.correlativo, cliente: q.cliente || undefined, idEstadoSunat: q.idestadosunat, idSucursal: q.idsucursal },
        q.pagina,
        q.regxpag,
      );
    },
  });
  r.get('/v1/reportes/estadoscuentas/relacionados', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: { tags, security, summary: 'Estado de cuenta de un cliente (relacionado) en una moneda, con saldo acumulado', querystring: ZEstadoCuentaQuery, response: { 200: ZEstadoCuenta, ...errores } },
    handler: async (req) => cxc.estadoDeCuenta(ctx, requerirAuth(req), req.query.cliente, req.query.idmoneda),
  });
  r.get('/v1/comprobantes/deudas/excels', {
    config: { servicio: 'FIN_CXC_VER' },
    schema: {
      tags,
      security,
      summary: `Excel de los comprobantes con deuda (cuentas por cobrar con el filtro de /cuentasporcobrar, hasta ${MAX_FILAS_EXCEL} documentos)`,
      querystring: ZCuentasPorCobrarQuery.omit({ pagina: true, regxpag: true }),
      response: errores,
    },
    handler: async (req, reply) => {
      const auth = requerirAuth(req);
      const l = await cxc.listarCuentasPorCobrar(ctx, auth, { ...req.query, pagina: 1, regxpag: MAX_FILAS_EXCEL });
      const libro = new ExcelJS.Workbook();
      const hoja = libro.addWorksheet('Comprobantes con deuda');
      hoja.addRow([`Comprobantes con deuda - ${auth.empresa.razonSocial} al ${fechaPe(l.FechaCorte)}`]).font = { bold: true };
      hoja.addRow([]);
      hoja.addRow(['Comprobante', 'Tipo', 'Emisión', 'RUC/DNI', 'Cliente', 'Moneda', 'Próximo vencimiento', 'Días vencido', 'Tramo', 'Total', 'Cobrado', 'Saldo']).font = { bold: true };
      for (const d of l.Data)
        hoja.addRow([
          d.SerieNumero,
          NombreTipoDocumento[d.IdTipoDocumento as keyof typeof NombreTipoDocumento] ?? String(d.IdTipoDocumento),
          fechaPe(d.FechaEmision),
          d.NumeroDocumentoCliente,
          d.RazonSocialCliente,
          SimboloMoneda[d.IdMoneda] ?? '',
          fechaPe(d.ProximoVencimiento),
          d.DiasVencido,
          NombresTramo[d.Tramo],
          numero(d.Total),
          numero(d.Cobrado),
          numero(d.Saldo),
        ]);
      if (l.Count > l.Data.length) hoja.addRow([`Se muestran los ${l.Data.length} documentos con el vencimiento más antiguo de ${l.Count}: filtre por cliente o moneda para ver el resto.`]);
      formatoColumnas(hoja, [16, 26, 12, 14, 40, 8, 14, 12, 12], 9);
      const contenido = Buffer.from(await libro.xlsx.writeBuffer());
      // The route's schema only describes errors: the untyped reply takes the file.
      return (reply as FastifyReply)
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="comprobantes-deudas-${l.FechaCorte}.xlsx"`)
        .send(contenido);
    },
  });
  for (const ruta of ['/v1/reportes/misdeudas', '/v1/mis-deudas/documentos/comprobantes'])
    r.get(ruta, {
      config: { servicio: 'PAGOS_VER' },
      schema: { tags, security, summary: 'Deudas de la empresa con el proveedor del sistema (resumen por moneda y documentos)', response: { 200: ZResumenDeuda, ...errores } },
      handler: async (req) => misDeudas(ctx.dbh.db, requerirAuth(req)),
    });
}
