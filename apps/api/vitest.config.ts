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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
