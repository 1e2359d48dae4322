/**
 * Docker from the container test: commands run synchronously with their output captured, and waits
 * that poll a condition (a health status, an HTTP answer) until a deadline, never a fixed time.
 */
import { execFileSync, spawnSync } from 'node:child_process';

export function sh(cmd: string, args: string[], opts: { env?: Record<string, string>; input?: string } = {}): string {
  const r = spawnSync(cmd, args, {
    encoding: 'utf8',
    env: { ...process.env, ...opts.env },
    input: opts.input,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    throw new Error(
      `${cmd} ${args.join(' ')} → ${r.status}\n${(r.stderr || '').slice(-4000)}${(r.stdout || '').slice(-2000)}`,
    );
  }
  return r.stdout.trim();
}

export const docker = (...args: string[]) => sh('docker', args);

export function dockerReady(): boolean {
  return spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
}

export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms: number,
): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const health = (container: string) => docker('inspect', '--format', '{{.State.Health.Status}}', container);

export async function healthy(container: string, ms = 240_000): Promise<void> {
  await until(
    `${container} to be healthy`,
    () => {
      const h = health(container);
      if (h === 'unhealthy') throw new Error(`${container} is unhealthy:\n${logs(container).slice(-3000)}`);
      return h === 'healthy' || undefined;
    },
    ms,
  );
}

export const logs = (container: string) => {
  const r = spawnSync('docker', ['logs', container], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return `${r.stdout}${r.stderr}`;
};

export function which(bin: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
