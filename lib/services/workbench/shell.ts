/**
 * A small shell over a sandbox's files (./boxes.ts) for CODEINTERPRETER_RUN_TERMINAL_CMD and
 * COMPOSIO_REMOTE_BASH_TOOL. There is no operating system behind the sandbox, so commands are read
 * here: quoting, `;` `&&` `||`, pipes, `>` `>>` `<`, and the file and text commands agents use
 * (echo, printf, cat, ls, pwd, cd, mkdir, touch, rm, cp, mv, wc, head, tail, grep, sort, uniq,
 * base64, true, false) plus `node -e <code>`, which runs JavaScript in the workbench sandbox.
 * Anything else ends with exit code 127 and says so on stderr.
 */
import { BoxError, isDir, listDir, readBoxFile, resolvePath, writeBoxFile, type Box } from './boxes';

export interface ShellResult {
  stdout: string;
  stderr: string;
  exit_code: number;
}

type Io = { stdout: string; stderr: string; code: number };
export type RunJs = (code: string) => Promise<{ stdout: string; error: string | null; result: unknown }>;

/** Words and operators, with quotes honoured ('…' literal, "…" with \\ escapes). */
function tokenize(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let has = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new BoxError('unterminated quote');
      cur += line.slice(i + 1, end);
      has = true;
      i = end;
    } else if (c === '"') {
      i++;
      for (; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) i++;
        cur += line[i];
      }
      if (i >= line.length) throw new BoxError('unterminated quote');
      has = true;
    } else if (c === '\\' && i + 1 < line.length) {
      cur += line[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has) out.push(cur);
      cur = '';
      has = false;
    } else if ('|&;<>'.includes(c)) {
      if (has) out.push(cur);
      cur = '';
      has = false;
      const two = line.slice(i, i + 2);
      if (two === '&&' || two === '||' || two === '>>') {
        out.push(`\u0000${two}`);
        i++;
      } else out.push(`\u0000${c}`);
    } else {
      cur += c;
      has = true;
    }
  }
  if (has) out.push(cur);
  return out;
}

const op = (t: string | undefined) => (t?.startsWith('\u0000') ? t.slice(1) : undefined);

function flags(args: string[]): { opts: Set<string>; rest: string[]; n?: number } {
  const opts = new Set<string>();
  const rest: string[] = [];
  let n: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-n' && /^\d+$/.test(args[i + 1] ?? '')) n = Number(args[++i]);
    else if (/^-\d+$/.test(a)) n = Number(a.slice(1));
    else if (/^-[a-zA-Z]+$/.test(a)) for (const ch of a.slice(1)) opts.add(ch);
    else rest.push(a);
  }
  return { opts, rest, n };
}

const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
const joinLines = (l: string[]) => (l.length ? `${l.join('\n')}\n` : '');

