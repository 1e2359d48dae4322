/**
 * Code Interpreter on Junction's workbench sandbox. The hosted toolkit runs Python in a cloud VM;
 * here code is JavaScript run in the QuickJS workbench (no network, time and memory limited), and
 * a sandbox is a named file tree under /home/user that lives across calls for `keep_alive`
 * seconds (lib/services/workbench/boxes.ts). Terminal commands go to a small built-in shell over
 * the same files. No account needed; sandboxes belong to the calling project.
 */
import type { AuthSchemeDef } from '../types';
import { composite, params, s } from './define';
import { CATEGORIES, standaloneToolkit } from './toolkit-def';
import { ToolFailure, type CuratedContext, type CuratedTool, type FileDescriptor } from './types';

type Args = Record<string, unknown>;

const sandboxId = s.string(
  'Sandbox to use (from CODEINTERPRETER_CREATE_SANDBOX or an earlier call); a new one when omitted',
);
const keepAlive = s.integer('Seconds the sandbox stays alive after this call (default 300, at most 3600)', {
  minimum: 0,
  maximum: 3600,
});
const timeout = s.integer('Time limit of this call in seconds (default 30, at most 60)', { minimum: 1, maximum: 60 });

function box(ctx: CuratedContext) {
  if (!ctx.sandbox) throw new ToolFailure('The workbench sandbox is not available on this server');
  return ctx.sandbox;
}

const str = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || !v.trim()) throw new ToolFailure(`${name} must be a non-empty string`);
  return v;
};

const tags = ['codeinterpreter', 'sandbox'];

const MIME: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  html: 'text/html',
  js: 'text/javascript',
  json: 'application/json',
  xml: 'application/xml',
  png: 'image/png',
  pdf: 'application/pdf',
};

