import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, freePort, startServer, type TestServer } from '../helpers/server';
import { optOutOfMasking } from '../helpers/unmasked';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { runCli, sqlDirect } from '../helpers/oauth-flow';

/**
 * The encryption-key check at start (issue 11, item 14): a changed JUNCTION_ENCRYPTION_KEY
 * without JUNCTION_ENCRYPTION_KEY_PREVIOUS stops the process with a message instead of serving
 * 500s; a rotation through the CLI moves the stored check to the new key; signed binary download
 * links made under the old key keep working while the previous key is configured.
 */
let s: TestServer;
let up: FakeUpstream;
let account = '';
let binaryUrl = '';
const apiKey = `SG.${randomBytes(12).toString('hex')}`;

beforeAll(async () => {
  [s, up] = await Promise.all([startServer(), startFakeUpstream()]);
  // these suites check the stored credentials themselves, so they read them in clear
  await optOutOfMasking(s);
});
afterAll(async () => {
  await Promise.all([s?.stop(), up?.close()]);
});

/** Start server.ts with this environment and wait for it to exit (or to become healthy, which is a failure here). */
async function startExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      JUNCTION_PUBLIC_URL: `http://127.0.0.1:${port}`,
      TEST_ENGINE: '',
      VITEST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const healthy = (async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) return false;
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return true;
      } catch {
        /* not up */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  })();
  const first = await Promise.race([
    exited.then(() => 'exit' as const),
    healthy.then((h) => (h ? ('healthy' as const) : ('exit' as const))),
  ]);
  if (first === 'healthy') {
    child.kill('SIGKILL');
    await exited;
    return { code: null, output: `${output}\n(the server started and became healthy)` };
  }
  return { code: await exited, output };
}

const onNewPort = (url: string, server: TestServer) => {
  const u = new URL(url);
  return `${server.url}${u.pathname}${u.search}`;
};

describe('encryption key check at start', () => {
  it('set up: a secret and a signed binary download link under the first key', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const acc = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'k', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: apiKey } } },
    });
    expect(acc.status).toBe(201);
    account = acc.body.id;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(500, 3)]);
    up.on('GET', '/bin/user', () => ({ body: png, headers: { 'content-type': 'image/png' } }));
    const gac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const gacc = await s.api('POST', '/connected_accounts', {
      auth_config: { id: gac.body.auth_config.id },
      connection: {
        user_id: 'b',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k', base_url: `${up.url}/bin` } },
      },
    });
    const r = await s.api('POST', '/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER', {
      connected_account_id: gacc.body.id,
      arguments: {},
    });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    binaryUrl = r.body.data.file.url;
    expect((await fetch(binaryUrl)).status).toBe(200);
    if (!s.databaseUrl) await s.stop();
    const canary = await sqlDirect(s, `select value from instance_settings where key = 'encryption_canary'`);
    expect(String((canary[0]!.value as { envelope: string }).envelope)).toMatch(/^v1\.[0-9a-f]{8}\./);
    if (!s.databaseUrl) s = await s.restart();
  }, 120_000);

  it('a start with a different key and no previous key exits non-zero with a clear message', async () => {
    await s.stop();
    const wrong = randomBytes(32).toString('base64');
    const r = await startExpectingExit({
      ...s.env,
      JUNCTION_ENCRYPTION_KEY: wrong,
      JUNCTION_ENCRYPTION_KEY_PREVIOUS: '',
    });
    expect(r.code, r.output).not.toBe(null);
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('JUNCTION_ENCRYPTION_KEY does not decrypt this database');
    expect(r.output).toContain('JUNCTION_ENCRYPTION_KEY_PREVIOUS');
    expect(r.output).toContain('rotate-encryption-key');
    // nothing was changed by the refused start: the right key still starts and reads
    s = await s.restart();
    expect((await s.api('GET', `/connected_accounts/${account}`)).body.state.val.api_key).toBe(apiKey);
  }, 120_000);

  it('rotation with _PREVIOUS: reads and old download links work, the CLI moves the key check, the old key alone is then refused', async () => {
    const oldKey = s.env.JUNCTION_ENCRYPTION_KEY!;
    const newKey = randomBytes(32).toString('base64');
    await s.stop();
    s = await startServer({
      reuse: { ...s, env: { ...s.env, JUNCTION_ENCRYPTION_KEY: newKey, JUNCTION_ENCRYPTION_KEY_PREVIOUS: oldKey } },
    });
    expect((await s.api('GET', `/connected_accounts/${account}`)).body.state.val.api_key).toBe(apiKey);
    // a link signed under the old key, still valid during the rotation
    const dl = await fetch(onNewPort(binaryUrl, s));
    expect(dl.status).toBe(200);
    expect((await fetch(onNewPort(binaryUrl, s).replace(/signature=[0-9a-f]{4}/, 'signature=0000'))).status).toBe(403);

    if (!s.databaseUrl) await s.stop();
    const cli = await runCli(s, ['rotate-encryption-key']);
    expect(cli.status, cli.stderr).toBe(0);
    const newKid = cli.stdout.match(/key=([0-9a-f]{8})/)?.[1];
    expect(newKid).toBeTruthy();
    expect(cli.stdout).toContain(`key check updated to key=${newKid}`);
    const canary = await sqlDirect(s, `select value from instance_settings where key = 'encryption_canary'`);
    expect((canary[0]!.value as { envelope: string }).envelope.split('.')[1]).toBe(newKid);
    if (s.databaseUrl) await s.stop();

    // the new key alone starts and reads everything
    s = await startServer({ reuse: { ...s, env: { ...s.env, JUNCTION_ENCRYPTION_KEY_PREVIOUS: '' } } });
    expect((await s.api('GET', `/connected_accounts/${account}`)).body.state.val.api_key).toBe(apiKey);
    await s.stop();
    // and the old key alone is now the wrong one
    const back = await startExpectingExit({
      ...s.env,
      JUNCTION_ENCRYPTION_KEY: oldKey,
      JUNCTION_ENCRYPTION_KEY_PREVIOUS: '',
    });
    expect(back.code, back.output).not.toBe(null);
    expect(back.code).not.toBe(0);
    expect(back.output).toContain('JUNCTION_ENCRYPTION_KEY does not decrypt this database');
    s = await s.restart();
  }, 240_000);
});
