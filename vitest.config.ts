import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace is a vitest project (its own vitest.config.ts when it needs one, e.g. jsdom for the web app).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // Vitest's default on a 2-core machine is ONE worker (cores - 1): the suite then runs file after file with the
    // second core idle. The tests' own work is in the worker (PGlite runs in-process), so two workers use both.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1),
  },
});
