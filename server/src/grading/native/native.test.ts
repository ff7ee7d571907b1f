import { gradeGo, GO_LIMITS } from './languages/go';
import { closeJava, gradeJava } from './languages/java';
import { gradePython } from './languages/python';
import { closeSql, gradeSql, studentQuery } from './languages/sql';
import { NativeGraders } from '.';
import { sandboxAvailable } from './sandbox';

// Issue 30: code graded in Java, Go, Python and SQL. Right and wrong answers, per-test values, the
// compiler's errors with the student's own lines, runtime errors. CI installs bubblewrap and Go
// (.ci/run); elsewhere a machine without them skips the languages that need them.
const sandboxed = sandboxAvailable().ok || process.env.CI === 'true' ? describe : describe.skip;

afterAll(async () => {
  await Promise.all([closeJava(), closeSql()]);
});

sandboxed('Java', () => {
  const tests = [
    { name: 'sum(1, 2)', call: 'Solution.sum(1, 2)', expected: 3 },
    { name: 'sum(-1, 1)', call: 'Solution.sum(-1, 1)', expected: 0 },
    { name: 'evens', call: 'Solution.evens(new int[]{1, 2, 3, 4})', expected: [2, 4] },
  ];
  const right = [
    'import java.util.*;',
    'public class Solution {',
    '  static int sum(int a, int b) { System.out.println("adding " + a); return a + b; }',
    '  static List<Integer> evens(int[] xs) { List<Integer> out = new ArrayList<>(); for (int x : xs) if (x % 2 == 0) out.add(x); return out; }',
    '}',
  ].join('\n');

  it('a right solution passes every test; what it printed is each test’s log', async () => {
    const outcomes = await gradeJava(right, tests);
    expect(outcomes.map((o) => o.passed)).toEqual([true, true, true]);
    expect(outcomes[0]).toMatchObject({ actual: 3, logs: ['adding 1'] });
    expect(outcomes[2]).toMatchObject({ actual: [2, 4] });
  });

  it('a wrong one fails with its value beside the expected one', async () => {
    const outcomes = await gradeJava(right.replace('return a + b', 'return a - b'), tests);
    expect(outcomes[0]).toMatchObject({ passed: false, expected: 3, actual: -1 });
    expect(outcomes[1]).toMatchObject({ passed: false, actual: -2 });
  });

  it('a compile error is javac’s own text on the student’s file, with its line and caret', async () => {
    const outcomes = await gradeJava('public class Solution {\n  static int sum(int a, int b) { return a + b }\n}\n', tests);
    expect(outcomes.every((o) => o.stage === 'compile' && !o.passed)).toBe(true);
    expect(outcomes[0]!.error).toMatch(/^Solution\.java:2: error: ';' expected\n.*return a \+ b }\n\s+\^/);
    expect(outcomes[0]!.error).not.toContain('Harness');
  });

  it('a test whose call does not fit the code fails alone; the others run', async () => {
    const outcomes = await gradeJava('public class Solution {\n  static int sum(int a, int b) { return a + b; }\n}\n', tests);
    expect(outcomes.slice(0, 2).map((o) => o.passed)).toEqual([true, true]);
    expect(outcomes[2]!.error).toMatch(/^The test could not call your code: cannot find symbol/);
  });

  it('an exception names its class, its text and the student’s line', async () => {
    const code = 'public class Solution {\n  static int sum(int a, int b) {\n    return a / (b - b);\n  }\n}\n';
    const [outcome] = await gradeJava(code, tests.slice(0, 1));
    expect(outcome!.error).toBe('java.lang.ArithmeticException: / by zero (Solution.java, line 3)');
  });
});

sandboxed('Go', () => {
  const tests = [
    { name: 'Sum(1, 2)', call: 'Sum(1, 2)', expected: 3 },
    { name: 'Evens', call: 'Evens([]int{1, 2, 3, 4})', expected: [2, 4] },
  ];
  const right = [
    'package main',
    '',
    'func Sum(a, b int) int { return a + b }',
    '',
    'func Evens(xs []int) []int {',
    '\tout := []int{}',
    '\tfor _, x := range xs {',
    '\t\tif x%2 == 0 {',
    '\t\t\tout = append(out, x)',
    '\t\t}',
    '\t}',
    '\treturn out',
    '}',
  ].join('\n');

  it('right and wrong solutions, with values', async () => {
    expect((await gradeGo(right, tests)).map((o) => o.passed)).toEqual([true, true]);
    const wrong = await gradeGo(right.replace('a + b', 'a * b'), tests);
    expect(wrong[0]).toMatchObject({ passed: false, expected: 3, actual: 2 });
  });

  it('a build error is the compiler’s text on solution.go', async () => {
    const outcomes = await gradeGo('package main\n\nfunc Sum(a, b int) int {\n\treturn a +\n}\n', tests);
    expect(outcomes[0]).toMatchObject({ stage: 'compile', passed: false });
    expect(outcomes[0]!.error).toMatch(/^\.\/solution\.go:5:1: syntax error/);
  });

  it('a panic names the student’s line', async () => {
    const code = 'package main\n\nfunc Sum(a, b int) int {\n\tvar m map[int]int\n\tm[a] = b\n\treturn 0\n}\n';
    const [outcome] = await gradeGo(code, tests.slice(0, 1), { ...GO_LIMITS });
    expect(outcome!.error).toBe('panic: assignment to entry in nil map (solution.go, line 5)');
  });
});

