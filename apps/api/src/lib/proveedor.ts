import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { empresa } from '../db/schema';

/**
 * The provider is the company that runs the platform and sells the plans (YUPANA_RUC_PROVEEDOR; the demo's
 * Comercial Andina by default). Its staff edit what every company shares: the permission and service catalogue,
 * the modules, the plans, the payments inbox and the padrón RUC.
 */
export const rucProveedor = (): string => process.env.YUPANA_RUC_PROVEEDOR?.trim() || '20600123450';

export async function idEmpresaProveedora(db: Pick<Db, 'select'>): Promise<number | null> {
  const [e] = await db.select({ id: empresa.id }).from(empresa).where(eq(empresa.documento, rucProveedor())).limit(1);
  return e?.id ?? null;
}
