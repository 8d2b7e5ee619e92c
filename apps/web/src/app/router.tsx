import { createBrowserRouter, Navigate, Outlet, redirect } from 'react-router';
import { guardAuth, guardLogin, guardPaginaLogin, guardPermiso, guardSoloRecibo } from './guards';
import { PERMISO_USUARIOS } from '../features/usuarios/pages/controles';
import { PermisosSeguridad } from '../features/seguridad/permisos-seguridad';
import { ErrorDeRuta } from './error-de-ruta-diferida';
import type { TRouteHandle } from './route-handle';
import { SessionSync } from './session-sync';
import { NavigationSpinner, PantallaCargando } from './shell/navigation-spinner';

function RootLayout() {
  return (
    <>
      <SessionSync />
      <NavigationSpinner />
      <Outlet />
    </>
  );
}

const h = (handle: TRouteHandle) => handle;
// antd's provider, as a layout route loaded with the first page that needs it: the login page does without (issue 17).
const antd = () => import('./antd-raiz').then((m) => ({ Component: m.AntdRaiz }));
// Loaded when needed: antd's Result (with its illustrations) must not weigh on the first page.
const paginaNoEncontrada = () => import('./not-found-page').then((m) => ({ Component: () => <m.NotFoundPage /> }));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    HydrateFallback: PantallaCargando,
    errorElement: <ErrorDeRuta />,
    children: [
      { index: true, loader: () => redirect('/admin') },
      {
        path: 'auth',
        loader: guardAuth,
        children: [
          { index: true, element: <Navigate to="login" replace /> },
          { path: 'login', loader: guardPaginaLogin('/auth/login'), lazy: () => import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })) },
          // Issue 6 (onboarding): the receipt variant signs in at /auth/inicio (each brand's other page redirects to its
          // own); account creation at /auth/registro.
          { path: 'inicio', loader: guardPaginaLogin('/auth/inicio'), lazy: () => import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })) },
          { lazy: antd, children: [{ path: 'registro', lazy: () => import('../features/registro/pages/registro-page').then((m) => ({ Component: m.RegistroPage })) }] },
        ],
      },
      // Every page but the login page: inside antd's provider (theme, Spanish locale, App), loaded with the first of them.
      {
        lazy: antd,
        children: [
          {
            path: 'admin',
            loader: guardLogin,
            // The guard runs on every navigation in the shell, not only when entering it: tokens expire meanwhile.
            shouldRevalidate: () => true,
            lazy: () => import('./shell/admin-layout').then((m) => ({ Component: m.AdminLayout })),
            errorElement: <ErrorDeRuta />,
            handle: h({ breadcrumb: 'Inicio', description: 'Resumen de su empresa y su cuenta' }),
            children: [
              { index: true, lazy: () => import('../features/inicio/pages/inicio-page').then((m) => ({ Component: m.InicioPage })) },
              {
                path: 'usuario',
                handle: h({ breadcrumb: 'Usuario', sinPagina: true }),
                children: [
                  { index: true, element: <Navigate to="perfil" replace /> },
                  {
                    path: 'perfil',
                    handle: h({ breadcrumb: 'Mi perfil', description: 'Sus datos y su contraseña', icon: 'IdcardOutlined' }),
                    lazy: () => import('../features/usuario/pages/perfil-page').then((m) => ({ Component: m.PerfilPage })),
                  },
                ],
              },
              {
                path: 'ayuda-soporte',
                handle: h({ breadcrumb: 'Ayuda y soporte', sinPagina: true }),
                children: [
                  { index: true, element: <Navigate to="comunicate" replace /> },
                  {
                    path: 'comunicate',
                    handle: h({ breadcrumb: 'Comunícate con Soporte', description: 'Horario de atención y asesores', icon: 'CustomerServiceOutlined' }),
                    lazy: () => import('../features/ayuda-soporte/pages/comunicate-page').then((m) => ({ Component: m.ComunicatePage })),
                  },
                ],
              },
              // Electronic documents (issue 4, emision-web).
              {
                path: 'documentos',
                handle: h({ breadcrumb: 'Documentos', description: 'Comprobantes electrónicos emitidos y su estado en SUNAT', icon: 'FileTextOutlined' }),
                children: [
                  {
                    index: true,
                    loader: guardPermiso({ idPermiso: 2010, componente: 'documentos' }),
                    lazy: () => import('../features/documentos/pages/documentos-page').then((m) => ({ Component: m.DocumentosPage })),
                  },
                  {
                    path: 'emitir/:tipo',
                    loader: guardPermiso({ idPermiso: 2001, componente: 'emitir' }),
                    handle: h({ breadcrumb: 'Emitir', description: 'Nuevo comprobante electrónico', icon: 'FileAddOutlined' }),
                    lazy: () => import('../features/documentos/pages/emitir-page').then((m) => ({ Component: m.EmitirPage })),
                  },
                  {
                    path: ':id',
                    loader: guardPermiso({ idPermiso: 2010, componente: 'documentos' }),
                    handle: h({ breadcrumb: 'Documento', description: 'Datos, estado en SUNAT y archivos' }),
                    lazy: () => import('../features/documentos/pages/documento-detalle-page').then((m) => ({ Component: m.DocumentoDetallePage })),
                  },
                ],
              },
              {
                path: 'series',
                loader: guardPermiso({ idPermiso: 3100, componente: 'series' }),
                handle: h({ breadcrumb: 'Series', description: 'Series de comprobantes por sucursal y tipo de documento', icon: 'NumberOutlined' }),
                lazy: () => import('../features/series/pages/series-page').then((m) => ({ Component: m.SeriesPage })),
              },
              {
                path: 'configuraciones',
                handle: h({ breadcrumb: 'Configuraciones', sinPagina: true }),
                children: [
                  { index: true, element: <Navigate to="sunat" replace /> },
                  {
                    path: 'sunat',
                    loader: guardPermiso({ idPermiso: 2040, componente: 'configuracionsunat' }),
                    handle: h({ breadcrumb: 'Configuración SUNAT', description: 'Certificado digital, usuario SOL y ambiente de envío', icon: 'SafetyCertificateOutlined' }),
                    lazy: () => import('../features/configuracion-sunat/pages/configuracion-sunat-page').then((m) => ({ Component: m.ConfiguracionSunatPage })),
                  },
                  {
                    path: 'correo',
                    loader: guardPermiso({ idPermiso: 2041, componente: 'configuracioncorreo' }),
                    handle: h({ breadcrumb: 'Servidor de correo', description: 'SMTP para enviar comprobantes a sus clientes', icon: 'MailOutlined' }),
                    lazy: () => import('../features/configuracion-sunat/pages/configuracion-correo-page').then((m) => ({ Component: m.ConfiguracionCorreoPage })),
                  },
                  {
                    path: 'plantilla',
                    loader: guardPermiso({ idPermiso: 2042, componente: 'configuracionplantilla' }),
                    handle: h({ breadcrumb: 'Plantilla de comprobantes', description: 'Logo, formato de impresión y texto adicional de sus comprobantes', icon: 'PrinterOutlined' }),
                    lazy: () => import('../features/configuracion-plantilla/pages/configuracion-plantilla-page').then((m) => ({ Component: m.ConfiguracionPlantillaPage })),
                  },
                  {
                    path: 'empresa',
                    loader: guardPermiso({ idPermiso: 2044, componente: 'configuracionempresa' }),
                    handle: h({ breadcrumb: 'Datos de la empresa', description: 'Razón social, dirección y contacto que salen en sus comprobantes', icon: 'BankOutlined' }),
                    lazy: () => import('../features/datos-empresa/pages/datos-empresa-page').then((m) => ({ Component: m.DatosEmpresaPage })),
                  },
                  {
                    path: 'parametros',
                    loader: guardPermiso({ idPermiso: 2043, componente: 'configuracionparametros' }),
                    handle: h({ breadcrumb: 'Parámetros de facturación', description: 'Moneda y condición de pago con las que se abren los formularios de emisión', icon: 'SettingOutlined' }),
                    lazy: () => import('../features/configuracion-parametros/pages/configuracion-parametros-page').then((m) => ({ Component: m.ConfiguracionParametrosPage })),
                  },
                ],
              },
              {
                // Issue 5 guards: the seed's sales page needs permission 120 and component 'ventas'.
                path: 'ventas',
                loader: guardPermiso({ idPermiso: 120, componente: 'ventas' }),
                handle: h({ breadcrumb: 'Ventas', description: 'Facturas, boletas y notas de venta emitidas, con totales por día y por condición de pago', icon: 'LineChartOutlined' }),
                lazy: () => import('../features/ventas/pages/ventas-page').then((m) => ({ Component: m.VentasPage })),
              },
              {
                path: 'consultareceptor',
                loader: guardPermiso({ idPermiso: 2030, componente: 'consultareceptor' }),
                handle: h({ breadcrumb: 'Consulta de comprobantes', description: 'Busque un comprobante con sus datos y descargue sus archivos', icon: 'SearchOutlined' }),
                lazy: () =>
                  import('../features/consulta-receptor/pages/consulta-receptor-page').then((m) => ({
                    Component: () => <m.ConsultaReceptorPage lugarAcceso="admin" />,
                  })),
              },
              {
                path: 'documentos-masivos',
                loader: guardPermiso({ idPermiso: 2050, componente: 'documentosmasivos' }),
                handle: h({ breadcrumb: 'Emisión masiva', description: 'Emita muchos comprobantes desde un archivo Excel', icon: 'AppstoreOutlined' }),
                lazy: () => import('../features/documentos-masivos/pages/documentos-masivos-page').then((m) => ({ Component: m.DocumentosMasivosPage })),
              },
              // Issue 13 (inventario): stock, movements, kardex and the logistics settings.
              {
                path: 'inventarios',
                loader: guardPermiso({ idPermiso: 11010, componente: 'inventarios' }),
                handle: h({ breadcrumb: 'Stock', description: 'Stock por producto y almacén, con su costo promedio', icon: 'InboxOutlined' }),
                lazy: () => import('../features/inventario/pages/stock-page').then((m) => ({ Component: m.StockPage })),
              },
              {
                path: 'movimientos',
                loader: guardPermiso({ idPermiso: 11020, componente: 'movimientos' }),
                handle: h({ breadcrumb: 'Movimientos', description: 'Ingresos, salidas y transferencias de inventario', icon: 'ShopOutlined' }),
                lazy: () => import('../features/inventario/pages/movimientos-page').then((m) => ({ Component: m.MovimientosPage })),
              },
              {
                path: 'kardex',
                loader: guardPermiso({ idPermiso: 11030, componente: 'kardex' }),
                handle: h({ breadcrumb: 'Kardex', description: 'Kardex valorizado por producto y almacén (promedio ponderado)', icon: 'BarChartOutlined' }),
                lazy: () => import('../features/inventario/pages/kardex-page').then((m) => ({ Component: m.KardexPage })),
              },
              {
                path: 'tomas-inventario',
                loader: guardPermiso({ idPermiso: 11300, componente: 'tomasinventario' }),
                handle: h({ breadcrumb: 'Toma de inventario', description: 'Conteo físico ciego, diferencias y ajustes (tabla 12: 28 o 13)', icon: 'AuditOutlined' }),
                lazy: () => import('../features/inventario/pages/tomas-inventario-page').then((m) => ({ Component: m.TomasInventarioPage })),
              },
              {
                path: 'logisconfig',
                loader: guardPermiso({ idPermiso: 11040, componente: 'logisconfig' }),
                handle: h({ breadcrumb: 'Configuración de logística', description: 'Stock negativo y almacenes de cada sucursal', icon: 'SettingOutlined' }),
                lazy: () => import('../features/inventario/pages/logisconfig-page').then((m) => ({ Component: m.LogisConfigPage })),
              },
              {
                path: 'logisticasoporte',
                loader: guardPermiso({ idPermiso: 11400, componente: 'logisticasoporte' }),
                handle: h({ breadcrumb: 'Unidades, categorías y marcas', description: 'Unidades de medida (catálogo 03), categorías y marcas de los productos', icon: 'AppstoreOutlined' }),
                lazy: () => import('../features/items/pages/logisticasoporte-page').then((m) => ({ Component: m.LogisticaSoportePage })),
              },
              // Purchases (issue 13): supplier documents into the warehouses and the payables.
              {
                path: 'compras',
                loader: guardPermiso({ idPermiso: 11100, componente: 'compras' }),
                handle: h({ breadcrumb: 'Compras', description: 'Facturas de proveedores: ingreso al almacén y cuentas por pagar (también desde su XML)', icon: 'ShoppingCartOutlined' }),
                lazy: () => import('../features/inventario/pages/compras-page').then((m) => ({ Component: m.ComprasPage })),
              },
              // Issue 16 (rrhh): workers with their contracts and the monthly payroll runs.
              {
                path: 'rrhh',
                handle: h({ breadcrumb: 'Recursos humanos', sinPagina: true }),
                children: [
                  { index: true, element: <Navigate to="trabajadores" replace /> },
                  {
                    path: 'trabajadores',
                    loader: guardPermiso({ idPermiso: 10010, componente: 'rrhhtrabajadores' }),
                    handle: h({ breadcrumb: 'Trabajadores', description: 'Trabajadores, sus familiares y sus contratos', icon: 'IdcardOutlined' }),
                    lazy: () => import('../features/rrhh/pages/trabajadores-page').then((m) => ({ Component: m.TrabajadoresPage })),
                  },
                  {
                    path: 'nominas',
                    loader: guardPermiso({ idPermiso: 10020, componente: 'rrhhnominas' }),
                    handle: h({ breadcrumb: 'Planillas', description: 'Planillas mensuales: cálculo, boletas y aprobación', icon: 'CalculatorOutlined' }),
                    lazy: () => import('../features/rrhh/pages/nominas-page').then((m) => ({ Component: m.NominasPage })),
                  },
                  {
                    path: 'nominas/:id',
                    loader: guardPermiso({ idPermiso: 10020, componente: 'rrhhnominas' }),
                    handle: h({ breadcrumb: 'Planilla', description: 'Boletas de la planilla con el cálculo de cada cifra', icon: 'CalculatorOutlined' }),
                    lazy: () => import('../features/rrhh/pages/nomina-detalle-page').then((m) => ({ Component: m.NominaDetallePage })),
                  },
                  // Attendance (issue 16): schedules, devices, punches and the worked-time report.
                  {
                    path: 'horarios',
                    loader: guardPermiso({ idPermiso: 10100, componente: 'rrhhhorarios' }),
                    handle: h({ breadcrumb: 'Horarios', description: 'Horarios de trabajo y su asignación a los trabajadores', icon: 'ScheduleOutlined' }),
                    lazy: () => import('../features/rrhh/pages/horarios-page').then((m) => ({ Component: m.HorariosPage })),
                  },
                  {
                    path: 'huelleros',
                    loader: guardPermiso({ idPermiso: 10110, componente: 'rrhhhuelleros' }),
                    handle: h({ breadcrumb: 'Huelleros', description: 'Relojes de marcación (ZKTeco) que envían las marcaciones', icon: 'ControlOutlined' }),
                    lazy: () => import('../features/rrhh/pages/huelleros-page').then((m) => ({ Component: m.HuellerosPage })),
                  },
                  {
                    path: 'marcaciones',
                    loader: guardPermiso({ idPermiso: 10120, componente: 'rrhhmarcaciones' }),
                    handle: h({ breadcrumb: 'Marcaciones', description: 'Marcaciones de los huelleros y manuales, con sus correcciones', icon: 'FieldTimeOutlined' }),
                    lazy: () => import('../features/rrhh/pages/marcaciones-page').then((m) => ({ Component: m.MarcacionesPage })),
                  },
                  {
                    path: 'asistencia',
                    loader: guardPermiso({ idPermiso: 10130, componente: 'rrhhasistencia' }),
                    handle: h({ breadcrumb: 'Reporte de asistencia', description: 'Tiempo laborado, tardanzas, faltas y horas extra contra el horario', icon: 'AuditOutlined' }),
                    lazy: () => import('../features/rrhh/pages/asistencia-page').then((m) => ({ Component: m.AsistenciaPage })),
                  },
                  {
                    path: 'solicitudes',
                    loader: guardPermiso({ idPermiso: 10200, componente: 'rrhhsolicitudes' }),
                    handle: h({ breadcrumb: 'Solicitudes', description: 'Vacaciones, permisos y licencias con su flujo de aprobación', icon: 'FormOutlined' }),
                    lazy: () => import('../features/rrhh/pages/solicitudes-page').then((m) => ({ Component: m.SolicitudesPage })),
                  },
                  {
                    path: 'fotochecks',
                    loader: guardPermiso({ idPermiso: 10300, componente: 'rrhhfotochecks' }),
                    handle: h({ breadcrumb: 'Fotochecks', description: 'Fotochecks de los trabajadores en PDF, con su foto', icon: 'IdcardOutlined' }),
                    lazy: () => import('../features/rrhh/pages/fotochecks-page').then((m) => ({ Component: m.FotochecksPage })),
                  },
                  {
                    path: 'grupos',
                    loader: guardPermiso({ idPermiso: 10310, componente: 'rrhhgrupos' }),
                    handle: h({ breadcrumb: 'Grupos', description: 'Grupos de trabajadores y sus integrantes', icon: 'TeamOutlined' }),
                    lazy: () => import('../features/rrhh/pages/grupos-page').then((m) => ({ Component: m.GruposPage })),
                  },
                ],
              },
              // Issue 12 (cajas): cash boxes (Supervisor) and the history of cash sessions.
              {
                path: 'cajas',
                handle: h({ breadcrumb: 'Caja', sinPagina: true }),
                children: [
                  {
                    index: true,
                    loader: guardPermiso({ idPermiso: 12020, componente: 'cajas' }),
                    handle: h({ breadcrumb: 'Cajas', description: 'Cajas y puntos de venta de cada sucursal', icon: 'InboxOutlined' }),
                    lazy: () => import('../features/cajas/pages/cajas-page').then((m) => ({ Component: m.CajasPage })),
                  },
                  {
                    path: 'sesiones',
                    loader: guardPermiso({ idPermiso: 12030, componente: 'cajassesiones' }),
                    handle: h({ breadcrumb: 'Sesiones de caja', description: 'Aperturas y cierres de caja, arqueos y reportes Z', icon: 'InboxOutlined' }),
                    lazy: () => import('../features/cajas/pages/sesiones-page').then((m) => ({ Component: m.SesionesCajaPage })),
                  },
                ],
              },
              // Issue 12 (pedidos): quotations and orders, price lists and the sales report.
              {
                path: 'pedidos',
                loader: guardPermiso({ idPermiso: 12110, componente: 'pedidos' }),
                handle: h({ breadcrumb: 'Cotizaciones y pedidos', description: 'Cotizaciones y pedidos de venta; conviértalos en pedido o comprobante', icon: 'FileDoneOutlined' }),
                lazy: () => import('../features/pedidos/pages/pedidos-page').then((m) => ({ Component: m.PedidosPage })),
              },
              {
                path: 'listaprecios',
                loader: guardPermiso({ idPermiso: 12120, componente: 'listaprecios' }),
                handle: h({ breadcrumb: 'Listas de precios', description: 'Precios por lista, ítem y presentación', icon: 'DollarOutlined' }),
                lazy: () => import('../features/pedidos/pages/listaprecios-page').then((m) => ({ Component: m.ListaPreciosPage })),
              },
              {
                path: 'reporte-ventas',
                loader: guardPermiso({ idPermiso: 12130, componente: 'reporteventas' }),
                handle: h({ breadcrumb: 'Reporte de ventas', description: 'Ventas por periodo, sucursal, vendedor, ítem y medio de pago', icon: 'BarChartOutlined' }),
                lazy: () => import('../features/pedidos/pages/reporte-ventas-page').then((m) => ({ Component: m.ReporteVentasPage })),
              },
              // Issue 14 (finanzas): receivables with aging, collections with their receipt, master data.
              {
                path: 'finanzas',
                handle: h({ breadcrumb: 'Finanzas', sinPagina: true }),
                children: [
                  { index: true, element: <Navigate to="cuentasporcobrar" replace /> },
                  {
                    path: 'cuentasporcobrar',
                    loader: guardPermiso({ idPermiso: 13010, componente: 'finanzascuentasporcobrar' }),
                    handle: h({ breadcrumb: 'Cuentas por cobrar', description: 'Ventas al crédito con saldo, antigüedad, cobro y estado de cuenta', icon: 'DollarOutlined' }),
                    lazy: () => import('../features/finanzas/pages/cuentas-por-cobrar-page').then((m) => ({ Component: m.CuentasPorCobrarPage })),
                  },
                  {
                    path: 'cuentasporpagar',
                    loader: guardPermiso({ idPermiso: 11110, componente: 'finanzascuentasporpagar' }),
                    handle: h({ breadcrumb: 'Cuentas por pagar', description: 'Compras con saldo, antigüedad, pagos a proveedores y sus recibos', icon: 'WalletOutlined' }),
                    lazy: () => import('../features/finanzas/pages/cuentas-por-pagar-page').then((m) => ({ Component: m.CuentasPorPagarPage })),
                  },
                  {
                    path: 'retenciones',
                    loader: guardPermiso({ idPermiso: 13400, componente: 'finanzasretenciones' }),
                    handle: h({ breadcrumb: 'Retenciones emitidas', description: 'Agente de retención del IGV: comprobantes de retención de los pagos a proveedores, XML, PDF y CDR', icon: 'FileProtectOutlined' }),
                    lazy: () => import('../features/finanzas/pages/retenciones-page').then((m) => ({ Component: m.RetencionesPage })),
                  },
                  {
                    path: 'cobros',
                    loader: guardPermiso({ idPermiso: 13020, componente: 'finanzascobros' }),
                    handle: h({ breadcrumb: 'Cobros', description: 'Cobros registrados: recibo, detalle y anulación', icon: 'WalletOutlined' }),
                    lazy: () => import('../features/finanzas/pages/cobros-page').then((m) => ({ Component: m.CobrosPage })),
                  },
                  {
                    path: 'letras',
                    loader: guardPermiso({ idPermiso: 13200, componente: 'finanzasletras' }),
                    handle: h({ breadcrumb: 'Letras', description: 'Letras de cambio por cobrar: cobranza, descuento, cobro, protesto, renovación y PDF', icon: 'AuditOutlined' }),
                    lazy: () => import('../features/finanzas/pages/letras-page').then((m) => ({ Component: m.LetrasPage })),
                  },
                  {
                    path: 'tablero',
                    loader: guardPermiso({ idPermiso: 13440, componente: 'finanzastablero' }),
                    handle: h({ breadcrumb: 'Tablero financiero', description: 'Lo que se cobra, lo vencido y quién lo debe; ventas al crédito por cliente; saldos en bancos', icon: 'LineChartOutlined' }),
                    lazy: () => import('../features/finanzas/pages/tablero-page').then((m) => ({ Component: m.TableroFinanzasPage })),
                  },
                  {
                    path: 'tesoreria',
                    loader: guardPermiso({ idPermiso: 13300, componente: 'finanzastesoreria' }),
                    handle: h({ breadcrumb: 'Tesorería y conciliación', description: 'Movimientos entre cajas y bancos, notas de ingreso y salida, ITF, saldos y conciliación bancaria', icon: 'SwapOutlined' }),
                    lazy: () => import('../features/finanzas/pages/tesoreria-page').then((m) => ({ Component: m.TesoreriaPage })),
                  },
                  {
                    path: 'maestros',
                    loader: guardPermiso({ idPermiso: 13030, componente: 'finanzasmaestros' }),
                    handle: h({ breadcrumb: 'Datos maestros', description: 'Cuentas financieras, tipos de cambio y centros de costo', icon: 'BankOutlined' }),
                    lazy: () => import('../features/finanzas/pages/maestros-page').then((m) => ({ Component: m.MaestrosPage })),
                  },
                ],
              },
              // Issue 15 (accounting books): chart of accounts, journal entries, periods, trial balance and ledger.
              {
                path: 'contabilidad',
                handle: h({ breadcrumb: 'Contabilidad', sinPagina: true }),
                children: [
                  { index: true, element: <Navigate to="asientos" replace /> },
                  {
                    path: 'plan-cuentas',
                    loader: guardPermiso({ idPermiso: 14010, componente: 'contabilidadplancuentas' }),
                    handle: h({ breadcrumb: 'Plan de cuentas', description: 'PCGE 2019 y las subcuentas de la empresa', icon: 'AuditOutlined' }),
                    lazy: () => import('../features/contabilidad/pages/plan-cuentas-page').then((m) => ({ Component: m.PlanCuentasPage })),
                  },
                  {
                    path: 'asientos',
                    loader: guardPermiso({ idPermiso: 14020, componente: 'contabilidadasientos' }),
                    handle: h({ breadcrumb: 'Asientos contables', description: 'Asientos manuales y automáticos de las ventas', icon: 'FileTextOutlined' }),
                    lazy: () => import('../features/contabilidad/pages/asientos-page').then((m) => ({ Component: m.AsientosPage })),
                  },
                  {
                    path: 'periodos',
                    loader: guardPermiso({ idPermiso: 14030, componente: 'contabilidadperiodos' }),
                    handle: h({ breadcrumb: 'Periodos contables', description: 'Cierre y reapertura de los meses', icon: 'ControlOutlined' }),
                    lazy: () => import('../features/contabilidad/pages/periodos-page').then((m) => ({ Component: m.PeriodosPage })),
                  },
                  {
                    path: 'reportes',
                    loader: guardPermiso({ idPermiso: 14040, componente: 'contabilidadreportes' }),
                    handle: h({ breadcrumb: 'Balance y libro mayor', description: 'Balance de comprobación, libro mayor y libro diario PLE', icon: 'BarChartOutlined' }),
                    lazy: () => import('../features/contabilidad/pages/reportes-page').then((m) => ({ Component: m.ReportesPage })),
                  },
                  {
                    path: 'estados',
                    loader: guardPermiso({ idPermiso: 14100, componente: 'contabilidadestados' }),
                    handle: h({ breadcrumb: 'Estados financieros', description: 'Estado de situación financiera y estado de resultados', icon: 'BarChartOutlined' }),
                    lazy: () => import('../features/contabilidad/pages/estados-page').then((m) => ({ Component: m.EstadosFinancierosPage })),
                  },
                  {
                    path: 'configuracion',
                    loader: guardPermiso({ idPermiso: 14110, componente: 'contabilidadconfiguracion' }),
                    handle: h({ breadcrumb: 'Configuración contable', description: 'Cuentas de los asientos automáticos', icon: 'SettingOutlined' }),
                    lazy: () => import('../features/contabilidad/pages/configuracion-page').then((m) => ({ Component: m.ConfiguracionContablePage })),
                  },
                  {
                    path: 'centros-costo',
                    loader: guardPermiso({ idPermiso: 14200, componente: 'contabilidadcentroscosto' }),
                    handle: h({ breadcrumb: 'Centros de costo', description: 'Gastos, ingresos y resultado por centro de costo', icon: 'AuditOutlined' }),
                    lazy: () => import('../features/contabilidad/pages/centros-costo-page').then((m) => ({ Component: m.CentrosCostoPage })),
                  },
                  {
                    path: 'sire',
                    loader: guardPermiso({ idPermiso: 14300, componente: 'contabilidadsire' }),
                    handle: h({ breadcrumb: 'SIRE', description: 'Propuesta de SUNAT del Registro de Ventas (RVIE) y de Compras (RCE) frente a Yupana', icon: 'FileDoneOutlined' }),
                    lazy: () => import('../features/contabilidad/pages/sire-page').then((m) => ({ Component: m.SirePage })),
                  },
                ],
              },
              {
                path: 'regularizaciones',
                loader: guardPermiso({ idPermiso: 2020, componente: 'regularizaciones' }),
                handle: h({ breadcrumb: 'Regularizaciones', description: 'Documentos con excepción de SUNAT para reenviar', icon: 'RedoOutlined' }),
                lazy: () => import('../features/regularizaciones/pages/regularizaciones-page').then((m) => ({ Component: m.RegularizacionesPage })),
              },
              {
                path: 'entidades',
                loader: guardPermiso({ idPermiso: 3001, componente: 'entidades' }),
                handle: h({ breadcrumb: 'Clientes', description: 'Clientes, proveedores y demás entidades de su empresa', icon: 'TeamOutlined' }),
                lazy: () => import('../features/clientes/pages/clientes-page').then((m) => ({ Component: m.ClientesPage })),
              },
              {
                path: 'items',
                loader: guardPermiso({ idPermiso: 3002, componente: 'items' }),
                handle: h({ breadcrumb: 'Productos y servicios', description: 'Catálogo de ítems para sus comprobantes', icon: 'ShoppingCartOutlined' }),
                lazy: () => import('../features/items/pages/items-page').then((m) => ({ Component: m.ItemsPage })),
              },
              {
                path: 'sucursales',
                loader: guardPermiso({ idPermiso: 3003, componente: 'sucursales' }),
                handle: h({ breadcrumb: 'Sucursales', description: 'Sucursales de su empresa', icon: 'ShopOutlined' }),
                lazy: () => import('../features/sucursales/pages/sucursales-page').then((m) => ({ Component: m.SucursalesPage })),
              },
              {
                path: 'padron-ruc',
                loader: guardPermiso({ idPermiso: 3004, componente: 'padronruc' }),
                handle: h({ breadcrumb: 'Padrón RUC SUNAT', description: 'Consulta de RUC sin internet: importación del padrón reducido', icon: 'AuditOutlined' }),
                lazy: () => import('../features/padron-ruc/pages/padron-ruc-page').then((m) => ({ Component: m.PadronRucPage })),
              },
              // Users of the company (issue 5, seguridad-web): permission guard with the page's permission and component.
              {
                path: 'usuarios',
                loader: guardPermiso(PERMISO_USUARIOS),
                handle: h({ breadcrumb: 'Usuarios', description: 'Usuarios de su empresa: invitaciones, roles, sucursales y sesiones', icon: 'TeamOutlined' }),
                lazy: () => import('../features/usuarios/pages/usuarios-page').then((m) => ({ Component: m.UsuariosPage })),
              },
              // Issue 6 (pagos, planes, deudas): the company's payments and the provider's plan administration.
              {
                path: 'pagos',
                handle: h({ breadcrumb: 'Mis pagos', description: 'Paquetes comprados, comprobantes de pago y su estado', icon: 'WalletOutlined' }),
                children: [
                  { index: true, loader: guardPermiso({ idPermiso: 5010, componente: 'pagos' }), lazy: () => import('../features/pagos/pages/pagos-page').then((m) => ({ Component: m.PagosPage })) },
                  {
                    path: 'recargastuboletape',
                    loader: guardPermiso({ idPermiso: 5020, componente: 'recargas' }),
                    handle: h({ breadcrumb: 'Comprar paquete', description: 'Paquetes de comprobantes disponibles', icon: 'ShoppingCartOutlined' }),
                    lazy: () => import('../features/pagos/pages/recargas-page').then((m) => ({ Component: m.RecargasPage })),
                  },
                ],
              },
              {
                path: 'deudas',
                handle: h({ breadcrumb: 'Deudas', sinPagina: true }),
                children: [
                  { index: true, element: <Navigate to="mis-deudas" replace /> },
                  {
                    path: 'mis-deudas',
                    loader: guardPermiso({ idPermiso: 5030, componente: 'misdeudas' }),
                    handle: h({ breadcrumb: 'Mis deudas', description: 'Documentos pendientes con el proveedor', icon: 'FileExclamationOutlined' }),
                    lazy: () => import('../features/pagos/pages/mis-deudas-page').then((m) => ({ Component: m.MisDeudasPage })),
                  },
                ],
              },
              {
                path: 'gestion-pagos',
                loader: guardPermiso({ idPermiso: 5110, componente: 'gestionpagos' }),
                handle: h({ breadcrumb: 'Gestión de pagos', description: 'Aprobar o rechazar los pagos de los clientes', icon: 'AuditOutlined' }),
                lazy: () => import('../features/planes/pages/gestion-pagos-page').then((m) => ({ Component: m.GestionPagosPage })),
              },
              {
                path: 'plan-config',
                loader: guardPermiso({ idPermiso: 5120, componente: 'planconfig' }),
                handle: h({ breadcrumb: 'Planes y paquetes', description: 'Precios, características y vigencia de los planes', icon: 'AppstoreOutlined' }),
                lazy: () => import('../features/planes/pages/plan-config-page').then((m) => ({ Component: m.PlanConfigPage })),
              },
              {
                path: 'plan-reporte',
                loader: guardPermiso({ idPermiso: 5140, componente: 'planreporte' }),
                handle: h({ breadcrumb: 'Reporte de pagos', description: 'Pagos por paquete y estado', icon: 'BarChartOutlined' }),
                lazy: () => import('../features/planes/pages/plan-reporte-page').then((m) => ({ Component: m.PlanReportePage })),
              },
              {
                path: 'plan-entidades',
                loader: guardPermiso({ idPermiso: 5130, componente: 'planentidades' }),
                handle: h({ breadcrumb: 'Planes por empresa', description: 'Plan, saldo y vigencia de cada empresa', icon: 'ClusterOutlined' }),
                lazy: () => import('../features/planes/pages/plan-entidades-page').then((m) => ({ Component: m.PlanEntidadesPage })),
              },
              { path: '*', lazy: paginaNoEncontrada, handle: h({ breadcrumb: 'Página no encontrada' }) },
            ],
          },
          // Security administration area (issue 5, seguridad-web): the shell with its login guard, each page behind the
          // permission guard.
          {
            path: 'seguridad',
            loader: guardLogin,
            shouldRevalidate: () => true,
            lazy: () => import('./shell/admin-layout').then((m) => ({ Component: m.AdminLayout })),
            errorElement: <ErrorDeRuta />,
            handle: h({ breadcrumb: 'Seguridad', sinPagina: true }),
            children: [
              { index: true, element: <Navigate to="roles" replace /> },
              {
                path: 'roles',
                loader: guardPermiso(PermisosSeguridad.ROLES),
                handle: h({ breadcrumb: 'Roles', description: 'Roles de su empresa, sus permisos y sus servicios', icon: 'SafetyOutlined' }),
                lazy: () => import('../features/seguridad/pages/roles-page').then((m) => ({ Component: m.RolesPage })),
              },
              {
                path: 'permisos',
                loader: guardPermiso(PermisosSeguridad.PERMISOS),
                handle: h({ breadcrumb: 'Permisos', description: 'Árbol de permisos y los servicios que trae cada uno', icon: 'AuditOutlined' }),
                lazy: () => import('../features/seguridad/pages/permisos-page').then((m) => ({ Component: m.PermisosPage })),
              },
              {
                path: 'servicios',
                loader: guardPermiso(PermisosSeguridad.SERVICIOS),
                handle: h({ breadcrumb: 'Servicios', description: 'Servicios que declara cada llamada de la API', icon: 'ApiOutlined' }),
                lazy: () => import('../features/seguridad/pages/servicios-page').then((m) => ({ Component: m.ServiciosPage })),
              },
              {
                path: 'terminales',
                loader: guardPermiso(PermisosSeguridad.TERMINALES),
                handle: h({ breadcrumb: 'Terminales', description: 'Equipos de venta de su empresa', icon: 'DesktopOutlined' }),
                lazy: () => import('../features/seguridad/pages/terminales-page').then((m) => ({ Component: m.TerminalesPage })),
              },
              {
                path: 'modulos',
                loader: guardPermiso(PermisosSeguridad.MODULOS),
                handle: h({ breadcrumb: 'Módulos', description: 'Módulos de la plataforma a los que pertenecen roles y permisos', icon: 'AppstoreAddOutlined' }),
                lazy: () => import('../features/seguridad/pages/modulos-page').then((m) => ({ Component: m.ModulosPage })),
              },
              {
                path: 'parametros',
                loader: guardPermiso(PermisosSeguridad.PARAMETROS),
                handle: h({ breadcrumb: 'Parámetros de seguridad', description: 'Parámetros de la empresa y de cada usuario', icon: 'ControlOutlined' }),
                lazy: () => import('../features/seguridad/pages/parametros-page').then((m) => ({ Component: m.ParametrosPage })),
              },
              {
                path: 'auditoria',
                loader: guardPermiso(PermisosSeguridad.AUDITORIA),
                handle: h({ breadcrumb: 'Bitácora de seguridad', description: 'Ingresos, bloqueos, cambios de roles y permisos, cierres de sesión e invitaciones', icon: 'BarChartOutlined' }),
                lazy: () => import('../features/seguridad/pages/auditoria-page').then((m) => ({ Component: m.AuditoriaPage })),
              },
              { path: '*', lazy: paginaNoEncontrada, handle: h({ breadcrumb: 'Página no encontrada' }) },
            ],
          },
          // Receipt variant only (issue 6): the account's own data, in the shell. The main brand is sent away.
          {
            path: 'config-tuboleta',
            loader: async (args) => (await guardSoloRecibo()) ?? guardLogin(args),
            shouldRevalidate: () => true,
            lazy: () => import('./shell/admin-layout').then((m) => ({ Component: m.AdminLayout })),
            errorElement: <ErrorDeRuta />,
            handle: h({ breadcrumb: 'Mi cuenta', sinPagina: true }),
            children: [
              { index: true, element: <Navigate to="configuracion/datos-de-mi-cuenta" replace /> },
              {
                path: 'configuracion',
                handle: h({ breadcrumb: 'Configuración', sinPagina: true }),
                children: [
                  { index: true, element: <Navigate to="datos-de-mi-cuenta" replace /> },
                  {
                    path: 'datos-de-mi-cuenta',
                    handle: h({ breadcrumb: 'Datos de mi cuenta', description: 'Sus datos y los datos de contacto de su empresa', icon: 'IdcardOutlined' }),
                    lazy: () => import('../features/config-tuboleta/pages/datos-mi-cuenta-page').then((m) => ({ Component: m.DatosMiCuentaPage })),
                  },
                ],
              },
              { path: '*', lazy: paginaNoEncontrada, handle: h({ breadcrumb: 'Página no encontrada' }) },
            ],
          },
          // Invitation / password-reset link (public; outside the auth area's guard so a signed-in admin can open it too).
          { path: 'auth/invitacion', lazy: () => import('../features/usuarios/pages/invitacion-page').then((m) => ({ Component: m.InvitacionPage })) },
          { path: 'invitacion', loader: ({ request }) => redirect(`/auth/invitacion${new URL(request.url).search}`) },
          // Public receiver lookup (no session).
          {
            path: 'consultareceptor',
            lazy: () => import('../features/consulta-receptor/pages/consulta-receptor-page').then((m) => ({ Component: () => <m.ConsultaReceptorPage /> })),
          },
          // Issue 12: the point of sale, full screen outside the shell, behind the login and its permission.
          {
            path: 'puntoventa',
            loader: async (args) => (await guardLogin(args)) ?? guardPermiso({ idPermiso: 12010, componente: 'puntoventa' })(),
            shouldRevalidate: () => true,
            errorElement: <ErrorDeRuta />,
            lazy: () => import('../features/cajas/pages/punto-venta-page').then((m) => ({ Component: m.PuntoVentaPage })),
          },
          // Issue 6 (onboarding): the setup wizard, outside the shell, behind the login guard.
          {
            path: 'inicializacion-tuboleta',
            loader: guardLogin,
            lazy: () => import('../features/onboarding/components/wizard-layout').then((m) => ({ Component: m.WizardLayout })),
            errorElement: <ErrorDeRuta />,
            children: [
              { index: true, element: <Navigate to="tipo-configuracion" replace /> },
              { path: 'tipo-configuracion', lazy: () => import('../features/onboarding/pages/tipo-configuracion-page').then((m) => ({ Component: m.TipoConfiguracionPage })) },
              {
                path: 'wizard-config',
                children: [
                  { path: 'persona-de-contacto', lazy: () => import('../features/onboarding/pages/persona-contacto-page').then((m) => ({ Component: m.PersonaContactoPage })) },
                  { path: 'vinculacion-sunat', lazy: () => import('../features/onboarding/pages/vinculacion-sunat-page').then((m) => ({ Component: m.VinculacionSunatPage })) },
                  { path: 'series-electronicas', lazy: () => import('../features/onboarding/pages/series-electronicas-page').then((m) => ({ Component: m.SeriesElectronicasPage })) },
                  { path: 'opciones-configuracion', lazy: () => import('../features/onboarding/pages/opciones-configuracion-page').then((m) => ({ Component: m.OpcionesConfiguracionPage })) },
                ],
              },
            ],
          },
          { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: () => <m.NotFoundPage fueraDelShell /> })) },
        ],
      },
    ],
  },
]);
