import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCargoResultado,
  ZCiclo,
  ZCicloCargo,
  ZContrato,
  ZContratoCancelacion,
  ZContratoEntidad,
  ZContratoPagoSolicitud,
  ZError,
  ZId,
  ZRecurrenciaSolicitud,
  ZSuscripcionSolicitud,
} from '@yupana/contracts';
import { z } from 'zod';
import { requerirAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { facturadorDelProveedor, facturarPago } from '../facturacion';
import { exigirProveedor, pagarConTarjeta } from '../pagos.service';
import type { TPasarela } from '../pasarela/pasarela';
import { renovarSuscripciones } from './renovacion';
import * as servicio from './suscripciones.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError, 409: ZError };
const tags = ['pagos'];
/** How often the renewal job runs once the server listens (cycles are dated by day; this only bounds the delay). */
const INTERVALO_RENOVACION_MS = 15 * 60_000;

/** Subscriptions (contracts) paid cycle by cycle, their automatic charges and the renewal job (mounted under /api/pagos). */
export async function rutasSuscripciones(app: FastifyInstance, ctx: Contexto, pasarela: TPasarela): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.dbh.db;

  r.get('/v1/entidades/:IdEmpresa/contrato', {
    config: { servicio: 'PAGOS_VER' },
    schema: { tags, summary: 'Suscripción de la empresa con sus ciclos', params: z.object({ IdEmpresa: ZId }), response: { 200: ZContratoEntidad, ...errores } },
    handler: async (req) => servicio.consultarContrato(db, requerirAuth(req), req.params.IdEmpresa),
  });

  r.post('/v1/contratos/suscripciones', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: { tags, summary: 'Suscribirse a un plan mensual o anual (el primer ciclo queda pendiente de pago)', body: ZSuscripcionSolicitud, response: { 200: ZContrato, ...errores } },
    handler: async (req) => servicio.suscribir(db, requerirAuth(req), req.body),
  });

  r.post('/v1/contratos/pagos', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: { tags, summary: 'Pagar el siguiente ciclo ahora (opcionalmente con otro plan)', body: ZContratoPagoSolicitud, response: { 200: ZCiclo, ...errores } },
    handler: async (req) => servicio.solicitarPagoCiclo(db, requerirAuth(req), req.body),
  });

  r.post('/v1/contratos/suscripciones/recurrencias', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: {
      tags,
      summary: 'Activar el cobro automático de cada ciclo con una tarjeta (solo el token de la pasarela); cobra de inmediato el ciclo vencido',
      body: ZRecurrenciaSolicitud,
      response: { 200: ZContrato, ...errores },
    },
    handler: async (req) => {
      const auth = requerirAuth(req);
      await servicio.activarRecurrencia(db, pasarela, auth, req.body);
      // A cycle already due is charged now instead of at the job's next run.
      await renovarSuscripciones(ctx, pasarela, { idContrato: req.body.IdContrato, log: req.log });
      return (await servicio.consultarContrato(db, auth, auth.idEmpresa)).Contrato!;
    },
  });

  r.delete('/v1/contratos/suscripciones/:Id/recurrencias', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: { tags, summary: 'Desactivar el cobro automático (la tarjeta se elimina de la pasarela)', params: z.object({ Id: ZId }), response: { 200: ZContrato, ...errores } },
    handler: async (req) => servicio.desactivarRecurrencia(db, pasarela, requerirAuth(req), req.params.Id),
  });

  r.put('/v1/contratos/suscripciones/cancelaciones', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: { tags, summary: 'Cancelar la suscripción: no se generan ni cobran más ciclos', body: ZContratoCancelacion, response: { 200: ZContrato, ...errores } },
    handler: async (req) => servicio.cancelarSuscripcion(db, pasarela, requerirAuth(req), req.body.Id),
  });

  r.post('/v1/contratos/pagos/ciclos', {
    config: { servicio: 'PAGOS_COMPRAR' },
    schema: { tags, summary: 'Pagar un ciclo con tarjeta (solo el token de la pasarela)', body: ZCicloCargo, response: { 200: ZCargoResultado, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      const idPago = await servicio.pagoDeCiclo(db, auth, req.body.IdCiclo);
      const facturador = await facturadorDelProveedor(ctx);
      const resultado = await pagarConTarjeta(db, pasarela, auth, idPago, req.body.Token, facturador?.idUsuario ?? null);
      if (facturador) await facturarPago(ctx, facturador, idPago).catch((err: unknown) => req.log.warn({ err, idPago }, 'no se pudo emitir el comprobante del ciclo pagado'));
      return resultado;
    },
  });

  // Provider side: run the renewal now (after fixing a gateway or series problem) instead of waiting for the job.
  r.post('/v1/gestion/suscripciones/renovaciones', {
    config: { servicio: 'PAGOS_GESTIONAR' },
    schema: {
      tags,
      summary: 'Ejecutar ahora la renovación de suscripciones: generar ciclos, cobrar las tarjetas guardadas y emitir los comprobantes (proveedor)',
      response: {
        200: z.object({
          Generados: z.number().int(),
          Cobrados: z.number().int(),
          Rechazados: z.array(z.object({ IdCiclo: z.number().int(), Motivo: z.string() })),
          Facturados: z.number().int(),
        }),
        ...errores,
      },
    },
    handler: async (req) => {
      await exigirProveedor(db, requerirAuth(req));
      const r = await renovarSuscripciones(ctx, pasarela, { log: req.log });
      return {
        Generados: r.generados.length,
        Cobrados: r.cobros.filter((c) => c.aprobado).length,
        Rechazados: r.cobros.filter((c) => !c.aprobado).map((c) => ({ IdCiclo: c.idCiclo, Motivo: c.motivo ?? '' })),
        Facturados: r.facturados.length,
      };
    },
  });

  // A recurring job of the app's runner (one process at a time): once shortly after start (cycles due while the
  // server was down), then on the interval.
  ctx.trabajos.registrar({
    cola: 'pagos.renovacion',
    concurrencia: 1,
    recurrente: { cadaMs: INTERVALO_RENOVACION_MS, primeraEnMs: 30_000 },
    manejador: async () => {
      await renovarSuscripciones(ctx, pasarela, { log: app.log });
      return { tipo: 'hecho' };
    },
  });
}
