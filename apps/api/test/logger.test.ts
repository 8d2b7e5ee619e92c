// Issue 11 item 15: request logs are readable at a developer's terminal and stay JSON lines everywhere else.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { destinoLegible, usarFormatoLegible } from '../src/lib/logger';
import { crearEntorno, SECRETO_PRUEBA, type Entorno } from './helpers';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
}, 120_000);
afterAll(async () => e?.cerrar());

const recolector = () => {
  const lineas: string[] = [];
  const salida = new Writable({
    write(chunk, _enc, cb) {
      lineas.push(String(chunk));
      cb();
    },
  });
  return { lineas, salida };
};

describe('formato de los registros', () => {
  it('legible solo en una terminal fuera de producción; LOG_FORMAT lo fuerza', () => {
    expect(usarFormatoLegible({ tty: true, nodeEnv: 'development' })).toBe(true);
    expect(usarFormatoLegible({ tty: true })).toBe(true);
    expect(usarFormatoLegible({ tty: true, nodeEnv: 'production' })).toBe(false);
    expect(usarFormatoLegible({ tty: false, nodeEnv: 'development' })).toBe(false);
    expect(usarFormatoLegible({ tty: true, logFormat: 'json' })).toBe(false);
    expect(usarFormatoLegible({ tty: false, nodeEnv: 'production', logFormat: 'legible' })).toBe(true);
    // This very run (vitest, stdout not a terminal or a CI pipe) logs JSON.
    if (!process.stdout.isTTY) expect(usarFormatoLegible()).toBe(false);
  });

  it('una petición en formato legible: método, ruta, estado y tiempo en una línea, sin JSON y sin secretos', async () => {
    const { lineas, salida } = recolector();
    const app = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, webDist: null, destinoLog: destinoLegible(salida, false), nivelLog: 'info' });
    await app.ready();
    const r = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'legible-123456', authorization: 'Bearer secreto-no-visible' } });
    expect(r.statusCode).toBe(200);
    await app.close();
    const texto = lineas.join('');
    expect(texto).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: \[legible-123456\] incoming request GET \/api\/health$/m);
    expect(texto).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: \[legible-123456\] request completed 200 \d+ ms$/m);
    expect(texto).not.toContain('{"level"');
    expect(texto).not.toContain('secreto-no-visible');
  });
});
