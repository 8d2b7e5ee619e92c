import path from 'node:path';
import { buildApp } from './app';
import { abrirDb } from './db/client';
import { cargarDatosDemo, hayDatos } from './db/seed-demo';
import { mensajeDeInicio } from './mensaje-inicio';
import { idEmpresaProveedora } from './lib/proveedor';
import { ErrorDeArranque, exigirClavesDelEntorno, obtenerSecretoJwt, valorVerificacionJwt, verificarClaves } from './lib/secreto';
import { configurarClaveCifrado, valorVerificacionCifrado } from './modules/contabilidad/configuracion/cifrado';
import { servicioEnvioDe } from './modules/contabilidad/envio/envio.routes';

async function main(): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  const url = process.env.DATABASE_URL;
  const puerto = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '0.0.0.0';

  // On PostgreSQL (several processes may share the database) both keys must come from the environment.
  exigirClavesDelEntorno(url && /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'pglite');
  // Key for the companies' certificates and SOL credentials (YUPANA_CLAVE_CIFRADO or DATA_DIR/cifrado.key); before the demo data.
  configurarClaveCifrado(dataDir);
  const { secreto } = obtenerSecretoJwt(dataDir);
  const dbh = await abrirDb(url, dataDir);
  await dbh.migrar();
  // A process with other keys than the database was started with stops here, before it stores anything unreadable.
  await verificarClaves(dbh.db, { cifrado: valorVerificacionCifrado(), jwt: valorVerificacionJwt(secreto) });

  // Demo data only on the embedded database (or when asked): a production PostgreSQL never gets demo users.
  const quiereDemo = dbh.motor === 'pglite' ? process.env.SEED_DEMO !== '0' : process.env.SEED_DEMO === '1';
  let demoCargado = false;
  if (quiereDemo && !(await hayDatos(dbh.db))) {
    await cargarDatosDemo(dbh.db, { padron: true });
    demoCargado = true;
  }

  const app = await buildApp({
    dbh,
    jwtSecret: secreto,
    corsOrigin: process.env.CORS_ORIGIN,
    trustProxy: process.env.TRUST_PROXY === '1',
    webDist: process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : undefined,
    redisUrl: process.env.REDIS_URL || undefined,
  });
  if (!(await idEmpresaProveedora(dbh.db)))
    app.log.warn('No hay empresa proveedora: nadie puede vender planes ni aprobar pagos. Créela con `npm run proveedor -- --ruc ... --razon-social ... --correo ...` (README)');

  let cerrando = false;
  const cerrar = async (senal: string) => {
    if (cerrando) return;
    cerrando = true;
    app.log.info({ senal }, 'cerrando el servidor');
    await app.close();
    await dbh.cerrar();
    process.exit(0);
  };
  process.on('SIGINT', () => void cerrar('SIGINT'));
  process.on('SIGTERM', () => void cerrar('SIGTERM'));

  // SUNAT sending worker; the stand-in (SIMULADOR environment) runs in this process on a free loopback port.
  // app.close() stops both gracefully.
  // SUNAT_SIMULADOR_PUERTO fixes its port (an e2e spec drives its /admin fault drills, e.g. a rejected guide).
  const puertoSimulador = Number(process.env.SUNAT_SIMULADOR_PUERTO || 0);
  await servicioEnvioDe(app).iniciar({
    simulador: process.env.SUNAT_SIMULADOR === '0' ? false : Number.isInteger(puertoSimulador) && puertoSimulador > 0 ? { port: puertoSimulador, host: '127.0.0.1' } : true,
  });

  await app.listen({ port: puerto, host });
  const direccion = `http://localhost:${puerto}`;
  const baseDatos = dbh.motor === 'pglite' ? `PGlite en ${path.join(dataDir, 'pglite')}` : 'PostgreSQL';
  console.log(mensajeDeInicio({ direccion, baseDatos, demoCargado, conDemo: quiereDemo }));
}

main().catch((err: unknown) => {
  if (err instanceof ErrorDeArranque) console.error(`No se pudo iniciar Yupana: ${err.message}`);
  else console.error('No se pudo iniciar Yupana:', err);
  process.exit(1);
});
