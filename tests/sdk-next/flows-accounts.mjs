// Flows for tests/integration/sdk-next-accounts.test.ts: connected accounts, auth configs, toolkits,
// tools, files, sessions and the SDK namespaces whose client resources are missing, through
// @composio/core 0.21.0 and 1.0.0-beta.1 on Node 22 (tools/sdk-next/runner.mjs). Each flow gets a
// fresh `composio` for the test server and returns plain JSON; the test file holds the assertions.
// A flow that expects the SDK to fail returns the error it caught (see `failure`) so the test can
// check the class and message together with what Junction did.

const pick = (o, keys) => Object.fromEntries(keys.filter((k) => o?.[k] !== undefined).map((k) => [k, o[k]]));

/** what a caught error looks like to the test: its class, the SDK's code and HTTP status if any */
function failure(e) {
  return {
    name: e?.constructor?.name ?? 'Error',
    code: e?.code,
    status: e?.status ?? e?.cause?.status,
    causeName: e?.cause?.constructor?.name,
    message: String(e?.message ?? e),
  };
}

/** runs `fn`, answering `{ ok, value }` or `{ ok: false, error }` so one flow can report several calls */
async function attempt(fn) {
  try {
    return { ok: true, value: (await fn()) ?? null };
  } catch (e) {
    return { ok: false, error: failure(e) };
  }
}

const accountView = (a) => ({
  ...pick(a, ['id', 'status', 'statusReason', 'isDisabled', 'alias', 'wordId', 'experimental']),
  authConfig: a.authConfig?.id,
  toolkit: a.toolkit?.slug,
  authScheme: a.state?.authScheme,
});

