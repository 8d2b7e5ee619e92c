import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { crearEntorno, SECRETO_PRUEBA, type Entorno } from '../helpers';

describe('tiempo de inactividad en la configuración pública', () => {
  let e: Entorno;
  beforeAll(async () => {
    e = await crearEntorno();
  });
  afterAll(async () => e?.cerrar());

  it('es 900 segundos por defecto y se acorta por despliegue con INACTIVIDAD_SEGUNDOS', async () => {
    expect((await e.app.inject({ method: 'GET', url: '/api/config/publica' })).json().InactividadSegundos).toBe(900);
    process.env.INACTIVIDAD_SEGUNDOS = '20';
    try {
      const app = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: null });
      expect((await app.inject({ method: 'GET', url: '/api/config/publica' })).json().InactividadSegundos).toBe(20);
      await app.close();
    } finally {
      delete process.env.INACTIVIDAD_SEGUNDOS;
    }
  });
});
