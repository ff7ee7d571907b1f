import { ApiError } from '../../common/errors';
import type { SandboxOptions } from './limits';
import { SandboxPool, type TestOutcome } from './pool';

const sumTests = [
  { name: 'sum(1, 2)', call: 'sum(1, 2)', expected: 3 },
  { name: 'sum(-1, 1)', call: 'sum(-1, 1)', expected: 0 },
];

describe('QuickJS sandbox', () => {
  let pool: SandboxPool;
  beforeAll(() => {
    pool = new SandboxPool({ size: 2 });
  });
  afterAll(() => pool.close());

  const firstError = async (code: string, language: 'javascript' | 'typescript' = 'javascript') =>
    (await pool.run(code, language, sumTests, 'student'))[0]!;

  it('runs a right solution and reports every test', async () => {
    const outcomes = await pool.run('function sum(a, b) { return a + b; }', 'javascript', sumTests, 'student');
    expect(outcomes).toEqual([
      { name: 'sum(1, 2)', passed: true, expected: 3, actual: 3 },
      { name: 'sum(-1, 1)', passed: true, expected: 0, actual: 0 },
    ]);
  });

  it('reports a wrong result with expected and actual', async () => {
    const [first] = await pool.run('function sum(a, b) { return a - b; }', 'javascript', sumTests, 'student');
    expect(first).toEqual({ name: 'sum(1, 2)', passed: false, expected: 3, actual: -1 });
  });

  it('stops an endless loop at the time limit', async () => {
    expect((await firstError('function sum() { while (true) {} }')).error).toBe(
      'Time limit exceeded (1000 ms): the code ran too long. Is there an endless loop?',
    );
    expect((await firstError('while (true) {}')).error).toMatch(/^Time limit exceeded/);
  });

  it('refuses a 1 GB allocation at the memory limit', async () => {
    for (const code of [
      'function sum() { return new ArrayBuffer(1e9).byteLength }',
      "function sum() { return 'x'.repeat(1e9).length }",
      'function sum() { return new Array(1e9).fill(0).length }',
    ]) {
      expect((await firstError(code)).error).toBe('Memory limit exceeded (32 MB)');
    }
  });

  it('has typed arrays, WeakRef and FinalizationRegistry where the solution or a test names them, and only there', async () => {
    const bytes = [{ name: 'bytes(3)', call: 'bytes(3)', expected: [0, 0, 7] }];
    const viaSolution = 'function bytes(n) { const b = new Uint8Array(n); b[2] = 7; return Array.from(b) }';
    expect((await pool.run(viaSolution, 'javascript', bytes, 'student'))[0]).toMatchObject({ passed: true });
    const typed = 'function bytes(n: number): number[] { const b = new Uint8Array(n); b[2] = 7; return Array.from(b) }';
    expect((await pool.run(typed, 'typescript', bytes, 'student'))[0]).toMatchObject({ passed: true });
    const viaCall = [{ name: 'first', call: 'first(new Int16Array([5, 6]))', expected: 5 }];
    expect((await pool.run('function first(list) { return list[0] }', 'javascript', viaCall, 'student'))[0]).toMatchObject({
      passed: true,
    });
    const refs = [{ name: 'kept', call: 'kept()', expected: 'object' }];
    expect(
      (
        await pool.run(
          'const kept = () => { const target = {}; return typeof new WeakRef(target).deref() }',
          'javascript',
          refs,
          'student',
        )
      )[0],
    ).toMatchObject({
      passed: true,
    });
    // named nowhere: the context is made without them (the rest of the built-ins are all there)
    const globals = [{ name: 'g', call: 'names()', expected: 'undefined undefined function function function object' }];
    const probe =
      "function names() { return [typeof globalThis['Uint8' + 'Array'], typeof globalThis['Weak' + 'Ref'], typeof Map, typeof Promise, typeof Proxy, typeof Reflect].join(' ') }";
    expect((await pool.run(probe, 'javascript', globals, 'student'))[0]).toMatchObject({ passed: true });
  });

  it('a context made without the typed arrays lacks those built-ins and nothing else', async () => {
    const probe = [{ name: 'g', call: 'names()', expected: '' }];
    const names = async (code: string) => {
      const [outcome] = await pool.run(code, 'javascript', probe, 'student');
      return String(outcome!.actual).split(' ');
    };
    const listing =
      "function names() { return Object.getOwnPropertyNames(globalThis).concat(Object.getOwnPropertyNames(Object.prototype), Object.getOwnPropertyNames(Array.prototype), Object.getOwnPropertyNames(Promise)).join(' ') }";
    const full = await names(`${listing} // Uint8Array`);
    const reduced = await names(listing);
    expect(full.length).toBeGreaterThan(100);
    expect(reduced.filter((name) => !full.includes(name))).toEqual([]);
    expect(full.filter((name) => !reduced.includes(name)).sort()).toEqual(
      [
        'ArrayBuffer',
        'BigInt64Array',
        'BigUint64Array',
        'DataView',
        'FinalizationRegistry',
        'Float16Array',
        'Float32Array',
        'Float64Array',
        'Int16Array',
        'Int32Array',
        'Int8Array',
        'SharedArrayBuffer',
        'Uint16Array',
        'Uint32Array',
        'Uint8Array',
        'Uint8ClampedArray',
        'WeakRef',
      ].sort(),
    );
  });

  it('grades a result even when the solution planted getters the grader could meet, within the time limit', async () => {
    const planted = [{ name: 'r', call: 'sum(1, 2)', expected: { r: 3 } }];
    const code =
      'Object.defineProperty(Function.prototype.call, "name", { get() { throw 1 } }); function sum(a, b) { return { r: a + b } }';
    expect((await pool.run(code, 'javascript', planted, 'student'))[0]).toMatchObject({ passed: true });
    // a getter that never ends stops at the test's time limit (the grader's own set-up time is not its)
    const started = Date.now();
    const [looping] = await pool.run(
      'function sum() { return { get v() { for (;;); } } }',
      'javascript',
      [sumTests[0]!],
      'student',
    );
    expect(looping!.error).toMatch(/^Time limit exceeded \(1000 ms\)/);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('stops deep recursion at the stack limit, and the sandbox keeps working after it', async () => {
    expect((await firstError('function sum(a) { return sum(a) + 1 }')).error).toBe(
      'Stack limit exceeded: the recursion is too deep',
    );
    const after = await pool.run('function sum(a, b) { return a + b }', 'javascript', sumTests, 'student');
    expect(after.every((o) => o.passed)).toBe(true);
  });

  it('gives no access to the host', async () => {
    const probe = [
      {
        name: 'globals',
        call: '[typeof require, typeof process, typeof setTimeout, typeof fetch, typeof module, typeof Buffer]',
        expected: [],
      },
      {
        name: 'constructor escape',
        call: "(function(){ try { return typeof this.constructor.constructor('return process')() } catch (e) { return 'blocked' } })()",
        expected: [],
      },
      { name: 'globalThis', call: 'Object.keys(globalThis).filter((k) => k !== "console")', expected: [] },
    ];
    const outcomes = await pool.run('function sum() {}', 'javascript', probe, 'student');
    expect(outcomes[0]!.actual).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
    expect(['undefined', 'blocked']).toContain(outcomes[1]!.actual);
    expect(outcomes[2]!.actual).toEqual(['sum']); // only the student's own function
    const [imported] = await pool.run("const fs = require('fs'); function sum(){ return 1 }", 'javascript', sumTests, 'student');
    expect(imported!.error).toBe("ReferenceError: 'require' is not defined");
  });

  it('cannot fake results by replacing JSON', async () => {
    const [cheat] = await pool.run('JSON.stringify = () => "3"; function sum() { return 0 }', 'javascript', sumTests, 'student');
    expect(cheat!.passed).toBe(false);
  });

  it('runs TypeScript: types are stripped (a type error does not block), a syntax error is explained', async () => {
    expect(
      (await pool.run('function sum(a: number, b: number): number { return a + b }', 'typescript', sumTests, 'student')).every(
        (o) => o.passed,
      ),
    ).toBe(true);
    const typeError = await pool.run(
      'function sum(a: number, b: string): number { return a + Number(b) }',
      'typescript',
      sumTests,
      'student',
    );
    expect(typeError[0]!.passed).toBe(true);
    expect((await firstError('function sum(a: number { return a }', 'typescript')).error).toMatch(/^Syntax error: .+ \(1:\d+\)$/);
    // read by Babel's parser before anything native: its message, with the line and column
    expect((await firstError('function sum( {')).error).toMatch(/^Syntax error: Unexpected token \(1:\d+\)$/);
  });

  it('handles many submissions at once, each with its own outcome', async () => {
    const codes = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0 ? 'function sum() { while (true) {} }' : `function sum(a, b) { return a + b + ${i % 3 === 1 ? 0 : 1} }`,
    );
    const started = Date.now();
    const results = await Promise.all(codes.map((code, i) => pool.run(code, 'javascript', sumTests, `student ${i}`)));
    results.forEach((outcomes, i) => {
      if (i % 3 === 0) expect(outcomes[0]!.error).toMatch(/^Time limit exceeded/);
      else expect(outcomes[0]!.passed).toBe(i % 3 === 1);
    });
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe('sandbox pool', () => {
  const pools: SandboxPool[] = [];
  const newPool = (options: SandboxOptions) => {
    const pool = new SandboxPool(options);
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });
  const right = 'function sum(a, b) { return a + b }';
  const endless = 'function sum() { while (true) {} }';

  it('starts no process until the first job', async () => {
    const pool = newPool({ size: 2 });
    expect(pool.spawned).toBe(0);
    await pool.run(right, 'javascript', sumTests, 'a');
    expect(pool.spawned).toBe(1);
  });

  it('runs each test on fresh state: a solution cannot hand out the expected values in turn', async () => {
    const pool = newPool({ size: 1 });
    const cheat = 'let i = 0; const E = [3, 0]; function sum() { return E[i++] }';
    const outcomes = await pool.run(cheat, 'javascript', sumTests, 'a');
    expect(outcomes.map((o) => o.passed)).toEqual([true, false]);
    expect(outcomes[1]!.actual).toBe(3);
    // nor through a global left behind by an earlier test
    const global = 'function sum() { globalThis.n = (globalThis.n || 0) + 1; return globalThis.n === 1 ? 3 : 0 }';
    expect((await pool.run(global, 'javascript', sumTests, 'a')).map((o) => o.passed)).toEqual([true, false]);
  });

  it('keeps console lines as written; console and JSON are set up as Node has them, and stay put', async () => {
    const code = `console.log('a', 1, { b: [2] }, undefined); console.info('i'); console.warn(); console.error(new Error('e'));
      function sum() {
        const c = Object.getOwnPropertyDescriptor(globalThis, 'console'), j = Object.getOwnPropertyDescriptor(globalThis, 'JSON');
        return [c.writable, c.enumerable, c.configurable, Object.isFrozen(console), console.log === console.debug,
          j.writable, j.enumerable, j.configurable, Object.isFrozen(JSON), typeof console.log.prototype];
      }`;
    const pool = newPool({ size: 1 });
    const [outcome] = await pool.run(code, 'javascript', [{ name: 'flags', call: 'sum()', expected: [] }], 'student');
    expect(outcome!.actual).toEqual([true, false, true, true, true, false, false, false, true, 'undefined']);
    expect(outcome!.logs).toEqual(['a 1 {"b":[2]} undefined', 'i', '', 'Error: e']);
    // a solution may replace the console (its lines are then not kept), not JSON
    const replaced = "console = { log() {} }; console.log('hidden'); JSON = null; function sum() { return typeof JSON }";
    const [after] = await pool.run(replaced, 'javascript', [{ name: 'json', call: 'sum()', expected: 'object' }], 'student');
    expect(after).toMatchObject({ passed: true });
    expect(after!.logs).toBeUndefined();
  });

  it('a solution that logs in a long loop is not slowed down by the console (300,000 lines, as before)', async () => {
    const pool = newPool({ size: 1 });
    const chatty = 'function sum(a, b) { for (let i = 0; i < 300000; i++) console.log(i); return a + b }';
    const [outcome] = await pool.run(chatty, 'javascript', [sumTests[0]!], 'a');
    expect(outcome).toMatchObject({ passed: true });
    expect(outcome!.logs).toEqual([...Array.from({ length: 20 }, (_, i) => String(i)), '…']);
  });

  it('counts many allocations under the limit against it, and replaces the process that held them', async () => {
    const pool = newPool({ size: 1 });
    const hog = 'function sum() { const a = []; for (let i = 0; i < 400; i++) a.push("x".repeat(1 << 20) + i); return a.length }';
    const [held] = await pool.run(hog, 'javascript', [sumTests[0]!], 'a');
    expect(held!.error).toBe('Memory limit exceeded (32 MB)');
    const spawned = pool.spawned;
    const after = await pool.run('function sum(a, b) { return a + b }', 'javascript', sumTests, 'b');
    expect(after.every((o) => o.passed)).toBe(true);
    expect(pool.spawned).toBe(spawned + 1);
    // 20 MB held is within the limit, and the process stays
    const within =
      'function sum(a, b) { const k = []; for (let i = 0; i < 20; i++) k.push("x".repeat(1 << 20) + i); return a + b }';
    expect((await pool.run(within, 'javascript', sumTests, 'c')).every((o) => o.passed)).toBe(true);
    expect(pool.spawned).toBe(spawned + 1);
  });

  it('bounds console.log inside QuickJS: a huge log costs little and keeps few short lines', async () => {
    const pool = newPool({ size: 1 });
    const flood =
      "const big = Array(1e5).fill('x'.repeat(100)); function sum(a, b) { for (let i = 0; i < 1e4; i++) console.log(big, big); return a + b }";
    const outcomes = await pool.run(flood, 'javascript', sumTests, 'a');
    // graded right, well within the time limit (the old host-side console held the worker 19 s)
    expect(outcomes.map((o) => [o.passed, o.error])).toEqual([
      [true, undefined],
      [true, undefined],
    ]);
    const logs = outcomes[0]!.logs!;
    expect(logs.length).toBeLessThanOrEqual(21);
    expect(logs.every((line) => line.length <= 201)).toBe(true);
    expect(logs[0]).toMatch(/^\["xxxx/);
    expect(logs.at(-1)).toBe('…');
  });

  it('bounds what an outcome carries and the whole reply', async () => {
    const pool = newPool({ size: 1 });
    const [repeat] = await pool.run("function sum() { return 'x'.repeat(5e6) }", 'javascript', sumTests, 'a');
    expect(repeat).toMatchObject({ passed: false, truncated: true });
    expect(String(repeat!.actual).length).toBeLessThanOrEqual(2001);
    const manyTests = Array.from({ length: 40 }, (_, i) => ({ name: `t${i}`, call: 'sum()', expected: 1 }));
    const wide = await pool.run(
      "function sum() { console.log('z'.repeat(1e4)); return Array(2000).fill('y'.repeat(5000)) }",
      'javascript',
      manyTests,
      'a',
    );
    expect(wide).toHaveLength(40);
    expect(JSON.stringify(wide).length).toBeLessThanOrEqual(32_000);
    const [thrown] = await pool.run("function sum() { throw new Error('e'.repeat(1e6)) }", 'javascript', sumTests, 'a');
    expect(thrown!.error!.length).toBeLessThanOrEqual(501);
  });

  it('a process killed by SIGSEGV fails only its own job, and the pool recovers', async () => {
    const pool = newPool({ size: 2, limits: { timeMs: 5000 } });
    const doomed = pool.run(endless, 'javascript', sumTests, 'a');
    const neighbour = pool.run(right, 'javascript', sumTests, 'b');
    expect(pool.killRunning('SIGSEGV')).toBe(true);
    await expect(doomed).rejects.toThrow('The sandbox could not run this code: it crashed (is it nested too deeply?)');
    expect((await neighbour).every((o) => o.passed)).toBe(true);
    expect((await pool.run(right, 'javascript', sumTests, 'a')).every((o) => o.passed)).toBe(true);
  });

  it('refuses before the TypeScript transform a chain that would overflow its native stack (no brackets)', async () => {
    const pool = newPool({ size: 1 });
    // before: past the bracket check, swc's parser overflowed its native stack and the process died
    const crash = `const x = ${'!'.repeat(49_000)}1; function sum(a: number, b: number) { return a + b }`;
    const [first] = await pool.run(crash, 'typescript', sumTests, 'a');
    expect(first!.error).toMatch(/^Syntax error: the code is nested too deeply \(limit 500 levels/);
    expect((await pool.run(right, 'typescript', sumTests, 'a')).every((o) => o.passed)).toBe(true);
    expect([pool.spawned, pool.crashes]).toEqual([1, 0]);
  });

  it('replaces a process the watchdog kills at once: the next job does not go to the dying one', async () => {
    const pool = newPool({ size: 1, limits: { timeMs: 10_000 }, watchdogMs: 3000 });
    const stuck = pool.run(endless, 'javascript', sumTests, 'a');
    const next = pool.run(right, 'javascript', sumTests, 'b');
    await expect(stuck).rejects.toThrow(/^Time limit exceeded: the solution was stopped/);
    expect((await next).every((o) => o.passed)).toBe(true);
    expect(pool.spawned).toBe(2);
  });

  it('serves users round-robin: 50 hostile jobs of one user do not hold back another user', async () => {
    const pool = newPool({ size: 1, limits: { timeMs: 20 }, perOwner: 50 });
    const finished: string[] = [];
    const track = (owner: string, job: Promise<TestOutcome[]>) => job.then(() => finished.push(owner));
    const hostile = Array.from({ length: 50 }, () => track('hostile', pool.run(endless, 'javascript', sumTests, 'hostile')));
    const normal = track('normal', pool.run(right, 'javascript', sumTests, 'normal'));
    await normal;
    // one hostile job was running when the normal one came; it goes next (or between two of its turns), not 50th
    expect(finished.length).toBeLessThanOrEqual(2);
    expect(finished).toContain('normal');
    await Promise.all(hostile);
    expect(finished).toHaveLength(51);
  });

  it("refuses beyond a user's share (429) and a user's second job beyond the queue (503), with a time to retry", async () => {
    const pool = newPool({ size: 1, perOwner: 2, maxQueued: 3, limits: { timeMs: 200 } });
    const jobs = [pool.run(endless, 'javascript', sumTests, 'a'), pool.run(endless, 'javascript', sumTests, 'a')];
    const share = await pool.run(right, 'javascript', sumTests, 'a').catch((error: unknown) => error);
    expect(share).toBeInstanceOf(ApiError);
    expect(share).toMatchObject({ status: 429, key: 'server.sandboxOwnShareUsed', params: { count: 2 } });
    expect((share as ApiError).retryAfter).toBeGreaterThanOrEqual(1);
    jobs.push(pool.run(right, 'javascript', sumTests, 'b'), pool.run(right, 'javascript', sumTests, 'c'));
    expect(pool.queued).toBe(3);
    // the queue is full, but a user with nothing waiting still gets in: other users cannot lock them out
    jobs.push(pool.run(right, 'javascript', sumTests, 'd'));
    expect(pool.queued).toBe(4);
    const full = await pool.run(right, 'javascript', sumTests, 'b').catch((error: unknown) => error);
    expect(full).toMatchObject({ status: 503, key: 'server.sandboxBusy' });
    expect((full as ApiError).retryAfter).toBeGreaterThanOrEqual(1);
    await Promise.all(jobs);
    // shares are given back when the jobs end
    expect((await pool.run(right, 'javascript', sumTests, 'a')).every((o) => o.passed)).toBe(true);
  });

  describe('a job sent ahead to a busy process (aheadBelowMs)', () => {
    // every turn counts as short here, so the next job always goes ahead of the running one's reply
    const ahead = { aheadBelowMs: Infinity };

    it('answers each job with its own outcomes, in any order of owners', async () => {
      const pool = newPool({ size: 2, perOwner: 10, ...ahead });
      const jobs = Array.from({ length: 40 }, (_, i) =>
        pool.run(
          `function sum(a, b) { return a + b + ${i} }`,
          'javascript',
          [{ name: 't', call: 'sum(1, 2)', expected: 3 + i }],
          `o${i % 4}`,
        ),
      );
      expect((await Promise.all(jobs)).map(([outcome]) => outcome!.passed)).toEqual(jobs.map(() => true));
      expect([pool.spawned, pool.crashes]).toEqual([2, 0]);
    });

    it('a crash fails only the running job: the one sent ahead waits again and runs on a new process', async () => {
      const pool = newPool({ size: 1, limits: { timeMs: 5000 }, ...ahead });
      const doomed = pool.run(endless, 'javascript', sumTests, 'a');
      const next = pool.run(right, 'javascript', sumTests, 'b');
      expect(pool.queued).toBe(0); // both are on the one process
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pool.killRunning('SIGSEGV')).toBe(true);
      await expect(doomed).rejects.toThrow('it crashed');
      expect((await next).every((o) => o.passed)).toBe(true);
      expect([pool.spawned, pool.crashes]).toEqual([2, 1]);
    });

    it('a watchdog kill gives the job sent ahead to the next process, unharmed', async () => {
      const pool = newPool({ size: 1, limits: { timeMs: 10_000 }, watchdogMs: 2000, ...ahead });
      const stuck = pool.run(endless, 'javascript', sumTests, 'a');
      const behind = pool.run(right, 'javascript', sumTests, 'b');
      await expect(stuck).rejects.toThrow(/^Time limit exceeded: the solution was stopped/);
      expect((await behind).every((o) => o.passed)).toBe(true);
      expect([pool.spawned, pool.crashes]).toEqual([2, 0]);
    });

    it('a recycling reply gives the job sent ahead to the next process, unharmed', async () => {
      const pool = newPool({ size: 1, ...ahead });
      const hog =
        'function sum() { const a = []; for (let i = 0; i < 400; i++) a.push("x".repeat(1 << 20) + i); return a.length }';
      const held = pool.run(hog, 'javascript', [sumTests[0]!], 'a');
      const after = pool.run(right, 'javascript', sumTests, 'b');
      expect((await held)[0]!.error).toBe('Memory limit exceeded (32 MB)');
      expect((await after).every((o) => o.passed)).toBe(true);
      expect([pool.spawned, pool.crashes]).toEqual([2, 0]);
    });
  });

  it('stops eval’s parser at QuickJS’s own stack check (its thread’s stack is far larger): no failure inside', async () => {
    const logged: object[] = [];
    const pool = newPool({ size: 1, log: { error: (details) => logged.push(details) } });
    // eval's parser is past the nesting check: before, it overflowed the host's stack inside QuickJS
    const internal = "function sum() { return eval('['.repeat(50000)) }";
    const [first] = await pool.run(internal, 'javascript', sumTests, 'a');
    expect(first!.error).toBe('Stack limit exceeded: the recursion is too deep');
    expect(logged).toEqual([]);
    expect((await pool.run(right, 'javascript', sumTests, 'a')).every((o) => o.passed)).toBe(true);
    expect([pool.spawned, pool.crashes]).toEqual([1, 0]);
  });
});
