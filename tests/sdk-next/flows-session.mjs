// Tool router session flows for @composio/core 0.21.0 and 1.0.0-beta.1 that the main flows leave out:
// the session's custom tools and toolkits, ensureConnected, the session file mount, and the two local
// helpers on the Composio instance. Run by tools/sdk-next/runner.mjs; the assertions are in
// tests/integration/sdk-next-session.test.ts.

const pick = (o, keys) => Object.fromEntries(keys.filter((k) => o?.[k] !== undefined).map((k) => [k, o[k]]));
const errorOf = (e) => ({ name: e?.constructor?.name, message: String(e?.message ?? e).slice(0, 500) });

export const flows = {
  /** a session created with an inline custom tool and a custom toolkit lists, describes and runs them */
  async customToolsAndToolkits({ composio, sdk, z, p }) {
    const shout = sdk.experimental_createTool('SHOUT', {
      name: 'Shout',
      description: 'Upper-cases the text it is given',
      inputParams: z.object({ text: z.string().describe('what to shout') }),
      execute: async (input) => ({ shouted: String(input.text).toUpperCase() }),
    });
    const notes = sdk.experimental_createToolkit('NOTES', {
      name: 'Notes',
      description: 'A scratch pad kept in the agent process',
      tools: [
        sdk.experimental_createTool('COUNT_WORDS', {
          name: 'Count words',
          description: 'Counts the words of a note',
          inputParams: z.object({ note: z.string().describe('the note') }),
          execute: async (input) => ({ words: String(input.note).split(/\s+/).filter(Boolean).length }),
        }),
      ],
    });
    const session = await composio.create(p.userId, {
      toolkits: ['github'],
      experimental: { customTools: [shout], customToolkits: [notes] },
    });
    const customTools = session.customTools().map((t) => pick(t, ['slug', 'name', 'toolkit']));
    const onlyNotes = session.customTools({ toolkit: 'NOTES' }).map((t) => t.slug);
    const customToolkits = session.customToolkits().map((t) => ({ slug: t.slug, tools: t.tools.map((x) => x.slug) }));
    const counted = await session.execute(onlyNotes[0], { note: 'three small words' });
    const shouted = await session.execute(customTools.find((t) => t.name === 'Shout').slug, { text: 'hi' });
    return {
      sessionId: session.sessionId,
      customTools,
      onlyNotes,
      customToolkits,
      counted: pick(counted, ['data', 'error']),
      shouted: pick(shouted, ['data', 'error']),
    };
  },

  /** 0.21.0 only: ensureConnected for a toolkit with an active account, and for one without auth */
  async ensureConnected({ composio, p }) {
    const session = await composio.create(p.userId, { toolkits: ['github', 'hackernews'] });
    if (typeof session.ensureConnected !== 'function') return { missing: true };
    const connected = await session.ensureConnected('github');
    const noAuth = await session.ensureConnected('hackernews');
    return { connected, noAuth };
  },

  /** the session's file mount: list, delete and download of a file Junction holds; upload of bytes */
  async filesMount({ composio, sdk, p }) {
    const session = p.sessionId ? await composio.use(p.sessionId) : await composio.create(p.userId);
    if (p.createOnly) return { sessionId: session.sessionId };
    const files = session.experimental.files;
    const listed = await files.list();
    const sub = await files.list({ path: '/reports' });
    let upload = null;
    try {
      const up = await files.upload(Buffer.from('a,b\n'), { remotePath: 'from-sdk.csv', mimetype: 'text/csv' });
      upload = { ok: true, path: up.mountRelativePath };
    } catch (e) {
      upload = { ok: false, ...errorOf(e), blockedClass: e instanceof sdk.ComposioBlockedInternalUrlError };
    }
    let download = null;
    try {
      const dl = await files.download('reports/q3.txt');
      download = { ok: true, text: await dl.text() };
    } catch (e) {
      download = { ok: false, ...errorOf(e), blockedClass: e instanceof sdk.ComposioBlockedInternalUrlError };
    }
    const deleted = await files.delete('reports/q3.txt');
    const after = await files.list();
    return {
      sessionId: session.sessionId,
      listed: listed.items.map((i) => pick(i, ['mountRelativePath', 'size'])),
      sub: sub.items.map((i) => i.mountRelativePath),
      upload,
      download,
      deleted: pick(deleted, ['mountRelativePath']),
      after: after.items.map((i) => i.mountRelativePath),
    };
  },

  /** the instance's local helpers: its configuration (no key in it) and telemetry flush */
  async localHelpers({ composio }) {
    const config = composio.getConfig();
    await composio.flush();
    return { baseURL: config.baseURL, hasApiKey: 'apiKey' in config && config.apiKey !== undefined, flushed: true };
  },
};
