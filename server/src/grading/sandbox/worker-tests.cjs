// One test of a job, run and compared (see worker.cjs): the solution loaded in a fresh context, the
// test's call graded against the expected value, the outcome's shown value and logs, and the reply kept
// under its size limit.
const { MemoryExhausted, wasmBytes, limitBytes, GROWTH_SLACK, thisProcess, describe } = require('./worker-limits.cjs');
const { openContext } = require('./worker-context.cjs');

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
    thisProcess.recycle = true;
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
      // a student's own TypeScript call comes made JavaScript (worker-source.cjs): a script whose value is the call's
      const called = context.evaluate(test.script ?? `(${test.call})`, 'test.js');
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
          // a custom call's undefined is told apart from the text 'undefined' (nothing compares it)
          if (test.custom && graded.json === undefined) outcome.undefined = true;
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

module.exports = { runTest, fitReply };
