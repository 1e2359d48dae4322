import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * Prepared statements for the embedded database.
 *
 * PGlite's `query()` runs every call as six separate trips through Postgres' main loop (parse,
 * describe statement, bind, describe portal, execute, sync), parsing and planning the text each
 * time. On this engine all of it runs on the server's own thread: a one-row account read cost
 * ~0.95 ms there under the soak, most of a burst's time. Here each distinct text with parameters is
 * parsed once as a named statement (its parameter types described once), and every later call is
 * one trip carrying bind + describe + execute + sync: ~3× less time per query in isolation.
 *
 * Everything else is PGlite's own: its mutexes (the same order as `query()`: transaction, then
 * query), its serializers and parsers, its result shaping (`rowMode`, per-call parsers), its error
 * and notification handling (`execProtocolStream`). Statements without parameters (DDL, the
 * migrator, `select 1`) and calls with options this path does not cover go through `query()`.
 * At most MAX_STATEMENTS stay prepared (least recently used closed first): each holds a plan in
 * the WASM heap, which never shrinks.
 */
const MAX_STATEMENTS = 256;
const { serialize } = protocol;

interface Statement {
  name: string;
  oids: number[];
}

/** `blob` (COPY) and explicit `paramTypes` change how a call is sent: those keep PGlite's path. */
const preparable = (params: unknown[] | undefined, options?: QueryOptions) =>
  !!params?.length && !options?.blob && !options?.paramTypes;

/** Postgres refuses a cached plan whose result columns changed under it (a table altered since). */
const stalePlan = (err: unknown) =>
  (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String(err));

export function prepareStatements(client: PGlite): void {
  const statements = new Map<string, Statement>(); // insertion order = least recently used first
  let seq = 0;
  // PGlite's internals, typed here once: the two mutexes `query()` and `transaction()` take
  const internals = client as unknown as {
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  };
  const send = (parts: Uint8Array[]) => client.execProtocolStream(Buffer.concat(parts), { syncToFs: false });
  const close = (name: string) => send([serialize.close({ type: 'S', name }), serialize.sync()]);

  async function prepare(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `junction_${++seq}`;
    const described = await send([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const st = { name, oids: parse.parseDescribeStatementResults(described) };
    statements.set(text, st);
    if (statements.size > MAX_STATEMENTS) {
      const [oldText, old] = statements.entries().next().value as [string, Statement];
      statements.delete(oldText);
      await close(old.name);
    }
    return st;
  }

  async function forget(text: string) {
    const st = statements.get(text);
    if (!st) return;
    statements.delete(text);
    await close(st.name);
  }

  // Runs holding the query mutex (and, outside a transaction, the transaction mutex).
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTx: boolean) {
    const st = await prepare(text);
    const values = params.map((p, i) => {
      if (p === null || p === undefined) return null;
      const oid = st.oids[i]!;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(p) : String(p);
    });
    const messages = await send([
      serialize.bind({ statement: st.name, values: values as string[] }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    if (!inTx) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  const query = client.query.bind(client);
  client.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (!preparable(params, options)) return query<T>(text, params, options);
    const once = () =>
      internals._runExclusiveTransaction(() =>
        internals._runExclusiveQuery(() => run<T>(text, params!, options, false)),
      );
    try {
      return await once();
    } catch (err) {
      if (!stalePlan(err)) throw err;
      await internals._runExclusiveTransaction(() => internals._runExclusiveQuery(() => forget(text)));
      return once();
    }
  }) as PGlite['query'];

  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (async <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
        if (!preparable(params, options)) return txQuery<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        // A stale plan aborts the transaction: the statement is dropped so the caller's retry re-prepares.
        try {
          return await internals._runExclusiveQuery(() => run<R>(text, params!, options, true));
        } catch (err) {
          if (stalePlan(err)) statements.delete(text);
          throw err;
        }
      }) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];
}
