import { defineConfig } from 'drizzle-kit';

// One schema and one migration history for both engines (PGlite and PostgreSQL).
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
