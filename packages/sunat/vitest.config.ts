import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@yupana/sunat',
    // Two vitest workers share two cores with the API files and the SUNAT checker's JVMs: a signing test that takes
    // 1 s alone can take several times that; vitest's 5 s default then fails a test that is only slow.
    testTimeout: 30_000,
  },
});
