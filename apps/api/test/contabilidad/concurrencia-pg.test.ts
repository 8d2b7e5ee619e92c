// Two API instances (own connection pools) on one PostgreSQL database issue 200 documents at once on one series:
// the series row lock must give numbers 1..200 with no duplicates and no gaps.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { cargarDatosDemo } from '../../src/db/seed-demo';
import { conToken, SECRETO_PRUEBA, sesionDe } from '../helpers';
import { baseCompartida } from './envio/base-compartida';
import { hoyLima } from './ayudas';

const hayPg = !!process.env.TEST_DATABASE_URL;
if (!hayPg) console.warn('[concurrencia-pg] se omite: defina TEST_DATABASE_URL (PostgreSQL) para probar dos instancias de la API sobre una base');

describe.skipIf(!hayPg)('dos instancias de la API sobre PostgreSQL', () => {
  let base: Awaited<ReturnType<typeof baseCompartida>>;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    base = await baseCompartida();
    await base.dbh.migrar();
    await cargarDatosDemo(base.dbh.db);
    for (const dbh of [base.dbh, await base.otra()]) {
      const app = await buildApp({ dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: null, mantenimiento: false });
      await app.ready();
      apps.push(app);
    }
  }, 120_000);
  afterAll(async () => {
    for (const a of apps) await a.close();
    await base?.cerrar();
  });

  it('200 emisiones simultáneas repartidas entre las dos: 1..200 sin huecos ni duplicados', async () => {
    const { AccessToken: token } = await sesionDe(apps[0], 'supervisor');
    const series = await apps[0].inject(conToken(token, { method: 'GET', url: '/api/entidades/v2/entidades/series?idtipodocumento=1003' }));
    const idSerie = (series.json() as { Data: { Id: number; Serie: string }[] }).Data.find((s) => s.Serie === 'F001')!.Id;
    const cuerpo = {
      IdTipoDocumento: 1003, IdSerie: idSerie, FechaEmision: hoyLima(),
      ListaItems: [{ ItemDescripcion: 'SERVICIO', Cantidad: '1', ValorUnitario: '100' }],
      ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA' }],
    };
    const respuestas = await Promise.all(
      Array.from({ length: 200 }, (_, i) => apps[i % 2].inject(conToken(token, { method: 'POST', url: '/api/contabilidad/v1/documentoContable', payload: cuerpo }))),
    );
    expect(respuestas.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    const numeros = respuestas.map((r) => r.json().Correlativo as number).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const r = (await base.dbh.db.execute(sql`select count(*)::int as n, count(distinct correlativo)::int as d, max(correlativo) as m from documento_contable where id_serie = ${idSerie}`)) as unknown as { rows: { n: number; d: number; m: number }[] };
    expect(r.rows[0]).toEqual({ n: 200, d: 200, m: 200 });
    const t = (await base.dbh.db.execute(sql`select count(*)::int as n from envio_trabajo`)) as unknown as { rows: { n: number }[] };
    expect(t.rows[0].n).toBe(200);
  }, 120_000);
});
