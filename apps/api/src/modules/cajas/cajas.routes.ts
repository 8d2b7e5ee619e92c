import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAperturaCaja,
  ZCaja,
  ZCajaGuardar,
  ZCajasLista,
  ZCajasQuery,
  ZCierreCaja,
  ZCuadreCaja,
  ZError,
  ZId,
  ZMiCaja,
  ZMovimientoCaja,
  ZMovimientoCajaCrear,
  ZSesionCaja,
  ZSesionesLista,
  ZSesionesQuery,
  ZVentaCaja,
  ZVentaCajaCrear,
  ZDispositivoCaja,
  ZDispositivoRegistrar,
  ZVentaDispositivo,
  ZDescarteDispositivo,
  ZNumeroDescartado,
  ZBalanceCaja,
  ZMovimientosCaja,
  ZMovimientosCajaQuery,
  ZReanudacionCaja,
  ZResumenCaja,
  ZSesionDeCajaQuery,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
// eslint-disable-next-line yupana/no-cross-import -- what the caller's roles grant decides whether it sees every session or its own
import { concesionesDe } from '../seguridad/autorizacion';
import * as svc from './cajas.service';
import { pdfReporteZ } from './reporte-z';
import { vender } from './venta.service';
import * as consultas from './consultas.service';
import { descartarNumeroDispositivo, registrarDispositivo, venderDesdeDispositivo } from './dispositivo.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const conConflicto = { ...errores, 409: ZError };
const ZParamId = z.object({ id: ZId });
const ZIdempotencia = z.object({
  'idempotency-key': z
    .string()
    .min(8, 'Idempotency-Key de 8 a 100 caracteres')
    .max(100, 'Idempotency-Key de 8 a 100 caracteres')
    .regex(/^[\x21-\x7E]+$/, 'Idempotency-Key: solo letras, números y signos ASCII, sin espacios')
    .optional(),
});