export const flows = {
  // ----- connectedAccounts -----
  async link({ composio, p }) {
    const req = await composio.connectedAccounts.link(p.userId, p.authConfigId, p.options);
    return { id: req.id, status: req.status, redirectUrl: req.redirectUrl };
  },
  async waitForConnection({ composio, p }) {
    return accountView(await composio.connectedAccounts.waitForConnection(p.id, p.timeout));
  },
  async getAccount({ composio, p }) {
    return accountView(await composio.connectedAccounts.get(p.id));
  },
  async listAccounts({ composio, p }) {
    const r = await composio.connectedAccounts.list(p.query);
    return r.items.map(accountView);
  },
  async refresh({ composio, p }) {
    return composio.connectedAccounts.refresh(p.id, p.options);
  },
  /** update(): the SDK accepts only `{ enabled }`; an alias is refused before any request */
  async update({ composio, p }) {
    const off = await composio.connectedAccounts.update(p.id, { enabled: false });
    const afterOff = accountView(await composio.connectedAccounts.get(p.id));
    const on = await composio.connectedAccounts.update(p.id, { enabled: true });
    const afterOn = accountView(await composio.connectedAccounts.get(p.id));
    const alias = await attempt(() => composio.connectedAccounts.update(p.id, { alias: 'renamed' }));
    return { off, afterOff, on, afterOn, alias };
  },
  async updateStatus({ composio, p }) {
    const off = await composio.connectedAccounts.updateStatus(p.id, { enabled: false, reason: p.reason });
    const afterOff = accountView(await composio.connectedAccounts.get(p.id));
    const on = await composio.connectedAccounts.updateStatus(p.id, { enabled: true });
    const afterOn = accountView(await composio.connectedAccounts.get(p.id));
    return { off, afterOff, on, afterOn };
  },
  /** `p.via`: 'connectedAccounts' or 'experimental', the two mounts of the same call */
  async updateAcl({ composio, p }) {
    const target = p.via === 'experimental' ? composio.experimental : composio.connectedAccounts;
    return target.updateAcl(p.id, p.acl);
  },
  async completeAuth({ composio, p }) {
    return composio.connectedAccounts.completeAuth({ userId: p.userId, sessionUri: p.sessionUri });
  },

  // ----- authConfigs -----
  async authConfigStatus({ composio, p }) {
    const ac = await composio.authConfigs.create(p.toolkit, {
      type: 'use_custom_auth',
      authScheme: 'API_KEY',
      credentials: {},
      name: p.name,
    });
    const status = async () => (await composio.authConfigs.get(ac.id)).status;
    const disabled = await composio.authConfigs.disable(ac.id);
    const afterDisable = await status();
    const enabled = await composio.authConfigs.enable(ac.id);
    const afterEnable = await status();
    const viaStatusOff = await composio.authConfigs.updateStatus('DISABLED', ac.id);
    const afterStatusOff = await status();
    const viaStatusOn = await composio.authConfigs.updateStatus('ENABLED', ac.id);
    const afterStatusOn = await status();
    // the top-level client the SDK exposes reaches the same resource
    const raw = await composio.getClient().authConfigs.retrieve(ac.id);
    const deleted = await composio.authConfigs.delete(ac.id);
    const afterDelete = await attempt(() => composio.authConfigs.get(ac.id));
    const deleteAgain = await attempt(() => composio.authConfigs.delete(ac.id));
    return {
      id: ac.id,
      disabled,
      afterDisable,
      enabled,
      afterEnable,
      viaStatusOff,
      afterStatusOff,
      viaStatusOn,
      afterStatusOn,
      raw: pick(raw, ['id', 'status', 'name']),
      deleted,
      afterDelete,
      deleteAgain,
    };
  },
  async setAuthConfig({ composio, p }) {
    return p.enabled ? composio.authConfigs.enable(p.id) : composio.authConfigs.disable(p.id);
  },
  async authConfigProtectedClient({ composio }) {
    return { type: typeof composio.authConfigs.getClient };
  },

  // ----- toolkits -----
  async authorize({ composio, p }) {
    const req = await composio.toolkits.authorize(p.userId, p.toolkit, p.authConfigId);
    return { id: req.id, status: req.status, redirectUrl: req.redirectUrl };
  },
  async authConfigCreationFields({ composio, p }) {
    const all = await composio.toolkits.getAuthConfigCreationFields(p.toolkit, p.scheme);
    const required = await composio.toolkits.getAuthConfigCreationFields(p.toolkit, p.scheme, { requiredOnly: true });
    const missing = await attempt(() => composio.toolkits.getAuthConfigCreationFields(p.toolkit, 'NO_SUCH_SCHEME'));
    return {
      all: all.map((f) => pick(f, ['name', 'required', 'type', 'isSecret'])),
      required: required.map((f) => f.name),
      missing,
    };
  },
  async toolkitList({ composio, p }) {
    const items = await composio.toolkits.get(p.query);
    return items.map((t) => ({ slug: t.slug, categories: (t.meta?.categories ?? []).map((c) => c.slug) }));
  },
  async recommendScopes({ composio, p }) {
    return composio.toolkits.recommendScopes(p.toolkit, { tools: p.tools });
  },
  async listGrantContexts({ composio, p }) {
    return composio.toolkits.listGrantContexts(p.toolkit);
  },

  // ----- tools -----
  async rawTools({ composio, p }) {
    const tools = await composio.tools.getRawComposioTools(p.query);
    return tools.map((t) => ({ slug: t.slug, toolkit: t.toolkit?.slug, required: t.inputParameters?.required ?? [] }));
  },
  async toolsEnum({ composio }) {
    const r = await composio.tools.getToolsEnum();
    const items = Array.isArray(r) ? r : (r.items ?? []);
    return { count: items.length, has: items.includes('GITHUB_CREATE_AN_ISSUE') };
  },
  async toolInput({ composio, p }) {
    return composio.tools.getInput(p.slug, p.body);
  },
  async sessionTools({ composio, p }) {
    const session = await composio.sessions.create(p.userId, { toolkits: ['github'] });
    const raw = await composio.tools.getRawToolRouterSessionTools(session.sessionId);
    const ran = await composio.tools.executeSessionTool(p.slug, {
      sessionId: session.sessionId,
      arguments: p.arguments,
    });
    let seen = null;
    const withModifiers = await composio.tools.executeSessionTool(
      p.slug,
      { sessionId: session.sessionId, arguments: p.arguments },
      {
        beforeExecute: ({ params, sessionId }) => {
          seen = sessionId;
          return { ...params, title: `${params.title} (edited)` };
        },
        afterExecute: ({ result }) => ({ ...result, data: { ...result.data, after: true } }),
      },
    );
    return {
      sessionId: session.sessionId,
      raw: raw.map((t) => ({ slug: t.slug, hasSchema: typeof t.inputParameters === 'object' })),
      ran: pick(ran, ['data', 'error', 'successful', 'logId']),
      withModifiers: pick(withModifiers, ['data', 'error', 'successful']),
      seen,
    };
  },
  /**
   * wrapToolsForProvider: with the default OpenAI provider the tools become function definitions; with
   * an agentic provider (here a minimal one, as a user would write) each wrapped tool runs through Junction.
   */
  async wrapTools({ composio, sdk, p }) {
    const raw = await composio.tools.getRawComposioTools({ tools: [p.slug] });
    const openai = composio.tools.wrapToolsForProvider(p.userId, raw);
    class RunnerProvider extends sdk.BaseAgenticProvider {
      name = 'runner';
      wrapTool(tool, execute) {
        return { name: tool.slug, run: (args) => execute(tool.slug, args) };
      }
      wrapTools(tools, execute) {
        return tools.map((t) => this.wrapTool(t, execute));
      }
      wrapMcpServerResponse(data) {
        return data;
      }
    }
    const cfg = composio.getConfig();
    const agentic = new sdk.Composio({
      apiKey: cfg.apiKey,
      baseURL: cfg.baseURL,
      allowTracking: false,
      disableVersionCheck: true,
      provider: new RunnerProvider(),
    });
    const wrapped = agentic.tools.wrapToolsForProvider(p.userId, raw);
    const ran = await wrapped[0].run(p.arguments);
    return {
      openai: openai.map((t) => ({ type: t.type, name: t.function?.name, required: t.function?.parameters?.required })),
      agentic: wrapped.map((t) => t.name),
      ran: pick(ran, ['data', 'error', 'successful', 'logId']),
    };
  },

  // ----- files -----
  async filesUpload({ composio, p }) {
    return attempt(() => composio.files.upload({ file: p.file, toolSlug: p.toolSlug, toolkitSlug: p.toolkitSlug }));
  },
  async filesDownload({ composio, p }) {
    return attempt(() => composio.files.download({ toolSlug: p.toolSlug, s3Url: p.s3Url, mimeType: p.mimeType }));
  },

  // ----- sessions -----
  async sessionsNamespace({ composio, p }) {
    const sameAlias = composio.toolRouter === composio.sessions;
    const created = await composio.sessions.create(p.userId, { toolkits: ['github', 'slack'] });
    const used = await composio.sessions.use(created.sessionId);
    const toolkits = await used.toolkits();
    const deleted = await composio.sessions.delete(created.sessionId);
    const afterDelete = await attempt(() => composio.sessions.use(created.sessionId));
    const deleteAgain = await attempt(() => composio.sessions.delete(created.sessionId));
    return {
      sameAlias,
      id: created.sessionId,
      usedId: used.sessionId,
      toolkits: toolkits.items.map((t) => t.slug),
      deleted,
      afterDelete,
      deleteAgain,
    };
  },
  /** session.authorize with experimental sharing options: a SHARED account through the session's link */
  async sessionAuthorizeShared({ composio, p }) {
    const session = await composio.sessions.create(p.userId, {
      toolkits: ['github'],
      authConfigs: { github: p.authConfigId },
    });
    const req = await session.authorize('github', { callbackUrl: p.callbackUrl, experimental: p.experimental });
    return { sessionId: session.sessionId, id: req.id, status: req.status, redirectUrl: req.redirectUrl };
  },
  /** a session that pins an account (possibly another user's SHARED one) and runs a tool with it */
  async sessionWithPinnedAccount({ composio, p }) {
    const created = await attempt(
      async () =>
        (
          await composio.sessions.create(p.userId, {
            toolkits: ['github'],
            ...(p.accountId ? { connectedAccounts: { github: p.accountId } } : {}),
          })
        ).sessionId,
    );
    if (!created.ok) return { created };
    const session = await composio.sessions.use(created.value);
    const ran = await attempt(() => session.execute(p.slug, p.arguments));
    return { created, ran: ran.ok ? { ok: true, value: pick(ran.value, ['data', 'error']) } : ran };
  },
  async sessionExecute({ composio, p }) {
    const session = await composio.sessions.use(p.sessionId);
    return attempt(async () => pick(await session.execute(p.slug, p.arguments), ['data', 'error']));
  },
  /** createSession({ headers }): a second client whose every request carries the given headers */
  async createSession({ composio, p }) {
    const tagged = composio.createSession({ headers: { 'x-request-id': p.requestId } });
    const r = await tagged.tools.execute(p.slug, {
      userId: p.userId,
      arguments: p.arguments,
      dangerouslySkipVersionCheck: true,
    });
    const plain = await composio.tools.execute(p.slug, {
      userId: p.userId,
      arguments: p.arguments,
      dangerouslySkipVersionCheck: true,
    });
    return {
      distinct: tagged !== composio,
      tagged: pick(r, ['successful', 'logId', 'data']),
      plain: pick(plain, ['successful', 'logId']),
    };
  },
  async sessionConfigs({ composio }) {
    if (!composio.sessionConfigs) return { present: false };
    return {
      present: true,
      list: await attempt(() => composio.sessionConfigs.list()),
      get: await attempt(() => composio.sessionConfigs.get('sc_missing')),
    };
  },
  async keyring({ composio }) {
    return composio.keyring.listTransferKeys();
  },
  async customToolkits({ composio, p }) {
    const ns = composio.experimental.customToolkits;
    return {
      upsert: await attempt(() =>
        ns.upsert({
          slug: p.slug,
          toolkitConfig: { name: 'Echo', appUrl: p.appUrl, authSchemes: [{ mode: 'NO_AUTH' }] },
        }),
      ),
      sync: await attempt(() => ns.sync(p.slug)),
      delete: await attempt(() => ns.delete(p.slug)),
    };
  },
};
