import { CUSTOM_CALL_MAX_CHARS } from '@academy/shared/contract';
import { sandboxAvailable } from '../../grading/native/sandbox';
import { closeJava } from '../../grading/native/languages/java';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Issue 32, Run with a call of the student's own: run after the examples in the same sandbox, its value
// (or error, or what it printed) shown and compared with nothing; refused in SQL, where there is no call,
// and when it would not stay one expression where Java and Go splice it. The fixture's `unique-values`
// is made a Python task here, `binary-search-code` a Java one and `counter-code` an SQL one.
const sandboxed = sandboxAvailable().ok || process.env.CI === 'true' ? it : it.skip;

const PYTHON = {
  language: 'python',
  placeholder: 'def greet(name):\n',
  solution: 'def greet(name):\n    return "Привет, " + name + "!"\n',
  tests: [
    { name: 'greet("Аня")', call: 'greet("Аня")', expected: 'Привет, Аня!', hidden: false },
    { name: 'hidden', call: 'greet("секрет")', expected: 'Привет, секрет!', hidden: true },
  ],
};
const JAVA = {
  language: 'java',
  placeholder: 'public class Solution {}',
  solution: 'public class Solution { static String greet(String name) { return "Привет, " + name + "!"; } }',
  tests: [{ name: 'greet("Аня")', call: 'Solution.greet("Аня")', expected: 'Привет, Аня!', hidden: false }],
};
const SQL = {
  language: 'sql',
  placeholder: '',
  solution: 'SELECT id FROM users',
  schema: 'CREATE TABLE users (id int); INSERT INTO users VALUES (1);',
  orderMatters: false,
  tests: [{ name: 'all users', call: '', expected: [[1]], hidden: false }],
};

