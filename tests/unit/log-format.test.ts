import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';

/**
 * Logs are readable lines in a terminal and JSON otherwise. A child process logs one line through
 * lib/log.ts, once with stdout piped and once under a pseudo-terminal (util-linux `script`).
 */
const PROGRAM = `import('./lib/log.ts').then(({ log }) => { log.info({ answer: 42 }, 'hello from the log test'); setTimeout(() => {}, 300); })`;
/**
 * The request log goes through its own writer in JSON (lib/log.ts `requestLogDestination`), so its line is checked
 * in both formats too, written by the function the HTTP adapter calls after each API request.
 */
const REQUEST = `import('./lib/api/request-log.ts').then(({ logRequest, requestLogOn }) => {
  if (!requestLogOn()) throw new Error('the request log is off');
  logRequest({ requestId: 'req-format-1', method: 'GET', route: '/connected_accounts/{nanoid}', projectId: 'pr_format', keyHint: 'ak_fmt' }, 200, 1.234);
})`;

function run(opts: { tty: boolean; format?: string; program?: string }): string {
  const env = { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: opts.format ?? '', NO_COLOR: '1' };
  const node = [process.execPath, '--import', 'tsx', '-e', opts.program ?? PROGRAM];
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

  it('writes the request line as JSON when stdout is not a terminal', () => {
    const lines = run({ tty: false, program: REQUEST })
      .trim()
      .split('\n')
      .filter((l) => l.includes('req-format-1'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      msg: 'request',
      req_id: 'req-format-1',
      method: 'GET',
      route: '/connected_accounts/{nanoid}',
      status: 200,
      ms: 1.23,
      project: 'pr_format',
      key: 'ak_fmt',
    });
  });

  it('writes the request line readably in a terminal, on one line', () => {
    const out = run({ tty: true, program: REQUEST });
    const lines = out.split(/\r?\n/).filter((l) => l.trim());
    const head = lines.find((l) => l.includes('req-format-1'));
    expect(head, out).toBeDefined();
    expect(() => JSON.parse(head!)).toThrow();
    expect(head).toContain('INFO');
    expect(head).toMatch(
      /GET \/connected_accounts\/\{nanoid\} 200 1\.23 ms req_id="req-format-1" project=pr_format key=ak_fmt/,
    );
    // nothing of the request spills onto further lines
    expect(lines.filter((l) => /pr_format|ak_fmt|nanoid/.test(l))).toHaveLength(1);
  });
});
