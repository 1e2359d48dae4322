import 'server-only';
import { getRuntime } from '../runtime';

/** The dashboard's own tables and keyring; service data never comes from here. */
export async function dashboardStore() {
  const rt = await getRuntime();
  return { db: rt.db, keyring: rt.keyring };
}
