import { sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { log } from '../../log';

/**
 * Change notices for per-process caches. A writer calls `announceChange(tx, kind, id)` inside its
 * transaction (or a database trigger raises the notice, drizzle/0015): PostgreSQL delivers the
 * NOTIFY at commit to every process LISTENing on the channel, whose handlers then drop their entry.
 * The writer's own process also drops it at once through `changedHere` (so its next request never
 * reads the old value). The embedded database is one process and delivers its notices to
 * `Database.listen` as the committing statement returns. Once the PostgreSQL listener is connected
 * (and again after each reconnect) every handler is called with '*': notices may have been missed.
 */
const CHANNEL = 'junction_cache';
type Handler = (id: string) => void;
const handlers = new Map<string, Set<Handler>>();

export async function announceChange(
  db: { execute(q: ReturnType<typeof sql>): Promise<unknown> },
  kind: string,
  id: string,
) {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${`${kind}:${id}`})`);
}

/** Drop the entry in this process (writers call it after their transaction commits). */
export function changedHere(kind: string, id: string) {
  for (const fn of handlers.get(kind) ?? []) fn(id);
}

export function onChange(rt: Runtime, kind: string, fn: Handler) {
  let set = handlers.get(kind);
  if (!set) handlers.set(kind, (set = new Set()));
  set.add(fn);
  if (rt.config.databaseUrl) {
    if (!listening) {
      listening = true;
      void listen(rt.config.databaseUrl);
    }
  } else if (rt.database.listen && !embeddedListening.has(rt.database)) {
    embeddedListening.add(rt.database);
    rt.database.listen(CHANNEL, dispatch).catch((err: unknown) => {
      embeddedListening.delete(rt.database);
      log.warn({ err: (err as Error).message }, 'cache change listener (embedded database) failed');
    });
  }
}

/** The embedded databases this process listens on (tests open several, one after another). */
const embeddedListening = new WeakSet<object>();

function dispatch(payload: string | undefined) {
  const at = payload?.indexOf(':') ?? -1;
  if (at > 0) changedHere(payload!.slice(0, at), payload!.slice(at + 1));
}

let listening = false;
let client: import('pg').Client | undefined;

async function listen(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {
      /* 'end' follows */
    });
    c.on('notification', (n) => dispatch(n.payload));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'cache change listener: cannot connect, retrying');
      await c.end().catch(() => {});
      if (listening) setTimeout(() => void connect(), 1000).unref();
      return;
    }
    // Whatever was cached before LISTEN took effect (first connection) or while the listener was
    // away (reconnect) may have missed its notice.
    for (const kind of handlers.keys()) changedHere(kind, '*');
    client = c;
    // the listener must not keep a finished process alive
    (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    c.on('end', () => {
      if (client === c) client = undefined;
      if (listening) setTimeout(() => void connect(), 1000).unref();
    });
  };
  await connect();
}

/** Close the listener (graceful shutdown). */
export async function stopChangeListener() {
  listening = false;
  await client?.end().catch(() => {});
  client = undefined;
}
