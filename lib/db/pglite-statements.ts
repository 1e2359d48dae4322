import {
  parse,
  protocol,
  types,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * Prepared statements for the embedded database.
 *
 * PGlite's `query()` runs every call as six separate trips through Postgres' main loop (parse,
 * describe statement, bind, describe portal, execute, sync), parsing and planning the text each
 * time. On this engine all of it runs on the server's own thread: a one-row account read cost
 * ~0.95 ms there under the soak, most of a burst's time. Here each distinct text with parameters is
 * parsed once as a named statement (its parameter and result columns described once), and every
 * later call is one trip carrying bind + execute + sync: ~3× less time per query in isolation.
 * The result columns come from that first description, not from a describe on every call: a row
 * description is the largest message of a small result (every column's name), and parsing it again
 * on each call was a tenth of a read's time. Rows are shaped here, resolving each column's parser
 * once per call (PGlite's `parseResults` copies the whole parser table for every call that brings
 * parsers of its own, as drizzle's queries all do).
 *
 * Everything else is PGlite's own: its mutexes (the same order as `query()`: transaction, then
 * query), its serializers, parsers and message parser, its error and notification handling
 * (`execProtocolStream`). Statements without parameters (DDL, the migrator, `select 1`) and calls
 * with options this path does not cover go through `query()`.
 * At most MAX_STATEMENTS stay prepared (least recently used closed first): each holds a plan in
 * the WASM heap, which never shrinks.
 */
const MAX_STATEMENTS = 256;
const { serialize } = protocol;

interface Field {
  name: string;
  dataTypeID: number;
}

interface Statement {
  name: string;
  oids: number[];
  /** the result columns (none for a statement that returns no rows) */
  fields: readonly Field[];
}

type Parser = (value: string, typeId: number) => unknown;
const defaultParsers = types.parsers as Record<number, Parser | undefined>;

/** What `parseResults` makes of one statement's messages, with the columns known beforehand. */
function shapeResult<T>(
  messages: { name: string }[],
  fields: readonly Field[],
  clientParsers: Record<number, Parser | undefined>,
  options: QueryOptions | undefined,
): Results<T> {
  const own = options?.parsers as Record<number, Parser | undefined> | undefined;
  const parsers = fields.map((f) => own?.[f.dataTypeID] ?? clientParsers[f.dataTypeID] ?? defaultParsers[f.dataTypeID]);
  const value = (v: string | null, i: number) => {
    if (v === null) return null;
    const p = parsers[i];
    return p ? p(v, fields[i]!.dataTypeID) : v;
  };
  const asArray = options?.rowMode === 'array';
  const rows: unknown[] = [];
  let done: { command: string; count: number } | undefined;
  for (const m of messages) {
    if (m.name === 'dataRow') {
      const cells = (m as unknown as { fields: (string | null)[] }).fields;
      if (asArray) rows.push(cells.map(value));
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < cells.length; i++) row[fields[i]!.name] = value(cells[i]!, i);
        rows.push(row);
      }
    } else if (m.name === 'commandComplete') {
      const words = (m as unknown as { text: string }).text.split(' ');
      done = { command: words[0]!, count: Number.parseInt(words[words.length - 1]!, 10) };
    }
  }
  if (!done) return { rows: [], fields: [], affectedRows: 0 } as unknown as Results<T>;
  const changes = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(done.command);
  return {
    rows,
    fields,
    command: done.command,
    affectedRows: changes && !Number.isNaN(done.count) ? done.count : 0,
    ...(Number.isNaN(done.count) ? {} : { rowCount: done.count }),
  } as unknown as Results<T>;
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
    const columns = described.find((m) => m.name === 'rowDescription') as { fields: Field[] } | undefined;
    const st = {
      name,
      oids: parse.parseDescribeStatementResults(described),
      fields: Object.freeze(
        (columns?.fields ?? []).map((f) => Object.freeze({ name: f.name, dataTypeID: f.dataTypeID })),
      ),
    };
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
      serialize.execute({}),
      serialize.sync(),
    ]);
    if (!inTx) await client.syncToFs();
    return shapeResult<T>(messages, st.fields, client.parsers as Record<number, Parser | undefined>, options);
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
