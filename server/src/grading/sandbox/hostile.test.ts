import { SandboxPool, type TestOutcome } from './pool';

// Hostile submissions, kept as a permanent suite: escapes, exhaustion, crashes and amplification.
// Each must end in a bounded, clear outcome, and the next normal submission must be graded right.

const sumTests = [
  { name: 'sum(1, 2)', call: 'sum(1, 2)', expected: 3 },
  { name: 'sum(-1, 1)', call: 'sum(-1, 1)', expected: 0 },
];
const RIGHT = 'function sum(a, b) { return a + b }';
const TIME = /^Time limit exceeded \(1000 ms\)/;
const NESTED = 'Syntax error: the code is nested too deeply (limit 100 levels of brackets)';
const TOO_DEEP = 'Syntax error: the code is nested too deeply (limit 500 levels of operators, statements and types)';
/** a clear reason a parser bomb is refused or fails: never the sandbox's own failure */
const CLEAR = /^Syntax error: |^SyntaxError: |^Stack limit exceeded|^ReferenceError: |^TypeError: /;

type Language = 'javascript' | 'typescript';

describe('hostile submissions', () => {
  let pool: SandboxPool;
  beforeAll(() => {
    pool = new SandboxPool({ size: 2 });
  });
  afterAll(async () => {
    // the whole hostile suite costs no sandbox process: nothing crashed or failed inside
    expect(pool.crashes).toBe(0);
    await pool.close();
  });

  /** the outcomes a student would get: a failed job fails every test with its message, as the route does */
  async function grade(code: string, language: Language = 'javascript'): Promise<TestOutcome[]> {
    try {
      return await pool.run(code, language, sumTests, 'hostile');
    } catch (error) {
      const text = (error as Error).message;
      return sumTests.map((t) => ({ name: t.name, passed: false, expected: t.expected, actual: null, error: text }));
    }
  }

  /** every test of a solution that survived a hostile part passed, with no error */
  const expectAllRight = (outcomes: TestOutcome[]) =>
    expect(outcomes.map((o) => [o.passed, o.error])).toEqual(sumTests.map(() => [true, undefined]));

  /** grades a hostile submission, checks the outcome is bounded and failed, then that a normal one is graded right */
  async function hostile(code: string, language: Language = 'javascript'): Promise<TestOutcome[]> {
    const outcomes = await grade(code, language);
    expect(outcomes).toHaveLength(sumTests.length);
    expect(JSON.stringify(outcomes).length).toBeLessThanOrEqual(32_000);
    for (const outcome of outcomes) {
      expect(outcome.passed).toBe(false);
      expect((outcome.error ?? '').length).toBeLessThanOrEqual(501);
      const shown = typeof outcome.actual === 'string' ? outcome.actual : JSON.stringify(outcome.actual ?? null);
      expect(shown.length).toBeLessThanOrEqual(2_001);
    }
    const next = await pool.run(RIGHT, language, sumTests, 'next');
    expect(next.map((o) => o.passed)).toEqual([true, true]);
    return outcomes;
  }

  describe('escapes', () => {
    it.each([
      ['process', 'function sum() { return process.exit(1) }', "ReferenceError: 'process' is not defined"],
      [
        'require',
        "function sum() { return require('fs').readFileSync('/etc/passwd', 'utf8') }",
        "ReferenceError: 'require' is not defined",
      ],
      [
        'a static import',
        "import fs from 'fs'; function sum() { return 1 }",
        /^SyntaxError: |^ReferenceError: could not load module 'fs'$/,
      ],
    ])('%s is not there', async (_, code, error) => {
      const [first] = await hostile(code);
      expect(first!.error).toEqual(typeof error === 'string' ? error : expect.stringMatching(error));
    });

    it('import() reaches no module', async () => {
      const code =
        "let seen = 'none'; import('fs').then((m) => { seen = typeof m.readFileSync }, (e) => { seen = 'refused' }); function sum() { return seen }";
      const [first] = await hostile(code);
      expect(['none', 'refused']).toContain(first!.actual);
    });

    it.each([
      ["Function('return this')", "Function('return this')()"],
      ['the constructor chain', "sum.constructor.constructor('return globalThis')()"],
      ['globalThis', 'globalThis'],
    ])('%s is the sandbox’s own global, without host objects', async (_, global) => {
      const code = `function sum() { const g = ${global}; return Object.getOwnPropertyNames(g).filter((k) => ['process', 'require', 'module', 'Buffer', 'fetch', 'setTimeout', 'std', 'os'].includes(k)) }`;
      const [first] = await hostile(code);
      expect(first!.actual).toEqual([]);
    });

    it('tampering with JSON, prototypes and built-ins does not fake a result', async () => {
      const code = `
        try { JSON.stringify = () => '3' } catch {}
        try { globalThis.JSON = { stringify: () => '3', parse: () => 3 } } catch {}
        Object.prototype.toJSON = function () { return 3 };
        Array.prototype.toJSON = function () { return 3 };
        String.prototype.slice = function () { return '=3' };
        Array.prototype.join = function () { return '=3' };
        Function.prototype.call = function () { return '=3' };
        Function.prototype.bind = function () { return () => '=3' };
        Reflect.apply = () => '=3';
        Array.prototype.push = function () { return 0 };
        Array.prototype.indexOf = function () { return 0 };
        Object.keys = () => [];
        Object.defineProperty(Date, Symbol.hasInstance, { value: () => true });
        function sum() { return {} }`;
      const outcomes = await hostile(code);
      for (const outcome of outcomes) expect([{}, null]).toContainEqual(outcome.actual);
    });

    it('the tests run on fresh state: no counter or global carries over', async () => {
      const outcomes = await grade('let i = 0; const E = [3, 0]; function sum() { return E[i++] }');
      expect(outcomes.map((o) => o.passed)).toEqual([true, false]);
      const planted = await grade(
        'if (!globalThis.seen) { globalThis.seen = 1; } else { globalThis.seen++ } function sum() { return globalThis.seen === 1 ? 3 : 0 }',
      );
      expect(planted.map((o) => o.passed)).toEqual([true, false]);
    });
  });

  describe('exhaustion', () => {
    it.each([
      ['an endless loop in a test', 'function sum() { while (true) {} }', TIME],
      ['an endless loop while loading', 'for (;;) {} function sum(a, b) { return a + b }', TIME],
      ['an endless getter of the result', 'function sum() { return { get a() { for (;;) {} } } }', TIME],
      ['a 1 GB string', "function sum() { return 'x'.repeat(1e9) }", /^Memory limit exceeded \(32 MB\)$/],
      [
        'an array that grows forever',
        'function sum() { const a = []; for (;;) a.push([1, 2, 3]) }',
        /^Memory limit exceeded|^Time limit/,
      ],
      ['deep recursion', 'function sum(a) { return sum(a) + 1 }', /^Stack limit exceeded/],
      [
        'a deeply nested result',
        'function sum() { let a = []; for (let i = 0; i < 1e5; i++) a = [a]; return a }',
        /^Stack limit exceeded/,
      ],
      ['a circular result', 'function sum() { const a = []; a.push(a); return a }', /^TypeError: circular reference$/],
    ])('%s stops with a clear error', async (_, code, error) => {
      const outcomes = await hostile(code);
      for (const outcome of outcomes) expect(outcome.error).toMatch(error);
    });

    it('a huge console.log is formatted inside the sandbox, bounded, and does not hold the process', async () => {
      const code =
        "const big = Array(1e5).fill('x'.repeat(100)); function sum(a, b) { for (let i = 0; i < 1e5; i++) console.log(big, { big }, i); return a + b }";
      const outcomes = await pool.run(code, 'javascript', sumTests, 'hostile');
      expectAllRight(outcomes);
      for (const outcome of outcomes) {
        expect(outcome.logs!.length).toBeLessThanOrEqual(21);
        expect(outcome.logs!.join('').length).toBeLessThanOrEqual(2_100);
      }
    });

    it('console.log with tens of thousands of arguments costs the host one handle per call', async () => {
      // the console hands the host an array QuickJS made: 1,000 such calls take well under the time limit
      const code =
        'const big = Array(60000).fill(1); function sum(a, b) { for (let i = 0; i < 1000; i++) console.log(...big); return a + b }';
      const outcomes = await pool.run(code, 'javascript', sumTests, 'hostile');
      expectAllRight(outcomes);
      expect(outcomes[0]!.logs![0]).toMatch(/^1 1 1 .*…$/);
      expect(outcomes[0]!.logs!.at(-1)).toBe('…');
    });

    it('traps planted on Object.prototype never reach the console’s host function', async () => {
      const code = `let raw;
        for (const name of ['has', 'get', 'getOwnPropertyDescriptor', 'ownKeys', 'getPrototypeOf', 'deleteProperty', 'defineProperty', 'set'])
          Object.prototype[name] = function (target) { raw = target; return Reflect[name](...arguments) };
        'x' in console.log; console.log.name; Object.keys(console.log); Object.getPrototypeOf(console.log);
        delete console.log.y; console.log.z = 1;
        for (const name of ['has', 'get', 'getOwnPropertyDescriptor', 'ownKeys', 'getPrototypeOf', 'deleteProperty', 'defineProperty', 'set'])
          delete Object.prototype[name];
        function sum(a, b) { return raw === undefined ? a + b : 0 }`;
      const outcomes = await pool.run(code, 'javascript', sumTests, 'hostile');
      expectAllRight(outcomes);
    });

    it('an error with a huge text is cut', async () => {
      const [first] = await hostile("function sum() { const e = new Error('m'.repeat(1e6)); e.name = 'n'.repeat(1e5); throw e }");
      expect(first!.error!.length).toBeLessThanOrEqual(501);
    });
  });

  describe('crashes', () => {
    it.each([
      ['TypeScript', 'typescript'],
      ['JavaScript', 'javascript'],
    ] as const)('brackets nested 1,500 to 50,000 deep in %s get a clear error', async (_, language) => {
      for (const [open, close] of [
        ['(', ')'],
        ['[', ']'],
        ['{', '}'],
      ] as const) {
        for (const depth of [1_500, 5_000, 20_000, 50_000]) {
          const outcomes = await grade(open.repeat(depth) + close.repeat(depth), language);
          expect(outcomes.map((o) => o.error)).toEqual([NESTED, NESTED]);
        }
      }
      await hostile(`${'('.repeat(101)}1${')'.repeat(101)}`, language);
    });

    it('nesting within strings, comments, templates and regular expressions is not counted', async () => {
      const deep = '('.repeat(300);
      const code = `// ${deep}\n/* ${deep} */ const s = '${deep}' + "${deep}" + \`${deep}\${'['}\`; const r = /${deep.replace(/\(/g, '\\(')}/; function sum(a, b) { return a + b }`;
      expect((await pool.run(code, 'javascript', sumTests, 'hostile')).map((o) => o.passed)).toEqual([true, true]);
    });

    it('brackets after a `/` that may be a division (after `}` or `++`) still count', async () => {
      const deep = '('.repeat(5_000) + ')'.repeat(5_000);
      for (const code of [`let x = {} /${deep}/ 1`, `let a = 1; a++ /${deep}/ 1`]) {
        expect((await grade(code, 'typescript')).map((o) => o.error)).toEqual([NESTED, NESTED]);
      }
    });

    // issue 29: these crashed the sandbox process (swc's native parser overflowed its stack) though
    // they hold few brackets; each is refused with a clear reason (or graded) and no process is lost
    const chain = (unit: string, count: number, end = '1') => `const x = ${unit.repeat(count)}${end};`;
    const parserBombs: Array<[string, string]> = [
      ['`!` × 49,000', chain('!', 49_000)],
      ['`-` × 24,000', chain('- ', 24_000)],
      ['`~` × 49,000', chain('~', 49_000)],
      ['`+` × 24,000', chain('+ ', 24_000)],
      ['`typeof` × 7,000', chain('typeof ', 7_000)],
      ['`void` × 9,000', chain('void ', 9_000)],
      ['`await` × 8,000', `async function f() { return ${'await '.repeat(8_000)}1 }`],
      ['`new` × 9,000', chain('new ', 9_000, 'Object')],
      ['deep type arguments', `let x: ${'A<'.repeat(9_000)}B${'>'.repeat(9_000)};`],
      ['deep type arguments, 3,000', `let x: ${'A<'.repeat(3_000)}B${'>'.repeat(3_000)};`],
      ['nested template literals', `const x = ${'`${'.repeat(9_000)}1${'}`'.repeat(9_000)};`],
      [
        'a regex-looking division hiding 9,000 parentheses',
        `let a = 1, b = 2; let x = a / ${'('.repeat(9_000)}b${')'.repeat(9_000)} / 1;`,
      ],
      ['a division that looks like a regex across lines', `let a = 1; let x = a++ /${'('.repeat(90)}\n${'+ /('.repeat(3_000)}1`],
      ['deep arrow functions', chain('a => ', 9_000)],
      ['deep ternaries', chain('a ? 1 : ', 6_000)],
      ['deep assignments', chain('a = ', 12_000)],
      ['`**` × 9,000', chain('1 ** ', 9_000)],
      ['`if` × 7,000', `${'if (a) '.repeat(7_000)};`],
      ['labels × 5,000', `${Array.from({ length: 5_000 }, (_, i) => `l${i}: `).join('')};`],
      ['deep object literals', chain('{a:', 12_000, `1${'}'.repeat(12_000)}`)],
      ['deep array literals', chain('[', 24_000, ']'.repeat(24_000))],
      ['deep type assertions', chain('<A>', 15_000)],
      ['deep array types', `let x: number${'[]'.repeat(20_000)};`],
      ['deep conditional types', `type X = ${'A extends B ? C : '.repeat(2_500)}D;`],
      ['deep function types', `let x: ${'() => '.repeat(8_000)}A;`],
      ['`keyof` × 7,000', `let x: ${'keyof '.repeat(7_000)}A;`],
      ['a long `+` chain', chain('1 + ', 12_000)],
      ['a long member chain', chain('.a', 20_000, '').replace('= .a', '= a')],
      ['a long call chain', `const f = () => f; const x = f${'()'.repeat(20_000)};`],
    ];
    it.each(['typescript', 'javascript'] as const)(
      'parser bombs in %s are refused with a clear reason, and no sandbox process crashes',
      async (language) => {
        const crashes = pool.crashes;
        for (const [shape, bomb] of parserBombs) {
          const code = `${bomb}\nfunction sum(a, b) { return a + b }`;
          expect([shape, code.length <= 50_000]).toEqual([shape, true]);
          const outcomes = await grade(code, language);
          for (const outcome of outcomes) expect([shape, outcome.error]).toEqual([shape, expect.stringMatching(CLEAR)]);
          expect([shape, pool.crashes]).toEqual([shape, crashes]);
        }
        await hostile(`const x = ${'!'.repeat(49_000)}1; function sum() { return 0 }`, language);
        expect((await grade(`const x = ${'!'.repeat(49_000)}1;`, language))[0]!.error).toBe(TOO_DEEP);
      },
      120_000,
    );

    it('an eval of deep brackets stops at QuickJS’s own stack check, with its error, and no process is lost', async () => {
      const spawned = pool.spawned;
      const [first] = await hostile("function sum() { return eval('['.repeat(50000)) }");
      expect(first!.error).toBe('Stack limit exceeded: the recursion is too deep');
      expect(pool.spawned).toBe(spawned);
    });
  });

  describe('size', () => {
    it.each([
      ['a 5 MB string', "function sum() { return 'x'.repeat(5e6) }"],
      ['an array of long strings', "function sum() { return Array(2000).fill('y'.repeat(5000)) }"],
      ['a wide object', 'function sum() { const o = {}; for (let i = 0; i < 2e5; i++) o["k" + i] = i; return o }'],
      ['a sparse giant array', 'function sum() { return new Array(1e9) }'],
    ])('%s comes back cut and marked truncated', async (_, code) => {
      const outcomes = await hostile(code);
      for (const outcome of outcomes) {
        expect(outcome.truncated).toBe(true);
        expect(String(outcome.actual).length).toBeLessThanOrEqual(2_001);
      }
    });
  });
});
