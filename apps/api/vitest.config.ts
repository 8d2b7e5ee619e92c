import { defineConfig } from 'vitest/config';

// API integration tests: real Fastify app through inject(), on PGlite in memory by default and on PostgreSQL
// when TEST_DATABASE_URL is set (each test file gets its own database, so files run in parallel).
export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Any 5xx answered by the API during a test fails that test (see test/sin-errores-servidor.ts).
    setupFiles: ['test/sin-errores-servidor.ts'],
    // One migrated, seeded database for the whole run; each file copies it (see test/plantilla.global.ts).
    globalSetup: ['test/plantilla.global.ts'],
    // Files share a worker's loaded modules instead of re-importing the whole API for each file (that import was
    // a quarter of the suite's time). Safe because every file builds its own app and database (crearEntorno) and no
    // test mocks a module; module-level caches that a file must not see from another are keyed by app or database.
    isolate: process.env.VITEST_ISOLATE === '1',
    // Generous because two workers share two cores (the authorization matrix's longest test took 30 s in CI next to
    // the SUNAT checker's JVMs); a hang still fails, and speed is measured by the benches, never by a timeout.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