describe.each(testDatabases())('a try with a call of the student’s own on %s', (kind) => {
  let t: TestApp;
  let c: CourseApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    for (const [slug, data] of [
      ['unique-values', PYTHON],
      ['binary-search-code', JAVA],
      ['counter-code', SQL],
    ] as const)
      await t.database.db
        .updateTable('course_tasks')
        .set({ data: JSON.stringify({ ...c.task(slug).data, ...data }) })
        .where('id', '=', c.task(slug).id)
        .execute();
  });
  afterAll(async () => {
    await closeJava();
    await t?.close();
  });

  /** A student of the task's course, every module open, with a try of the task (`slug`) at hand. */
  async function tryOf(slug: string, course: 'practice' | 'full-pass' | 'review' = 'practice') {
    const student = await t.userWithSession();
    await c.openEveryModule(student, c.courses[course]);
    const view = await t.inject({
      method: 'GET',
      url: `/api/student/task/${c.task(slug).id}/code`,
      headers: { cookie: student.cookie },
    });
    const id = view.json().data.studentTaskId as number;
    return (solution: string, call?: unknown) =>
      t.inject({
        method: 'POST',
        url: `/api/student/taskInfo/${id}/code/try`,
        headers: { cookie: student.cookie },
        payload: call === undefined ? { solution } : { solution, call },
      });
  }

  it('JavaScript: the call’s value, error or undefined, and what it printed; the examples as before', async () => {
    const run = await tryOf('sum-function');
    const solution = 'function sum(a, b) { console.log("sum of", a, b); return a + b }';
    const greeted = await run(solution, '  sum("Привет, ", "Боб!")  ');
    expect(greeted.statusCode).toBe(200);
    const body = greeted.json().data;
    // the examples are judged as ever; the call adds no test and no verdict
    expect(body).toMatchObject({ passed: 2, total: 2 });
    expect(body.outcomes).toHaveLength(2);
    expect(body.custom).toEqual({ call: 'sum("Привет, ", "Боб!")', returned: '"Привет, Боб!"', logs: ['sum of Привет,  Боб!'] });
    // nothing of the hidden test leaves, whatever the call is
    expect(JSON.stringify(body)).not.toContain('0.75');

    const nothing = (await run('function sum(a, b) {}', 'sum(1)')).json().data;
    expect(nothing.custom).toEqual({ call: 'sum(1)', returned: 'undefined' });
    const thrown = (await run('function sum(a, b) { return a.b.c }', 'sum(1, 2)')).json().data.custom;
    expect(thrown).toEqual({ call: 'sum(1, 2)', error: expect.stringMatching(/TypeError/) });
    const unknown = (await run(solution, 'nope(1)')).json().data;
    expect(unknown.custom.error).toMatch(/nope/);
    expect(unknown.passed).toBe(2);
    // a blank call is no call
    expect((await run(solution, '   ')).json().data).not.toHaveProperty('custom');
    expect((await run(solution)).json().data).not.toHaveProperty('custom');
  });

  it('TypeScript: the call is TypeScript, its types stripped as the code’s are', async () => {
    const run = await tryOf('is-palindrome');
    const solution = 'function isPalindrome(text: string): boolean { return text === [...text].reverse().join(""); }';
    const body = (await run(solution, 'isPalindrome("шалаш" as string) && [1, 2].map((x: number) => x).length === 2')).json()
      .data;
    expect(body.custom).toEqual({ call: expect.any(String), returned: 'true' });
    const broken = (await run(solution, 'isPalindrome("шалаш" as)')).json().data;
    expect(broken.custom.error).toMatch(/^Syntax error/);
    expect(broken.passed).toBe(1);
  });

  it('refuses a call too long, on two lines or with control characters (the route’s schema)', async () => {
    const run = await tryOf('sum-function');
    const solution = 'function sum(a, b) { return a + b }';
    for (const call of [
      `sum(1, 2)${' '.repeat(CUSTOM_CALL_MAX_CHARS - 8)}`,
      'sum(1,\n2)',
      'sum(1, 2)\u0000',
      'sum(1, 2)\u2028',
      { call: 'sum(1, 2)' },
    ]) {
      const refused = await run(solution, call);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.text).toMatch(/call/);
    }
    expect((await run(solution, `sum(1, 2)${' '.repeat(CUSTOM_CALL_MAX_CHARS - 9)}`)).statusCode).toBe(200);
  });

  it('SQL has no call: refused with a readable reason', async () => {
    const run = await tryOf('counter-code', 'review');
    const refused = await run('SELECT id FROM users', 'SELECT 1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ key: 'customCallNotInSql', text: expect.stringContaining('SQL') });
  });

  sandboxed('Python: the call evaluated in the solution’s module, its value and print output shown', async () => {
    const run = await tryOf('unique-values');
    const solution = 'def greet(name):\n    print("greeting", name)\n    return "Привет, " + name + "!"\n';
    const body = (await run(solution, 'greet("Боб")')).json().data;
    expect(body).toMatchObject({ passed: 1, total: 1 });
    expect(body.custom).toEqual({ call: 'greet("Боб")', returned: '"Привет, Боб!"', logs: ['greeting Боб'] });
    const failed = (await run(solution, 'greet(1)')).json().data.custom;
    expect(failed.error).toMatch(/^TypeError: .*\(solution\.py, line 3\)$/);
    expect(JSON.stringify(body)).not.toContain('секрет');
  });

  sandboxed(
    'Java: the call compiled into the harness on its own line; one that does not compile fails alone',
    async () => {
      const run = await tryOf('binary-search-code', 'full-pass');
      const body = (await run(JAVA.solution, 'Solution.greet("Боб")')).json().data;
      expect(body).toMatchObject({ passed: 1, total: 1 });
      expect(body.custom).toEqual({ call: 'Solution.greet("Боб")', returned: '"Привет, Боб!"' });
      const unknown = (await run(JAVA.solution, 'Solution.nope(1)')).json().data;
      expect(unknown.passed).toBe(1);
      expect(unknown.custom.error).toMatch(/^The test could not call your code: cannot find symbol/);
      // a call that would close the harness's brackets is refused before anything compiles
      const escaping = await run(JAVA.solution, 'Solution.greet("Боб")); } }; static { System.exit(1); } Object x = ((1');
      expect(escaping.statusCode).toBe(400);
      expect(escaping.json().error.key).toBe('customCallNotOneExpression');
    },
    60_000,
  );
});
