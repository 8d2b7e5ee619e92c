import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { ErrorCodes, MensajesError, type TConfigPublica } from '@yupana/contracts';
import type { DbHandle } from './db/client';
import type { ConfigSesion, Contexto, LimitesLogin } from './lib/contexto';
import { cabecerasDeSeguridad } from './lib/cabeceras-seguridad';
import { registrarManejoErrores } from './lib/errores-http';
import { registrarTextoSeguro } from './lib/texto-seguro';
import { crearLogger } from './lib/logger';
import { verificarContrasenhaFicticia } from './lib/password';
import { crearTokens } from './lib/tokens';
import { registrarAutenticacion } from './modules/seguridad/auth.hook';
import { rutasAuth } from './modules/seguridad/auth.routes';
import { registrarAutorizacion } from './modules/seguridad/autorizacion';
import { rutasAdministracion } from './modules/seguridad/administracion.routes';
import { crearTiempoReal } from './lib/tiempo-real';
import { identidadDeToken } from './modules/seguridad/auth.hook';
import { mantenimiento } from './modules/seguridad/auth.service';
import { rutasUsuarios } from './modules/seguridad/usuarios.routes';
import { rutasAyuda } from './modules/ayuda/ayuda.routes';
import { rutasSistema } from './modules/sistema/sistema.routes';
import { rutasEntidades, rutasUbigeos } from './modules/entidades/entidades.routes';
import { rutasPadron } from './modules/entidades/padron.routes';
import { rutasSucursales, rutasSucursalesFinanzas } from './modules/entidades/sucursales.routes';
import { rutasItems } from './modules/logistica/items.routes';
import { rutasInventario } from './modules/logistica/inventario.routes';
import { rutasConteos } from './modules/logistica/conteos.routes';
import { moverStockAlEmitir, revertirStockAlAnular } from './modules/logistica/inventario-documentos';
import { avisarStockDeDocumento } from './modules/logistica/stock-en-vivo';
import { alEmitirDocumento, alEmitirGrupo } from './modules/contabilidad/documentos/emision.service';
import { rutasRrhh } from './modules/rrhh/rrhh.routes';
import { rutasRrhhSemilla } from './modules/rrhh/semilla.routes';
import { rutasLibros } from './modules/contabilidad/libros/libros.routes';
import {
  contabilizarAlCobrar,
  contabilizarLetra,
  revertirLetra,
  contabilizarGrupoAlEmitir,
  contabilizarAlMovimientoCaja,
  contabilizarMovimientoFinanciero,
  revertirMovimientoFinanciero,
  contabilizarAlAprobarNomina,
  contabilizarAlPagarNomina,
  revertirAlAnularPagoNomina,
  contabilizarAlDepositarCts,
  revertirAlAnularDepositoCts,
  contabilizarAlPagar,
  contabilizarVentaDeCaja,
  contabilizarAlRegistrarCompra,
  revertirAlAnular,
  revertirAlAnularCobro,
  revertirAlAnularCompra,
  revertirAlAnularPago,
  contabilizarDeduccion,
  revertirDeduccion,
} from './modules/contabilidad/libros/automaticos';
import { alAnularDeduccion, alRegistrarDeduccion } from './modules/finanzas/deducciones.service';
import { rutasDeducciones } from './modules/finanzas/deducciones.routes';
import { rutasRetencionesEmitidas } from './modules/finanzas/retenciones-emitidas.routes';
import { credencialDeEmpresa } from './modules/contabilidad/configuracion/configuracion.service';
import { usarCredencialRetencion, usarEnvioRetenciones } from './modules/finanzas/retenciones-emitidas.service';
import { crearLoteReversion, encolarRetencion, reenviarRetencion } from './modules/contabilidad/envio/retenciones';
import { rutasAsistencia } from './modules/rrhh/asistencia.routes';
import { rutasIclock } from './modules/rrhh/iclock.routes';
import { rutasPagos } from './modules/pagos/pagos.routes';
import { rutasContabilidad } from './modules/contabilidad/contabilidad.routes';
import { rutasSeries } from './modules/entidades/series/series.routes';
import { rutasComprobantesFinanzas } from './modules/finanzas/comprobantes.routes';
import { rutasFinanzas } from './modules/finanzas/finanzas.routes';
import { rutasPagos as rutasPagosProveedores } from './modules/finanzas/pagos.routes';
import { rutasSemillaFinanzas } from './modules/finanzas/semilla.routes';
import { rutasCompras } from './modules/logistica/compras.routes';
import { alAnularCompra, alRegistrarCompra } from './modules/logistica/compras.service';
import { aplicarNotaACuotas, cerrarCuotasDeDocumentoAnulado, registrarCuotasDeDocumento } from './modules/finanzas/cuentas-por-cobrar.service';
import { alAnularCobro, alRegistrarCobro } from './modules/finanzas/cobros.service';
import { rutasLetras } from './modules/finanzas/letras.routes';
import { rutasLetrasPagar } from './modules/finanzas/letras-pagar.routes';
import { alAnularPagoLetraPagar, alPagarLetraPagar } from './modules/finanzas/letras-pagar.service';
import { rutasReportesFinanzas } from './modules/finanzas/reportes.routes';
import { alAnularCobroLetra, alCobrarLetra, alMovimientoLetra, alRevertirLetra } from './modules/finanzas/letras.service';
import { alAnularPago, alRegistrarPago } from './modules/finanzas/pagos.service';
import { alAnularMovimientoFinanciero, alRegistrarMovimientoFinanciero } from './modules/finanzas/movimientos.service';
import { rutasMovimientosFinancieros } from './modules/finanzas/movimientos.routes';
import { alAprobarNomina } from './modules/rrhh/nominas.service';
import { alAnularPagoNomina, alPagarNomina } from './modules/rrhh/pagos-nomina.service';
import { alAnularDepositoCts, alDepositarCts } from './modules/rrhh/depositos-cts.service';
import { alRegistrarMovimientoCaja } from './modules/cajas/cajas.service';
import { alRegistrarVentaCaja } from './modules/cajas/venta.service';
import { alDocumentoAnulado, trasAnulacionConfirmada } from './modules/contabilidad/envio/documentos.repo';
import { rutasOnboarding } from './modules/onboarding/onboarding.routes';
import { rutasVentas } from './modules/ventas/ventas.routes';
import { rutasListasPrecios, rutasPedidos, rutasReporteVentas } from './modules/ventas/pedidos.routes';
import { rutasCajas, rutasCajasSemilla, rutasVentaCaja } from './modules/cajas/cajas.routes';
import { registrarEnvio, servicioEnvioDe } from './modules/contabilidad/envio/envio.routes';
import { rutasSire } from './modules/contabilidad/sire/sire.routes';
import { registrarMasivos } from './modules/contabilidad/masivos/masivos.routes';
import { crearEjecutor } from './lib/trabajos/ejecutor';

