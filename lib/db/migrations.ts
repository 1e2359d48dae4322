import path from 'node:path';

/** The committed drizzle-kit migrations, applied at start on either engine. */
export const MIGRATIONS = path.join(process.cwd(), 'drizzle');
