import type { TServicioCatalogo } from './tipos';

// Services of the "rrhh" module (issue 16: workers, contracts, payroll runs). Permission nodes 10000-10999.
export const serviciosRrhh = [
  { Codigo: 'RRHH_TRABAJADOR_VER', Descripcion: 'Consultar trabajadores, contratos y catálogos de RR. HH.', Modulo: 'rrhh', RolesPorDefecto: [2, 4] },
  { Codigo: 'RRHH_TRABAJADOR_GUARDAR', Descripcion: 'Registrar trabajadores, familiares, contratos, áreas y cargos', Modulo: 'rrhh', RolesPorDefecto: [2] },
  { Codigo: 'RRHH_NOMINA_VER', Descripcion: 'Consultar planillas, boletas y parámetros de planilla', Modulo: 'rrhh', RolesPorDefecto: [2, 4] },
  { Codigo: 'RRHH_NOMINA_CALCULAR', Descripcion: 'Crear y calcular planillas', Modulo: 'rrhh', RolesPorDefecto: [2] },
  { Codigo: 'RRHH_NOMINA_APROBAR', Descripcion: 'Aprobar planillas (quedan cerradas)', Modulo: 'rrhh', RolesPorDefecto: [2] },
  { Codigo: 'RRHH_NOMINA_PAGAR', Descripcion: 'Pagar el neto de planillas aprobadas desde una caja o cuenta bancaria', Modulo: 'rrhh', RolesPorDefecto: [2] },
  { Codigo: 'RRHH_NOMINA_PAGO_ANULAR', Descripcion: 'Anular pagos de planilla (las boletas vuelven a quedar por pagar)', Modulo: 'rrhh', RolesPorDefecto: [2] },
  { Codigo: 'RRHH_ASISTENCIA_VER', Descripcion: 'Consultar horarios, huelleros, marcaciones y el reporte de asistencia', Modulo: 'rrhh', RolesPorDefecto: [2, 4] },
  { Codigo: 'RRHH_ASISTENCIA_GUARDAR', Descripcion: 'Registrar horarios y su asignación, huelleros y marcaciones manuales', Modulo: 'rrhh', RolesPorDefecto: [2] },
  { Codigo: 'RRHH_SOLICITUD_VER', Descripcion: 'Consultar solicitudes de trabajadores y flujos de aprobación', Modulo: 'rrhh', RolesPorDefecto: [2, 4] },
  { Codigo: 'RRHH_SOLICITUD_GUARDAR', Descripcion: 'Registrar solicitudes de trabajadores y flujos de aprobación', Modulo: 'rrhh', RolesPorDefecto: [2] },
  { Codigo: 'RRHH_FOTOCHECK_GENERAR', Descripcion: 'Imprimir fotochecks de los trabajadores y registrar sus fotos', Modulo: 'rrhh', RolesPorDefecto: [2] },
  { Codigo: 'RRHH_GRUPO_VER', Descripcion: 'Consultar grupos de trabajadores y sus integrantes', Modulo: 'rrhh', RolesPorDefecto: [2, 4] },
  { Codigo: 'RRHH_GRUPO_GUARDAR', Descripcion: 'Registrar grupos de trabajadores y asignar o quitar integrantes', Modulo: 'rrhh', RolesPorDefecto: [2] },
  { Codigo: 'RRHH_SOLICITUD_RESOLVER', Descripcion: 'Aprobar o rechazar el paso de una solicitud (con el rol del paso)', Modulo: 'rrhh', RolesPorDefecto: [2, 4] },
] as const satisfies TServicioCatalogo[];
