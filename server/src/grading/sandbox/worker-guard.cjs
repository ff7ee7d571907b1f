// The host's preparation of a fresh QuickJS context before a solution runs in it (see worker.cjs):
// the built-ins the grader needs, read before the student's code can replace them, a bounded console,
// and a frozen JSON.
const { InternalFailure } = require('./worker-limits.cjs');

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

module.exports = { BUILT_INS, guard };
