'use server';
import { cookies } from 'next/headers';
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { zodFieldMessages } from '../../contract/errors';
import { requireAdmin } from '../auth';
import { addConnection, CONNECTION_COOKIE, getConnection, removeConnection } from '../connections';
import { v3, V3Error } from '../api-client';
import { audit } from '../audit';
import { SESSION_MAX_AGE } from '../auth.config';

export interface TestResult {
  ok: boolean;
  project?: { id: string; name: string };
  message: string;
  suggestedFix?: string;
}

async function probe(conn: { baseUrl: string; apiKey: string }): Promise<TestResult> {
  try {
    const p = await v3<{ id: string; name: string }>(conn, '/org/project/current', { timeoutMs: 10_000 });
    return { ok: true, project: { id: p.id, name: p.name }, message: `Connected as project ${p.name} (${p.id})` };
  } catch (err) {
    const e = err instanceof V3Error ? err : new V3Error(500, 'Unexpected error', 'Unknown');
    if (e.status === 404 && e.slug === 'Route_NotFound') {
      // A v3 server without our extension: prove the key works with a plain list call.
      try {
        await v3(conn, '/auth_configs', { query: { limit: 1 }, timeoutMs: 10_000 });
        return { ok: true, message: "Connected (this server doesn't report its project name)" };
      } catch (inner) {
        const ie = inner as V3Error;
        return { ok: false, message: ie.message, suggestedFix: ie.suggestedFix };
      }
    }
    return { ok: false, message: e.message, suggestedFix: e.suggestedFix };
  }
}

// Test a stored connection: "connected as project X".
export async function testConnectionAction(id: string): Promise<TestResult> {
  await requireAdmin();
  const conn = await getConnection(id);
  if (!conn) return { ok: false, message: 'This connection no longer exists' };
  return probe(conn);
}

const AddInput = z.object({
  name: z.string().trim().min(1, 'Give the connection a name').max(100),
  baseUrl: z
    .url("Enter the server's base URL, e.g. https://junction.example.com")
    .refine((u) => /^https?:\/\//.test(u), 'Use http or https'),
  apiKey: z.string().trim().min(8, 'Paste the project API key').max(500),
  orgApiKey: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((v) => v || undefined),
});

export interface AddState {
  error?: string;
  fields?: Record<string, string>;
  ok?: boolean;
  message?: string;
}

// Add a connection after testing it; the key is encrypted at rest and never sent back.
export async function addConnectionAction(_: AddState, form: FormData): Promise<AddState> {
  const admin = await requireAdmin();
  const parsed = AddInput.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return { error: 'Check the highlighted fields.', fields: zodFieldMessages(parsed.error) };
  }
  const test = await probe({ baseUrl: parsed.data.baseUrl.replace(/\/+$/, ''), apiKey: parsed.data.apiKey });
  if (!test.ok)
    return {
      error: `The connection test failed: ${test.message}${test.suggestedFix ? ` — ${test.suggestedFix}` : ''}`,
    };
  if (parsed.data.orgApiKey) {
    try {
      await v3(
        {
          baseUrl: parsed.data.baseUrl.replace(/\/+$/, ''),
          apiKey: parsed.data.apiKey,
          orgApiKey: parsed.data.orgApiKey,
        },
        '/org/owner/project/list',
        { timeoutMs: 10_000 },
      );
    } catch (err) {
      return {
        error: 'The organization key was refused.',
        fields: { orgApiKey: err instanceof V3Error ? err.message : 'The organization key was refused' },
      };
    }
  }
  const c = await addConnection(parsed.data);
  await audit(admin, 'connection.add', c.id);
  revalidatePath('/', 'layout');
  return { ok: true, message: `Added “${c.name}”. ${test.message}.` };
}

export async function switchConnectionAction(id: string): Promise<{ ok: boolean }> {
  await requireAdmin();
  if (!(await getConnection(id))) return { ok: false };
  (await cookies()).set(CONNECTION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_MAX_AGE * 30,
  });
  revalidatePath('/', 'layout');
  return { ok: true };
}

export async function removeConnectionAction(id: string): Promise<{ ok: boolean; message: string }> {
  const admin = await requireAdmin();
  const ok = await removeConnection(id);
  if (ok) await audit(admin, 'connection.remove', id);
  const jar = await cookies();
  if (jar.get(CONNECTION_COOKIE)?.value === id) jar.delete(CONNECTION_COOKIE);
  revalidatePath('/', 'layout');
  return { ok, message: ok ? 'Connection removed' : 'Connection not found' };
}
