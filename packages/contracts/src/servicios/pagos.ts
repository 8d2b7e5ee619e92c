import type { TServicioCatalogo } from './tipos';

// Services of the "pagos" module (plans, prepaid payments, allowance and debts) and of onboarding.
// Roles: 1 Cajero, 2 Supervisor, 4 Soporte. The provider's own staff are the Soporte users of the provider company;
// the service check lets Soporte in and the module also checks the company (a customer's Soporte sees only its own).
export const serviciosPagos = [
  { Codigo: 'PAGOS_VER', Descripcion: 'Consultar el saldo de comprobantes, los paquetes, los pagos y las deudas de la empresa', Modulo: 'pagos', RolesPorDefecto: [1, 2, 4], ParaTodos: true },
  { Codigo: 'PAGOS_COMPRAR', Descripcion: 'Comprar paquetes, subir comprobantes de pago y anular pagos pendientes', Modulo: 'pagos', RolesPorDefecto: [2, 4] },
  { Codigo: 'PLAN_CONFIGURAR', Descripcion: 'Configurar los planes y paquetes y ver qué plan tiene cada empresa (proveedor)', Modulo: 'pagos', RolesPorDefecto: [4], Permisos: [5120, 5130, 5140], SoloProveedor: true },
  { Codigo: 'PAGOS_GESTIONAR', Descripcion: 'Aprobar o rechazar los pagos de los clientes (proveedor)', Modulo: 'pagos', RolesPorDefecto: [4], Permisos: [5110], SoloProveedor: true },
  // Only the company's administrator runs the wizard (it sets the RUC every document is signed with), and only while
  // it is open; later changes to the company's data go through EMPRESA_DATOS_GUARDAR.
  { Codigo: 'ONBOARDING_CONFIGURAR', Descripcion: 'Completar el asistente de configuración de la empresa (tipo de empresa, RUC, contacto, series)', Modulo: 'seguridad', RolesPorDefecto: [2] },
  { Codigo: 'EMPRESA_DATOS_GUARDAR', Descripcion: 'Editar los datos de la empresa que salen en sus comprobantes (razón social, dirección, correo, teléfono)', Modulo: 'seguridad', RolesPorDefecto: [2] },
] as const satisfies TServicioCatalogo[];
