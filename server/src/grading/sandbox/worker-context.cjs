// The QuickJS side of a test (see worker.cjs): the WebAssembly module, the built-ins a context is made
// with, and a fresh runtime and context per test, with the time, memory and stack limits, that
// evaluates the solution and grades its result through the grader (worker-grader.cjs).
const { DefaultIntrinsics, newQuickJSWASMModule } = require('quickjs-emscripten');
const { InternalFailure, MemoryExhausted, wasmBytes, limitBytes, GROWTH_SLACK, describe } = require('./worker-limits.cjs');
const { guard } = require('./worker-guard.cjs');
const { graderSource } = require('./worker-grader.cjs');

let modulePromise = null;
const quickjs = () => (modulePromise ??= newQuickJSWASMModule());

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

module.exports = { quickjs, intrinsicsFor, openContext };
