import { asc, eq } from 'drizzle-orm';
import { TipoEmpresa } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { empresa, sucursal } from '../../db/schema';
import { almacen } from './inventario.schema';
import { item } from './logistica.schema';

type DbOTx = Pick<Db, 'select' | 'insert'>;

/** A small catalogue for the demo companies (goods and a service, gravado and exonerado). */
export async function cargarDemoItems(db: DbOTx): Promise<void> {
  const empresas = await db.select({ id: empresa.id, tipo: empresa.tipoEmpresa }).from(empresa);
  for (const e of empresas) {
    if (e.tipo === TipoEmpresa.SIN_RUC) continue;
    await db.insert(item).values([
      { idEmpresa: e.id, codigo: 'ARR-5', descripcion: 'ARROZ EXTRA COSTEÑO 5 KG', codigoUnidad: 'NIU', precio: '24.90', precioIncluyeIgv: true, afectacionIgv: '10', estandarCodigoProducto: 'GTIN-13', codigoProducto: '7750182000024', esFavorito: true },
      { idEmpresa: e.id, codigo: 'ACE-1', descripcion: 'ACEITE VEGETAL 1 L', codigoUnidad: 'NIU', precio: '9.50', precioIncluyeIgv: true, afectacionIgv: '10' },
      { idEmpresa: e.id, codigo: 'AZU-1', descripcion: 'AZÚCAR RUBIA 1 KG', codigoUnidad: 'NIU', precio: '4.20', precioIncluyeIgv: true, afectacionIgv: '10' },
      { idEmpresa: e.id, codigo: 'LIB-01', descripcion: 'LIBRO DE TEXTO ESCOLAR', codigoUnidad: 'NIU', precio: '45.00', precioIncluyeIgv: true, afectacionIgv: '20' },
      { idEmpresa: e.id, codigo: 'SRV-DEL', descripcion: 'SERVICIO DE DELIVERY', codigoUnidad: 'ZZ', precio: '10.00', precioIncluyeIgv: false, afectacionIgv: '10', estandarCodigoProducto: 'UNSPSC', codigoProducto: '78102203' },
    ]);
  }
}

/** One default warehouse per branch of the demo companies with RUC, so issued goods move stock from the start. */
export async function cargarDemoAlmacenes(db: DbOTx): Promise<void> {
  const filas = await db
    .select({ id: sucursal.id, idEmpresa: sucursal.idEmpresa, tipo: empresa.tipoEmpresa })
    .from(sucursal)
    .innerJoin(empresa, eq(empresa.id, sucursal.idEmpresa))
    .orderBy(asc(sucursal.idEmpresa), asc(sucursal.id));
  const vistas = new Map<number, number>();
  for (const s of filas) {
    if (s.tipo === TipoEmpresa.SIN_RUC) continue;
    const k = (vistas.get(s.idEmpresa) ?? 0) + 1;
    vistas.set(s.idEmpresa, k);
    await db.insert(almacen).values({ idEmpresa: s.idEmpresa, idSucursal: s.id, nombre: k === 1 ? 'Almacén principal' : `Almacén de la sucursal ${k}`, esPredeterminado: true });
  }
}