export const codeinterpreterTools: CuratedTool[] = [
  composite({
    slug: 'CODEINTERPRETER_CREATE_SANDBOX',
    name: 'Create sandbox',
    tags,
    noAuth: true,
    description:
      'Start a sandbox: a private file tree under /home/user where code (CODEINTERPRETER_EXECUTE_CODE) and terminal commands ' +
      '(CODEINTERPRETER_RUN_TERMINAL_CMD) can read and write files across calls. Returns sandbox_id; pass it to the other tools. ' +
      'The sandbox is dropped keep_alive seconds after its last use.',
    input: params({ keep_alive: keepAlive }),
    output: params({ sandbox_id: s.string('Id of the new sandbox'), keep_alive: s.integer('Seconds it stays alive') }),
    run: async (ctx, a) => box(ctx).create(a.keep_alive),
  }),
  composite({
    slug: 'CODEINTERPRETER_EXECUTE_CODE',
    name: 'Execute code',
    tags,
    noAuth: true,
    important: true,
    description:
      'Run JavaScript (not Python: the sandbox is a QuickJS engine without network access) and get its returned value ' +
      '(results), console output (stdout) and any error. The code is the body of an async function: use await and return. ' +
      'Files under /home/user are reached with await read_file(path), await write_file(path, text) and await list_files(dir). ' +
      'Pass sandbox_id to keep working on the same files; without it a new sandbox is created and its id returned.',
    input: params(
      {
        code_to_execute: s.string(
          "JavaScript to run, e.g. \"const t = await read_file('data.csv'); return t.split('\\n').length\"",
        ),
        sandbox_id: sandboxId,
        timeout,
        keep_alive: keepAlive,
      },
      ['code_to_execute'],
    ),
    output: params({
      sandbox_id: s.string('Sandbox the code ran in'),
      results: s.array({ type: 'object', description: 'A value' }, 'The returned value, when there is one'),
      stdout: s.string('Console output'),
      stderr: s.string('Error output'),
      error: s.string('Why the code failed, if it did', { nullable: true }),
    }),
    run: async (ctx, a: Args) => {
      const r = await box(ctx).execute(
        a.sandbox_id,
        str(a.code_to_execute, 'code_to_execute'),
        a.timeout,
        a.keep_alive,
      );
      if (r.error) throw new ToolFailure(r.error, r);
      return r;
    },
  }),
  composite({
    slug: 'CODEINTERPRETER_RUN_TERMINAL_CMD',
    name: 'Run terminal command',
    tags,
    noAuth: true,
    description:
      'Run a shell command line in the sandbox and get stdout, stderr and exit_code. The shell is built in: quoting, ; && ||, pipes, ' +
      '> >> < redirections and the commands echo, printf, cat, ls, pwd, cd, mkdir, touch, rm, cp, mv, wc, head, tail, grep, sort, uniq, base64, ' +
      'true, false, and node -e "<javascript>". Other programs (python, pip, curl…) are not installed and exit with 127.',
    input: params(
      {
        command: s.string('Command line, e.g. "ls -l && wc -l data.csv"'),
        sandbox_id: sandboxId,
        timeout,
        keep_alive: keepAlive,
      },
      ['command'],
    ),
    output: params({
      sandbox_id: s.string('Sandbox the command ran in'),
      stdout: s.string('Standard output'),
      stderr: s.string('Error output'),
      exit_code: s.integer('Exit status of the last command (0 = success)'),
    }),
    run: async (ctx, a) => box(ctx).shell(a.sandbox_id, str(a.command, 'command'), a.timeout, a.keep_alive),
  }),
  composite({
    slug: 'CODEINTERPRETER_GET_FILE_CMD',
    name: 'Get file',
    tags,
    noAuth: true,
    description:
      'Download a file from the sandbox (a path under /home/user, or relative to it). Returns it as a file object ' +
      '{name, mimetype, s3url, size} with a download link.',
    input: params(
      {
        file_path: s.string('Path of the file, e.g. /home/user/report.csv'),
        sandbox_id: s.string('Sandbox holding the file'),
      },
      ['file_path', 'sandbox_id'],
    ),
    output: params({ file: s.object({}, 'The file: name, mimetype, s3url, size'), sandbox_id: s.string('Sandbox') }),
    run: async (ctx, a) => {
      const f = box(ctx).readFile(str(a.sandbox_id, 'sandbox_id'), str(a.file_path, 'file_path'));
      const name = f.path.split('/').pop() || 'file';
      const mimetype = MIME[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
      return { sandbox_id: f.sandbox_id, file: await ctx.stageFile(f.content, name, mimetype) };
    },
  }),
  composite({
    slug: 'CODEINTERPRETER_UPLOAD_FILE_CMD',
    name: 'Upload file',
    tags,
    noAuth: true,
    description:
      'Put a file into the sandbox: a staged file (file, from POST /files/upload/request) or plain text (content), saved at ' +
      'destination (default /home/user/<file name>). Returns the path and the sandbox_id (a new sandbox when none was given).',
    input: params({
      file: s.file('The file to upload'),
      content: s.string('Text to save instead of a staged file'),
      destination: s.string('Where to save it, e.g. /home/user/data.csv'),
      sandbox_id: sandboxId,
      keep_alive: keepAlive,
    }),
    output: params({ sandbox_id: s.string('Sandbox'), path: s.string('Where the file is'), size: s.integer('Bytes') }),
    run: async (ctx, a) => {
      let content: Buffer;
      let name = 'upload.txt';
      if (a.file && typeof a.file === 'object') {
        const f = await ctx.readFile(a.file as FileDescriptor);
        content = f.content;
        name = f.name;
      } else if (typeof a.content === 'string') content = Buffer.from(a.content, 'utf8');
      else throw new ToolFailure('Give file (a staged file) or content (text)');
      const dest = typeof a.destination === 'string' && a.destination ? a.destination : `/home/user/${name}`;
      return box(ctx).writeFile(a.sandbox_id, dest.endsWith('/') ? `${dest}${name}` : dest, content, a.keep_alive);
    },
  }),
];

export const noAuthScheme: AuthSchemeDef = {
  mode: 'NO_AUTH',
  name: 'No auth',
  authConfigFields: { required: [], optional: [] },
  connectionFields: { required: [], optional: [] },
};

export const codeinterpreter = standaloneToolkit(
  {
    slug: 'codeinterpreter',
    name: 'Code Interpreter',
    description:
      "Run code and terminal commands in a sandbox with its own files, on the server's workbench (JavaScript in QuickJS, no network).",
    categories: [CATEGORIES.dev],
    // no provider behind it: the tools run on this server's workbench and never call this URL
    baseUrl: 'https://workbench.invalid',
    authSchemes: [noAuthScheme],
    noAuth: true,
  },
  codeinterpreterTools,
);
