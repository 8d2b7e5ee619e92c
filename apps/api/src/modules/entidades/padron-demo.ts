import { padronRuc } from './entidades.schema';
import type { Db } from '../../db/client';
import { RUC_CLIENTE_DEMO, RUC_PROVEEDOR_DEMO } from './demo';
import { parsearLineaPadron } from './padron-importacion';
import { CABECERA_PADRON, conDigito, lineasPadronMuestra } from './padron-muestra';

/** Generated taxpayers in the demo padrón besides the fixed ones below. */
export const CANTIDAD_PADRON_DEMO = 3000;
/** RUC bodies of the generated part (20300000xx / 10300000xx): apart from the test samples' (2010000xxxx). */
const BASE_PADRON_DEMO = 30_000_000;
const SEMILLA_PADRON_DEMO = 2026;

/**
 * A taxpayer of the demo padrón that is nobody's customer yet: looking its RUC up in "Nuevo cliente" fills the form
 * from the padrón on a fresh demo (the e2e flow uses it).
 */
export const CONTRIBUYENTE_DEMO = { ruc: conDigito('2061234567'), razonSocial: 'TEXTILES GAMARRA DEL PERÚ S.A.C.' };

/**
 * The demo's own companies, customers and supplier as SUNAT lists them, plus a few named taxpayers, in the padrón
 * reducido's exact layout (15 columns, '-' when empty, trailing '|').
 */
const FIJOS = [
  `20600123450|COMERCIAL ANDINA YUPANA S.A.C.|ACTIVO|HABIDO|150116|AV.|AREQUIPA|-|-|1234|-|-|-|-|-|`,
  `20611700009|YUPANA SOFTWARE S.A.C.|ACTIVO|HABIDO|150140|AV.|JAVIER PRADO ESTE|-|-|4200|-|-|-|-|-|`,
  `${RUC_CLIENTE_DEMO}|DISTRIBUIDORA LIMA NORTE S.A.C.|ACTIVO|HABIDO|150110|AV.|TÚPAC AMARU|URB.|EL CARMEN|2450|-|-|-|-|-|`,
  `${RUC_PROVEEDOR_DEMO}|MOLINOS DEL SUR E.I.R.L.|ACTIVO|HABIDO|040101|CAL.|MERCADERES|-|-|115|-|-|-|-|-|`,
  `${conDigito('1041234567')}|PÉREZ QUISPE MARÍA|ACTIVO|HABIDO|150101|JR.|HUALLAGA|-|-|320|-|-|-|-|-|`,
  `${CONTRIBUYENTE_DEMO.ruc}|${CONTRIBUYENTE_DEMO.razonSocial}|ACTIVO|HABIDO|150115|JR.|GAMARRA|-|-|1050|305|-|-|-|-|`,
  `${conDigito('2061234568')}|PANIFICADORA SAN JUAN E.I.R.L.|ACTIVO|HABIDO|150132|-|-|A.H.|SAN HILARIÓN|-|-|12|-|D|-|`,
  `${conDigito('2061234569')}|TRANSPORTES CRUZ DEL NORTE S.R.L.|BAJA DE OFICIO|NO HALLADO|130101|AV.|AMÉRICA NORTE|-|-|1830|-|-|-|-|-|`,
  `${conDigito('2061234570')}|AGROEXPORTADORA VALLE DE ICA S.A.|ACTIVO|HABIDO|110101|-|-|-|-|-|-|-|-|-|245.5|`,
];

/** The demo padrón as the lines of a SUNAT file (header first), ready to write or to import. */
export function* lineasPadronDemo(): Generator<string> {
  yield CABECERA_PADRON;
  yield* FIJOS;
  yield* lineasPadronMuestra(CANTIDAD_PADRON_DEMO, SEMILLA_PADRON_DEMO, BASE_PADRON_DEMO);
}

/**
 * Loads the demo padrón into padron_ruc (part of the demo data), read by the same line parser as an import, so a fresh
 * demo's RUC lookup finds real-format taxpayers. Existing rows win (a real import is never overwritten by the demo).
 */
export async function cargarDemoPadron(db: Pick<Db, 'insert'>): Promise<number> {
  const filas: (typeof padronRuc.$inferInsert)[] = [];
  for (const linea of lineasPadronDemo()) {
    const f = parsearLineaPadron(linea);
    if (!f) continue;
    const [ruc, razonSocial, estado, condicion, ubigeo, tipoVia, nombreVia, codigoZona, tipoZona, numero, interior, lote, departamento, manzana, kilometro] = f;
    filas.push({ ruc: ruc!, razonSocial: razonSocial!, estado: estado!, condicion: condicion!, ubigeo, tipoVia, nombreVia, codigoZona, tipoZona, numero, interior, lote, departamento, manzana, kilometro });
  }
  for (let i = 0; i < filas.length; i += 1000) await db.insert(padronRuc).values(filas.slice(i, i + 1000)).onConflictDoNothing();
  return filas.length;
}
