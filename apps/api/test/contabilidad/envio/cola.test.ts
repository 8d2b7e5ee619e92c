import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { empresa } from '../../../src/db/schema';
import type { DbHandle } from '../../../src/db/client';
import { cargarDatosDemo } from '../../../src/db/seed-demo';
import { crearTrabajador, encolarTrabajo, esperaReintento, reclamarTrabajos, type TResultadoTrabajo, type TTrabajo } from '../../../src/modules/contabilidad/envio/cola';
import { envioTrabajo } from '../../../src/modules/contabilidad/envio/envio.schema';
import { baseCompartida } from './base-compartida';

// The outbox alone, with a handler that records what it was given: the sending handlers are tested against the
// simulator in envio.test.ts; here the subject is claiming, leases, retries and stopping.
let dbh: DbHandle;
let cerrar: () => Promise<void>;
let otra: () => Promise<DbHandle>;
let idEmpresa: number;

beforeAll(async () => {
  ({ dbh, cerrar, otra } = await baseCompartida());
  await dbh.migrar();
  await cargarDatosDemo(dbh.db);
  [{ id: idEmpresa }] = await dbh.db.select({ id: empresa.id }).from(empresa).limit(1);
});
afterAll(() => cerrar());
beforeEach(async () => {
  await dbh.db.delete(envioTrabajo);
});

const opcionesRapidas = { esperaBaseMs: 20, maxEsperaMs: 50, intervaloMs: 10 };

