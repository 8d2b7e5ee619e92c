/**
 * What every benchmark shares: percentiles, the machine's load, and a temporary PostgreSQL database (created on the
 * server named by BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL, dropped at the end).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';

/** The p-th percentile (nearest rank) of a list of figures. */
export const percentil = (xs: number[], p: number): number => {
  if (!xs.length) return NaN;
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.max(0, Math.ceil((p / 100) * o.length) - 1))];
};

/** "carga 1.23 / 2 núcleos": printed with every figure, since a shared machine's load moves the results. */
export const cargaMaquina = (): string => `carga ${loadavg()[0].toFixed(2)} / ${cpus().length} núcleos`;

/** The PostgreSQL server the benchmarks may use, if one is named. */
export const servidorPostgres = (): string | undefined =>
  [process.env.BENCH_DATABASE_URL, process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find((u) => u && /^postgres(ql)?:\/\//.test(u));

async function comoAdministrador(servidor: string, sentencia: string): Promise<void> {
  const admin = new pg.Client({ connectionString: servidor });
  await admin.connect();
  try {
    await admin.query(sentencia);
  } finally {
    await admin.end();
  }
}

/** A new empty database on `servidor` (named `yupana_bench_<prefijo>_<random>`), and how to drop it. */
export async function baseTemporal(servidor: string, prefijo: string): Promise<{ nombre: string; url: string; borrar: () => Promise<void> }> {
  const nombre = `yupana_bench_${prefijo}_${randomBytes(4).toString('hex')}`;
  await comoAdministrador(servidor, `create database "${nombre}"`);
  const u = new URL(servidor);
  u.pathname = `/${nombre}`;
  return { nombre, url: u.toString(), borrar: () => comoAdministrador(servidor, `drop database if exists "${nombre}" with (force)`) };
}
