import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Two vitest workers share two cores with the API files (PGlite) and the SUNAT checker's JVMs: a form test that
    // takes 2 s alone can take several times that; vitest's 5 s default then fails a test that is only slow.
    testTimeout: 30_000,
  },
});
