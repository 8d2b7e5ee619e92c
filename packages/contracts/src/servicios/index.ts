import type { TServicioCatalogo } from './tipos';
import { serviciosSeguridad } from './seguridad';
import { serviciosContabilidad } from './contabilidad';
import { serviciosEntidades } from './entidades';
import { serviciosLogistica } from './logistica';
import { serviciosPagos } from './pagos';
import { serviciosEnvio } from '../contabilidad/envio-servicios';
import { serviciosMasivos } from '../contabilidad/masivos';
import { serviciosPedidos, serviciosVentas } from './ventas';
import { serviciosRrhh } from './rrhh';
import { serviciosCajas } from './cajas';
import { serviciosInventario } from './inventario';
import { serviciosFinanzas } from './finanzas';
import { serviciosLibros } from './contabilidad-libros';
import { serviciosCompras } from './compras';
import { serviciosSire } from '../contabilidad/sire';

export type { TServicioCatalogo } from './tipos';
export { serviciosSeguridad } from './seguridad';
export { serviciosContabilidad } from './contabilidad';
export { serviciosEntidades } from './entidades';
export { serviciosLogistica } from './logistica';
export { serviciosPagos } from './pagos';
export { serviciosRrhh } from './rrhh';
export { serviciosCajas } from './cajas';
export { serviciosInventario } from './inventario';
export { serviciosFinanzas } from './finanzas';
export { serviciosLibros } from './contabilidad-libros';
export { serviciosCompras } from './compras';

/**
 * Every service of every module. To add a module: create `servicios/<modulo>.ts` exporting
 * `servicios<Modulo> = [...] as const satisfies TServicioCatalogo[]`, import it above and append it below.
 */
export const catalogoServicios: readonly TServicioCatalogo[] = [
  ...serviciosSeguridad,
  ...serviciosContabilidad,
  ...serviciosEntidades,
  ...serviciosLogistica,
  ...serviciosPagos,
  ...serviciosEnvio,
  ...serviciosMasivos,
  ...serviciosVentas,
  ...serviciosPedidos,
  ...serviciosRrhh,
  ...serviciosCajas,
  ...serviciosInventario,
  ...serviciosFinanzas,
  ...serviciosLibros,
  ...serviciosCompras,
  ...serviciosSire,
];
