import fs from 'node:fs';
import { startServer } from '../tests/helpers/server';

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * Resident memory of a running Junction (PGlite, API only) after every toolkit's tools have
 * been listed — which loads the whole catalog — and a tool search has built its index.
 */
export async function runMemoryBench() {
  return { pglite: await measure('pglite'), postgres: await measure('postgres') };
}

async function measure(engine: 'pglite' | 'postgres') {
  const s = await startServer({ engine, env: { JUNCTION_VALIDATE_RESPONSES: '0' } });
  try {
    const idle = rssMb(s.proc.pid!);
    const toolkits = (await s.api('GET', '/toolkits?limit=1000')).body.items as { slug: string }[];
    let tools = 0;
    for (const t of toolkits) {
      const r = await s.api('GET', `/tools?toolkit_slug=${t.slug}&limit=1000`);
      if (r.status === 200) tools += r.body.total_items ?? r.body.items.length;
    }
    const session = await s.api('POST', '/tool_router/session', { user_id: 'bench' });
    let searched = false;
    if (session.status < 300) {
      const r = await s.api('POST', `/tool_router/session/${session.body.session_id}/search`, {
        queries: [{ use_case: 'create an issue on github' }],
      });
      searched = r.status === 200;
    }
    return {
      name: `resident memory, full catalog loaded (${engine}, fresh database)`,
      toolkits: toolkits.length,
      tools_listed: tools,
      search_index: searched ? 'built' : 'not available',
      rss_idle_mb: idle,
      rss_loaded_mb: rssMb(s.proc.pid!),
      target: '≤ 500 MB',
    };
  } finally {
    await s.stop();
  }
}