export type OpcionesApp = {
  dbh: DbHandle;
  /** HS256 key for access tokens (at least 32 bytes). */
  jwtSecret: Uint8Array | string;
  /** false: no logs (tests); otherwise pino at `nivelLog`, to stdout or to `destinoLog`. */
  logger?: boolean;
  nivelLog?: string;
  destinoLog?: DestinationStream;
  /** Folder of the built web app; default apps/web/dist when it exists, null to serve none. */
  webDist?: string | null;
  /** Comma-separated origins allowed by CORS; unset = CORS closed (same-origin only). */
  corsOrigin?: string;
  trustProxy?: boolean;
  bodyLimit?: number;
  sesion?: Partial<ConfigSesion>;
  limitesLogin?: Partial<LimitesLogin>;
  configPublica?: Partial<TConfigPublica>;
  /** Periodic cleanup of expired login attempts and dead refresh tokens once listening (default on). */
  mantenimiento?: boolean;
  /** The job runner's lease (ENVIO_LEASE_MS) and poll pause. */
  trabajos?: { leaseMs?: number; intervaloMs?: number };
  /** Redis for the realtime hub's rooms across processes (REDIS_URL); unset = this process only. */
  redisUrl?: string;
};

const raizApi = fileURLToPath(new URL('..', import.meta.url));
const version = (JSON.parse(readFileSync(path.join(raizApi, 'package.json'), 'utf8')) as { version: string }).version;

export const WEB_DIST_POR_DEFECTO = path.resolve(raizApi, '../web/dist');

