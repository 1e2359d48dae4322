// SDK flows for @composio/core 0.21.0 and 1.0.0-beta.1, run on Node 22 by tools/sdk-next/runner.mjs.
// Each flow gets a fresh `composio` for the test server, the SDK module (`sdk`), zod (`z`), the SDK's
// `version` and the test's parameters (`p`), and returns plain JSON for the test to check. Flows
// only call the SDK's public methods, as a user's code would; the tests hold the assertions.

const is100 = (version) => version.startsWith('1.');
const pick = (o, keys) => Object.fromEntries(keys.filter((k) => o?.[k] !== undefined).map((k) => [k, o[k]]));

export const flows = {
  // ----- the namespaces added in 2026 -----
  async revoke({ composio, p }) {
    return composio.connectedAccounts.revoke(p.id);
  },
  async getManyToolkits({ composio, p }) {
    const items = await composio.toolkits.getMany(p.slugs, p.options);
    return items.map((t) => pick(t, ['slug', 'name', 'type', 'authSchemes', 'isLocalToolkit']));
  },
  async toolkitChangelog({ composio }) {
    const r = await composio.toolkits.changelog();
    return { count: r.items.length, github: r.items.find((i) => i.slug === 'github') };
  },

  /** create → update (twice, the second with a stale version) → history → delete → use after delete */
  async sessionLifecycle({ composio, version, p }) {
    const session = await composio.create(p.userId, { toolkits: ['github'], manageConnections: false });
    const created = { id: session.sessionId, configVersion: session.configVersion };
    const updateArgs = { toolkits: ['github', 'slack'], tools: { github: ['GITHUB_CREATE_AN_ISSUE'] } };
    // 0.21.0 sends expected_config_version when asked; 1.0.0-beta.1 has no such option
    const first = await session.update(is100(version) ? updateArgs : { ...updateArgs, expectedConfigVersion: 1 });
    const afterFirst = { configVersion: session.configVersion, returned: first ?? null };
    let conflict = null;
    if (!is100(version)) {
      try {
        await session.update({ toolkits: ['gmail'], expectedConfigVersion: 1 });
      } catch (e) {
        conflict = { name: e.constructor.name, code: e.code, message: e.message };
      }
    }
    const second = await session.update({ toolkits: ['notion'], workbench: { enable: false } });
    const history = is100(version)
      ? await session.configHistory({ limit: 10 })
      : await session.listConfigHistory({ limit: 10 });
    const page = is100(version)
      ? await session.configHistory({ limit: 1 })
      : await session.listConfigHistory({ limit: 1 });
    const fetched = await composio.use(session.sessionId);
    const deleted = await session.delete();
    let afterDelete = null;
    try {
      await composio.use(session.sessionId);
    } catch (e) {
      afterDelete = { name: e.constructor.name, status: e.status ?? e.cause?.status, message: e.message };
    }
    let deleteAgain = null;
    try {
      await session.delete();
    } catch (e) {
      deleteAgain = { name: e.constructor.name, status: e.status ?? e.cause?.status };
    }
    return {
      created,
      afterFirst,
      conflict,
      second: second ?? null,
      finalVersion: session.configVersion,
      history: {
        versions: history.items.map((i) => i.version),
        current: history.items.map((i) => i.isCurrent),
        toolkits: history.items.map((i) => i.config.toolkits ?? null),
        totalItems: history.totalItems,
      },
      firstPage: { n: page.items.length, nextCursor: page.nextCursor, totalPages: page.totalPages },
      fetched: { id: fetched.sessionId, tools: fetched.toolRouterTools ?? null },
      deleted,
      afterDelete,
      deleteAgain,
    };
  },

  /** composio.use(id, { customTools }) → POST …/attach; the SDK then runs the local tool itself */
  async useWithCustomTools({ composio, sdk, z, p }) {
    const session = await composio.create(p.userId, { toolkits: ['github'] });
    const shout = sdk.experimental_createTool('SHOUT', {
      name: 'Shout',
      description: 'Upper-cases the text it is given',
      inputParams: z.object({ text: z.string().describe('what to shout') }),
      execute: async (input) => ({ shouted: String(input.text).toUpperCase() }),
    });
    const used = await composio.use(session.sessionId, { customTools: [shout] });
    const tools = await used.tools();
    const names = tools.map((t) => t.function?.name ?? t.name);
    const ran = await used.execute('LOCAL_SHOUT', { text: 'hello' });
    return { sessionId: used.sessionId, names, ran: pick(ran, ['data', 'error']) };
  },

  async logsSearch({ composio, p }) {
    const r = await composio.logs.search(p.params);
    return r;
  },
  async logsGet({ composio, p }) {
    return composio.logs.get(p.id);
  },
  async usageSummary({ composio, p }) {
    return composio.experimental.usage.summary(p.params);
  },
  async usageBreakdown({ composio, p }) {
    return composio.experimental.usage.breakdown(p.entityType, p.params);
  },

  // ----- the flows the 0.19.0 suite covers, through the newest SDKs -----
  async authConfigs({ composio }) {
    const created = await composio.authConfigs.create('sendgrid', {
      type: 'use_custom_auth',
      authScheme: 'API_KEY',
      credentials: {},
      name: 'SendGrid keys',
    });
    const list = await composio.authConfigs.list({ toolkit: 'sendgrid' });
    const got = await composio.authConfigs.get(created.id);
    await composio.authConfigs.update(created.id, { type: 'custom', credentials: { api_key: 'shared' } });
    const after = await composio.authConfigs.get(created.id);
    return {
      created: pick(created, ['id', 'authScheme', 'isComposioManaged']),
      listed: list.items.some((i) => i.id === created.id),
      got: { name: got.name, toolkit: got.toolkit?.slug, status: got.status },
      credentials: after.credentials,
    };
  },

  async connectedAccounts({ composio, sdk, p }) {
    const ac = await composio.authConfigs.create('sendgrid', {
      type: 'use_custom_auth',
      authScheme: 'API_KEY',
      credentials: {},
    });
    const req = await composio.connectedAccounts.initiate(p.userId, ac.id, {
      config: sdk.AuthScheme.APIKey({ api_key: 'SG.sdk-key' }),
    });
    const active = await req.waitForConnection(10_000);
    const got = await composio.connectedAccounts.get(req.id);
    const list = await composio.connectedAccounts.list({ userIds: [p.userId], toolkitSlugs: ['sendgrid'] });
    await composio.connectedAccounts.disable(req.id);
    const off = await composio.connectedAccounts.get(req.id);
    await composio.connectedAccounts.enable(req.id);
    const on = await composio.connectedAccounts.get(req.id);
    await composio.connectedAccounts.delete(req.id);
    let gone = null;
    try {
      await composio.connectedAccounts.get(req.id);
    } catch (e) {
      gone = e.constructor.name;
    }
    return {
      id: req.id,
      initiated: req.status,
      active: active.status,
      got: { status: got.status, authConfig: got.authConfig?.id, toolkit: got.toolkit?.slug, state: got.state },
      listed: list.items.some((i) => i.id === req.id),
      off: { status: off.status, isDisabled: off.isDisabled },
      on: on.status,
      gone,
      authConfigId: ac.id,
    };
  },

  async toolkits({ composio }) {
    const gh = await composio.toolkits.get('github');
    const fields = await composio.toolkits.getConnectedAccountInitiationFields('sendgrid', 'API_KEY');
    const list = await composio.toolkits.get({});
    const cats = await composio.toolkits.listCategories();
    return {
      slug: gh.slug,
      fields: fields.map((f) => f.name),
      listed: list.length,
      categories: cats.items.length,
    };
  },

  async toolsGetAndExecute({ composio, p }) {
    const tools = await composio.tools.get(p.userId, { tools: ['GITHUB_CREATE_AN_ISSUE'] });
    const raw = await composio.tools.getRawComposioToolBySlug('GITHUB_CREATE_AN_ISSUE');
    const r = await composio.tools.execute('GITHUB_CREATE_AN_ISSUE', {
      userId: p.userId,
      arguments: { owner: 'acme', repo: 'web', title: 'Login broken' },
      dangerouslySkipVersionCheck: true,
    });
    return {
      wrapped: tools.map((t) => t.function?.name ?? t.name),
      raw: { slug: raw.slug, toolkit: raw.toolkit?.slug },
      executed: pick(r, ['data', 'error', 'successful', 'logId']),
    };
  },

  async proxyExecute({ composio, p }) {
    const r = await composio.tools.proxyExecute({
      endpoint: '/user',
      method: 'GET',
      connectedAccountId: p.accountId,
    });
    return pick(r, ['status', 'data']);
  },

  async sessionMain({ composio, p }) {
    const session = await composio.create(p.userId, { toolkits: ['github', 'slack'], manageConnections: true });
    const tools = await session.tools();
    const toolkits = await session.toolkits();
    const found = await session.search({ query: 'create an issue in my GitHub repository about a login bug' });
    const executed = await session.execute('GITHUB_CREATE_AN_ISSUE', {
      owner: 'acme',
      repo: 'web',
      title: 'Login broken',
    });
    const meta = await session.execute('COMPOSIO_GET_TOOL_SCHEMAS', { tool_slugs: ['GITHUB_CREATE_AN_ISSUE'] });
    const proxied = await session.proxyExecute({ toolkit: 'github', endpoint: '/user', method: 'GET' });
    const again = await composio.use(session.sessionId);
    return {
      sessionId: session.sessionId,
      mcpUrl: session.mcp?.url,
      mcpHeaders: session.mcp?.headers,
      tools: tools.map((t) => t.function?.name ?? t.name),
      toolkits: toolkits.items.map((t) => ({ slug: t.slug, active: t.connection?.isActive ?? null })),
      primary: found.results?.[0]?.primaryToolSlugs ?? [],
      executed: pick(executed, ['data', 'error', 'logId']),
      metaError: meta.error,
      proxied: pick(proxied, ['status', 'data']),
      againId: again.sessionId,
    };
  },

  async sessionLink({ composio, p }) {
    const session = await composio.create(p.userId, {
      toolkits: ['sendgrid'],
      authConfigs: { sendgrid: p.authConfigId },
    });
    const req = await session.authorize('sendgrid');
    return { id: req.id, redirectUrl: req.redirectUrl ?? null };
  },

  async triggerInstances({ composio, p }) {
    const { triggerId } = await composio.triggers.create(p.userId, 'GITHUB_ISSUE_ADDED_EVENT', {
      connectedAccountId: p.accountId,
      triggerConfig: { owner: 'o', repo: p.repo },
    });
    const active = await composio.triggers.listActive({ triggerIds: [triggerId] });
    await composio.triggers.disable(triggerId);
    const afterDisable = await composio.triggers.listActive({ triggerIds: [triggerId] });
    await composio.triggers.enable(triggerId);
    const afterEnable = await composio.triggers.listActive({ triggerIds: [triggerId] });
    const deleted = await composio.triggers.delete(triggerId);
    const afterDelete = await composio.triggers.listActive({ triggerIds: [triggerId], showDisabled: true });
    return {
      triggerId,
      active: active.items.map((i) => pick(i, ['id', 'connectedAccountId', 'triggerName', 'triggerConfig'])),
      afterDisable: afterDisable.items.length,
      afterEnable: afterEnable.items.length,
      deleted,
      afterDelete: afterDelete.items.length,
    };
  },

  async mcpServers({ composio, p }) {
    const created = await composio.mcp.create(p.name, {
      toolkits: ['github'],
      allowedTools: ['GITHUB_GET_THE_AUTHENTICATED_USER'],
      manuallyManageConnections: false,
    });
    const got = await composio.mcp.get(created.id);
    const list = await composio.mcp.list({ limit: 50 });
    const updated = await composio.mcp.update(created.id, { name: `${p.name} renamed` });
    const url = await composio.mcp.generate('bob', created.id);
    const del = await composio.mcp.delete(created.id);
    return {
      id: created.id,
      url: created.MCPUrl,
      toolkits: got.toolkits,
      listed: list.items.some((i) => i.id === created.id),
      renamed: updated.name,
      userUrl: url.url,
      deleted: del,
    };
  },

  async triggers({ composio }) {
    const types = await composio.triggers.listTypes({ toolkits: ['github'] });
    const first = types.items[0];
    const one = first ? await composio.triggers.getType(first.slug) : null;
    return { n: types.items.length, slug: one?.slug ?? null };
  },
};
