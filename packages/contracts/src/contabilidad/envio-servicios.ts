// Services of sending to SUNAT (voiding, resumen diario, regularizaciones) and of e-mailing documents.
// Roles: 1 Cajero, 2 Supervisor, 4 Soporte.
import type { TServicioCatalogo } from '../servicios/tipos';

export const serviciosEnvio = [
  { Codigo: 'DOC_ANULAR', Descripcion: 'Anular comprobantes (comunicación de baja y resumen diario)', Modulo: 'contabilidad', RolesPorDefecto: [2] },
  { Codigo: 'DOC_RESUMEN', Descripcion: 'Enviar el resumen diario de boletas y consultar los lotes enviados', Modulo: 'contabilidad', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'DOC_REGULARIZAR', Descripcion: 'Regularizar comprobantes no enviados a SUNAT', Modulo: 'contabilidad', RolesPorDefecto: [2, 4] },
  { Codigo: 'DOC_CORREO', Descripcion: 'Enviar comprobantes por correo electrónico', Modulo: 'contabilidad', RolesPorDefecto: [1, 2] },
  { Codigo: 'CORREO_CONFIG_VER', Descripcion: 'Consultar el servidor de correo de la empresa', Modulo: 'contabilidad', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'CORREO_CONFIG_GUARDAR', Descripcion: 'Configurar el servidor de correo de la empresa', Modulo: 'contabilidad', RolesPorDefecto: [2] },
] as const satisfies TServicioCatalogo[];
