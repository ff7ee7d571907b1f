import { SandboxPool } from './pool';

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
    expect((await firstError('function sum(a: number { return a }', 'typescript')).error).toMatch(/^Syntax error: /);
    expect((await firstError('function sum( {')).error).toMatch(/^SyntaxError: /);
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
