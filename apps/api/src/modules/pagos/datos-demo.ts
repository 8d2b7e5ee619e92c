import { eq } from 'drizzle-orm';
import { sumarDias, fechaLima, TipoEmpresa } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { empresa } from '../../db/schema';
import { saldoEmpresa } from './pagos.schema';

type DbOTx = Pick<Db, 'select' | 'insert'>;

/**
 * Demo allowances: the company with RUC on the yearly plan (id 4, 6,000 documents for a year), the company without
 * RUC on the monthly starter package (id 2, 100 documents). Demo companies need no row (they show 10,000,000).
 */
export async function cargarDemoPagos(db: DbOTx): Promise<void> {
  const empresas = await db.select({ id: empresa.id, tipo: empresa.tipoEmpresa }).from(empresa).where(eq(empresa.logEstado, 1));
  const hoy = fechaLima(new Date());
  for (const e of empresas) {
    if (e.tipo === TipoEmpresa.DEMO) continue;
    const [idPlan, cantidad, dias] = e.tipo === TipoEmpresa.CON_RUC ? [4, 6000, 365] : [2, 100, 30];
    await db
      .insert(saldoEmpresa)
      .values({ idEmpresa: e.id, idPlan, contablesDisponibles: cantidad, internosDisponibles: cantidad, fechaVencimiento: sumarDias(hoy, dias) })
      .onConflictDoNothing();
  }
}
