import type { TServicioCatalogo } from './tipos';

// Services of the "contabilidad" module (issuing, documents, SUNAT settings), of the series (entidades host) and of
// the finance listing of documents. Roles: 1 Cajero, 2 Supervisor, 4 Soporte.
export const serviciosContabilidad = [
  { Codigo: 'DOC_EMITIR', Descripcion: 'Emitir comprobantes electrónicos y notas de venta', Modulo: 'contabilidad', RolesPorDefecto: [1, 2] },
  { Codigo: 'DOC_VER', Descripcion: 'Consultar comprobantes emitidos y descargar sus archivos', Modulo: 'contabilidad', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'SUNAT_CONFIG_VER', Descripcion: 'Consultar la configuración SUNAT de la empresa', Modulo: 'contabilidad', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'SUNAT_CONFIG_GUARDAR', Descripcion: 'Cargar el certificado digital y la clave SOL de la empresa', Modulo: 'contabilidad', RolesPorDefecto: [2] },
  { Codigo: 'PLANTILLA_VER', Descripcion: 'Consultar la plantilla de comprobantes (logo, formato, texto adicional)', Modulo: 'contabilidad', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'PLANTILLA_GUARDAR', Descripcion: 'Configurar la plantilla de comprobantes de la empresa', Modulo: 'contabilidad', RolesPorDefecto: [2, 4] },
  { Codigo: 'PARAMETROS_VER', Descripcion: 'Consultar los parámetros de facturación de la empresa', Modulo: 'contabilidad', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'PARAMETROS_GUARDAR', Descripcion: 'Configurar los parámetros de facturación de la empresa', Modulo: 'contabilidad', RolesPorDefecto: [2, 4] },
  { Codigo: 'SERIE_VER', Descripcion: 'Consultar las series de comprobantes', Modulo: 'entidades', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'SERIE_GUARDAR', Descripcion: 'Registrar, editar y eliminar series de comprobantes', Modulo: 'entidades', RolesPorDefecto: [2, 4] },
  { Codigo: 'COMPROBANTES_LISTAR', Descripcion: 'Listar y exportar comprobantes (finanzas)', Modulo: 'finanzas', RolesPorDefecto: [1, 2, 4] },
] as const satisfies TServicioCatalogo[];
