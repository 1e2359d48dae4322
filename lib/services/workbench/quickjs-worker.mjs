// COMPOSIO_REMOTE_WORKBENCH sandbox, run in a worker thread: QuickJS compiled to WebAssembly
// (quickjs-emscripten). The guest has no Node APIs, no network and no file system; its only
// way out is `run_composio_tool(slug, args)`, forwarded to the parent, which runs the session's
// tool and posts the result back. CPU time is bounded by an interrupt deadline (and the parent
// terminates the worker as a backstop), memory by the QuickJS runtime limit.
import { parentPort, workerData } from 'node:worker_threads';
import { getQuickJS, shouldInterruptAfterDeadline } from 'quickjs-emscripten';

const { code, timeoutMs, memoryBytes, maxToolCalls, maxOutputChars } = workerData;
const deadline = Date.now() + timeoutMs;
const logs = [];
let logChars = 0;
let toolCalls = 0;
let nextId = 1;
const pending = new Map();

function finish(msg) {
  parentPort.postMessage({ type: 'done', ...msg, stdout: logs.join('\n'), toolCalls });
}

const QuickJS = await getQuickJS();
const runtime = QuickJS.newRuntime();
runtime.setMemoryLimit(memoryBytes);
runtime.setMaxStackSize(512 * 1024);
runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
const vm = runtime.newContext();

function toHandle(value) {
  const r = vm.evalCode(`(${JSON.stringify(value ?? null)})`);
  return vm.unwrapResult(r);
}

const log = vm.newFunction('log', (...args) => {
  const line = args
    .map((a) => {
      const v = vm.dump(a);
      return typeof v === 'string' ? v : JSON.stringify(v);
    })
    .join(' ');
  if (logChars < maxOutputChars) {
    logs.push(line.slice(0, maxOutputChars - logChars));
    logChars += line.length + 1;
  }
});
const consoleObj = vm.newObject();
for (const name of ['log', 'info', 'warn', 'error', 'debug']) vm.setProp(consoleObj, name, log);
vm.setProp(vm.global, 'console', consoleObj);
consoleObj.dispose();
log.dispose();

const tool = vm.newFunction('run_composio_tool', (slugH, argsH) => {
  const deferred = vm.newPromise();
  const slug = vm.typeof(slugH) === 'string' ? vm.getString(slugH) : '';
  const args = argsH && vm.typeof(argsH) === 'object' ? vm.dump(argsH) : {};
  if (++toolCalls > maxToolCalls) {
    const err = vm.newError(`at most ${maxToolCalls} tool calls per run`);
    deferred.reject(err);
    err.dispose();
  } else {
    const id = nextId++;
    pending.set(id, deferred);
    parentPort.postMessage({ type: 'call', id, slug, args });
  }
  deferred.settled.then(() => runtime.executePendingJobs());
  return deferred.handle;
});
vm.setProp(vm.global, 'run_composio_tool', tool);
tool.dispose();

parentPort.on('message', (msg) => {
  if (msg.type !== 'result') return;
  const deferred = pending.get(msg.id);
  if (!deferred) return;
  pending.delete(msg.id);
  const h = toHandle(msg.value);
  deferred.resolve(h);
  h.dispose();
  deferred.dispose();
});

const evaluated = vm.evalCode(`(async () => {\n${code}\n})()`, 'workbench.js');
if (evaluated.error) {
  const e = vm.dump(evaluated.error);
  evaluated.error.dispose();
  finish({ error: typeof e === 'object' && e ? `${e.name ?? 'Error'}: ${e.message ?? JSON.stringify(e)}` : String(e) });
} else {
  const promise = evaluated.value;
  const settled = vm.resolvePromise(promise);
  promise.dispose();
  runtime.executePendingJobs();
  const res = await settled;
  if (res.error) {
    const e = vm.dump(res.error);
    res.error.dispose();
    const message = typeof e === 'object' && e ? `${e.name ?? 'Error'}: ${e.message ?? JSON.stringify(e)}` : String(e);
    finish({ error: /interrupted/i.test(message) ? `Time limit of ${timeoutMs} ms exceeded` : message });
  } else {
    const value = vm.dump(res.value);
    res.value.dispose();
    finish({ result: value === undefined ? null : value });
  }
}
