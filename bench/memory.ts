import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startServer, type TestServer } from '../tests/helpers/server';
import { serverArgs } from './lib';
import { beforeCommit, beforeRoot } from './before';

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Resident memory of the compiled server (`npm start`), per engine, and what each part costs:
 * - idle: API only, after start (the search index is lazy: not built before the tool router is used);
 * - search index: after the first tool router session and search (the index is built in a worker
 *   thread, which reads every toolkit once; this process keeps only the index);
 * - full catalog: after every toolkit's tools have been listed (all kept in memory);
 * - the default start, settled (the figure the target is about);
 * - PGlite: the embedded database's idle figure minus PostgreSQL's;
 * - Next.js: the dashboard on, after serving its sign-in page, minus API only (when `.next` is built);
 * - before: idle and default figures on PGlite of the build before the catalog doubled (bench/before.ts),
 *   measured in the same run: idle memory must not grow with the catalog.
 */
export async function runMemoryBench() {
  const pglite = await measure('pglite');
  const before = await measureBefore();
  const postgres = await measure('postgres');
  const dashboard = await measureDashboard(pglite.rss_idle_mb);
  return {
    pglite,
    before,
    ...(typeof before === 'object'
      ? { pglite_default_vs_before_mb: pglite.rss_default_mb - before.rss_default_mb }
      : {}),
    postgres,
    parts_mb: {
      embedded_database: pglite.rss_idle_mb - postgres.rss_idle_mb,
      search_index: postgres.search_index_mb,
      full_catalog_in_memory: postgres.full_catalog_mb,
      nextjs_dashboard: dashboard,
    },
    target: 'idle ≤ 250 MB (PGlite), ≤ 120 MB (PostgreSQL); full catalog loaded ≤ 500 MB',
    meets_target: pglite.rss_default_mb <= 250 && postgres.rss_default_mb <= 120,
  };
}

async function start(engine: 'pglite' | 'postgres', env: Record<string, string>, cwd?: string): Promise<TestServer> {
  // the compiled server, as `npm start` runs it (tsx would add its own compiler's memory)
  return startServer({ engine, cwd, args: await serverArgs(), env: { JUNCTION_VALIDATE_RESPONSES: '0', ...env } });
}

/** Idle (search index not built) and default (settled) RSS of the earlier build on PGlite. */
async function measureBefore() {
  let cwd: string;
  try {
    const commit = beforeCommit();
    if (!commit) return 'off';
    cwd = beforeRoot(commit);
  } catch (err) {
    return `not measured: ${(err as Error).message}`;
  }
  const settled = async (env: Record<string, string>, ms: number) => {
    const s = await start('pglite', env, cwd);
    try {
      await settle(ms);
      return rssMb(s.proc.pid!);
    } finally {
      await s.stop();
    }
  };
  return {
    commit: beforeCommit(),
    rss_idle_mb: await settled({ JUNCTION_SEARCH_WARM: '0' }, 3000),
    rss_default_mb: await settled({}, 8000),
  };
}

async function measure(engine: 'pglite' | 'postgres') {
  let s = await start(engine, { JUNCTION_SEARCH_WARM: '0' });
  let idle: number;
  let indexed: number;
  let loaded: number;
  let tools = 0;
  let searched = false;
  try {
    await settle(3000);
    idle = rssMb(s.proc.pid!);
    const session = await s.api('POST', '/tool_router/session', { user_id: 'bench' });
    if (session.status < 300) {
      const r = await s.api('POST', `/tool_router/session/${session.body.session_id}/search`, {
        queries: [{ use_case: 'create an issue on github' }],
      });
      searched = r.status === 200;
    }
    await settle(2000);
    indexed = rssMb(s.proc.pid!);
    const toolkits = (await s.api('GET', '/toolkits?limit=1000')).body.items as { slug: string }[];
    for (const t of toolkits) {
      const r = await s.api('GET', `/tools?toolkit_slug=${t.slug}&limit=1000`);
      if (r.status === 200) tools += r.body.total_items ?? r.body.items.length;
    }
    loaded = rssMb(s.proc.pid!);
  } finally {
    await s.stop();
  }
  // the default start, settled
  s = await start(engine, {});
  let byDefault: number;
  try {
    await settle(8000);
    byDefault = rssMb(s.proc.pid!);
  } finally {
    await s.stop();
  }
  return {
    name: `resident memory, compiled server (${engine}, fresh database, API only)`,
    search_index: searched ? 'built' : 'not available',
    tools_listed: tools,
    rss_idle_mb: idle,
    rss_default_mb: byDefault,
    rss_with_index_mb: indexed,
    rss_full_catalog_mb: loaded,
    search_index_mb: indexed - idle,
    full_catalog_mb: loaded - indexed,
  };
}

async function measureDashboard(apiOnlyIdle: number): Promise<number | string> {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) return 'not measured (no .next build; run `npm run build`)';
  const s = await start('pglite', { JUNCTION_DASHBOARD: 'on', JUNCTION_SEARCH_WARM: '0' });
  try {
    await fetch(`${s.url}/sign-in`).catch(() => {});
    await settle(3000);
    return rssMb(s.proc.pid!) - apiOnlyIdle;
  } finally {
    await s.stop();
  }
}
