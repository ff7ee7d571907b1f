// The grader's source, evaluated inside a test's QuickJS context (see worker-context.cjs): it
// serialises the result, describes a thrown value and formats the console's lines there, with only the
// built-ins the host read before the solution ran.

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

module.exports = { graderSource };