/** Support data shown by the web's help panel; configurable per deployment through the environment. */
function configPublicaDesdeEntorno(): TConfigPublica {
  const telefono = (process.env.SOPORTE_TELEFONO ?? '987654321').replace(/^\+?51/, '');
  let asesores: TConfigPublica['Asesores'] = [{ Nombre: 'Soporte Yupana', Telefono: telefono }];
  if (process.env.SOPORTE_ASESORES) {
    // Format: "Nombre:9xxxxxxxx,Nombre 2:9yyyyyyyy"
    asesores = process.env.SOPORTE_ASESORES.split(',')
      .map((par) => par.split(':').map((s) => s.trim()))
      .filter(([n, t]) => n && t)
      .map(([Nombre, Telefono]) => ({ Nombre, Telefono: Telefono.replace(/^\+?51/, '') }));
  }
  // The brand is a deployment setting: the main ERP or the receipt variant (see docs/decisions.md).
  const variante = process.env.YUPANA_MARCA || 'erp';
  if (variante !== 'erp' && variante !== 'tuboleta') throw new Error(`YUPANA_MARCA debe ser erp o tuboleta, no ${variante}`);
  return {
    Marca: variante === 'tuboleta' ? 'Yupana Boletas' : 'Yupana',
    Variante: variante,
    TelefonoSoporte: telefono,
    Asesores: asesores,
    HorarioAtencion: process.env.SOPORTE_HORARIO ?? 'Lunes a viernes de 09:00 a 18:00',
    InactividadSegundos: Number(process.env.INACTIVIDAD_SEGUNDOS) > 0 ? Math.floor(Number(process.env.INACTIVIDAD_SEGUNDOS)) : 900,
  };
}

const ID_SOLICITUD_VALIDO = /^[A-Za-z0-9._-]{8,64}$/;

