import type { FastifyBaseLogger } from 'fastify';
import type { Contexto } from '../../../lib/contexto';
import { facturadorDelProveedor, facturarPago } from '../facturacion';
import type { TPasarela } from '../pasarela/pasarela';
import { cobrarCiclosVencidos, generarCiclosPendientes, type TResultadoCobro } from './suscripciones.service';

export type TResultadoRenovacion = { generados: number[]; cobros: TResultadoCobro[]; facturados: number[] };

/**
 * One run of the subscriptions' renewal: generate the cycles that are coming up, charge the due ones to their saved
 * cards, and issue the provider's receipt for each approved charge (a failed issue is retried by the receipts' own
 * job, as for any approved payment). Every step is safe to run in several processes at once.
 */
export async function renovarSuscripciones(
  ctx: Contexto,
  pasarela: TPasarela,
  opciones: { idContrato?: number; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): Promise<TResultadoRenovacion> {
  const db = ctx.dbh.db;
  const generados = await generarCiclosPendientes(db, { idContrato: opciones.idContrato });
  const facturador = await facturadorDelProveedor(ctx);
  const cobros = await cobrarCiclosVencidos(db, pasarela, facturador?.idUsuario ?? null, { idContrato: opciones.idContrato });
  const facturados: number[] = [];
  if (facturador)
    for (const c of cobros.filter((x) => x.aprobado)) {
      try {
        if (await facturarPago(ctx, facturador, c.idPago)) facturados.push(c.idPago);
      } catch (err) {
        opciones.log?.warn({ err, idPago: c.idPago }, 'no se pudo emitir el comprobante del cobro automático (se reintentará)');
      }
    }
  return { generados, cobros, facturados };
}
