import fs from 'node:fs';
import path from 'node:path';

export interface E2EServer {
  url: string;
  apiUrl: string;
  apiKey: string;
  orgKey: string;
  admin: { email: string; password: string };
  upstreamUrl: string;
  pid: number;
  dataDir: string;
  seed: Record<string, string>;
}

// One directory per test run (set in playwright.config.ts), so concurrent runs never share a server.
export const STATE_DIR = path.join(process.cwd(), 'e2e', '.state', process.env.JUNCTION_E2E_RUN ?? 'default');
export const STATE_FILE = path.join(STATE_DIR, 'server.json');
/** storageState of the signed-in dashboard admin (written by e2e/dashboard/auth.setup.ts) */
export const ADMIN_STATE = path.join(STATE_DIR, 'admin.json');

export function server(): E2EServer {
  return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as E2EServer;
}

/** A v3 call with the project key (test data is created through the API, never the database). */
export async function v3<T = any>(method: string, p: string, body?: unknown, s = server()): Promise<T> {
  const res = await fetch(`${s.apiUrl}${p}`, {
    method,
    headers: { 'x-api-key': s.apiKey, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

/** A v3 call with the organization key (org-level routes: keys, members, audit log). */
export async function v3org<T = any>(method: string, p: string, body?: unknown, s = server()): Promise<T> {
  const res = await fetch(`${s.apiUrl}${p}`, {
    method,
    headers: { 'x-org-api-key': s.orgKey, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

/** What the shared server has printed so far (global-setup sends its output to server.log). */
export function serverLog(): string {
  return fs.readFileSync(path.join(STATE_DIR, 'server.log'), 'utf8');
}
