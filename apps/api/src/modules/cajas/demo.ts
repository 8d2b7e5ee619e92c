import type { Db } from '../../db/client';
import { sucursal } from '../../db/schema';
import { caja } from './cajas.schema';

type DbOTx = Pick<Db, 'select' | 'insert'>;

/** One cash box per branch of the demo companies, so the cashier can open its session at the point of sale at once. */
export async function cargarDemoCajas(db: DbOTx): Promise<void> {
  const sucursales = await db.select({ id: sucursal.id, idEmpresa: sucursal.idEmpresa }).from(sucursal);
  if (sucursales.length)
    await db.insert(caja).values(sucursales.map((s) => ({ idEmpresa: s.idEmpresa, idSucursal: s.id, descripcion: 'Caja principal', tipo: 1, tolerancia: '1.00' })));
}
