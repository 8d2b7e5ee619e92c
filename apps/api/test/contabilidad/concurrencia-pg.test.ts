// Two API processes (real OS processes, each with its own connection pool, as two instances behind a load balancer)
// on one PostgreSQL database issue 200 documents at once on one series: the series row lock must give numbers
// 1..200 with no duplicates and no gaps, and exactly one sending job per document.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { facturaDemo, grupoDeProcesos, tokenSupervisor } from '../procesos-api';

const hayPg = !!process.env.TEST_DATABASE_URL;
if (!hayPg) console.warn('[concurrencia-pg] se omite: defina TEST_DATABASE_URL (PostgreSQL) para probar dos procesos de la API sobre una base');

describe.skipIf(!hayPg)('dos procesos de la API sobre PostgreSQL', () => {
  const grupo = grupoDeProcesos('yupana_conc');
  afterAll(() => grupo.cerrar());

  it('200 emisiones simultáneas repartidas entre los dos: 1..200 sin huecos ni duplicados', { timeout: 240_000 }, async () => {
    // The first process migrates and loads the demo data; the second starts on the same database. Both run their
    // sending workers meanwhile, as in production (a job row stays after it is sent, so the count below holds).
    const [uno, dos] = await grupo.iniciar(2);
    const token = await tokenSupervisor(uno);
    const { idSerie, cuerpo } = await facturaDemo(uno, token);

    const respuestas = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const r = await fetch(`${i % 2 ? dos : uno}/api/contabilidad/v1/documentoContable`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: cuerpo,
        });
        return { status: r.status, cuerpo: (await r.json()) as { Correlativo: number } };
      }),
    );
    expect(respuestas.filter((r) => r.status !== 201)).toEqual([]);
    const numeros = respuestas.map((r) => r.cuerpo.Correlativo).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));

    const db = new pg.Client({ connectionString: grupo.urlBase() });
    await db.connect();
    try {
      const { rows } = await db.query('select count(*)::int as n, count(distinct correlativo)::int as d, max(correlativo) as m from documento_contable where id_serie = $1', [idSerie]);
      expect(rows[0]).toEqual({ n: 200, d: 200, m: 200 });
      const trabajos = await db.query("select count(*)::int as n, count(distinct id_referencia)::int as d from trabajo where cola = 'envio.comprobante'");
      expect(trabajos.rows[0]).toEqual({ n: 200, d: 200 });
    } finally {
      await db.end();
    }
  });
});
