/**
 * One entry of the service catalogue. Every API route declares `config: { servicio: Codigo }`; a role grants
 * services. The catalogue lives in code and is copied into the database at start: `RolesPorDefecto` (and
 * `Permisos`) are granted only the first time a service is seen, so an administrator's later changes stand.
 */
export type TServicioCatalogo = {
  Codigo: string;
  Descripcion: string;
  /** Module (URL prefix) the service belongs to: seguridad, contabilidad, entidades, finanzas, logistica, pagos... */
  Modulo: string;
  /** Default roles granted the service when it is first seen: 1 Cajero, 2 Supervisor, 4 Soporte. */
  RolesPorDefecto: readonly number[];
  /** Every role has it, also roles created later by a company (e.g. the user's own profile and menu). */
  ParaTodos?: boolean;
  /** Permission-tree nodes whose holders get this service too (permission-service links, first time only). */
  Permisos?: readonly number[];
  /**
   * A platform service: it changes what every company shares (catalogues, plans, payments inbox, padrón RUC). Only
   * users of the provider company hold it, whatever their roles say, and no other company can grant it to a role.
   */
  SoloProveedor?: boolean;
};
