import { eq } from 'drizzle-orm';
import { digitoVerificadorRuc, TipoDocumentoIdentidad, TipoEmpresa, TipoEntidad } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { empresa } from '../../db/schema';
import { entidad } from './entidades.schema';

type DbOTx = Pick<Db, 'select' | 'insert'>;

const ruc = (diez: string) => diez + digitoVerificadorRuc(diez);
/** The demo customers' and supplier's RUCs (the demo padrón has them too). */
export const RUC_CLIENTE_DEMO = ruc('2055512345');
export const RUC_PROVEEDOR_DEMO = ruc('2048765432');

/** A few customers and a supplier for the demo company with RUC (its generic customer is created on first use). */
export async function cargarDemoEntidades(db: DbOTx): Promise<void> {
  const empresas = await db.select({ id: empresa.id }).from(empresa).where(eq(empresa.tipoEmpresa, TipoEmpresa.CON_RUC));
  for (const e of empresas) {
    await db.insert(entidad).values([
      {
        idEmpresa: e.id,
        tipoEntidad: TipoEntidad.CLIENTE,
        idTipoDocumento: TipoDocumentoIdentidad.RUC,
        documento: RUC_CLIENTE_DEMO,
        razonSocial: 'DISTRIBUIDORA LIMA NORTE S.A.C.',
        direccion: 'AV. TÚPAC AMARU 2450, COMAS',
        idUbigeo: '150110',
        correo: 'compras@limanorte.pe',
      },
      {
        idEmpresa: e.id,
        tipoEntidad: TipoEntidad.CLIENTE,
        idTipoDocumento: TipoDocumentoIdentidad.DNI,
        documento: '41234567',
        razonSocial: 'MARÍA PÉREZ QUISPE',
        direccion: 'JR. HUALLAGA 320, LIMA',
        idUbigeo: '150101',
      },
      {
        idEmpresa: e.id,
        tipoEntidad: TipoEntidad.PROVEEDOR,
        idTipoDocumento: TipoDocumentoIdentidad.RUC,
        documento: RUC_PROVEEDOR_DEMO,
        razonSocial: 'MOLINOS DEL SUR E.I.R.L.',
        direccion: 'CAL. MERCADERES 115, AREQUIPA',
        idUbigeo: '040101',
      },
    ]);
  }
}
