import type { TServicioCatalogo } from './tipos';

// Services of the "logistica" module (item catalogue).
export const serviciosLogistica = [
  { Codigo: 'ITEM_VER', Descripcion: 'Consultar productos y servicios', Modulo: 'logistica', RolesPorDefecto: [1, 2, 4] },
  { Codigo: 'ITEM_GUARDAR', Descripcion: 'Registrar y editar productos y servicios', Modulo: 'logistica', RolesPorDefecto: [2, 4], Permisos: [3021] },
  { Codigo: 'ITEM_FAVORITO', Descripcion: 'Marcar productos y servicios favoritos', Modulo: 'logistica', RolesPorDefecto: [1, 2, 4] },
] as const satisfies TServicioCatalogo[];
