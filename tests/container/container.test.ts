import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composioFor, SDKS } from '../helpers/sdks';
import { freePort, ROOT } from '../helpers/server';
import { docker, healthy, logs, sh, until } from './docker';

/**
 * The image and the compose file as an operator runs them, built here without any image registry:
 * a Debian base from debootstrap with Node 20 from the npm registry (scripts/container/), the
 * Dockerfile built on it through its BASE argument, then the single-container embedded variant and
 * docker-compose's PostgreSQL + web + worker from the shipped compose file. The embedded container
 * uses the host network; the compose services Docker's own network, publishing on 127.0.0.1 only.
 * Nothing leaves this machine.
 */
// a tag of this run's own: two runs on one machine (two checkouts' test suites) never use each other's build
const IMAGE = `junction-test/junction:run-${process.pid}`;
const BASE = 'junction-test/node20-bookworm';
const PG_IMAGE = 'junction-test/postgres';
const run = (script: string) => sh('bash', [path.join(ROOT, 'scripts/container', script)]);
const key = (p: string) => p + randomBytes(24).toString('hex');
// @composio/core 0.19.0, the version the image's users most likely run against /api/v3.1
const sdk0190 = SDKS.find((v) => v.version === '0.19.0')!;
const client = (url: string, apiKey: string) => composioFor(sdk0190, { url, apiKey });

