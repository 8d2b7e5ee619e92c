import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sucursal, usuario } from '../../db/schema';
import { hashContrasenha } from '../../lib/password';
import { caja, pinSupervisor } from './cajas.schema';

type DbOTx = Pick<Db, 'select' | 'insert'>;

/** The demo supervisors' PIN for authorizations at the till (README, demo users). */
export const PIN_DEMO_SUPERVISOR = '2468';

/** One cash box per branch of the demo companies, so the cashier can open its session at the point of sale at once. */
export async function cargarDemoCajas(db: DbOTx): Promise<void> {
  const sucursales = await db.select({ id: sucursal.id, idEmpresa: sucursal.idEmpresa }).from(sucursal);
  if (sucursales.length)
    await db.insert(caja).values(sucursales.map((s) => ({ idEmpresa: s.idEmpresa, idSucursal: s.id, descripcion: 'Caja principal', tipo: 1, tolerancia: '1.00' })));
  // The demo supervisors authorize discounts and discards at the till with this PIN (branch pospin).
  const supervisores = await db
    .select({ id: usuario.id, idEmpresa: usuario.idEmpresa })
    .from(usuario)
    .where(inArray(usuario.usuario, ['supervisor', 'demo.supervisor', 'sinruc.supervisor']));
  if (supervisores.length) {
    const pinHash = await hashContrasenha(PIN_DEMO_SUPERVISOR);
    await db.insert(pinSupervisor).values(supervisores.map((u) => ({ idEmpresa: u.idEmpresa, idUsuario: u.id, pinHash })));
  }
}
