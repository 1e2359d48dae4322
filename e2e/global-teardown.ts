import fs from 'node:fs';
import { server, STATE_FILE } from './support/server';

export default async function globalTeardown() {
  const s = server();
  try {
    process.kill(s.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  await new Promise((r) => setTimeout(r, 1500));
  try {
    process.kill(s.pid, 'SIGKILL');
  } catch {
    /* stopped */
  }
  globalThis.__e2eUpstream?.close();
  fs.rmSync(s.dataDir, { recursive: true, force: true });
  fs.rmSync(STATE_FILE, { force: true });
}
