import { SandboxPool, type TestOutcome } from './pool';

// The sandbox's share per account: a flood of endless loops from many accounts does not hold back
// another student's normal submission (issue 29, item 5: 20 accounts × 3 endless loops delayed it 39 s).

const tests = [
  { name: 'sum(1, 2)', call: 'sum(1, 2)', expected: 3 },
  { name: 'sum(-5, 5)', call: 'sum(-5, 5)', expected: 0 },
  { name: 'sum(0.5, 0.25)', call: 'sum(0.5, 0.25)', expected: 0.75 },
];
const RIGHT = 'function sum(a, b) { return a + b }';
const ENDLESS = 'function sum() { while (true) {} }';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sandbox fairness', () => {
  let pool: SandboxPool;
  afterEach(() => pool?.close());

  it('grades a normal submission first while 20 accounts flood the sandbox with 3 endless loops each', async () => {
    // as the server has it on these machines: 2 processes, a 1 s time limit per test, 3 jobs per account
    pool = new SandboxPool({ size: 2 });
    // both processes started (as on a server that has graded before)
    await Promise.all([0, 1].map((i) => pool.run(RIGHT, 'javascript', tests, `warm ${i}`)));
    // the 60 flood jobs take 3 tests × 1 s each: 90 s of both processes
    const flood = Array.from({ length: 20 }, (_, account) =>
      Array.from({ length: 3 }, () => pool.run(ENDLESS, 'javascript', tests, `flood ${account}`).catch(() => null)),
    ).flat();
    let floodFinished = 0;
    for (const job of flood) void job.then(() => (floodFinished += 1));
    await sleep(300);

    const started = Date.now();
    const normal = pool.run(RIGHT, 'javascript', tests, 'student');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 10_000)));
    const graded = await Promise.race([normal, late]);
    clearTimeout(timer);
    const waited = Date.now() - started;
    // before: behind the first job of every flooding account (≈ 30 s), then graded after 18 flood jobs
    expect(graded?.map((o: TestOutcome) => o.passed)).toEqual([true, true, true]);
    expect(floodFinished).toBeLessThanOrEqual(pool.size);
    // a generous bound: the share gives ≈ 1 s (one time limit); the old queue gave ≥ 27 s
    expect(waited).toBeLessThan(5_000);
  }, 30_000);

  it('gives a long job’s process to others between its tests: a looping job does not hold it for all its tests', async () => {
    pool = new SandboxPool({ size: 1, limits: { timeMs: 300 } });
    const finished: string[] = [];
    const looping = pool.run(ENDLESS, 'javascript', tests, 'looping').then((outcomes) => {
      finished.push('looping');
      return outcomes;
    });
    await sleep(100);
    const normal = pool.run(RIGHT, 'javascript', tests, 'student').then((outcomes) => {
      finished.push('student');
      return outcomes;
    });
    expect((await normal).every((o) => o.passed)).toBe(true);
    // the looping job is graded in full all the same: every test, each with the time limit's text
    const outcomes = await looping;
    expect(finished).toEqual(['student', 'looping']);
    expect(outcomes.map((o) => o.name)).toEqual(tests.map((t) => t.name));
    for (const outcome of outcomes) expect(outcome.error).toMatch(/^Time limit exceeded \(300 ms\)/);
  });
});