export async function buildApp(opts: OpcionesApp): Promise<FastifyInstance> {
  const secreto = typeof opts.jwtSecret === 'string' ? new TextEncoder().encode(opts.jwtSecret) : opts.jwtSecret;
  const sesion: ConfigSesion = {
    ttlAccesoSegundos: 15 * 60,
    ttlRefreshSegundos: 7 * 24 * 3600,
    duracionMaximaSesionSegundos: 30 * 24 * 3600,
    ...opts.sesion,
  };
  const tiempoReal = crearTiempoReal({
    verificar: (token) => identidadDeToken(ctx, token),
    redisUrl: opts.redisUrl,
    corsOrigin: opts.corsOrigin?.split(',').map((o) => o.trim()).filter(Boolean),
  });
  const ctx: Contexto = {
    dbh: opts.dbh,
    tokens: await crearTokens(secreto, sesion.ttlAccesoSegundos),
    sesion,
    limitesLogin: { ventanaSegundos: 15 * 60, maxPorIp: 30, intentosSinDemora: 3, demoraInicialSegundos: 1, demoraMaximaSegundos: 15 * 60, ...opts.limitesLogin },
    configPublica: { ...configPublicaDesdeEntorno(), ...opts.configPublica },
    version,
    tiempoReal,
    // Started when the server listens (or by a test); every module registers its queues on it.
    trabajos: crearEjecutor({
      db: opts.dbh.db,
      escuchar: opts.dbh.escuchar,
      leaseMs: opts.trabajos?.leaseMs ?? (Number(process.env.ENVIO_LEASE_MS) || 60_000),
      intervaloMs: opts.trabajos?.intervaloMs,
      alError: (err, t) => app.log.error({ err, trabajo: t && { id: t.id, cola: t.cola, idReferencia: t.idReferencia } }, 'trabajo en segundo plano'),
    }),
  };

  const app = Fastify({
    ...(opts.logger === false ? { logger: false } : { loggerInstance: crearLogger({ nivel: opts.nivelLog, destino: opts.destinoLog }) }),
    bodyLimit: opts.bodyLimit ?? 256 * 1024,
    trustProxy: opts.trustProxy ?? false,
    // Keep a caller's correlation id when it looks sane; otherwise make one.
    genReqId: (req) => {
      const dado = req.headers['x-request-id'];
      return typeof dado === 'string' && ID_SOLICITUD_VALIDO.test(dado) ? dado : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registrarManejoErrores(app);
  // Before every route's contract: malformed text (NUL, control characters, unpaired surrogates) is a 400.
  registrarTextoSeguro(app);
  // The realtime hub shares the API's HTTP server (path /api/tiempo-real); its sockets must end before the server can close.
  await tiempoReal.adjuntar(app.server);
  app.addHook('preClose', async () => tiempoReal.cerrar());
  // helmet's security headers with this CSP, computed once (see lib/cabeceras-seguridad.ts), and the request id:
  // one synchronous hook for every response, 404s and errors included.
  const cabecerasSeguridad = cabecerasDeSeguridad({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd 6 (cssinjs) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The document preview shows the PDF the page fetched (with the user's token) in a frame from a blob: URL.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // TLS is terminated in front of the app in production; on http://localhost this would break the page.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS belongs to the TLS front (proxy/load balancer); sent over plain http it would only mislead.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    for (let i = 0; i < cabecerasSeguridad.length; i++) res.setHeader(cabecerasSeguridad[i][0], cabecerasSeguridad[i][1]);
    reply.header('x-request-id', req.id);
    done();
  });

  if (opts.corsOrigin) {
    await app.register(fastifyCors, {
      origin: opts.corsOrigin.split(',').map((o) => o.trim()).filter(Boolean),
      credentials: false,
      exposedHeaders: ['x-request-id', 'retry-after'],
    });
  }

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Yupana API', description: 'API de Yupana (facturación electrónica y back-office)', version },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The documentation is public (it holds no data).
  app.addHook('onRoute', (ruta) => {
    if (ruta.url.startsWith('/api/docs')) ruta.config = { ...(ruta.config ?? {}), publica: true };
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' }, staticCSP: true });

  registrarAutenticacion(app, ctx);
  // After authentication: every /api route must declare its service (or be public), enforced per request.
  registrarAutorizacion(app, ctx);

  await app.register(async (api) => rutasSistema(api, ctx), { prefix: '/api' });
  // Help articles and the virtual assistant.
  await app.register(async (ayu) => rutasAyuda(ayu, ctx), { prefix: '/api/sistema' });
  await app.register(
    async (seg) => {
      await rutasAuth(seg, ctx);
      await rutasUsuarios(seg, ctx);
      await rutasAdministracion(seg, ctx);
    },
    { prefix: '/api/seguridad' },
  );

  // Customers, branches, ubigeos and the SUNAT padrón (maestros); the item catalogue under logistics.
  await app.register(
    async (ent) => {
      await rutasEntidades(ent, ctx);
      await rutasSucursales(ent, ctx);
      await rutasPadron(ent, ctx);
    },
    { prefix: '/api/entidades' },
  );
  await app.register(async (fin) => rutasSucursalesFinanzas(fin, ctx), { prefix: '/api/finanzas' });
  await app.register(async (log) => rutasItems(log, ctx), { prefix: '/api/logistica' });
  // Inventory (issue 13): issued documents move stock; voided (confirmed) or SUNAT-rejected ones reverse it, inside
  // the same transaction as the state change (decisions.md "Documents, stock, balances and cash").
  await app.register(async (log) => rutasInventario(log, ctx), { prefix: '/api/logistica' });
  await app.register(async (log) => rutasConteos(log, ctx), { prefix: '/api/logistica' });
  alEmitirDocumento(moverStockAlEmitir);
  alDocumentoAnulado(revertirStockAlAnular);
  // Tills learn of stock a confirmed void put back, after its commit; the listener leaves with this app instance.
  const quitarAvisoAnulacion = trasAnulacionConfirmada((d) => avisarStockDeDocumento(ctx, d, (err) => app.log.error({ err }, 'aviso de stock en vivo')));
  app.addHook('onClose', async () => quitarAvisoAnulacion());
  await app.register(async (rh) => rutasRrhh(rh, ctx), { prefix: '/api/rrhh' });
  // Accounting books (issue 15): chart, entries, periods, reports; the automatic posting job of sales documents.
  await app.register(async (lib) => rutasLibros(lib, ctx), { prefix: '/api/finanzas' });
  await app.register(async (rh) => rutasAsistencia(rh, ctx), { prefix: '/api/rrhh' });
  // The seed's remaining HR calls, and its branches and ubigeos on the HR host: the same services and grants as under /api/entidades.
  await app.register(
    async (rh) => {
      await rutasRrhhSemilla(rh, ctx);
      await rutasSucursales(rh, ctx);
      await rutasUbigeos(rh);
    },
    { prefix: '/api/rrhh' },
  );
  // Clock-in devices (ZKTeco push) call /iclock/... without a token: their serial number is checked per request.
  await app.register(async (ic) => rutasIclock(ic, ctx));
  // Plans, prepaid payments, the document allowance and debts to the provider.
  await app.register(async (pag) => rutasPagos(pag, ctx), { prefix: '/api/pagos' });
  // Issuing, documents and their files, SUNAT settings, public lookup; series (entidades host); the finance listing.
  await app.register(async (con) => rutasContabilidad(con, ctx), { prefix: '/api/contabilidad' });
  await app.register(async (ven) => rutasVentas(ven, ctx), { prefix: '/api/contabilidad' });
  await app.register(async (ser) => rutasSeries(ser, ctx), { prefix: '/api/entidades' });
  await app.register(async (fin) => rutasComprobantesFinanzas(fin, ctx), { prefix: '/api/finanzas' });
  // Cash boxes and sessions (finance host) and the point of sale's checkout (issue 12).
  await app.register(async (fin) => rutasCajas(fin, ctx), { prefix: '/api/finanzas' });
  await app.register(async (fin) => rutasCajasSemilla(fin, ctx), { prefix: '/api/finanzas' });
  await app.register(async (ven) => rutasVentaCaja(ven, ctx), { prefix: '/api/ventas' });
  // Issue 12: quotations and orders, price lists and the sales report.
  await app.register(async (ven) => rutasPedidos(ven, ctx), { prefix: '/api/ventas' });
  await app.register(async (log) => rutasListasPrecios(log, ctx), { prefix: '/api/logistica' });
  await app.register(async (con) => rutasReporteVentas(con, ctx), { prefix: '/api/contabilidad' });
  // Finance (issue 14): every credit sale writes its dues in the transaction; receivables, collections.
  alEmitirDocumento(registrarCuotasDeDocumento);
  alEmitirDocumento(aplicarNotaACuotas);
  alDocumentoAnulado(cerrarCuotasDeDocumentoAnulado);
  // Accounting (issue 15): the entry of every issued sales document and its cost of sales, the void's reversal,
  // in the operation's own transaction (after inventory's hook, whose movement gives the cost). Issues are posted per
  // group of the series lock, with a fixed number of round trips (automaticos.contabilizarGrupoAlEmitir).
  alEmitirGrupo(contabilizarGrupoAlEmitir);
  alDocumentoAnulado(revertirAlAnular);
  alRegistrarCobro(contabilizarAlCobrar);
  alAnularCobro(revertirAlAnularCobro);
  // Letras de cambio: a letra's collection marks it Cobrada (its void undoes it); each movement posts its entry.
  alRegistrarCobro(alCobrarLetra);
  alAnularCobro(alAnularCobroLetra);
  alMovimientoLetra(contabilizarLetra);
  alRevertirLetra(revertirLetra);
  // Supplier payments post 42/10 (caja or banco) and their void reverses it.
  // Letras por pagar first: a payment mixing letras and invoices is refused before the books post it.
  alRegistrarPago(alPagarLetraPagar);
  alRegistrarPago(contabilizarAlPagar);
  usarCredencialRetencion((tx, idEmpresa) => credencialDeEmpresa(tx, idEmpresa));
  // The CRE's sending and its resumen de reversiones (branch crenvio) are the sending module's jobs.
  usarEnvioRetenciones({ encolar: encolarRetencion, reenviar: reenviarRetencion, crearReversion: crearLoteReversion });
  alAprobarNomina(contabilizarAlAprobarNomina);
  alPagarNomina(contabilizarAlPagarNomina);
  alAnularPagoNomina(revertirAlAnularPagoNomina);
  alDepositarCts(contabilizarAlDepositarCts);
  alAnularDepositoCts(revertirAlAnularDepositoCts);
  alAnularPago(revertirAlAnularPago);
  alAnularPago(alAnularPagoLetraPagar);
  alRegistrarMovimientoCaja(contabilizarAlMovimientoCaja);
  // Movements on financial accounts (notas, deposits, transfers, ITF) post in journal 3; deleting one reverses it.
  alRegistrarMovimientoFinanciero(contabilizarMovimientoFinanciero);
  alAnularMovimientoFinanciero(revertirMovimientoFinanciero);
  alRegistrarVentaCaja(contabilizarVentaDeCaja);
  // Purchases post 60/40/42 and 20/61 in their own transaction; their void reverses them.
  alRegistrarCompra(contabilizarAlRegistrarCompra);
  alAnularCompra(revertirAlAnularCompra);
  // Detracciones and retenciones recorded against documents post BN/40114/42 against 12/10; their void reverses.
  alRegistrarDeduccion(contabilizarDeduccion);
  alAnularDeduccion(revertirDeduccion);
  await app.register(async (fin) => rutasFinanzas(fin, ctx), { prefix: '/api/finanzas' });
  await app.register(async (fin) => rutasLetras(fin, ctx), { prefix: '/api/finanzas' });
  await app.register(async (fin) => rutasLetrasPagar(fin, ctx), { prefix: '/api/finanzas' });
  await app.register(async (fin) => rutasReportesFinanzas(fin, ctx), { prefix: '/api/finanzas' });
  await app.register(async (fin) => rutasMovimientosFinancieros(fin, ctx), { prefix: '/api/finanzas' });
  await app.register(async (fin) => rutasPagosProveedores(fin, ctx), { prefix: '/api/finanzas' });
  // Seed paths of §7 Finance over the existing services (issue 14, finsemilla).
  await app.register(async (fin) => rutasSemillaFinanzas(fin, ctx), { prefix: '/api/finanzas' });
  await app.register(async (fin) => rutasDeducciones(fin, ctx), { prefix: '/api/finanzas' });
  await app.register(async (fin) => rutasRetencionesEmitidas(fin, ctx), { prefix: '/api/finanzas' });
  await app.register(async (log) => rutasCompras(log, ctx), { prefix: '/api/logistica' });
  // Account creation and the setup wizard (security host paths).
  await app.register(async (onb) => rutasOnboarding(onb, ctx), { prefix: '/api/seguridad' });
  // Sending to SUNAT (worker started by main.ts through servicioEnvioDe), voiding, resumen, regularizaciones, e-mail.
  await registrarEnvio(app, ctx);
  // SIRE (RVIE / RCE): SUNAT's proposal, comparison, acceptance and replacement, through the sending settings.
  await app.register(async (con) => rutasSire(con, ctx, servicioEnvioDe(app).ajustes), { prefix: '/api/contabilidad' });
  // Mass issuing from Excel: batches issued in the background (resumed after a restart).
  await registrarMasivos(app, ctx);

  const webDist = opts.webDist === undefined ? WEB_DIST_POR_DEFECTO : opts.webDist;
  const hayWeb = !!webDist && existsSync(path.join(webDist, 'index.html'));
  if (hayWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies (apps/web/vite.config.ts): sent by Accept-Encoding, with
      // Vary: Accept-Encoding, the file itself when the client takes neither (issue 17).
      preCompressed: true,
      setHeaders: (res, ruta) => {
        // Vite fingerprints everything under assets/, so it can be cached for good; the rest must revalidate.
        res.header('cache-control', ruta.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const esApi = req.url === '/api' || req.url.startsWith('/api/');
    // A missing file (/assets/old-hash.js) must be a 404, not the HTML page parsed as a script.
    const pareceArchivo = /\.[A-Za-z0-9]+$/.test(req.url.split('?')[0]);
    if (hayWeb && !esApi && !pareceArchivo && (req.method === 'GET' || req.method === 'HEAD')) {
      // SPA fallback: the client router owns every non-API path.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ ErrorId: ErrorCodes.RUTA_NO_ENCONTRADA, Mensaje: MensajesError[ErrorCodes.RUTA_NO_ENCONTRADA] });
  });

  // Warm the dummy hash so the very first unknown-user login costs the same as the others.
  app.addHook('onReady', async () => {
    await verificarContrasenhaFicticia('calentamiento');
  });

  // Housekeeping every 10 minutes, a recurring job of the runner (one process at a time); a failure is retried.
  if (opts.mantenimiento !== false)
    ctx.trabajos.registrar({
      cola: 'seguridad.mantenimiento',
      concurrencia: 1,
      recurrente: { cadaMs: 10 * 60 * 1000 },
      manejador: async () => {
        await mantenimiento(ctx);
        return { tipo: 'hecho' };
      },
    });
  // Background work runs once listening (inject-based tests start it themselves when they need it); it stops first
  // on close, before the modules it calls into.
  app.addHook('onListen', async () => ctx.trabajos.iniciar());
  app.addHook('preClose', async () => ctx.trabajos.detener());

  return app;
}
