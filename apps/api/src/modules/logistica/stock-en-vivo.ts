import { EVENTO_STOCK, type TEventoStock } from '@yupana/contracts';
import { sql } from 'drizzle-orm';
import type { Contexto } from '../../lib/contexto';
import { filasDe } from './libro.repo';

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

/**
 * A document that stopped counting (its void confirmed, or SUNAT rejected it) has had its stock put back: the items of
 * every movement it caused are announced, after the commit (registered in app.ts with trasAnulacionConfirmada). Best
 * effort: the tills also re-read at their next search and the server checks at charge time, so a failed read is only
 * logged.
 */
export function avisarStockDeDocumento(ctx: Pick<Contexto, 'tiempoReal' | 'dbh'>, d: { idEmpresa: number; idDocumento: number }, alFallar: (e: unknown) => void): void {
  ctx.dbh.db
    .execute(sql`select distinct d.id_item from movimiento_inventario_detalle d
      join movimiento_inventario m on m.id = d.id_movimiento
      where m.id_empresa = ${d.idEmpresa} and m.id_documento_contable = ${d.idDocumento}`)
    .then((r) => avisarStock(ctx, d.idEmpresa, filasDe<{ id_item: number }>(r).map((f) => Number(f.id_item))))
    .catch(alFallar);
}
