import { defineConfig } from 'vitest/config';

// Each workspace is a vitest project (its own vitest.config.ts when it needs one, e.g. jsdom for the web app).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
