import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';

/**
 * Logs are readable lines in a terminal and JSON otherwise. A child process logs one line through
 * lib/log.ts, once with stdout piped and once under a pseudo-terminal (util-linux `script`).
 */
const PROGRAM = `import('./lib/log.ts').then(({ log }) => { log.info({ answer: 42 }, 'hello from the log test'); setTimeout(() => {}, 300); })`;

function run(opts: { tty: boolean; format?: string }): string {
  const env = { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: opts.format ?? '', NO_COLOR: '1' };
  const node = [process.execPath, '--import', 'tsx', '-e', PROGRAM];
  const r = opts.tty
    ? spawnSync('script', ['-qefc', node.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' '), '/dev/null'], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      })
    : spawnSync(node[0]!, node.slice(1), { cwd: ROOT, env, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('log format', () => {
  it('writes JSON when stdout is not a terminal', () => {
    const line = run({ tty: false })
      .trim()
      .split('\n')
      .find((l) => l.includes('hello from the log test'))!;
    expect(JSON.parse(line)).toMatchObject({ level: 30, msg: 'hello from the log test', answer: 42 });
  });

  it('writes readable lines in a terminal', () => {
    const out = run({ tty: true });
    const line = out.split(/\r?\n/).find((l) => l.includes('hello from the log test'));
    expect(line, out).toBeDefined();
    expect(line).toContain('INFO');
    expect(() => JSON.parse(line!)).toThrow();
    expect(out).toMatch(/answer: 42/);
  });

  it('LOG_FORMAT=json keeps JSON in a terminal', () => {
    const line = run({ tty: true, format: 'json' })
      .split(/\r?\n/)
      .find((l) => l.includes('hello from the log test'))!;
    expect(JSON.parse(line)).toMatchObject({ msg: 'hello from the log test' });
  });
});
