import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts with `npx drizzle-kit generate` (run in apps/api) and committed;
// the server applies them at start on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/modules/**/*.schema.ts', './src/lib/**/*.schema.ts'],
  out: './drizzle',
});
