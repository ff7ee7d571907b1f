// The solution's code made ready for QuickJS (see worker.cjs): refused before any native parser sees
// it when it nests too deeply (nesting.cjs), then TypeScript's types stripped by swc.
const { nestingDepth, syntaxRefusal } = require('./nesting.cjs');

function transpile(code, language) {
  if (language !== 'typescript') return code;
  const { transformSync } = require('@swc/core');
  return transformSync(code, { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' }, isModule: false }).code;
}

/** The JavaScript to run: { source }, or { error }, the text every test fails with when the code is refused or unreadable. */
function prepareSource(code, language, limits) {
  if (nestingDepth(code) > limits.maxNesting)
    return { error: `Syntax error: the code is nested too deeply (limit ${limits.maxNesting} levels of brackets)` };
  const refused = syntaxRefusal(code, language, limits);
  if (refused) return { error: refused };
  try {
    return { source: transpile(code, language) };
  } catch (error) {
    const message = String(error.message || error);
    // swc's report: "  x Expression expected", then the place as ",-[3:1]"; the student reads
    // "Expression expected (3:0)", line and column (from 0) as the JavaScript parser gives them
    const line =
      message
        .split('\n')
        .map((l) => l.trim().replace(/^x\s+/, ''))
        .find(Boolean) || 'the code cannot be read';
    const place = /,-\[(?:[^\]\n]*?:)?(\d+):(\d+)\]/.exec(message);
    const at = place ? ` (${place[1]}:${Math.max(0, Number(place[2]) - 1)})` : '';
    return { error: `Syntax error: ${line.slice(0, limits.errorChars)}${at}` };
  }
}

/**
 * A test as the worker runs it: a student's own TypeScript call (Run's custom input) made JavaScript
 * as their code is, the same checks first ({ ...test, script }, evaluated as a script for its value,
 * or { ...test, refused }, its error). The course's own calls are plain JavaScript and run as they are.
 */
function prepareCall(test, language, limits) {
  if (!test.custom || language !== 'typescript') return test;
  // in brackets, so an object literal is a value; the line break ends a comment the call may end with
  const prepared = prepareSource(`(${test.call}\n)`, language, limits);
  return 'error' in prepared ? { ...test, refused: prepared.error } : { ...test, script: prepared.source };
}

module.exports = { transpile, prepareSource, prepareCall };
