// A sandbox worker: runs a student's JavaScript (or TypeScript, types stripped by swc) in QuickJS
// (WebAssembly) with time, memory and stack limits, then each test call of the task, and reports one
// outcome per test. Plain JavaScript on purpose: worker threads cannot load TypeScript on Node 20.
const { parentPort } = require('node:worker_threads');
const { newQuickJSWASMModule } = require('quickjs-emscripten');

let modulePromise = null;
const quickjs = () => (modulePromise ??= newQuickJSWASMModule());

function describe(error, limits) {
  const name = error && error.name;
  const message = String((error && error.message) || error);
  if (message === 'interrupted')
    return `Time limit exceeded (${limits.timeMs} ms): the code ran too long. Is there an endless loop?`;
  if (message === 'out of memory' || message === 'string too long' || message === 'invalid array length')
    return `Memory limit exceeded (${limits.memoryMb} MB)`;
  if (message === 'stack overflow') return 'Stack limit exceeded: the recursion is too deep';
  return name ? `${name}: ${message}` : message;
}

function transpile(code, language) {
  if (language !== 'typescript') return code;
  const { transformSync } = require('@swc/core');
  return transformSync(code, { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' }, isModule: false }).code;
}

// Frozen before the student's code runs, so it cannot fake the results.
const PRELUDE = `"use strict";
Object.freeze(JSON);
Object.defineProperty(globalThis, 'JSON', { writable: false, configurable: false });`;

async function run({ code, language, tests, limits }) {
  let source;
  try {
    source = transpile(code, language);
  } catch (error) {
    const text = `Syntax error: ${
      String(error.message || error)
        .split('\n')
        .find((l) => l.trim()) || 'the code cannot be read'
    }`;
    return tests.map((t) => ({ name: t.name, passed: false, expected: t.expected, actual: null, error: text }));
  }
  const QuickJS = await quickjs();
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(limits.memoryMb * 1024 * 1024);
  runtime.setMaxStackSize(limits.stackKb * 1024);
  let deadline = 0;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  const vm = runtime.newContext();
  const logs = [];
  try {
    const consoleObject = vm.newObject();
    const log = vm.newFunction('log', (...args) => {
      if (logs.length < 50)
        logs.push(
          args
            .map((a) => String(vm.dump(a)))
            .join(' ')
            .slice(0, 500),
        );
    });
    vm.setProp(consoleObject, 'log', log);
    vm.setProp(vm.global, 'console', consoleObject);
    log.dispose();
    consoleObject.dispose();

    const evaluate = (text, file) => {
      deadline = Date.now() + limits.timeMs;
      const result = vm.evalCode(text, file);
      if (result.error) {
        const error = vm.dump(result.error);
        result.error.dispose();
        return { error: describe(error, limits) };
      }
      const value = vm.dump(result.value);
      result.value.dispose();
      return { value };
    };

    const prelude = evaluate(PRELUDE, 'prelude.js');
    if (prelude.error) throw new Error(prelude.error);
    const loaded = evaluate(source, 'solution.js');
    if (loaded.error) {
      return tests.map((t) => ({ name: t.name, passed: false, expected: t.expected, actual: null, error: loaded.error }));
    }
    return tests.map((test) => {
      const outcome = evaluate(`JSON.stringify((${test.call}))`, 'test.js');
      if (outcome.error) return { name: test.name, passed: false, expected: test.expected, actual: null, error: outcome.error };
      const actual = outcome.value === undefined ? undefined : JSON.parse(outcome.value);
      const passed = JSON.stringify(actual) === JSON.stringify(test.expected);
      return { name: test.name, passed, expected: test.expected, actual: actual === undefined ? 'undefined' : actual };
    });
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}

parentPort.on('message', async (job) => {
  try {
    parentPort.postMessage({ id: job.id, ok: true, results: await run(job) });
  } catch (error) {
    // an unexpected failure may leave QuickJS broken: report it and let the pool replace this worker
    parentPort.postMessage({ id: job.id, ok: false, error: String((error && error.message) || error) });
    process.exit(1);
  }
});
