import { code, outcomesForStudent, type CodeData } from '../../grading/code-kind';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// What a student sees of a code submission's outcomes: examples in full, hidden tests only passed or
// failed (fixture task `sum-function`: two examples, then `sum(0.5, 0.25)` hidden).
describe.each(testDatabases())('code task results on %s', (kind) => {
  let t: TestApp;
  let openEveryModule: CourseApp['openEveryModule'];
  let task: CourseApp['task'];
  beforeAll(async () => {
    ({ t, openEveryModule, task } = await createCourseApp(kind));
  });
  afterAll(() => t?.close());

  it('a hidden test reports only its neutral name and passed or failed: in the reply, on reload and in the history', async () => {
    const student = await t.userWithSession();
    const mentor = await openEveryModule(student);
    const url = `/api/student/task/${task('sum-function').id}/code`;
    const id = (await t.inject({ method: 'GET', url, headers: { cookie: student.cookie } })).json().data.studentTaskId as number;
    // a solution that throws its inputs: the error of a hidden test would give them away
    const reply = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${id}/code`,
      headers: { cookie: student.cookie },
      payload: { taskType: 'code', solution: 'function sum(a, b) { throw new Error("inputs " + a + " and " + b) }' },
    });
    const reloaded = (await t.inject({ method: 'GET', url, headers: { cookie: student.cookie } })).json().data;
    const history = async (prefix: string, cookie: string) =>
      (
        await t.inject({
          method: 'GET',
          url: `${prefix}/taskInfo/${id}/solutions${prefix === '/api/fake/user' ? `?studentId=${student.id}` : ''}`,
          headers: { cookie },
        })
      ).json().data[0].result;

    for (const result of [
      reply.json().data.result,
      reloaded.result,
      await history('/api/student', student.cookie),
      await history('/api/fake/user', mentor.cookie),
    ]) {
      expect(result).toHaveLength(3);
      expect(result[0]).toMatchObject({ name: 'sum(1, 2) возвращает 3', passed: false, hidden: false });
      expect(result[0].error).toContain('inputs 1 and 2');
      expect(result[2]).toEqual({ name: 'Hidden test 3', passed: false, hidden: true });
      const text = JSON.stringify(result);
      expect(text).not.toContain('0.25');
      expect(text).not.toContain('0.75');
      expect(text).not.toContain('sum(0.5');
    }
    // and the reference solution never leaves with a task reply
    expect(JSON.stringify(reloaded)).not.toContain('return a + b');

    const right = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${id}/code`,
      headers: { cookie: student.cookie },
      payload: { taskType: 'code', solution: 'function sum(a, b) { return a + b }' },
    });
    expect(right.json().data.result[2]).toEqual({ name: 'Hidden test 3', passed: true, hidden: true });
  });

  it('no task view of any kind carries a right answer, a reference solution or a test before an answer', async () => {
    const student = await t.userWithSession();
    await openEveryModule(student);
    const kinds: Array<[string, string]> = [
      ['where-js-runs', 'theory'],
      ['const-keyword', 'word'],
      ['declare-variables', 'gapping'],
      ['program-order', 'ordering'],
      ['function-terms', 'association'],
      ['functions-quiz', 'multiTest'],
      ['array-methods', 'multiAnswer'],
      ['array-results', 'multiInput'],
      ['sum-function', 'code'],
      ['is-palindrome', 'code'],
      ['todo-project', 'mentorCheckTask'],
    ];
    for (const [slug, pathKind] of kinds) {
      const reply = await t.inject({
        method: 'GET',
        url: `/api/student/task/${task(slug).id}/${pathKind}`,
        headers: { cookie: student.cookie },
      });
      expect({ slug, status: reply.statusCode }).toEqual({ slug, status: 200 });
      const keys = new Set<string>();
      JSON.stringify(reply.json().data, (key, value: unknown) => (keys.add(key), value));
      for (const secret of ['right', 'answers', 'pairs', 'solution', 'tests', 'call', 'expected', 'gaps'])
        expect({ slug, leaks: keys.has(secret) && !(secret === 'tests' && pathKind === 'multiTest') ? secret : null }).toEqual({
          slug,
          leaks: null,
        });
    }
    // a multi-test lists its questions under `tests`: with their choices, never which is right
    const quiz = (
      await t.inject({
        method: 'GET',
        url: `/api/student/task/${task('functions-quiz').id}/multiTest`,
        headers: { cookie: student.cookie },
      })
    ).json().data;
    expect(Object.keys(quiz.tests[0]).sort()).toEqual(['itemAnswers', 'itemId', 'itemText']);
    expect(Object.keys(quiz.tests[0].itemAnswers[0]).sort()).toEqual(['itemAnswerId', 'itemAnswerText']);
  });
});

describe('code task outcomes for the student', () => {
  const data: CodeData = {
    language: 'javascript',
    placeholder: '',
    solution: 'function f() { return 1 }',
    tests: [
      { name: 'example', call: 'f()', expected: 1, hidden: false },
      { name: 'secret', call: 'f(42)', expected: 1, hidden: true },
      // data imported before tests could be hidden has no mark: hidden
      { name: 'old', call: 'f(7)', expected: 1 },
    ],
  };

  it('shows an example in full with its truncation mark; a hidden, unmarked or unmatched outcome only passes or fails', () => {
    const stored = [
      { name: 'example', passed: false, expected: 1, actual: 'x'.repeat(10), error: undefined, truncated: true },
      { name: 'secret', passed: false, expected: 1, actual: 42, error: 'thrown 42', truncated: true },
      { name: 'old', passed: true, expected: 1, actual: 1 },
      // an outcome the task's current tests do not know (the tests changed since)
      { name: 'gone', passed: false, expected: 5, actual: 6 },
    ];
    expect(outcomesForStudent(data, stored)).toEqual([
      { name: 'example', passed: false, hidden: false, expected: 1, actual: 'xxxxxxxxxx', error: null, truncated: true },
      { name: 'Hidden test 2', passed: false, hidden: true },
      { name: 'Hidden test 3', passed: true, hidden: true },
      { name: 'Hidden test 4', passed: false, hidden: true },
    ]);
    // a renamed example is not matched by position alone
    expect(outcomesForStudent(data, [{ name: 'renamed', passed: true, expected: 1, actual: 1 }])).toEqual([
      { name: 'Hidden test 1', passed: true, hidden: true },
    ]);
    expect(outcomesForStudent(data, null)).toBeNull();
  });

  it('a manifest test is hidden unless marked hidden: false', () => {
    const parsed = code.manifest.parse({
      id: 'f',
      type: 'code',
      title: 'F',
      solution: 'function f() { return 1 }',
      tests: [
        { name: 'shown', call: 'f()', expected: 1, hidden: false },
        { name: 'by default', call: 'f()', expected: 1 },
      ],
    });
    expect(code.toData(parsed, { shuffledIds: () => [] })).toMatchObject({
      tests: [{ hidden: false }, { hidden: true }],
    });
    expect(() =>
      code.manifest.parse({
        id: 'f',
        type: 'code',
        title: 'F',
        solution: 'x',
        tests: [{ name: 'n', call: 'f()', expected: 1, hidden: 'no' }],
      }),
    ).toThrow();
  });
});