async function esperarA(condicion: () => Promise<boolean>, ms = 10_000) {
  const fin = Date.now() + ms;
  while (Date.now() < fin) {
    if (await condicion()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('la condición no se cumplió a tiempo');
}

describe('cola de envío', () => {
  it('encolar dos veces el mismo documento deja un solo trabajo vivo', async () => {
    await dbh.db.transaction(async (tx) => {
      await encolarTrabajo(tx, { idEmpresa, tipo: 'COMPROBANTE', idDocumento: 101 });
      await encolarTrabajo(tx, { idEmpresa, tipo: 'COMPROBANTE', idDocumento: 101 });
    });
    expect(await dbh.db.select().from(envioTrabajo)).toHaveLength(1);
  });

  it('un trabajo que falla se reintenta con espera creciente y queda FALLIDO al agotar los intentos', async () => {
    await encolarTrabajo(dbh.db, { idEmpresa, tipo: 'COMPROBANTE', idDocumento: 7 });
    const momentos: number[] = [];
    const t = crearTrabajador({
      db: dbh.db,
      ...opcionesRapidas,
      esperaBaseMs: 40,
      maxEsperaMs: 1000,
      maxIntentos: 4,
      manejadores: {
        COMPROBANTE: async () => {
          momentos.push(Date.now());
          return { tipo: 'reintentar', error: 'SUNAT no responde' };
        },
        LOTE: async () => ({ tipo: 'hecho' }),
      },
    });
    t.iniciar();
    await esperarA(async () => (await dbh.db.select().from(envioTrabajo))[0].estado === 'FALLIDO');
    await t.detener();
    const [fila] = await dbh.db.select().from(envioTrabajo);
    expect(fila.intentos).toBe(4);
    expect(fila.ultimoError).toBe('SUNAT no responde');
    expect(momentos).toHaveLength(4);
    const pausas = momentos.slice(1).map((m, i) => m - momentos[i]);
    // 40, 80, 160 ms minus at most 15 % of jitter (a loaded machine only makes them longer).
    expect(pausas[0]).toBeGreaterThanOrEqual(34);
    expect(pausas[1]).toBeGreaterThanOrEqual(68);
    expect(pausas[2]).toBeGreaterThanOrEqual(136);
  });

  it('la espera entre reintentos se duplica y tiene tope', () => {
    const o = { esperaBaseMs: 1000, maxEsperaMs: 5000 };
    for (let i = 0; i < 20; i++) {
      expect(esperaReintento(1, o)).toBeGreaterThanOrEqual(850);
      expect(esperaReintento(1, o)).toBeLessThanOrEqual(1150);
      expect(esperaReintento(3, o)).toBeGreaterThanOrEqual(3400);
      expect(esperaReintento(3, o)).toBeLessThanOrEqual(4600);
      expect(esperaReintento(10, o)).toBeLessThanOrEqual(5750);
    }
  });

  it('esperar un ticket no gasta intentos y guarda el ticket', async () => {
    await encolarTrabajo(dbh.db, { idEmpresa, tipo: 'LOTE', idLote: 3 });
    const vistos: (string | null)[] = [];
    const t = crearTrabajador({
      db: dbh.db,
      ...opcionesRapidas,
      maxIntentos: 2,
      manejadores: {
        COMPROBANTE: async () => ({ tipo: 'hecho' }),
        LOTE: async (tr: TTrabajo): Promise<TResultadoTrabajo> => {
          vistos.push(tr.ticket);
          return vistos.length < 5 ? { tipo: 'esperar', enMs: 5, ticket: 'T-1' } : { tipo: 'hecho' };
        },
      },
    });
    t.iniciar();
    await esperarA(async () => (await dbh.db.select().from(envioTrabajo))[0].estado === 'HECHO');
    await t.detener();
    expect(vistos).toEqual([null, 'T-1', 'T-1', 'T-1', 'T-1']);
  });

  it('un trabajo cuyo trabajador murió se retoma al vencer su plazo, y el resultado tardío del primero se descarta', async () => {
    await encolarTrabajo(dbh.db, { idEmpresa, tipo: 'COMPROBANTE', idDocumento: 9 });
    const [tomado] = await reclamarTrabajos(dbh.db, 5, 100);
    expect(tomado.estado).toBe('EN_CURSO');
    // Before the lease runs out nobody else gets it.
    expect(await reclamarTrabajos(dbh.db, 5, 100)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 150));
    const [retomado] = await reclamarTrabajos(dbh.db, 5, 60_000);
    expect(retomado.id).toBe(tomado.id);
    expect(retomado.bloqueo).not.toBe(tomado.bloqueo);
    const { registrarResultado, OPCIONES_COLA_POR_DEFECTO } = await import('../../../src/modules/contabilidad/envio/cola');
    expect(await registrarResultado(dbh.db, tomado, { tipo: 'fallido', error: 'tarde' }, OPCIONES_COLA_POR_DEFECTO)).toBe(false);
    expect(await registrarResultado(dbh.db, retomado, { tipo: 'hecho' }, OPCIONES_COLA_POR_DEFECTO)).toBe(true);
    const [fila] = await dbh.db.select().from(envioTrabajo).where(eq(envioTrabajo.id, tomado.id));
    expect(fila.estado).toBe('HECHO');
  });

  it('mientras el trabajo sigue en mano su plazo se renueva: nadie más lo toma aunque tarde más que el plazo', async () => {
    await encolarTrabajo(dbh.db, { idEmpresa, tipo: 'COMPROBANTE', idDocumento: 77 });
    let tomadoPorOtro = -1;
    const t = crearTrabajador({
      db: dbh.db,
      ...opcionesRapidas,
      leaseMs: 150,
      manejadores: {
        COMPROBANTE: async () => {
          await new Promise((r) => setTimeout(r, 300));
          tomadoPorOtro = (await reclamarTrabajos(dbh.db, 5, 60_000)).length;
          await new Promise((r) => setTimeout(r, 200));
          return { tipo: 'hecho' };
        },
        LOTE: async () => ({ tipo: 'hecho' }),
      },
    });
    t.iniciar();
    await esperarA(async () => (await dbh.db.select().from(envioTrabajo))[0].estado === 'HECHO');
    await t.detener();
    expect(tomadoPorOtro).toBe(0);
    expect((await dbh.db.select().from(envioTrabajo))[0].intentos).toBe(1);
  });

  it('dos trabajadores sobre la misma base procesan cada trabajo exactamente una vez', async () => {
    const n = 40;
    for (let i = 1; i <= n; i++) await encolarTrabajo(dbh.db, { idEmpresa, tipo: 'COMPROBANTE', idDocumento: 1000 + i });
    const vistos: number[] = [];
    const manejador = async (tr: TTrabajo): Promise<TResultadoTrabajo> => {
      vistos.push(tr.idDocumento!);
      await new Promise((r) => setTimeout(r, 5));
      return { tipo: 'hecho' };
    };
    // On PostgreSQL the second worker has its own pool on the same database, as a second API process would.
    const db2 = (await otra()).db;
    const a = crearTrabajador({ db: dbh.db, ...opcionesRapidas, porRonda: 3, manejadores: { COMPROBANTE: manejador, LOTE: manejador } });
    const b = crearTrabajador({ db: db2, ...opcionesRapidas, porRonda: 3, manejadores: { COMPROBANTE: manejador, LOTE: manejador } });
    a.iniciar();
    b.iniciar();
    await esperarA(async () => (await dbh.db.select().from(envioTrabajo).where(eq(envioTrabajo.estado, 'HECHO'))).length === n);
    await Promise.all([a.detener(), b.detener()]);
    expect(vistos).toHaveLength(n);
    expect(new Set(vistos).size).toBe(n);
  });

  it('detener espera al trabajo en curso y después no reclama más', async () => {
    await encolarTrabajo(dbh.db, { idEmpresa, tipo: 'COMPROBANTE', idDocumento: 50 });
    let terminado = false;
    const t = crearTrabajador({
      db: dbh.db,
      ...opcionesRapidas,
      manejadores: {
        COMPROBANTE: async () => {
          await new Promise((r) => setTimeout(r, 200));
          terminado = true;
          return { tipo: 'hecho' };
        },
        LOTE: async () => ({ tipo: 'hecho' }),
      },
    });
    t.iniciar();
    await esperarA(async () => (await dbh.db.select().from(envioTrabajo))[0].estado === 'EN_CURSO');
    await t.detener();
    expect(terminado).toBe(true);
    await encolarTrabajo(dbh.db, { idEmpresa, tipo: 'COMPROBANTE', idDocumento: 51 });
    await new Promise((r) => setTimeout(r, 100));
    const [fila] = await dbh.db.select().from(envioTrabajo).where(eq(envioTrabajo.idDocumento, 51));
    expect(fila.estado).toBe('PENDIENTE');
  });
});