/** Cash boxes and cash sessions (issue 12), under /api/finanzas with the seed's cash paths (§7 Finance "Cash"). */
export async function rutasCajas(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.dbh.db;
  const security = [{ bearer: [] }];
  const tags = ['finanzas: cajas'];
  const gestiona = async (req: FastifyRequest) => (await concesionesDe(ctx).servicios(db, requerirAuth(req))).has('CAJA_GESTIONAR');

  r.get('/v1/cajas', {
    config: { servicio: 'CAJA_VER' },
    schema: { tags, security, summary: 'Cajas y puntos de venta de la empresa', querystring: ZCajasQuery, response: { 200: ZCajasLista, ...errores } },
    handler: async (req) => svc.listarCajas(db, requerirAuth(req), req.query.idsucursal, req.query.estado),
  });
  r.get('/v1/cajas/:id', {
    config: { servicio: 'CAJA_VER' },
    schema: { tags, security, summary: 'Una caja', params: ZParamId, response: { 200: ZCaja, ...errores } },
    handler: async (req) => svc.obtenerCaja(db, requerirAuth(req), req.params.id),
  });
  r.post('/v1/cajas', {
    config: { servicio: 'CAJA_GESTIONAR' },
    schema: { tags, security, summary: 'Crear una caja o punto de venta en una sucursal', body: ZCajaGuardar, response: { 201: ZCaja, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await svc.guardarCaja(db, requerirAuth(req), req.body)),
  });
  r.put('/v1/cajas/:id', {
    config: { servicio: 'CAJA_GESTIONAR' },
    schema: { tags, security, summary: 'Editar una caja', params: ZParamId, body: ZCajaGuardar, response: { 200: ZCaja, ...errores } },
    handler: async (req) => svc.guardarCaja(db, requerirAuth(req), req.body, req.params.id),
  });

  r.get('/v1/usuarios/cajas', {
    config: { servicio: 'CAJA_OPERAR' },
    schema: { tags, security, summary: 'La sesión de caja abierta del usuario y las cajas de sus sucursales', response: { 200: ZMiCaja, ...errores } },
    handler: async (req) => svc.miCaja(db, requerirAuth(req)),
  });
  r.post('/v1/cajas/:id/aperturas', {
    config: { servicio: 'CAJA_OPERAR' },
    schema: {
      tags,
      security,
      summary: 'Aperturar la caja con un fondo inicial (una sesión abierta por caja y por usuario: 5003201)',
      params: ZParamId,
      body: ZAperturaCaja,
      response: { 201: ZSesionCaja, ...conConflicto },
    },
    handler: async (req, reply) => reply.code(201).send(await svc.abrirSesion(db, requerirAuth(req), req.params.id, req.body.MontoApertura)),
  });
  r.post('/v1/cajas/cierres', {
    config: { servicio: 'CAJA_OPERAR' },
    schema: {
      tags,
      security,
      summary: 'Cerrar la sesión con el arqueo ciego (montos declarados por medio de pago); dos veces: 5003202 "Caja ya cerrada"',
      body: ZCierreCaja,
      response: { 200: ZCuadreCaja, ...conConflicto },
    },
    handler: async (req) => svc.cerrarSesion(db, requerirAuth(req), req.body, await gestiona(req)),
  });
  r.post('/v1/cajas/movimientos', {
    config: { servicio: 'CAJA_OPERAR' },
    schema: { tags, security, summary: 'Ingreso o egreso de efectivo en la sesión abierta del usuario, con su motivo', body: ZMovimientoCajaCrear, response: { 201: ZMovimientoCaja, ...conConflicto } },
    handler: async (req, reply) => reply.code(201).send(await svc.registrarMovimiento(db, requerirAuth(req), req.body)),
  });

  r.get('/v1/cajas/sesiones', {
    config: { servicio: 'CAJA_VER' },
    schema: { tags, security, summary: 'Historial de sesiones de caja (el cajero ve las suyas)', querystring: ZSesionesQuery, response: { 200: ZSesionesLista, ...errores } },
    handler: async (req) => svc.listarSesiones(db, requerirAuth(req), req.query, await gestiona(req)),
  });
  r.get('/v1/cajas/sesiones/excel', {
    config: { servicio: 'CAJA_VER' },
    schema: { tags, security, summary: 'Excel (.xlsx) del historial de sesiones filtrado', querystring: ZSesionesQuery },
    handler: async (req, reply) => {
      const { Data } = await svc.listarSesiones(db, requerirAuth(req), req.query, await gestiona(req), true);
      const libro = new ExcelJS.Workbook();
      const hoja = libro.addWorksheet('Sesiones de caja');
      hoja.columns = [
        { header: 'Sesión', key: 'id', width: 9 },
        { header: 'Sucursal', key: 'sucursal', width: 24 },
        { header: 'Caja', key: 'caja', width: 20 },
        { header: 'Usuario', key: 'usuario', width: 18 },
        { header: 'Estado', key: 'estado', width: 12 },
        { header: 'Apertura', key: 'apertura', width: 20 },
        { header: 'Cierre', key: 'cierre', width: 20 },
        { header: 'Fondo inicial', key: 'fondo', width: 14, style: { numFmt: '#,##0.00' } },
        { header: 'Ventas', key: 'ventas', width: 9 },
        { header: 'Total vendido', key: 'vendido', width: 14, style: { numFmt: '#,##0.00' } },
        { header: 'Esperado', key: 'esperado', width: 14, style: { numFmt: '#,##0.00' } },
        { header: 'Declarado', key: 'declarado', width: 14, style: { numFmt: '#,##0.00' } },
        { header: 'Diferencia', key: 'diferencia', width: 14, style: { numFmt: '#,##0.00' } },
      ];
      hoja.getRow(1).font = { bold: true };
      const hora = (v: string | null) => (v ? new Date(v).toLocaleString('es-PE', { timeZone: 'America/Lima' }) : '');
      // Amounts go as numbers for Excel's sums; they were computed in decimal and carry two decimals.
      const num = (v: string | null) => (v === null ? null : Number(v));
      for (const s of Data)
        hoja.addRow({
          id: s.Id,
          sucursal: s.Sucursal,
          caja: s.Caja,
          usuario: s.Usuario,
          estado: s.EstadoNombre,
          apertura: hora(s.FechaApertura),
          cierre: hora(s.FechaCierre),
          fondo: num(s.MontoApertura),
          ventas: s.Ventas,
          vendido: num(s.TotalVentas),
          esperado: num(s.TotalEsperado),
          declarado: num(s.TotalDeclarado),
          diferencia: num(s.Diferencia),
        });
      const salida = new PassThrough();
      void libro.xlsx.write(salida).then(() => salida.end(), (e) => salida.destroy(e as Error));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="sesiones-caja.xlsx"')
        .send(salida);
    },
  });
  r.get('/v1/cuadrescajas/:id', {
    config: { servicio: 'CAJA_VER' },
    schema: { tags, security, summary: 'Cuadre de una sesión: por medio de pago (lo esperado no se muestra al cajero mientras está abierta)', params: ZParamId, response: { 200: ZCuadreCaja, ...errores } },
    handler: async (req) => svc.cuadre(db, requerirAuth(req), req.params.id, await gestiona(req)),
  });
  r.get('/v1/cuadrescajas/:id/reporte', {
    config: { servicio: 'CAJA_VER' },
    schema: { tags, security, summary: 'Reporte Z de una sesión cerrada (PDF A4)', params: ZParamId },
    handler: async (req, reply) => {
      const { pdf, nombre } = await pdfReporteZ(ctx, requerirAuth(req), req.params.id, await gestiona(req));
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nombre}"`).header('cache-control', 'private, no-store').send(pdf);
    },
  });
  r.put('/v1/cuadrescajas/:id/bloqueos', {
    config: { servicio: 'CAJA_GESTIONAR' },
    schema: { tags, security, summary: 'Bloquear una sesión cerrada u observada (estado 4)', params: ZParamId, response: { 200: ZSesionCaja, ...conConflicto } },
    handler: async (req) => svc.bloquearSesion(db, requerirAuth(req), req.params.id),
  });
}

