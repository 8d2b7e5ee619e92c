import type { TServicioCatalogo } from './tipos';

// Services of the "entidades" module (customers, suppliers, branches, ubigeos, the SUNAT padrón).
// Roles: 1 Cajero, 2 Supervisor, 4 Soporte.
export const serviciosEntidades = [
  { Codigo: 'ENT_VER', Descripcion: 'Consultar clientes, proveedores y ubigeos', Modulo: 'entidades', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'ENT_GUARDAR', Descripcion: 'Registrar y editar clientes y proveedores', Modulo: 'entidades', RolesPorDefecto: [1, 2, 4], Permisos: [3011] },
  { Codigo: 'ENT_DESACTIVAR', Descripcion: 'Desactivar y reactivar clientes y proveedores', Modulo: 'entidades', RolesPorDefecto: [2, 4], Permisos: [3012] },
  { Codigo: 'SUC_VER', Descripcion: 'Consultar las sucursales de la empresa', Modulo: 'entidades', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'SUC_GUARDAR', Descripcion: 'Registrar y editar sucursales', Modulo: 'entidades', RolesPorDefecto: [2, 4], Permisos: [3031] },
  { Codigo: 'PADRON_CONSULTAR', Descripcion: 'Consultar el padrón reducido del RUC de SUNAT', Modulo: 'entidades', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'PADRON_IMPORTAR', Descripcion: 'Importar el padrón reducido del RUC de SUNAT', Modulo: 'entidades', RolesPorDefecto: [2, 4], Permisos: [3004, 3041], SoloProveedor: true },
] as const satisfies TServicioCatalogo[];
