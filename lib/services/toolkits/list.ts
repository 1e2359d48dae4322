import type { Runtime } from '../../runtime';
import type { ToolkitDef } from '../../catalog/types';
import { pageArray } from '../../contract/query';
import { listVisibleToolkits, resolveToolkit } from './resolve';
import { toolkitDetail, toolkitListItem } from './view';

/** Trigger counts per toolkit come from the triggers area when it is present. */
let triggerCounter: (slug: string) => number = () => 0;
export function setTriggerCounter(fn: (slug: string) => number) {
  triggerCounter = fn;
}

export async function listToolkitsFor(
  rt: Runtime,
  projectId: string,
  q: {
    category?: string;
    cursor?: string;
    limit?: number;
    managed_by?: 'composio' | 'all' | 'project';
    search?: string;
    sort_by?: 'usage' | 'alphabetically';
    /** only these toolkits (`POST /toolkits/multi`); unknown slugs are simply absent */
    slugs?: string[];
  },
) {
  const { builtIn, project } = await listVisibleToolkits(rt, projectId);
  const own = new Set(project.map((t) => t.slug));
  let all: ToolkitDef[] =
    q.managed_by === 'project' ? project : q.managed_by === 'composio' ? builtIn : [...builtIn, ...project];
  if (q.category) {
    const c = q.category.toLowerCase();
    all = all.filter((t) => t.categories.some((x) => x.slug === c || x.name.toLowerCase() === c));
  }
  if (q.search) {
    const s = q.search.toLowerCase();
    all = all.filter(
      (t) => t.slug.includes(s) || t.name.toLowerCase().includes(s) || t.description.toLowerCase().includes(s),
    );
  }
  // "usage" has no usage data on a fresh server: rank by catalog size, the closest proxy for popularity.
  all = [...all].sort(
    q.sort_by === 'alphabetically'
      ? (a, b) => a.name.localeCompare(b.name)
      : (a, b) => b.toolsCount - a.toolsCount || a.name.localeCompare(b.name),
  );
  if (q.slugs) {
    const wanted = new Set(q.slugs.map((x) => x.toLowerCase()));
    all = all.filter((t) => wanted.has(t.slug));
  }
  return pageArray(
    all.map((t) => toolkitListItem(t, triggerCounter(t.slug), own.has(t.slug) ? 'custom' : 'native')),
    q.cursor,
    q.limit ?? 50,
  );
}

export async function getToolkitFor(rt: Runtime, projectId: string, slug: string) {
  const tk = await resolveToolkit(rt, projectId, slug);
  return toolkitDetail(tk, triggerCounter(tk.slug));
}

export async function listCategories(rt: Runtime, projectId: string) {
  const { builtIn, project } = await listVisibleToolkits(rt, projectId);
  const seen = new Map<string, string>();
  for (const t of [...builtIn, ...project]) for (const c of t.categories) seen.set(c.slug, c.name);
  const items = [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  return { items, next_cursor: null, total_pages: 1, current_page: 1, total_items: items.length };
}
