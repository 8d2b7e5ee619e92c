import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PORT and E2E_WEB_DIST let several runs share one machine without colliding.
const PUERTO = Number(process.env.E2E_PORT || 3100);

// A fresh embedded database per run, so every run starts from the demo data. The config is loaded by the runner and
// again by each worker: the environment variable makes them all agree on one folder.
process.env.YUPANA_E2E_DATA_DIR ||= mkdtempSync(path.join(tmpdir(), 'yupana-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(raiz, 'test-results'),
  globalTeardown: './global-teardown.ts',
  // Room for a loaded 2-core machine (a page switch took 5-10 s at load 16): a passing test takes no longer for it,
  // and CI's first attempts failed at the old 30 s / 7 s on steps that answered in under a second.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two cores are shared with other work: one worker keeps timings predictable.
  workers: 1,
  // In CI one retry absorbs a one-off timing flake of a shared 2-core machine (a click landing while a menu animates)
  // without hiding it: `npm test` prints every test that needed the retry as "flaky". Locally, none.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PUERTO}`,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    // Recording a trace screencasts every frame: on two cores it made each test about a third slower. In CI a failed
    // test is retried with its trace recorded; locally (no retry) a failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The app then runs antd without animations (prefers-reduced-motion, see apps/web/src/app/antd-raiz.tsx).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
  webServer: {
    // Same launch as `npm start`: build the web app if stale, then the API (which serves it) under tsx.
    command: 'node scripts/build-web.mjs && node --import tsx apps/api/src/main.ts',
    cwd: raiz,
    url: `http://localhost:${PUERTO}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PUERTO), DATA_DIR: process.env.YUPANA_E2E_DATA_DIR, ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}), DATABASE_URL: '', HOST: '127.0.0.1' },
  },
});
