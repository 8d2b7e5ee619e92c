import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { empresa } from '../../db/schema';
import { centroCosto, cuentaFinanciera } from './finanzas.schema';

type DbOTx = Pick<Db, 'select' | 'insert'>;

/** A petty-cash box, a bank account and two cost centres for Comercial Andina (finance, issue 14). */
export async function cargarDemoFinanzas(db: DbOTx): Promise<void> {
  const [e] = await db.select({ id: empresa.id }).from(empresa).where(eq(empresa.documento, '20600123450'));
  if (!e) return;
  await db.insert(cuentaFinanciera).values([
    { idEmpresa: e.id, idTipoCuenta: 1, nombre: 'Caja chica tienda', idMoneda: 1 },
    { idEmpresa: e.id, idTipoCuenta: 3, nombre: 'Interbank soles', banco: 'Interbank', numeroCuenta: '200-3001234567', cci: '00320000300123456737', idMoneda: 1 },
  ]);
  await db.insert(centroCosto).values([
    { idEmpresa: e.id, codigo: 'VTA', nombre: 'Ventas' },
    { idEmpresa: e.id, codigo: 'ALM', nombre: 'Almacén' },
  ]);
}
