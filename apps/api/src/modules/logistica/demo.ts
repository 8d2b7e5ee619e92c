import { TipoEmpresa } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { empresa } from '../../db/schema';
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
