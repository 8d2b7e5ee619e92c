import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { empresa } from '../../db/schema';
import { entidad } from '../entidades/entidades.schema';
import { area, cargo, contratoLaboral, relacionEntidad } from './rrhh.schema';

type DbOTx = Pick<Db, 'select' | 'insert'>;

/** Three workers with their contracts (AFP with asignación familiar, ONP, AFP mixta) for Comercial Andina. */
export async function cargarDemoRrhh(db: DbOTx): Promise<void> {
  const [e] = await db.select({ id: empresa.id }).from(empresa).where(eq(empresa.documento, '20600123450'));
  if (!e) return;
  const [ventas, almacen] = await db.insert(area).values([{ idEmpresa: e.id, nombre: 'Ventas' }, { idEmpresa: e.id, nombre: 'Almacén' }]).returning({ id: area.id });
  const [vendedor, almacenero] = await db.insert(cargo).values([{ idEmpresa: e.id, nombre: 'Vendedor(a)' }, { idEmpresa: e.id, nombre: 'Almacenero' }]).returning({ id: cargo.id });
  const persona = (documento: string, nombre: string, apePat: string, apeMat: string, tipoEntidad: number) => ({
    idEmpresa: e.id,
    tipoEntidad,
    idTipoDocumento: 1,
    documento,
    nombre,
    apePat,
    apeMat,
    razonSocial: `${apePat} ${apeMat}, ${nombre}`,
  });
  const [carmen, luis, pedro, hijo] = await db
    .insert(entidad)
    .values([
      persona('45871236', 'Carmen', 'Rojas', 'Flores', 1),
      persona('46290518', 'Luis', 'Torres', 'Quispe', 1),
      persona('47015293', 'Pedro', 'Salazar', 'Vega', 1),
      persona('78120345', 'Mateo', 'Rojas', 'Flores', 2),
    ])
    .returning({ id: entidad.id });
  await db.insert(relacionEntidad).values({ idEmpresa: e.id, idEntidad: carmen.id, idRelacionado: hijo.id, parentesco: 2 });
  await db.insert(contratoLaboral).values([
    { idEmpresa: e.id, idEntidad: carmen.id, regimen: 1, fechaInicio: '2025-01-01', remuneracion: '3500.00', sistemaPension: 'HABITAT', tipoComision: 'FLUJO', cuspp: '589012CRFLO1', asignacionFamiliar: true, idArea: ventas.id, idCargo: vendedor.id },
    { idEmpresa: e.id, idEntidad: luis.id, regimen: 1, fechaInicio: '2025-03-01', remuneracion: '2200.00', sistemaPension: 'ONP', asignacionFamiliar: false, idArea: almacen.id, idCargo: almacenero.id },
    { idEmpresa: e.id, idEntidad: pedro.id, regimen: 1, fechaInicio: '2025-06-16', remuneracion: '1800.00', sistemaPension: 'PRIMA', tipoComision: 'MIXTA', cuspp: '612345PSVEA8', asignacionFamiliar: false, idArea: ventas.id, idCargo: vendedor.id },
  ]);
}
