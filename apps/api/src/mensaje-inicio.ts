import { CONTRASENHA_DEMO, USUARIOS_DEMO } from './db/seed-demo';

/**
 * What `npm start` prints once the server listens: the address, the database, the API docs and, with demo data, every
 * demo user with the shared password (issue 11, item 15: it listed only three of them).
 */
export function mensajeDeInicio(o: { direccion: string; baseDatos: string; demoCargado: boolean; conDemo: boolean }): string {
  const lineas = [
    '',
    `  Yupana está listo en ${o.direccion}`,
    `  Base de datos: ${o.baseDatos}${o.demoCargado ? ' (datos de demostración cargados)' : ''}`,
    `  Documentación de la API: ${o.direccion}/api/docs`,
  ];
  if (o.conDemo) {
    lineas.push(`  Usuarios de demostración (contraseña ${CONTRASENHA_DEMO}):`);
    for (const u of USUARIOS_DEMO) lineas.push(`    - ${u.usuario.padEnd(18)} ${u.rol}`);
  }
  return lineas.join('\n') + '\n';
}