async function api(url: string, apiKey: string, method: string, p: string, body?: unknown) {
  const res = await fetch(`${url}/api/v3${p}`, {
    method,
    headers: { 'x-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as any };
}

beforeAll(() => {
  process.env.TELEMETRY_DISABLED = 'true';
  run('ensure-docker.sh');
  run('base-image.sh');
  run('postgres-image.sh');
  // The build itself reaches the npm registry from the host network.
  sh('docker', ['build', '--network', 'host', '--build-arg', `BASE=${BASE}`, '-t', IMAGE, ROOT]);
}, 1_800_000);

// The image is rebuilt from the tree on every run, so it goes. Its build stage (about 2 GB, left
// untagged by the classic builder) is the layer cache of the next run's build, whose dependency install
// it skips while the lockfile is unchanged, so the stages of the last day stay and older ones go:
// without the cache the build repeats the install every run, with it each changed tree would leave one
// more forever. The base images (Debian, Node, PostgreSQL) stay: made once, reused while they exist.
afterAll(() => {
  sh('docker', ['image', 'rm', '-f', IMAGE]);
  sh('docker', ['image', 'prune', '-f', '--filter', 'label=junction.stage=build', '--filter', 'until=24h']);
});

describe('the single-container image on the embedded database', () => {
  const name = `junction-embedded-${process.pid}`;
  const volume = `${name}-data`;
  let port = 0;
  let url = '';
  const apiKey = key('ak_ctr');
  const start = () =>
    docker(
      'run',
      '-d',
      '--name',
      name,
      '--network',
      'host',
      '-v',
      `${volume}:/data`,
      '-e',
      `PORT=${port}`,
      '-e',
      `JUNCTION_PUBLIC_URL=${url}`,
      '-e',
      `JUNCTION_API_KEY=${apiKey}`,
      '-e',
      `JUNCTION_ORG_API_KEY=${key('oak_ctr')}`,
      '-e',
      `AUTH_SECRET=${key('')}`,
      IMAGE,
    );

  beforeAll(async () => {
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    start();
    await healthy(name);
  }, 300_000);
  afterAll(() => {
    sh('docker', ['rm', '-f', name]);
    sh('docker', ['volume', 'rm', '-f', volume]);
  });

  it('runs as a user of its own, with a private data directory', () => {
    expect(docker('exec', name, 'id', '-u')).toBe('10001');
    expect(docker('inspect', '--format', '{{.Config.User}}', name)).toBe('junction');
    expect(docker('exec', name, 'stat', '-c', '%a %U', '/data')).toBe('700 junction');
    // the server process itself, not only `docker exec`
    const uid = docker('exec', name, 'sh', '-c', "awk '/^Uid:/{print $2}' /proc/1/status");
    expect(uid).toBe('10001');
  });

  it('serves an SDK flow, keeps its data on the volume across a restart, and stops cleanly on SIGTERM', async () => {
    const composio = client(url, apiKey);
    const gh = await composio.toolkits.get('github');
    expect(gh.slug).toBe('github');
    const ac = await composio.authConfigs.create('sendgrid', {
      type: 'use_custom_auth',
      authScheme: 'API_KEY',
      credentials: {},
      name: 'kept on the volume',
    });
    const req = await composio.connectedAccounts.initiate('container-user', ac.id, {
      config: sdk0190.mod.AuthScheme.APIKey({ api_key: 'SG.container-key' }),
    });
    expect(req.status).toBe('ACTIVE');

    // SIGTERM: the server drains and exits 0 well inside Docker's stop timeout.
    const t0 = Date.now();
    docker('stop', '-t', '30', name);
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(docker('inspect', '--format', '{{.State.ExitCode}}', name)).toBe('0');

    sh('docker', ['rm', name]);
    start();
    await healthy(name);
    const again = await api(url, apiKey, 'GET', `/auth_configs/${ac.id}`);
    expect(again.status).toBe(200);
    expect(again.body.name).toBe('kept on the volume');
    const acc = await api(url, apiKey, 'GET', `/connected_accounts/${req.id}`);
    expect(acc.body.status).toBe('ACTIVE');
    // the generated encryption key was kept on the volume too, so the stored key still opens
    expect(logs(name)).not.toMatch(/encryption key .*does not open/i);
  }, 300_000);
});

describe('docker-compose: PostgreSQL, web and worker', () => {
  const project = `junctionc${process.pid}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-compose-'));
  const apiKey = key('ak_cmp');
  let url = '';
  let receiver: http.Server;
  let hookUrl = '';
  const received: unknown[] = [];
  let compose: (...args: string[]) => string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // The shipped compose file as it is, on Docker's own network: web publishes on 127.0.0.1 only, and
    // the worker reaches the test's webhook receiver at the host's address on the default bridge, where
    // the receiver alone listens. Nothing leaves this machine.
    // (Docker 20.10 leaves the default bridge's Gateway field empty: then the bridge interface's address,
    // from `ip`, since Node lists no interface without carrier, as the bridge is until a container joins)
    const inspect = (f: string) => docker('network', 'inspect', 'bridge', '--format', f);
    const bridgeIf = inspect('{{index .Options "com.docker.network.bridge.name"}}') || 'docker0';
    const gateway =
      inspect('{{range .IPAM.Config}}{{.Gateway}}{{end}}') ||
      /inet (\d+\.\d+\.\d+\.\d+)/.exec(sh('ip', ['-4', '-o', 'addr', 'show', 'dev', bridgeIf]))?.[1];
    if (!gateway) throw new Error(`no IPv4 address on Docker's bridge (${bridgeIf})`);
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body || '{}'));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, gateway, r));
    hookUrl = `http://${gateway}:${(receiver.address() as { port: number }).port}/hook`;
    const password = randomBytes(12).toString('hex');
    // junction.env.example filled in, as the README tells an operator to
    fs.writeFileSync(
      path.join(dir, 'junction.env'),
      [
        'POSTGRES_USER=junction',
        'POSTGRES_DB=junction',
        `POSTGRES_PASSWORD=${password}`,
        `DATABASE_URL=postgres://junction:${password}@postgres:5432/junction`,
        `JUNCTION_ENCRYPTION_KEY=${randomBytes(32).toString('hex')}`,
        `AUTH_SECRET=${key('')}`,
        `JUNCTION_API_KEY=${apiKey}`,
        `JUNCTION_ORG_API_KEY=${key('oak_cmp')}`,
        `JUNCTION_PUBLIC_URL=${url}`,
        // the test's webhook receiver is plain http on a private address
        'JUNCTION_ALLOW_INSECURE_URLS=1',
      ].join('\n'),
    );
    const env = {
      JUNCTION_ENV_FILE: path.join(dir, 'junction.env'),
      JUNCTION_IMAGE: IMAGE,
      JUNCTION_PORT: String(port),
      POSTGRES_IMAGE: PG_IMAGE,
    };
    compose = (...args: string[]) =>
      sh('docker-compose', ['-p', project, '-f', path.join(ROOT, 'docker-compose.yml'), ...args], { env });
    compose('up', '-d', '--no-build');
    await healthy(compose('ps', '-q', 'web'));
  }, 400_000);

  afterAll(async () => {
    try {
      compose?.('down', '-v', '--timeout', '30');
    } finally {
      receiver?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('web answers on PostgreSQL and the worker delivers what web queued, through the same database', async () => {
    const ready = await fetch(`${url}/api/health/ready`);
    expect(ready.status).toBe(200);
    // web runs on the compose file's PostgreSQL, not an embedded database
    expect(logs(compose('ps', '-q', 'web'))).toMatch(/"database":"postgres"/);
    const composio = client(url, apiKey);
    const ac = await composio.authConfigs.create('sendgrid', {
      type: 'use_custom_auth',
      authScheme: 'API_KEY',
      credentials: {},
    });
    expect(ac.id).toMatch(/^ac_/);

    const sub = await api(url, apiKey, 'POST', '/webhook_subscriptions', {
      webhook_url: hookUrl,
      enabled_events: ['composio.trigger.message'],
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    // async: web only queues the events; JUNCTION_ROLE=web runs no jobs, so delivery is the worker's
    const test = await api(url, apiKey, 'POST', `/webhook_subscriptions/${sub.body.id}/test`, {
      count: 3,
      async: true,
    });
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    await until('three events delivered by the worker', () => received.length >= 3 || undefined, 120_000);
    expect(received).toHaveLength(3);
    const workerLog = logs(compose('ps', '-q', 'worker'));
    expect(workerLog).not.toMatch(/"level":(50|60)/);
  }, 300_000);

  it('web and worker stop cleanly on SIGTERM, well inside the stop grace period', () => {
    const ids = [compose('ps', '-q', 'web'), compose('ps', '-q', 'worker')];
    const t0 = Date.now();
    compose('stop', '-t', '30', 'web', 'worker');
    // the compose file gives each 20 s; draining an idle process takes a fraction of that
    expect(Date.now() - t0).toBeLessThan(20_000);
    for (const id of ids) {
      expect(docker('inspect', '--format', '{{.State.ExitCode}}', id)).toBe('0');
      expect(logs(id)).not.toMatch(/"level":(50|60)/);
    }
  });
});
