import { EVENTO_STOCK, type TEventoStock } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';

/**
 * Live stock (issue 12): after a commit that moved stock, the company's open tabs are told which items changed, so the
 * other tills re-read their availability instead of finding out at charge time. Called after the transaction (never
 * inside it: a rolled-back sale must not announce anything); the ids are of the caller's company.
 */
export function avisarStock(ctx: Pick<Contexto, 'tiempoReal'>, idEmpresa: number, items: (number | null | undefined)[]): void {
  const ids = [...new Set(items.filter((i): i is number => typeof i === 'number' && i > 0))];
  if (!ids.length) return;
  const datos: TEventoStock = { Items: ids };
  ctx.tiempoReal?.publicarEmpresa(idEmpresa, { tipo: EVENTO_STOCK, datos });
}