/**
 * The seed's remaining cash calls (§7 Finance "Cash", branch cajasemilla), on their paths: resuming a session, a
 * branch's open sessions, a box's summary, balance and movements, and the points of sale (boxes of kind 0).
 */
export async function rutasCajasSemilla(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.dbh.db;
  const security = [{ bearer: [] }];
  const tags = ['finanzas: cajas'];
  const gestiona = async (req: FastifyRequest) => (await concesionesDe(ctx).servicios(db, requerirAuth(req))).has('CAJA_GESTIONAR');
  const ZAperturasQuery = ZSesionesQuery.pick({ pagina: true, regxpag: true });

  r.get('/v1/sucursales/:id/cajas/aperturas', {
    config: { servicio: 'CAJA_VER' },
    schema: {
      tags,
      security,
      summary: 'Sesiones de caja abiertas de una sucursal (el cajero ve la suya, en una sucursal asignada)',
      params: ZParamId,
      querystring: ZAperturasQuery,
      response: { 200: ZSesionesLista, ...errores },
    },
    handler: async (req) => consultas.aperturasSucursal(db, requerirAuth(req), req.params.id, req.query, await gestiona(req)),
  });
  r.get('/v1/cajas/:id/reanudaciones', {
    config: { servicio: 'CAJA_OPERAR' },
    schema: {
      tags,
      security,
      summary: 'Reanudar la sesión abierta del usuario en la caja (tras un corte o desde otro equipo); Sesion null si nadie la tiene abierta',
      description: 'La caja abierta por otro usuario, o la sesión del usuario en otra caja: 409 5003201.',
      params: ZParamId,
      response: { 200: ZReanudacionCaja, ...conConflicto },
    },
    handler: async (req) => consultas.reanudarCaja(db, requerirAuth(req), req.params.id, false),
  });
  r.get('/v1/puntosventas/reanudaciones', {
    config: { servicio: 'CAJA_OPERAR' },
    schema: {
      tags,
      security,
      summary: 'La sesión abierta del usuario en un punto de venta (null si no tiene) y los puntos de venta de sus sucursales',
      response: { 200: ZMiCaja, ...errores },
    },
    handler: async (req) => consultas.reanudarPuntoVenta(db, requerirAuth(req)),
  });
  r.get('/v1/puntosventas/:id/reanudaciones', {
    config: { servicio: 'CAJA_OPERAR' },
    schema: {
      tags,
      security,
      summary: 'Reanudar la sesión abierta del usuario en el punto de venta (caja de tipo 0)',
      params: ZParamId,
      response: { 200: ZReanudacionCaja, ...conConflicto },
    },
    handler: async (req) => consultas.reanudarCaja(db, requerirAuth(req), req.params.id, true),
  });
  r.get('/v1/puntosventas/:id', {
    config: { servicio: 'CAJA_VER' },
    schema: { tags, security, summary: 'Un punto de venta (caja de tipo 0 Punto venta)', params: ZParamId, response: { 200: ZCaja, ...errores } },
    handler: async (req) => consultas.obtenerPuntoVenta(db, requerirAuth(req), req.params.id),
  });
  r.get('/v1/cajas/:id/resumenes', {
    config: { servicio: 'CAJA_VER' },
    schema: {
      tags,
      security,
      summary: 'Resumen de una sesión de la caja por medio de pago y tipo de documento (idsesion; si no, la abierta o la última)',
      description: 'Con la sesión abierta, el cajero no ve lo esperado ni lo vendido (arqueo ciego): esas cifras van en null.',
      params: ZParamId,
      querystring: ZSesionDeCajaQuery,
      response: { 200: ZResumenCaja, ...errores },
    },
    handler: async (req) => consultas.resumenCaja(db, requerirAuth(req), req.params.id, req.query.idsesion, await gestiona(req)),
  });
  r.get('/v1/cajas/:id/balances', {
    config: { servicio: 'CAJA_VER' },
    schema: {
      tags,
      security,
      summary: 'Saldo de una sesión de la caja: fondo + ventas en efectivo (neto del vuelto) + ingresos - egresos',
      description: 'Con la sesión abierta, el cajero no ve el saldo (arqueo ciego): esas cifras van en null.',
      params: ZParamId,
      querystring: ZSesionDeCajaQuery,
      response: { 200: ZBalanceCaja, ...errores },
    },
    handler: async (req) => consultas.balanceCaja(db, requerirAuth(req), req.params.id, req.query.idsesion, await gestiona(req)),
  });
  r.get('/v1/cajas/:id/movimientos', {
    config: { servicio: 'CAJA_VER' },
    schema: {
      tags,
      security,
      summary: 'Ingresos y egresos de la caja (el cajero ve los de sus sesiones), con filtros y los totales del filtro',
      params: ZParamId,
      querystring: ZMovimientosCajaQuery,
      response: { 200: ZMovimientosCaja, ...errores },
    },
    handler: async (req) => consultas.movimientosCaja(db, requerirAuth(req), req.params.id, req.query, await gestiona(req)),
  });
  r.get('/v1/cajas/:id/movimientos/reportes', {
    config: { servicio: 'CAJA_VER' },
    schema: { tags, security, summary: 'Excel (.xlsx) de los ingresos y egresos de la caja filtrados', params: ZParamId, querystring: ZMovimientosCajaQuery },
    handler: async (req, reply) => {
      const m = await consultas.movimientosCaja(db, requerirAuth(req), req.params.id, req.query, await gestiona(req), true);
      const libro = new ExcelJS.Workbook();
      const hoja = libro.addWorksheet('Movimientos de caja');
      hoja.columns = [
        { header: 'Fecha', key: 'fecha', width: 20 },
        { header: 'Sesión', key: 'sesion', width: 9 },
        { header: 'Usuario', key: 'usuario', width: 18 },
        { header: 'Tipo', key: 'tipo', width: 10 },
        { header: 'Motivo', key: 'motivo', width: 40 },
        { header: 'Monto', key: 'monto', width: 14, style: { numFmt: '#,##0.00' } },
      ];
      hoja.getRow(1).font = { bold: true };
      // Amounts go as numbers for Excel's sums; they were computed in decimal and carry two decimals.
      for (const f of m.Data)
        hoja.addRow({ fecha: new Date(f.Fecha).toLocaleString('es-PE', { timeZone: 'America/Lima' }), sesion: f.IdSesion, usuario: f.Usuario, tipo: f.TipoNombre, motivo: f.Motivo, monto: Number(f.Monto) });
      hoja.addRow({});
      hoja.addRow({ motivo: 'Total ingresos', monto: Number(m.TotalIngresos) }).font = { bold: true };
      hoja.addRow({ motivo: 'Total egresos', monto: Number(m.TotalEgresos) }).font = { bold: true };
      const buf = Buffer.from(await libro.xlsx.writeBuffer());
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="movimientos-caja.xlsx"')
        .send(buf);
    },
  });
}