async function command(box: Box, argv: string[], stdin: string, runJs: RunJs): Promise<Io> {
  const [name, ...args] = argv;
  const io: Io = { stdout: '', stderr: '', code: 0 };
  const read = (p: string) => readBoxFile(box, p).toString('utf8');
  const input = (files: string[]) => (files.length ? files.map(read).join('') : stdin);
  switch (name) {
    case 'echo': {
      const noNl = args[0] === '-n';
      io.stdout = (noNl ? args.slice(1) : args).join(' ') + (noNl ? '' : '\n');
      return io;
    }
    case 'printf': {
      const [fmt = '', ...vals] = args;
      let k = 0;
      io.stdout = fmt
        .replace(/%[sd]/g, () => vals[k++] ?? '')
        .replace(/\\n/g, '\n')
        .replace(/\\t/g, '\t');
      return io;
    }
    case 'pwd':
      io.stdout = `${box.cwd}\n`;
      return io;
    case 'cd': {
      const to = resolvePath(box, args[0] ?? '/home/user');
      if (!isDir(box, to)) throw new BoxError(`cd: ${args[0]}: no such directory`);
      box.cwd = to;
      return io;
    }
    case 'ls': {
      const { opts, rest } = flags(args);
      const targets = rest.length ? rest : ['.'];
      const out: string[] = [];
      for (const t of targets) {
        const p = resolvePath(box, t);
        if (box.files.has(p)) out.push(opts.has('l') ? `${box.files.get(p)!.length}\t${t}` : t);
        else if (isDir(box, p))
          for (const e of listDir(box, p))
            out.push(opts.has('l') ? `${box.files.get(`${p === '/' ? '' : p}/${e}`)?.length ?? '-'}\t${e}` : e);
        else throw new BoxError(`ls: ${t}: no such file or directory`);
      }
      io.stdout = joinLines(out);
      return io;
    }
    case 'cat':
      io.stdout = input(args);
      return io;
    case 'mkdir':
      for (const d of flags(args).rest) box.dirs.add(resolvePath(box, d));
      return io;
    case 'touch':
      for (const f of args) if (!box.files.has(resolvePath(box, f))) writeBoxFile(box, f, Buffer.alloc(0));
      return io;
    case 'rm': {
      const { opts, rest } = flags(args);
      for (const f of rest) {
        const p = resolvePath(box, f);
        if (box.files.delete(p)) continue;
        if (isDir(box, p) && opts.has('r')) {
          for (const k of [...box.files.keys()]) if (k.startsWith(`${p}/`)) box.files.delete(k);
          for (const d of [...box.dirs]) if (d === p || d.startsWith(`${p}/`)) box.dirs.delete(d);
        } else if (!opts.has('f')) throw new BoxError(`rm: ${f}: no such file`);
      }
      return io;
    }
    case 'cp':
    case 'mv': {
      const [from, to] = flags(args).rest;
      if (!from || !to) throw new BoxError(`${name}: needs a source and a destination`);
      const content = readBoxFile(box, from);
      const dest = resolvePath(box, to);
      const target = isDir(box, dest) ? `${dest}/${resolvePath(box, from).split('/').pop()}` : dest;
      writeBoxFile(box, target, Buffer.from(content));
      if (name === 'mv') box.files.delete(resolvePath(box, from));
      return io;
    }
    case 'wc': {
      const { opts, rest } = flags(args);
      const text = input(rest);
      const counts = {
        l: (text.match(/\n/g) ?? []).length,
        w: text.split(/\s+/).filter(Boolean).length,
        c: Buffer.byteLength(text),
      };
      const pick = (['l', 'w', 'c'] as const).filter((k) => opts.has(k));
      io.stdout = `${(pick.length ? pick : (['l', 'w', 'c'] as const)).map((k) => counts[k]).join(' ')}\n`;
      return io;
    }
    case 'head':
    case 'tail': {
      const { rest, n = 10 } = flags(args);
      const l = lines(input(rest));
      io.stdout = joinLines(name === 'head' ? l.slice(0, n) : l.slice(Math.max(0, l.length - n)));
      return io;
    }
    case 'grep': {
      const { opts, rest } = flags(args);
      const [pattern, ...files] = rest;
      if (pattern === undefined) throw new BoxError('grep: no pattern');
      let re: RegExp;
      try {
        re = new RegExp(pattern, opts.has('i') ? 'i' : '');
      } catch {
        throw new BoxError(`grep: bad pattern ${pattern}`);
      }
      const hits = lines(input(files))
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => re.test(line) !== opts.has('v'));
      io.stdout = opts.has('c')
        ? `${hits.length}\n`
        : joinLines(hits.map((h) => (opts.has('n') ? `${h.i + 1}:${h.line}` : h.line)));
      io.code = hits.length ? 0 : 1;
      return io;
    }
    case 'sort': {
      const { opts, rest } = flags(args);
      let l = lines(input(rest));
      l = opts.has('n') ? l.sort((a, b) => parseFloat(a) - parseFloat(b)) : l.sort();
      if (opts.has('r')) l.reverse();
      if (opts.has('u')) l = [...new Set(l)];
      io.stdout = joinLines(l);
      return io;
    }
    case 'uniq':
      io.stdout = joinLines(lines(input(args)).filter((line, i, all) => i === 0 || all[i - 1] !== line));
      return io;
    case 'base64': {
      const { opts, rest } = flags(args);
      const text = input(rest);
      io.stdout = opts.has('d')
        ? Buffer.from(text, 'base64').toString('utf8')
        : `${Buffer.from(text).toString('base64')}\n`;
      return io;
    }
    case 'true':
      return io;
    case 'false':
      io.code = 1;
      return io;
    case 'node': {
      const code = args[0] === '-e' || args[0] === '--eval' ? args[1] : args[0] ? read(args[0]) : stdin;
      const r = await runJs(code ?? '');
      io.stdout = r.stdout ? `${r.stdout}\n` : '';
      if (r.error) {
        io.stderr = `${r.error}\n`;
        io.code = 1;
      }
      return io;
    }
    default:
      io.stderr = `${name}: command not found (this sandbox runs JavaScript: use node -e, or the file commands)\n`;
      io.code = 127;
      return io;
  }
}

/** Run one command line in a box. */
export async function runShell(box: Box, line: string, runJs: RunJs): Promise<ShellResult> {
  let tokens: string[];
  try {
    tokens = tokenize(line);
  } catch (e) {
    return { stdout: '', stderr: `${(e as Error).message}\n`, exit_code: 2 };
  }
  let stdout = '';
  let stderr = '';
  let code = 0;
  let i = 0;
  let skip = false;
  while (i < tokens.length) {
    // one pipeline, up to ; && ||
    const stages: string[][] = [[]];
    const redirs: { kind: string; path: string }[] = [];
    for (; i < tokens.length; i++) {
      const o = op(tokens[i]);
      if (o === ';' || o === '&&' || o === '||') break;
      if (o === '|') stages.push([]);
      else if (o === '>' || o === '>>' || o === '<') redirs.push({ kind: o, path: tokens[++i] ?? '' });
      else if (o) {
        return { stdout, stderr: `${stderr}unsupported operator ${o}\n`, exit_code: 2 };
      } else stages[stages.length - 1]!.push(tokens[i]!);
    }
    const sep = op(tokens[i]);
    i++;
    if (!skip) {
      let data = '';
      try {
        const from = redirs.find((r) => r.kind === '<');
        if (from) data = readBoxFile(box, from.path).toString('utf8');
        for (const argv of stages) {
          if (!argv.length) continue;
          const r = await command(box, argv, data, runJs);
          data = r.stdout;
          stderr += r.stderr;
          code = r.code;
        }
        const to = redirs.filter((r) => r.kind !== '<').at(-1);
        if (to) writeBoxFile(box, to.path, Buffer.from(data, 'utf8'), to.kind === '>>');
        else stdout += data;
      } catch (e) {
        if (!(e instanceof BoxError)) throw e;
        stderr += `${e.message}\n`;
        code = 1;
      }
    }
    // a skipped command keeps the last status, so `a && b || c` runs c when a fails
    skip = (sep === '&&' && code !== 0) || (sep === '||' && code === 0);
  }
  return { stdout, stderr, exit_code: code };
}
