// A sandbox process (forked by pool.ts, one job at a time): runs a student's JavaScript (or
// TypeScript, types stripped by swc) in QuickJS (WebAssembly) with time, memory and stack limits,
// each test of the task in a fresh runtime, and reports one bounded outcome per test. A separate
// process because swc's native code can overflow its stack on deeply nested input (SIGSEGV): that
// costs this process and its one job, never the server. Plain JavaScript: it is forked by Node alone.
const { DefaultIntrinsics, newQuickJSWASMModule } = require('quickjs-emscripten');
const { Worker, isMainThread, parentPort } = require('node:worker_threads');
const { nestingDepth, syntaxRefusal } = require('./nesting.cjs');

let modulePromise = null;
const quickjs = () => (modulePromise ??= newQuickJSWASMModule());

/** What a student reads when the sandbox itself failed; the detail goes to the server's log. */
const INTERNAL = 'The sandbox could not run this code';

/** A failure of QuickJS or of this process (not of the student's code): the process must not be reused. */
class InternalFailure extends Error {}

/** The solution left no memory for the grader: the test fails with the memory limit's text. */
class MemoryExhausted extends Error {}

/**
 * QuickJS's own memory limit bounds each allocation, not a runtime's total: this build of QuickJS
 * cannot read an allocation's size (quickjs-emscripten issue #271), so many allocations under the
 * limit add up unchecked. The total is therefore read off the WebAssembly memory: a test that grows
 * it by more than the limit (with a quarter's slack for the allocator) fails with the limit's text, and
 * QuickJS's interrupt checks stop it early when they come. The memory never shrinks: after a job that
 * grew it that far, or ran out of memory, or left it above RECYCLE_FACTOR limits, the process exits
 * (the pool starts a fresh one), so no later job, another student's, inherits a full or fragmented heap.
 */
const wasmBytes = (QuickJS) => QuickJS.getWasmMemory().buffer.byteLength;
const limitBytes = (limits) => limits.memoryMb * 1024 * 1024;
const GROWTH_SLACK = 1.25;
const RECYCLE_FACTOR = 4;
/** set when this process should not take another job */
let recycle = false;

function describe(error, limits) {
  const { name, message } = error;
  if (message === 'interrupted')
    return `Time limit exceeded (${limits.timeMs} ms): the code ran too long. Is there an endless loop?`;
  if (message === 'out of memory' || message === 'string too long' || message === 'invalid array length')
    return `Memory limit exceeded (${limits.memoryMb} MB)`;
  if (message === 'stack overflow') return 'Stack limit exceeded: the recursion is too deep';
  const text = name ? `${name}: ${message}` : message;
  return text.length > limits.errorChars ? `${text.slice(0, limits.errorChars)}…` : text;
}