/** The point of sale's checkout (issue 12), under /api/ventas. */
export async function rutasVentaCaja(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/v1/cajas/ventas', {
    config: { servicio: 'CAJA_OPERAR' },
    schema: {
      tags: ['ventas: punto de venta'],
      security: [{ bearer: [] }],
      summary: 'Cobrar una venta: emite el comprobante y la registra en la sesión de caja abierta, en una transacción',
      description: 'Con Idempotency-Key, repetir la solicitud devuelve la misma venta sin crear otra; la misma clave con otros datos responde 422.',
      headers: ZIdempotencia,
      body: ZVentaCajaCrear,
      response: { 201: ZVentaCaja, 409: ZError, 422: ZError, ...errores },
    },
    handler: async (req, reply) => {
      const { venta, repetido } = await vender(ctx, requerirAuth(req), req.body, req.headers['idempotency-key']);
      if (repetido) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(venta);
    },
  });
  r.post('/v1/cajas/dispositivos', {
    config: { servicio: 'CAJA_OPERAR' },
    schema: {
      tags: ['ventas: punto de venta'],
      security: [{ bearer: [] }],
      summary: 'Registrar el dispositivo (navegador) de una caja para vender sin conexión: le reserva una serie de notas de venta propia',
      description: 'Repetirlo con el mismo IdDispositivo devuelve el mismo registro (y guarda el último número que el dispositivo usó).',
      body: ZDispositivoRegistrar,
      response: { 200: ZDispositivoCaja, 409: ZError, ...errores },
    },
    handler: async (req) => registrarDispositivo(ctx.dbh.db, requerirAuth(req), req.body),
  });
  r.post('/v1/cajas/dispositivos/ventas', {
    config: { servicio: 'CAJA_OPERAR' },
    schema: {
      tags: ['ventas: punto de venta'],
      security: [{ bearer: [] }],
      summary: 'Sincronizar una venta hecha sin conexión: nota de venta con el número del dispositivo, en orden',
      description: 'El Uuid del cliente es la clave de idempotencia; el número ya usado por otra venta es 409 601631 y uno que salta una venta anterior 409 601632.',
      body: ZVentaDispositivo,
      response: { 201: ZVentaCaja, 409: ZError, 422: ZError, ...errores },
    },
    handler: async (req, reply) => {
      const { venta, repetido } = await venderDesdeDispositivo(ctx, requerirAuth(req), req.body);
      if (repetido) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(venta);
    },
  });
  r.post('/v1/cajas/dispositivos/descartes', {
    config: { servicio: 'CAJA_OPERAR' },
    schema: {
      tags: ['ventas: punto de venta'],
      security: [{ bearer: [] }],
      summary: 'Descartar una venta sin conexión que el servidor rechaza: su número queda registrado como descartado en la serie del dispositivo',
      description:
        'Sin documento, pago ni movimiento de stock. El número debe ser el siguiente de la serie (601632 si falta uno anterior, 601477 si ya tiene venta, 601476 si ya se descartó); ' +
        'el mismo Uuid otra vez devuelve el mismo registro (200 con idempotent-replayed). Requiere la caja del dispositivo aperturada por el usuario (403 601633).',
      body: ZDescarteDispositivo,
      response: { 201: ZNumeroDescartado, 200: ZNumeroDescartado, 409: ZError, ...errores },
    },
    handler: async (req, reply) => {
      const { descarte, repetido } = await descartarNumeroDispositivo(ctx.dbh.db, requerirAuth(req), req.body);
      if (repetido) reply.header('idempotent-replayed', 'true');
      return reply.code(repetido ? 200 : 201).send(descarte);
    },
  });
}
