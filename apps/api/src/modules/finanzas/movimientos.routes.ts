import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZConciliar,
  ZElementoGasto,
  ZElementoGastoGuardar,
  ZElementosGasto,
  ZError,
  ZExtracto,
  ZExtractoImportar,
  ZExtractos,
  ZExtractosQuery,
  ZIdParams,
  ZLineaParams,
  ZMovimientoAnular,
  ZMovimientoFinanciero,
  ZMovimientosFinancieros,
  ZMovimientosFinancierosQuery,
  ZNotaMovimiento,
  ZSaldoCuenta,
  ZSaldosCuentas,
  ZTransferencia,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as mov from './movimientos.service';
import * as conc from './conciliacion.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError, 409: ZError };

/** Movements on financial accounts and bank reconciliation (issue 14, branch movfin), with the seed's paths (§7 Accounts). */
export async function rutasMovimientosFinancieros(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['finanzas: movimientos de cuentas'];
  const tConc = ['finanzas: conciliación bancaria'];

  // ---- Expense elements ----
  r.get('/v1/elementosgastos', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Elementos de gasto de la empresa', response: { 200: ZElementosGasto, ...errores } },
    handler: async (req) => mov.listarElementos(ctx, requerirAuth(req)),
  });
  r.post('/v1/elementosgastos', {
    config: { servicio: 'FIN_MOV_ELEMENTOS_GUARDAR' },
    schema: { tags, security, summary: 'Registrar un elemento de gasto', body: ZElementoGastoGuardar, response: { 201: ZElementoGasto, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await mov.guardarElemento(ctx, requerirAuth(req), null, req.body)),
  });
  r.put('/v1/elementosgastos/:id', {
    config: { servicio: 'FIN_MOV_ELEMENTOS_GUARDAR' },
    schema: { tags, security, summary: 'Editar un elemento de gasto', params: ZIdParams, body: ZElementoGastoGuardar, response: { 200: ZElementoGasto, ...errores } },
    handler: async (req) => mov.guardarElemento(ctx, requerirAuth(req), req.params.id, req.body),
  });

  // ---- Balances and movements ----
  r.get('/v1/cuentasfinancieras/saldos', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Saldo de cada cuenta financiera: cobros + ingresos - pagos - egresos - ITF', response: { 200: ZSaldosCuentas, ...errores } },
    handler: async (req) => mov.saldosCuentas(ctx, requerirAuth(req)),
  });
  r.get('/v1/cuentasfinancieras/:id/saldo', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Saldo de una cuenta financiera', params: ZIdParams, response: { 200: ZSaldoCuenta, ...errores } },
    handler: async (req) => (await mov.saldosCuentas(ctx, requerirAuth(req), req.params.id)).Data[0],
  });
  r.get('/v1/cuentasfinancieras/:id/movimientos', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Movimientos de una cuenta financiera', params: ZIdParams, querystring: ZMovimientosFinancierosQuery.omit({ idcuenta: true }), response: { 200: ZMovimientosFinancieros, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      await mov.saldosCuentas(ctx, auth, req.params.id); // 404 for another company's account
      return mov.buscarMovimientos(ctx, auth, { ...req.query, idcuenta: req.params.id });
    },
  });
  r.get('/v1/movimientos/busquedas', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Buscar movimientos por cuenta, fechas y tipo de operación', querystring: ZMovimientosFinancierosQuery, response: { 200: ZMovimientosFinancieros, ...errores } },
    handler: async (req) => mov.buscarMovimientos(ctx, requerirAuth(req), req.query),
  });
  r.get('/v1/movimientos/:id', {
    config: { servicio: 'FIN_MOV_VER' },
    schema: { tags, security, summary: 'Un movimiento', params: ZIdParams, response: { 200: ZMovimientoFinanciero, ...errores } },
    handler: async (req) => mov.obtenerMovimiento(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/notas/ingresos', {
    config: { servicio: 'FIN_MOV_REGISTRAR' },
    schema: { tags, security, summary: 'Nota de ingreso a una cuenta (tipo 3), con centro de costo y elemento de gasto', body: ZNotaMovimiento, response: { 201: ZMovimientoFinanciero, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await mov.registrarNota(ctx, requerirAuth(req), 3, req.body)),
  });
  r.post('/v1/notas/salidas', {
    config: { servicio: 'FIN_MOV_REGISTRAR' },
    schema: { tags, security, summary: 'Nota de salida de una cuenta (tipo 4), con centro de costo y elemento de gasto', body: ZNotaMovimiento, response: { 201: ZMovimientoFinanciero, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await mov.registrarNota(ctx, requerirAuth(req), 4, req.body)),
  });
  r.post('/v1/movimientos/depositos', {
    config: { servicio: 'FIN_MOV_REGISTRAR' },
    schema: { tags, security, summary: 'Depósito de una caja a una cuenta bancaria (tipo 5)', body: ZTransferencia, response: { 201: ZMovimientoFinanciero, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await mov.transferir(ctx, requerirAuth(req), 5, req.body)),
  });
  r.post('/v1/movimientos/cajas', {
    config: { servicio: 'FIN_MOV_REGISTRAR' },
    schema: { tags, security, summary: 'Transferencia entre cajas (tipo 6)', body: ZTransferencia, response: { 201: ZMovimientoFinanciero, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await mov.transferir(ctx, requerirAuth(req), 6, req.body)),
  });
  r.post('/v1/movimientos/cuentasbancarias', {
    config: { servicio: 'FIN_MOV_REGISTRAR' },
    schema: { tags, security, summary: 'Transferencia entre cuentas (tipo 7), convertida al tipo de cambio del día si las monedas difieren', body: ZTransferencia, response: { 201: ZMovimientoFinanciero, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await mov.transferir(ctx, requerirAuth(req), 7, req.body)),
  });
  r.delete('/v1/movimientos/:id', {
    config: { servicio: 'FIN_MOV_ELIMINAR' },
    schema: { tags, security, summary: 'Eliminar (anular) un movimiento no conciliado; revierte su asiento', params: ZIdParams, querystring: ZMovimientoAnular, response: { 200: ZMovimientoFinanciero, ...errores } },
    handler: async (req) => mov.anularMovimiento(ctx, requerirAuth(req), req.params.id, req.query.Motivo),
  });

  // ---- Bank reconciliation ----
  r.get('/v1/conciliaciones/extractos', {
    config: { servicio: 'FIN_CONCILIACION_VER' },
    schema: { tags: tConc, security, summary: 'Extractos bancarios importados', querystring: ZExtractosQuery, response: { 200: ZExtractos, ...errores } },
    handler: async (req) => conc.listarExtractos(ctx, requerirAuth(req), req.query.idcuenta),
  });
  r.post('/v1/conciliaciones/extractos', {
    config: { servicio: 'FIN_CONCILIACION_GESTIONAR' },
    schema: { tags: tConc, security, summary: 'Importar un extracto bancario (CSV o Excel; perfiles BCP, BBVA, Interbank, Scotiabank o configurable)', body: ZExtractoImportar, response: { 201: ZExtracto, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await conc.importarExtracto(ctx, requerirAuth(req), req.body)),
  });
  r.get('/v1/conciliaciones/extractos/:id', {
    config: { servicio: 'FIN_CONCILIACION_VER' },
    schema: { tags: tConc, security, summary: 'Un extracto: líneas, conciliaciones, propuestas y operaciones sin conciliar', params: ZIdParams, response: { 200: ZExtracto, ...errores } },
    handler: async (req) => conc.obtenerExtracto(ctx, requerirAuth(req), req.params.id),
  });
  r.post('/v1/conciliaciones/extractos/:id/conciliaciones', {
    config: { servicio: 'FIN_CONCILIACION_GESTIONAR' },
    schema: { tags: tConc, security, summary: 'Conciliar líneas del extracto con operaciones de la cuenta', params: ZIdParams, body: ZConciliar, response: { 200: ZExtracto, ...errores } },
    handler: async (req) => conc.conciliar(ctx, requerirAuth(req), req.params.id, req.body),
  });
  r.delete('/v1/conciliaciones/extractos/:id/lineas/:idLinea', {
    config: { servicio: 'FIN_CONCILIACION_GESTIONAR' },
    schema: { tags: tConc, security, summary: 'Deshacer la conciliación de una línea', params: ZLineaParams, response: { 200: ZExtracto, ...errores } },
    handler: async (req) => conc.deshacerConciliacion(ctx, requerirAuth(req), req.params.id, req.params.idLinea),
  });
}
