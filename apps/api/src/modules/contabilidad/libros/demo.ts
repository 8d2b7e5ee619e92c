import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { empresa } from '../../../db/schema';
import { cuentaContable, cuentaMapeo } from './libros.schema';

type DbOTx = Pick<Db, 'select' | 'insert'>;

/**
 * Comercial Andina's own sub-account under 1042 (the Banco de la Nación account for detracciones), mapped as the
 * account the customers' detracción deposits post to (1042 itself has a sub-account, so it is not postable).
 */
export async function cargarDemoLibros(db: DbOTx): Promise<void> {
  const [e] = await db.select({ id: empresa.id }).from(empresa).where(eq(empresa.documento, '20600123450'));
  if (!e) return;
  const [bn] = await db
    .insert(cuentaContable)
    .values({ idEmpresa: e.id, codigo: '104201', descripcion: 'Banco de la Nación - detracciones', naturaleza: 'D' })
    .returning({ id: cuentaContable.id });
  await db.insert(cuentaMapeo).values({ idEmpresa: e.id, clave: 'BANCO_DETRACCIONES', idCuenta: bn.id });
}
