import { asc, eq } from 'drizzle-orm';
import { TipoEmpresa } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { empresa, sucursal } from '../../db/schema';
import { serie } from '../entidades/series/series.schema';
import { configurarEmpresaDemo } from './configuracion/configuracion.service';
import { RUC_DEMO } from './documentos/emision.service';

type TTx = Pick<Db, 'select' | 'insert'>;

/** Series of one branch: n = 1 for the first branch (F001, B001...), 2 for the second... */
function seriesSucursal(idEmpresa: number, idSucursal: number, n: number, tipoEmpresa: number) {
  const num = String(n).padStart(3, '0');
  // Internal sale notes: the only document of a company without RUC, and also issued by the others.
  const notasVenta = { idEmpresa, idSucursal, idTipoDocumento: 1008, serie: `NV${String(n).padStart(2, '0')}`, descripcion: 'Notas de venta' };
  if (tipoEmpresa === TipoEmpresa.SIN_RUC) return [notasVenta];
  const filas = [
    { idTipoDocumento: 1003, serie: `F${num}`, descripcion: 'Facturas' },
    { idTipoDocumento: 1004, serie: `B${num}`, descripcion: 'Boletas' },
    { idTipoDocumento: 1005, serie: `F${num}`, descripcion: 'Notas de crédito de facturas', idTipoDocumentoReferencia: 1003 },
    { idTipoDocumento: 1005, serie: `B${num}`, descripcion: 'Notas de crédito de boletas', idTipoDocumentoReferencia: 1004 },
    { idTipoDocumento: 1006, serie: `F${num}`, descripcion: 'Notas de débito de facturas', idTipoDocumentoReferencia: 1003 },
    { idTipoDocumento: 1006, serie: `B${num}`, descripcion: 'Notas de débito de boletas', idTipoDocumentoReferencia: 1004 },
    { idTipoDocumento: 1007, serie: `T${num}`, descripcion: 'Guías de remisión remitente' },
    { idTipoDocumento: 3005, serie: `V${num}`, descripcion: 'Guías de remisión transportista' },
  ];
  return [...filas.map((f) => ({ idEmpresa, idSucursal, tipoSerie: 1, ...f })), notasVenta];
}

/**
 * Demo data of the issuing module, called from seed-demo inside its transaction: series per branch and, for the
 * companies that issue tax documents, a generated test certificate with the local SUNAT simulator.
 */
export async function cargarDemoContabilidad(tx: TTx): Promise<void> {
  const empresas = await tx.select().from(empresa).orderBy(asc(empresa.id));
  for (const e of empresas) {
    const sucursales = await tx.select({ id: sucursal.id }).from(sucursal).where(eq(sucursal.idEmpresa, e.id)).orderBy(asc(sucursal.id));
    const filas = sucursales.flatMap((s, i) => seriesSucursal(e.id, s.id, i + 1, e.tipoEmpresa));
    if (filas.length) await tx.insert(serie).values(filas).onConflictDoNothing();
    if (e.tipoEmpresa !== TipoEmpresa.SIN_RUC) await configurarEmpresaDemo(tx, e.id, e.documento ?? RUC_DEMO, e.razonSocial);
  }
}