sandboxed('Python', () => {
  const tests = [
    { name: 'total(1, 2)', call: 'total(1, 2)', expected: 3 },
    { name: 'pair', call: 'pair(1)', expected: [1, 2] },
  ];

  it('right and wrong solutions, tuples as arrays', async () => {
    const right = 'def total(a, b):\n    return a + b\n\ndef pair(x):\n    return (x, x + 1)\n';
    expect((await gradePython(right, tests)).map((o) => o.passed)).toEqual([true, true]);
    const wrong = await gradePython(right.replace('a + b', 'a - b'), tests);
    expect(wrong[0]).toMatchObject({ passed: false, actual: -1 });
  });

  it('a syntax error is Python’s own, with the line, the source and a caret', async () => {
    const outcomes = await gradePython('def total(a, b)\n    return a + b\n', tests);
    expect(outcomes[0]).toMatchObject({ stage: 'compile' });
    expect(outcomes[0]!.error).toMatch(/File "solution\.py", line 1\n {4}def total\(a, b\)\n +\^\nSyntaxError: expected ':'/);
  });
});

describe('SQL', () => {
  const task = {
    schema:
      "CREATE TABLE users (id int, name text, city text); INSERT INTO users VALUES (1, 'Анна', 'Казань'), (2, 'Борис', 'Омск');",
    orderMatters: false,
  };
  const tests = [
    { name: 'from Kazan', call: '', expected: [[1, 'Анна']] },
    {
      name: 'one more',
      call: "INSERT INTO users VALUES (3, 'Вера', 'Казань')",
      expected: [
        [3, 'Вера'],
        [1, 'Анна'],
      ],
    },
  ];

  it('a query is checked against each test’s data; rows compare as a multiset unless order matters', async () => {
    const outcomes = await gradeSql("SELECT id, name FROM users WHERE city = 'Казань';", tests, task);
    expect(outcomes.map((o) => o.passed)).toEqual([true, true]);
    const ordered = await gradeSql("SELECT id, name FROM users WHERE city = 'Казань' ORDER BY id", tests, {
      ...task,
      orderMatters: true,
    });
    expect(ordered.map((o) => o.passed)).toEqual([true, false]);
    expect(ordered[1]!.actual).toEqual([
      [1, 'Анна'],
      [3, 'Вера'],
    ]);
  });

  it('an error is PostgreSQL’s; anything but a query is refused before it runs', async () => {
    const [bad] = await gradeSql('SELECT nme FROM users', tests.slice(0, 1), task);
    expect(bad!.error).toMatch(/column "nme" does not exist/);
    for (const text of ['DROP TABLE users', 'COMMIT', 'SELECT 1; DROP TABLE users', '/* x */ DELETE FROM users']) {
      const [outcome] = await gradeSql(text, tests.slice(0, 1), task);
      expect(outcome!.passed).toBe(false);
    }
    expect(studentQuery('  -- a comment\n (SELECT 1);  ')).toBe('-- a comment\n (SELECT 1)');
  });
});

sandboxed('the graders’ queue', () => {
  it('grades languages side by side and refuses a user’s fourth submission at once', async () => {
    const graders = new NativeGraders({ concurrency: 2, perOwner: 3 });
    const task = { language: 'python' as const, tests: [{ name: 'x', call: 'f()', expected: 1 }] };
    const runs = [1, 2, 3].map(() => graders.run('def f():\n    return 1\n', task, 7));
    await expect(graders.run('def f():\n    return 1\n', task, 7)).rejects.toMatchObject({ status: 429 });
    for (const outcomes of await Promise.all(runs)) expect(outcomes[0]!.passed).toBe(true);
    await graders.close();
  });
});
