// A sandbox process (forked by pool.ts; it runs one job at a time, in the order they come): runs a student's JavaScript (or
// TypeScript, types stripped by swc) in QuickJS (WebAssembly) with time, memory and stack limits,
// each test of the task in a fresh runtime, and reports one bounded outcome per test. A separate
// process because swc's native code can overflow its stack on deeply nested input (SIGSEGV): that
// costs this process and its one job, never the server. Plain JavaScript: it is forked by Node alone.
// Its parts: worker-source.cjs (the TypeScript transform), worker-context.cjs (QuickJS, with
// worker-guard.cjs and worker-grader.cjs), worker-tests.cjs (a test run and compared) and
// worker-limits.cjs; this file runs a job's tests and answers the pool.
const { Worker, isMainThread, parentPort } = require('node:worker_threads');
const { RECYCLE_FACTOR, limitBytes, thisProcess, wasmBytes } = require('./worker-limits.cjs');
const { prepareCall, prepareSource } = require('./worker-source.cjs');
const { intrinsicsFor, quickjs } = require('./worker-context.cjs');
const { fitReply, runTest } = require('./worker-tests.cjs');

/** What a student reads when the sandbox itself failed; the detail goes to the server's log. */
const INTERNAL = 'The sandbox could not run this code';

/**
 * Runs a job's tests in turn: { results, partial }. The turn ends after the test that ends past
 * turnMs when tests are left (partial: the pool runs the rest in a later turn, so the process goes
 * to other students' jobs meanwhile); a job that does not load fails every test at once.
 */
async function run({ code, language, tests, limits, turnMs = Infinity }) {
  const started = Date.now();
  const failAll = (error) => tests.map((t) => ({ name: t.name, passed: false, expected: t.expected, actual: null, error }));
  const prepared = prepareSource(code, language, limits);
  if ('error' in prepared) return whole(failAll(prepared.error));
  const { source } = prepared;
  const QuickJS = await quickjs();
  const intrinsics = intrinsicsFor(source, tests);
  const outcomes = [];
  let loadError = null;
  for (const given of tests) {
    const test = prepareCall(given, language, limits);
    // the solution does not load: every test fails the same way (no need to run it again)
    const failure = loadError ?? test.refused;
    if (failure) {
      outcomes.push({ name: test.name, passed: false, expected: test.expected, actual: null, error: failure });
      continue;
    }
    const result = runTest(QuickJS, source, test, limits, intrinsics);
    loadError = result.loadError;
    outcomes.push(result.outcome);
    if (!loadError && outcomes.length < tests.length && Date.now() - started >= turnMs) break;
  }
  if (wasmBytes(QuickJS) > limitBytes(limits) * RECYCLE_FACTOR) thisProcess.recycle = true;
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
    if (thisProcess.recycle) return { reply: { id: job.id, ok: true, results, partial, recycle: true }, exit: 0 };
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
  // the server that forked it is gone (killed, or it died): nobody sends a job or reads a reply any
  // more, and the thread alone would keep this process alive as an orphan
  process.on('disconnect', () => process.exit(0));
  thread.on('error', () => process.exit(1));
  thread.on('exit', () => process.exit(1));
} else if (!isMainThread && parentPort) {
  // one job at a time, in the order sent: the pool may send the next job before this one's reply
  let turns = Promise.resolve();
  parentPort.on('message', (job) => {
    turns = turns.then(async () => parentPort.postMessage(await answer(job)));
  });
}

module.exports = { intrinsicsFor, run };