function transpile(code, language) {
  if (language !== 'typescript') return code;
  const { transformSync } = require('@swc/core');
  return transformSync(code, { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' }, isModule: false }).code;
}

/** What the grader takes from a fresh context, by name from the global object, in its order (b[0], …). */
const BUILT_INS = [
  'Reflect.apply',
  'Array.prototype.push',
  'Array.prototype.join',
  'Array.prototype.indexOf',
  'Array.prototype.pop',
  'String.prototype.slice',
  'Date.prototype.toISOString',
  'Object.keys',
  'Array.isArray',
  'JSON.stringify',
  'String',
  'Date',
  'Error',
  'TypeError',
];

/**
 * Prepares a fresh context before the solution runs, from the host (no script: compiling one cost
 * ~100 µs per test, a third of a test's time): reads the built-ins the grader needs before the student's
 * code can replace them, installs a console that keeps the arguments of its first lines (at most
 * logLines lines), and freezes JSON. Returns what the host keeps: { builtIns, entries (per line, the
 * handle of an array of its arguments), dropped }. The student's code sees none of it but the console.
 */
function guard(vm, limits, own) {
  const read = new Map();
  /** a built-in by its dotted name, each object on the way read once */
  const at = (name) => {
    let handle = read.get(name);
    if (!handle) {
      const dot = name.lastIndexOf('.');
      handle = own(vm.getProp(dot < 0 ? vm.global : at(name.slice(0, dot)), name.slice(dot + 1)));
      read.set(name, handle);
    }
    return handle;
  };
  const kept = { builtIns: BUILT_INS.map(at), entries: [], dropped: false };
  const call = (name, self, ...args) => {
    const result = vm.callFunction(at(name), self, ...args);
    if (result.error) {
      const detail = JSON.stringify(vm.dump(result.error));
      result.error.dispose();
      throw new InternalFailure(`the context could not be prepared: ${detail}`);
    }
    return own(result.value);
  };
  // console.log is a proxy whose apply trap is the host's function: QuickJS hands the trap the call's
  // arguments as one array it made itself, so a call with thousands of arguments costs the host one
  // handle (a host function called directly converts every argument, between two of QuickJS's checks of
  // the time limit). Once a line beyond the kept ones comes, the trap becomes Function.prototype (a
  // built-in that does nothing): a solution logging in a long loop makes no host call per line.
  const nothing = at('Function.prototype');
  const trap = own(
    vm.newFunction('log', (target, self, args) => {
      if (!args || vm.typeof(args) !== 'object') return; // only the proxy calls it, with an array
      if (kept.entries.length < limits.logLines) {
        kept.entries.push(own(args.dup()));
        return;
      }
      kept.dropped = true;
      vm.setProp(handler, 'apply', nothing);
    }),
  );
  // no prototype: a trap the solution plants on Object.prototype (`has`, `get`, …) would otherwise be
  // the proxy's, and be handed the target, the host function itself, to call with any arguments
  const handler = own(vm.newObject(vm.null));
  vm.setProp(handler, 'apply', trap);
  const proxied = own(vm.newArray());
  vm.setProp(proxied, 0, trap);
  vm.setProp(proxied, 1, handler);
  const log = call('Reflect.construct', vm.undefined, at('Proxy'), proxied);
  const console = own(vm.newObject());
  for (const name of ['log', 'info', 'warn', 'error', 'debug']) vm.setProp(console, name, log);
  call('Object.freeze', vm.undefined, console);
  const define = (name, fields) => {
    const descriptor = own(vm.newObject());
    for (const [field, value] of Object.entries(fields)) vm.setProp(descriptor, field, value);
    call('Object.defineProperty', at('Object'), vm.global, own(vm.newString(name)), descriptor);
  };
  // as Node has it: writable and configurable, not enumerable
  define('console', { value: console, writable: vm.true, configurable: vm.true });
  call('Object.freeze', vm.undefined, at('JSON'));
  define('JSON', { writable: vm.false, configurable: vm.false });
  return kept;
}

/**
 * The grader, made in a test's context only when the host cannot read the result itself (an object,
 * a long string, a thrown error, console output): a function of the built-ins the host read before the
 * solution ran (BUILT_INS, passed as its arguments) that uses no global name at all, so the student's
 * code, which ran before, cannot change what it calls.
 * Evaluates to a function (...built-ins) => { grade, describe, list, drainLogs }.
 */
const graderSource = (limits) => `"use strict";
(function (...b) {
// the built-ins, by index (own elements of a rest parameter only the host fills); a method becomes a
// function of its receiver through the original Reflect.apply and a fresh rest array, so nothing the
// student's code changed runs (bind would read the method's name and length, getters a solution can plant)
const apply = b[0];
const uncurry = (f) => (self, ...args) => apply(f, self, args);
const push = uncurry(b[1]), join = uncurry(b[2]), indexOf = uncurry(b[3]), pop = uncurry(b[4]), slice = uncurry(b[5]);
const toISO = uncurry(b[6]), keys = b[7], isArray = b[8], quote = b[9], Str = b[10], DateType = b[11], ErrorType = b[12];
const TypeErrorType = b[13];
const FULL = {};
// JSON text of a value (as JSON.stringify, but without toJSON, which a solution could plant on a
// prototype): it stops once it is longer than the budget, so a huge value costs only the budget.
const serialize = (value, budget, preview) => {
  const parts = [];
  const seen = [];
  let size = 0;
  const emit = (text) => {
    size += text.length;
    if (size > budget) {
      push(parts, slice(text, 0, budget - (size - text.length)));
      throw FULL;
    }
    push(parts, text);
  };
  const walk = (v, inArray) => {
    const t = typeof v;
    if (v === null) return emit('null');
    if (t === 'string' || t === 'number') return emit(preview && t === 'number' ? Str(v) : quote(v));
    if (t === 'boolean') return emit(v ? 'true' : 'false');
    if (t === 'bigint') {
      if (preview) return emit(Str(v) + 'n');
      throw new TypeErrorType('BigInt value cannot be serialized: return a number or a string');
    }
    if (t === 'undefined' || t === 'function' || t === 'symbol') {
      if (preview) return emit(t === 'undefined' ? 'undefined' : t === 'symbol' ? 'Symbol()' : '[Function]');
      if (inArray) return emit('null');
      return false;
    }
    if (v instanceof DateType) return emit(quote(toISO(v)));
    if (preview && v instanceof ErrorType) return emit(Str(v.name) + ': ' + Str(v.message));
    if (indexOf(seen, v) >= 0) {
      if (preview) return emit('[Circular]');
      throw new TypeErrorType('circular reference');
    }
    push(seen, v);
    if (isArray(v)) {
      emit('[');
      const length = v.length;
      for (let i = 0; i < length; i++) {
        if (i > 0) emit(',');
        walk(v[i], true);
      }
      emit(']');
    } else {
      emit('{');
      let first = true;
      const names = keys(v);
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        const at = parts.length;
        const before = size;
        emit((first ? '' : ',') + quote(name) + ':');
        if (walk(v[name], false) === false) {
          parts.length = at;
          size = before;
        } else first = false;
      }
      emit('}');
    }
    pop(seen);
  };
  try {
    if (walk(value, false) === false) return void 0;
    return join(parts, '');
  } catch (error) {
    if (error === FULL) return { partial: join(parts, '') };
    throw error;
  }
};
// one console line: its arguments, each shown as a preview, cut at the line's length
const format = (args) => {
  let line = '';
  for (let i = 0; i < args.length && line.length < ${limits.logLineChars}; i++) {
    const arg = args[i];
    const budget = ${limits.logLineChars} - line.length;
    let text;
    if (typeof arg === 'string') text = slice(arg, 0, budget);
    else {
      const json = serialize(arg, budget, true);
      text = typeof json === 'string' ? json : json.partial;
    }
    line += (i > 0 ? ' ' : '') + text;
  }
  if (line.length > ${limits.logLineChars}) line = slice(line, 0, ${limits.logLineChars}) + '…';
  return line;
};
return {
  // '=' and the full JSON text, or '+' and the first budget characters of a longer one, or 'u' for undefined
  grade(value, budget) {
    const json = serialize(value, budget, false);
    if (json === void 0) return 'u';
    return typeof json === 'string' ? '=' + json : '+' + json.partial;
  },
  describe(error) {
    if (error instanceof ErrorType) return [slice(Str(error.name), 0, 100), slice(Str(error.message), 0, ${limits.errorChars + 1})];
    const json = serialize(error, ${limits.errorChars}, true);
    return ['', 'Uncaught ' + (typeof json === 'string' ? json : json.partial)];
  },
  // an array of its arguments (a rest parameter defines its elements: no setter the solution planted runs)
  list: (...items) => items,
  drainLogs(entries, dropped) {
    const lines = [];
    let logged = 0;
    for (let i = 0; i < entries.length; i++) {
      if (logged >= ${limits.logChars}) {
        dropped = true;
        break;
      }
      const line = format(entries[i]);
      push(lines, line);
      logged += line.length;
    }
    const text = join(lines, '\\n');
    return dropped ? text + '\\n…' : text;
  },
};
})`;

/**
 * The built-ins a full QuickJS context has and one made with the typed arrays' intrinsic left out lacks:
 * the typed arrays, ArrayBuffer, DataView, and also WeakRef and FinalizationRegistry (quickjs-emscripten
 * adds those only to a default context). Making them is ~30 % of a fresh context's cost and few
 * solutions use them, so a context has them only when the solution or a test's call names one of them;
 * code that reaches them by a computed name alone (`globalThis['Uint8' + 'Array']`) finds them undefined.
 * Everything else is the same in both (checked by sandbox.test.ts).
 */
const TYPED_ARRAY_NAMES =
  /\b(?:ArrayBuffer|SharedArrayBuffer|DataView|WeakRef|FinalizationRegistry|(?:Big)?(?:Int|Uint|Float)(?:8|16|32|64)(?:Clamped)?Array)\b/;
const WITHOUT_TYPED_ARRAYS = { ...DefaultIntrinsics, TypedArrays: false };

/** The built-ins of the contexts of one submission: undefined for a full context, else all but the typed arrays. */
const intrinsicsFor = (source, tests) =>
  TYPED_ARRAY_NAMES.test(source) || tests.some((test) => TYPED_ARRAY_NAMES.test(test.call)) ? undefined : WITHOUT_TYPED_ARRAYS;

/** A fresh QuickJS runtime and context for one test: nothing carries over from another test. */
function openContext(QuickJS, limits, intrinsics) {
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(limits.memoryMb * 1024 * 1024);
  runtime.setMaxStackSize(limits.stackKb * 1024);
  const clock = { deadline: 0, memoryCap: wasmBytes(QuickJS) + limitBytes(limits) * GROWTH_SLACK };
  runtime.setInterruptHandler(() => Date.now() > clock.deadline || wasmBytes(QuickJS) > clock.memoryCap);
  const vm = intrinsics ? runtime.newContext({ intrinsics }) : runtime.newContext();
  const handles = [];
  const own = (handle) => {
    handles.push(handle);
    return handle;
  };
  /** evaluates or calls within the time limit: { value } (a handle this context disposes) or { error } */
  const within = (ms, action) => {
    clock.deadline = Date.now() + ms;
    const result = action();
    if (result.error) return { error: own(result.error) };
    return { value: own(result.value) };
  };
  const text = (handle, max) => {
    if (vm.typeof(handle) !== 'string') throw new InternalFailure('the grader returned a non-string');
    return vm.getString(handle).slice(0, max);
  };
  // the sandbox's own set-up is not the student's time (a new process compiles QuickJS first)
  clock.deadline = Date.now() + 5000;
  const logged = guard(vm, limits, own);
  let helpers = null;
  /** the grader's functions, made on first need (most right solutions return a number or a short string) */
  const graderFailed = (error) => {
    const dumped = vm.dump(error);
    // out of memory, or too little memory left even for the error's text
    if (dumped === '' || dumped?.message === 'out of memory') return new MemoryExhausted();
    return new InternalFailure(`the grader failed: ${JSON.stringify(dumped)}`);
  };
  const grader = () => {
    if (helpers) return helpers;
    // made within its own time, then the caller's deadline again (the grader may be made inside a call)
    const deadline = clock.deadline;
    try {
      return makeGrader();
    } finally {
      clock.deadline = deadline;
    }
  };
  const makeGrader = () => {
    const made = within(5000, () => vm.evalCode(graderSource(limits), 'grader.js'));
    if (made.error) throw graderFailed(made.error);
    const built = within(5000, () => vm.callFunction(made.value, vm.undefined, ...logged.builtIns));
    if (built.error) throw graderFailed(built.error);
    const helper = (name) => own(vm.getProp(built.value, name));
    helpers = { grade: helper('grade'), describe: helper('describe'), list: helper('list'), drainLogs: helper('drainLogs') };
    return helpers;
  };
  return {
    evaluate: (code, file) => within(limits.timeMs, () => vm.evalCode(code, file)),
    /** the student-readable text of an error thrown in the sandbox (bounded) */
    errorText(errorHandle) {
      const described = within(100, () => vm.callFunction(grader().describe, vm.undefined, errorHandle));
      if (described.error) return 'The code threw a value that cannot be shown';
      const name = text(own(vm.getProp(described.value, 0)), 100);
      const message = text(own(vm.getProp(described.value, 1)), limits.errorChars + 1);
      return describe({ name, message }, limits);
    },
    /** { json, complete } of a value, at most budget characters of JSON, or { error } */
    grade(valueHandle, budget) {
      // what the host reads without running anything in the sandbox: undefined, a number, a boolean,
      // a string short enough (a primitive has no toJSON and no getters to plant)
      const type = vm.typeof(valueHandle);
      if (type === 'undefined') return { json: undefined, complete: true };
      if (type === 'number') return { json: JSON.stringify(vm.getNumber(valueHandle)), complete: true };
      if (type === 'boolean') return { json: vm.dump(valueHandle) ? 'true' : 'false', complete: true };
      if (type === 'string' && vm.getNumber(own(vm.getProp(valueHandle, 'length'))) <= budget) {
        const json = JSON.stringify(vm.getString(valueHandle));
        if (json.length <= budget) return { json, complete: true };
      }
      const graded = within(limits.timeMs, () =>
        vm.callFunction(grader().grade, vm.undefined, valueHandle, own(vm.newNumber(budget))),
      );
      if (graded.error) return { error: this.errorText(graded.error) };
      const result = text(graded.value, budget + 1);
      if (result === 'u') return { json: undefined, complete: true };
      return { json: result.slice(1), complete: result[0] === '=' };
    },
    logs() {
      if (logged.entries.length === 0) return [];
      const { list, drainLogs } = grader();
      const entries = within(100, () => vm.callFunction(list, vm.undefined, ...logged.entries));
      if (entries.error) return [];
      // the lines are formatted now (the student's time limit applies: getters may run)
      const dropped = logged.dropped ? vm.true : vm.false;
      const drained = within(limits.timeMs, () => vm.callFunction(drainLogs, vm.undefined, entries.value, dropped));
      if (drained.error) return [];
      const all = text(drained.value, limits.logChars + limits.logLines * 2 + 2);
      return all ? all.split('\n').slice(0, limits.logLines + 1) : [];
    },
    dispose() {
      for (const handle of handles.reverse()) if (handle.alive) handle.dispose();
      vm.dispose();
      runtime.dispose();
    },
  };
}

/** The shown value of a result's JSON: the value itself when short, else its first characters, marked truncated. */
function shown(json, complete, limits) {
  if (json === undefined) return { actual: 'undefined' };
  const value = complete && json.length <= limits.actualChars ? parsed(json) : undefined;
  if (value) return { actual: value.value };
  return { actual: json.length > limits.actualChars ? `${json.slice(0, limits.actualChars)}…` : json, truncated: true };
}

/** A value of the sandbox's JSON text, or undefined when it is not JSON after all. */
function parsed(json) {
  try {
    return { value: JSON.parse(json) };
  } catch {
    return undefined;
  }
}

function runTest(QuickJS, source, test, limits, intrinsics) {
  const before = wasmBytes(QuickJS);
  const context = openContext(QuickJS, limits, intrinsics);
  const failed = (error) => ({ name: test.name, passed: false, expected: test.expected, actual: null, error });
  let outcome;
  let loadError = null;
  let loading = true;
  /** the test fails with the memory limit's text (keeping its logs), and this process takes no other job */
  const overMemory = (logs) => {
    const text = describe({ message: 'out of memory' }, limits);
    // the solution itself does not load: the next tests fail the same way without running it again
    if (loading) loadError = text;
    recycle = true;
    return { ...failed(text), ...(logs ? { logs } : {}) };
  };
  try {
    outcome = attempt();
  } catch (error) {
    if (!(error instanceof MemoryExhausted)) throw error;
    outcome = overMemory();
  } finally {
    context.dispose();
  }
  // the test held more than the limit: it fails so, whatever it returned
  if (wasmBytes(QuickJS) - before > limitBytes(limits) * GROWTH_SLACK) outcome = overMemory(outcome.logs);
  return { outcome, loadError };

  function attempt() {
    let outcome;
    const loaded = context.evaluate(source, 'solution.js');
    if (loaded.error) {
      loadError = context.errorText(loaded.error);
      outcome = failed(loadError);
    } else {
      loading = false;
      const called = context.evaluate(`(${test.call})`, 'test.js');
      if (called.error) outcome = failed(context.errorText(called.error));
      else {
        const expectedJson = JSON.stringify(test.expected);
        // enough to compare with the expected value and to show the first characters
        const budget = Math.max(expectedJson === undefined ? 0 : expectedJson.length, limits.actualChars) + 1;
        const graded = context.grade(called.value, budget);
        if (graded.error) outcome = failed(graded.error);
        else {
          const value = graded.complete && graded.json !== undefined ? parsed(graded.json) : undefined;
          const passed = value !== undefined && JSON.stringify(value.value) === expectedJson;
          outcome = { name: test.name, passed, expected: test.expected, ...shown(graded.json, graded.complete, limits) };
        }
      }
    }
    try {
      const logs = context.logs();
      if (logs.length > 0) outcome.logs = logs;
    } catch (error) {
      // no memory left to show the lines: the outcome stands without them
      if (!(error instanceof MemoryExhausted)) throw error;
    }
    return outcome;
  }
}

/** Keeps the whole reply under limits.replyChars: drops logs first, then shortens shown values. */
function fitReply(outcomes, limits) {
  const size = () => JSON.stringify(outcomes).length;
  for (let i = outcomes.length - 1; i >= 0 && size() > limits.replyChars; i--) {
    if (outcomes[i].logs) {
      delete outcomes[i].logs;
      outcomes[i].truncated = true;
    }
  }
  for (let i = outcomes.length - 1; i >= 0 && size() > limits.replyChars; i--) {
    const outcome = outcomes[i];
    const text = typeof outcome.actual === 'string' ? outcome.actual : JSON.stringify(outcome.actual);
    if (text !== undefined && text.length > 100) {
      outcome.actual = `${text.slice(0, 100)}…`;
      outcome.truncated = true;
    }
  }
  return outcomes;
}

/**
 * Runs a job's tests in turn: { results, partial }. The turn ends after the test that ends past
 * turnMs when tests are left (partial: the pool runs the rest in a later turn, so the process goes
 * to other students' jobs meanwhile); a job that does not load fails every test at once.
 */
async function run({ code, language, tests, limits, turnMs = Infinity }) {
  const started = Date.now();
  const failAll = (error) => tests.map((t) => ({ name: t.name, passed: false, expected: t.expected, actual: null, error }));
  if (nestingDepth(code) > limits.maxNesting)
    return whole(failAll(`Syntax error: the code is nested too deeply (limit ${limits.maxNesting} levels of brackets)`));
  const refused = syntaxRefusal(code, language, limits);
  if (refused) return whole(failAll(refused));
  let source;
  try {
    source = transpile(code, language);
  } catch (error) {
    const line =
      String(error.message || error)
        .split('\n')
        .find((l) => l.trim()) || 'the code cannot be read';
    return whole(failAll(`Syntax error: ${line.slice(0, limits.errorChars)}`));
  }
  const QuickJS = await quickjs();
  const intrinsics = intrinsicsFor(source, tests);
  const outcomes = [];
  let loadError = null;
  for (const test of tests) {
    if (loadError) {
      // the solution does not load: every test fails the same way (no need to run it again)
      outcomes.push({ name: test.name, passed: false, expected: test.expected, actual: null, error: loadError });
      continue;
    }
    const result = runTest(QuickJS, source, test, limits, intrinsics);
    loadError = result.loadError;
    outcomes.push(result.outcome);
    if (!loadError && outcomes.length < tests.length && Date.now() - started >= turnMs) break;
  }
  if (wasmBytes(QuickJS) > limitBytes(limits) * RECYCLE_FACTOR) recycle = true;
  // a turn's share of the reply's limit: the turns of a job together stay under it
  const share = Math.floor((limits.replyChars * outcomes.length) / tests.length);
  return { results: fitReply(outcomes, { ...limits, replyChars: share }), partial: outcomes.length < tests.length };
}

const whole = (results) => ({ results, partial: false });

/** Runs one job: the reply to the pool, and the exit code when this process must leave after it. */
async function answer(job) {
  try {
    const { results, partial } = await run(job);
    // a recycling reply: the pool takes no other job to this process and kills it; it leaves by itself too
    if (recycle) return { reply: { id: job.id, ok: true, results, partial, recycle: true }, exit: 0 };
    return { reply: { id: job.id, ok: true, results, partial } };
  } catch (error) {
    // QuickJS failed inside (a wasm trap, an assertion, the host's stack): the student reads a plain
    // text, the server logs the detail, and the pool replaces this process (its QuickJS may be broken)
    const detail = String((error && (error.stack || error.message)) || error).slice(0, 2000);
    return { reply: { id: job.id, ok: false, error: INTERNAL, detail }, exit: 1 };
  }
}

if (require.main === module && isMainThread) {
  // The jobs run in a thread whose stack is far beyond QuickJS's own limit (stackKb): QuickJS's parser
  // (an eval of 50,000 brackets) and its recursion then stop at QuickJS's check with a clear error,
  // before the host's stack runs out under QuickJS and leaves it broken.
  const thread = new Worker(__filename, { resourceLimits: { stackSizeMb: 16, maxOldGenerationSizeMb: 256 } });
  process.on('message', (job) => thread.postMessage(job));
  thread.on('message', ({ reply, exit }) =>
    process.send(reply, () => {
      if (exit !== undefined) process.exit(exit);
    }),
  );
  thread.on('error', () => process.exit(1));
  thread.on('exit', () => process.exit(1));
} else if (!isMainThread && parentPort) {
  parentPort.on('message', async (job) => parentPort.postMessage(await answer(job)));
}

module.exports = { intrinsicsFor, run };
