// `npm test`: every suite of the project, in order, with one summary at the end.
//  1. vitest: unit, component and API integration tests on the embedded database (PGlite);
//  2. the API integration suite again on PostgreSQL when TEST_DATABASE_URL is set;
//  3. the browser e2e suite (Playwright) when Chromium is at /usr/bin/chromium (CHROMIUM_PATH overrides).
// Extra arguments are passed to vitest (e.g. `npm test -- packages/sunat`), which then runs alone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureInstall, root } from './ensure-install.mjs';
import { buildWeb } from './build-web.mjs';

ensureInstall();
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const tmp = mkdtempSync(path.join(tmpdir(), 'yupana-test-'));
const results = [];

function vitest(label, args, env) {
  const out = path.join(tmp, `${results.length}.json`);
  const r = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args], {
    cwd: root, stdio: 'inherit', env: { ...process.env, ...env },
  });
  let passed = 0, failed = 0, skipped = 0;
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    passed = j.numPassedTests; failed = j.numFailedTests; skipped = j.numPendingTests + (j.numTodoTests ?? 0);
  }
  // A crash before any report (e.g. a file that does not compile) is a failure even with no failed test counted.
  const ok = r.status === 0;
  results.push({ label, passed, failed: failed || (ok ? 0 : 1), skipped, ok });
}

const extra = process.argv.slice(2);
if (extra.length) {
  vitest('vitest ' + extra.join(' '), extra, {});
} else {
  vitest('unidad + integración (PGlite)', [], { TEST_DATABASE_URL: '' });

  if (process.env.TEST_DATABASE_URL) {
    vitest('integración API (PostgreSQL)', ['--project', 'api'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
  } else {
    console.log('\n[npm test] TEST_DATABASE_URL no está definido: se omite la suite de integración sobre PostgreSQL.');
  }

  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(chromium)) {
    buildWeb();
    await e2e(chromium);
  } else {
    console.log(`\n[npm test] No se encontró Chromium en ${chromium}: se omiten las pruebas e2e del navegador ` +
      '(instale el paquete Debian "chromium" o defina CHROMIUM_PATH).');
  }
}
rmSync(tmp, { recursive: true, force: true });

/**
 * The browser suite, in E2E_SHARDS Playwright runs at once (default 1), each with its own server, port and embedded
 * database (Playwright's --shard splits the spec files). One run already keeps two cores ~85% busy (Chromium's
 * rendering is most of it), so sharding pays only on a bigger machine: E2E_SHARDS=4 on 8 cores, say.
 */
async function e2e(chromium) {
  const shards = Math.max(1, Number(process.env.E2E_SHARDS || 1));
  const basePort = Number(process.env.E2E_PORT || 3100);
  const runs = Array.from({ length: shards }, (_, i) => {
    const out = path.join(tmp, `e2e-${i + 1}.json`);
    const args = ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json', '--output', path.join(root, 'test-results', `shard-${i + 1}`)];
    if (shards > 1) args.push(`--shard=${i + 1}/${shards}`);
    const child = spawn(bin('playwright'), args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        // Ports 200 apart: each run's extra servers sit at its own port plus 50-80.
        E2E_PORT: String(basePort + i * 200), YUPANA_E2E_DATA_DIR: '',
      },
    });
    const prefix = shards > 1 ? `[e2e ${i + 1}/${shards}] ` : '';
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (d) => {
        const lines = (rest + d.toString()).split('\n');
        rest = lines.pop();
        for (const l of lines) (stream === child.stdout ? process.stdout : process.stderr).write(prefix + l + '\n');
      });
      stream.on('end', () => rest && process.stdout.write(prefix + rest + '\n'));
    }
    return new Promise((resolve) => child.on('close', (status) => resolve({ status, out })));
  });
  let passed = 0, failed = 0, skipped = 0, ok = true;
  const flaky = [];
  for (const { status, out } of await Promise.all(runs)) {
    let counted = 0;
    if (existsSync(out)) {
      const j = JSON.parse(readFileSync(out, 'utf8'));
      const s = j.stats ?? {};
      passed += (s.expected ?? 0) + (s.flaky ?? 0); counted = s.unexpected ?? 0; skipped += s.skipped ?? 0;
      flaky.push(...pruebasInestables(j));
    }
    failed += counted || (status === 0 ? 0 : 1);
    ok &&= status === 0;
  }
  results.push({ label: `e2e Chromium (Playwright${shards > 1 ? `, ${shards} a la vez` : ''})`, passed, failed, skipped, ok, flaky });
}

/** Titles of the e2e tests that failed once and passed on the retry (Playwright's "flaky"). */
function pruebasInestables(informe) {
  const titulos = [];
  const recorrer = (suite, ruta) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) if (t.status === 'flaky') titulos.push([...ruta, spec.title].filter(Boolean).join(' › '));
    for (const hija of suite.suites ?? []) recorrer(hija, [...ruta, hija.title]);
  };
  for (const suite of informe.suites ?? []) recorrer(suite, [suite.title]);
  return titulos;
}

console.log('\nResumen de pruebas:');
for (const r of results) {
  console.log(`  ${r.ok ? 'OK   ' : 'FALLA'} ${r.label}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
  for (const t of r.flaky ?? []) console.log(`        INESTABLE (falló una vez, pasó al reintentar): ${t}`);
}
const t = results.reduce((a, r) => ({ p: a.p + r.passed, f: a.f + r.failed, s: a.s + r.skipped }), { p: 0, f: 0, s: 0 });
console.log(`${t.p} passed, ${t.f} failed, ${t.s} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
