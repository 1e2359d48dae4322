/**
 * Helpers the curated Jira tools share: resolving a person given as an email or a name to the
 * accountId Jira Cloud wants, a transition given by name to its id, Jira's worklog timestamp
 * format, and the `fields` object of an issue built from the hosted flat arguments.
 */
import { toAdf } from './jira-adf';
import { ToolArgumentError, ToolFailure, type CuratedContext } from './types';

export const API = '/rest/api/3';
export const AGILE = '/rest/agile/1.0';

interface JiraUser {
  accountId?: string;
  emailAddress?: string;
  displayName?: string;
  accountType?: string;
  active?: boolean;
}

/** Account ids look like `5b10a2844c20165700ede21g` or `712020:uuid`; anything with `@` or a space is a person to look up. */
const looksLikeAccountId = (v: string) => /^[0-9a-f]{24}$/i.test(v) || /^\d+:[0-9a-f-]{36}$/i.test(v) || v === '-1';

/** accountId for an account id, an email address or a display name (GET /rest/api/3/user/search). */
export async function resolveAccountId(ctx: CuratedContext, who: string): Promise<string> {
  const v = who.trim();
  if (looksLikeAccountId(v)) return v;
  const users = await ctx.json<JiraUser[]>({
    method: 'GET',
    path: `${API}/user/search`,
    query: { query: v, maxResults: 20 },
  });
  const list = Array.isArray(users) ? users.filter((u) => u.accountId && u.active !== false) : [];
  const lower = v.toLowerCase();
  const hit =
    list.find((u) => u.emailAddress?.toLowerCase() === lower) ??
    list.find((u) => u.displayName?.toLowerCase() === lower) ??
    (list.filter((u) => u.accountType !== 'app').length === 1 ? list.find((u) => u.accountType !== 'app') : undefined);
  if (hit?.accountId) return hit.accountId;
  // a string that is neither an email nor a known name may still be an account id in another format
  if (!v.includes('@') && !v.includes(' ') && list.length === 0) return v;
  throw new ToolFailure(
    list.length
      ? `"${who}" matches ${list.length} Jira users; pass the accountId (JIRA_FIND_USERS lists them)`
      : `no Jira user matches "${who}"`,
    {
      candidates: list.map((u) => ({
        accountId: u.accountId,
        displayName: u.displayName,
        emailAddress: u.emailAddress,
      })),
    },
  );
}

/** Jira's worklog `started`: `2024-05-01T09:30:00.000+0000`. Accepts that, ISO 8601, or a date. */
export function jiraTimestamp(value: unknown, now: Date): string {
  if (value === undefined || value === null || value === '') return now.toISOString().replace('Z', '+0000');
  const s = String(value);
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d{4}$/.test(s)) return s;
  const d = new Date(s);
  if (Number.isNaN(d.getTime()))
    throw new ToolArgumentError(`started must be a date-time, e.g. 2024-05-01T09:30:00Z (got "${s}")`);
  return d.toISOString().replace('Z', '+0000');
}

/** Additional fields given as an object or as its JSON text (the hosted tools take a JSON string). */
export function extraFields(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'object') return value as Record<string, unknown>;
  try {
    const parsed = JSON.parse(String(value));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  throw new ToolArgumentError('additional_properties must be a JSON object, e.g. {"customfield_10010": "value"}');
}

const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : typeof v === 'string' && v
      ? v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : [];

/** Issue `fields` from the hosted flat arguments (create and edit share them). */
export async function issueFields(ctx: CuratedContext, a: Record<string, unknown>): Promise<Record<string, unknown>> {
  const f: Record<string, unknown> = {};
  if (a.project_key)
    f.project = /^\d+$/.test(String(a.project_key)) ? { id: String(a.project_key) } : { key: a.project_key };
  if (a.summary !== undefined) f.summary = a.summary;
  if (a.issue_type)
    f.issuetype = /^\d+$/.test(String(a.issue_type)) ? { id: String(a.issue_type) } : { name: a.issue_type };
  if (a.description !== undefined && a.description !== null) f.description = toAdf(a.description);
  if (a.environment !== undefined && a.environment !== null) f.environment = toAdf(a.environment);
  if (a.assignee) f.assignee = { accountId: await resolveAccountId(ctx, String(a.assignee)) };
  if (a.reporter) f.reporter = { accountId: await resolveAccountId(ctx, String(a.reporter)) };
  if (a.priority) f.priority = /^\d+$/.test(String(a.priority)) ? { id: String(a.priority) } : { name: a.priority };
  if (a.labels !== undefined) f.labels = list(a.labels);
  if (a.due_date) f.duedate = a.due_date;
  if (a.parent) f.parent = /^\d+$/.test(String(a.parent)) ? { id: String(a.parent) } : { key: a.parent };
  if (a.components !== undefined)
    f.components = list(a.components).map((c) => (/^\d+$/.test(c) ? { id: c } : { name: c }));
  if (a.fix_versions !== undefined)
    f.fixVersions = list(a.fix_versions).map((c) => (/^\d+$/.test(c) ? { id: c } : { name: c }));
  if (a.versions !== undefined) f.versions = list(a.versions).map((c) => (/^\d+$/.test(c) ? { id: c } : { name: c }));
  // explicit `fields` and `additional_properties` (custom fields) win over nothing but are merged under the flat ones
  return { ...extraFields(a.fields), ...extraFields(a.additional_properties), ...f };
}

/** Transition id for an id or a name (the transition's name or its target status, case-insensitive). */
export async function resolveTransition(ctx: CuratedContext, issue: string, idOrName: string): Promise<string> {
  const v = idOrName.trim();
  if (/^\d+$/.test(v)) return v;
  const res = await ctx.json<{ transitions?: { id: string; name?: string; to?: { name?: string } }[] }>({
    method: 'GET',
    path: `${API}/issue/${encodeURIComponent(issue)}/transitions`,
  });
  const all = res.transitions ?? [];
  const lower = v.toLowerCase();
  const hit = all.find((t) => t.name?.toLowerCase() === lower) ?? all.find((t) => t.to?.name?.toLowerCase() === lower);
  if (!hit)
    throw new ToolFailure(`issue ${issue} has no transition named "${v}"`, {
      available: all.map((t) => ({ id: t.id, name: t.name, to: t.to?.name })),
    });
  return hit.id;
}
