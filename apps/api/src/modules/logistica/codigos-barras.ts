import { sql } from 'drizzle-orm';
import { ErrorCodes } from '@yupana/contracts';
import { AppError } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';

// Branch imagenes: a GTIN or a presentation's barcode may not be another item's extra barcode (and an extra barcode
// may not be another item's GTIN or presentation barcode, items.service's codigosLibres): a scan names one product.

export type TBarrasOcupadas = { codigo: string; item: string; descripcion: string };

/** Which of these codes are extra barcodes of an item other than `idItem` (one query). */
export async function barrasAdicionalesDeOtros(ctx: Pick<Contexto, 'dbh'>, idEmpresa: number, codigos: string[], idItem: number): Promise<TBarrasOcupadas[]> {
  if (!codigos.length) return [];
  return (
    (await ctx.dbh.db.execute(sql`select b.codigo, i.codigo as item, i.descripcion from item_codigo_barras b join item i on i.id = b.id_item
      where b.id_empresa = ${idEmpresa} and b.codigo in (${sql.join(codigos.map((c) => sql`${c}`), sql`, `)}) and b.id_item <> ${idItem} limit 1`)) as unknown as { rows: TBarrasOcupadas[] }
  ).rows;
}

/** 601601 with the field's message (400, like a validation error, so the form shows it under the field). */
export const barrasDeOtroItem = (campo: string, u: TBarrasOcupadas) => {
  const mensaje = `El código de barras ${u.codigo} ya es un código de barras adicional del producto ${u.item} - ${u.descripcion}`;
  return new AppError(ErrorCodes.CODIGO_BARRAS_DE_OTRO_ITEM, mensaje, 400, { errores: { [campo]: mensaje } });
};

