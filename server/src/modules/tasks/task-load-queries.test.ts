import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Issue 33: a task opened before is loaded from the student's progress (kept in process, current after
// their own answers), with no query of its own; a last answer too long to keep there is read each time.
describe.each(testDatabases())('a task loaded again on %s', (kind) => {
  let t: TestApp;
  let c: CourseApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  });
  afterAll(() => t?.close());

  /** the reply and the statements it cost (the caches' background read of `cache_changes` is not one) */
  async function counted(cookie: string, slug: string, pathKind: string) {
    const before = t.queryCount();
    const data = (await c.load(cookie, slug, pathKind)).json().data;
    return { data, queries: t.queryCount() - before };
  }

  it('costs no query once opened, and shows each answer at once', async () => {
    const student = await c.enrolledStudent();
    // no hints on this theory task: a hint task also counts the student's wrong answers
    const first = await counted(student.cookie, 'primitive-types', 'theory');
    expect(first.data).toMatchObject({ solved: false, lastActionIsWrong: false });
    // the first open made the state quietly (the progress kept does not have it yet): read again, then kept
    const rightIds = (c.task('primitive-types').data.answers as Array<{ id: number; right: boolean }>)
      .filter((a) => a.right)
      .map((a) => a.id);
    const wrong = await c.solve(student.cookie, 'primitive-types', 'theory', { answerIds: rightIds.slice(0, 1) });
    expect(wrong.json().data).toMatchObject({ solved: false, lastActionIsWrong: true });

    const afterAnswer = await counted(student.cookie, 'primitive-types', 'theory');
    expect(afterAnswer.data).toEqual(wrong.json().data);
    const again = await counted(student.cookie, 'primitive-types', 'theory');
    expect(again.data).toEqual(afterAnswer.data);
    expect(again.queries).toBe(0);

    const right = await c.solve(student.cookie, 'primitive-types', 'theory', { answerIds: rightIds });
    expect(right.json().data).toMatchObject({ solved: true, lastActionIsRight: true });
    expect((await counted(student.cookie, 'primitive-types', 'theory')).data).toEqual(right.json().data);
  });

  it('an answer is reserved against the limit and moved in one statement, its state read from the kept progress', async () => {
    const student = await c.enrolledStudent();
    const stateId = await c.stateId(student.cookie, 'primitive-types');
    await c.load(student.cookie, 'primitive-types', 'theory');
    const answers = c.task('primitive-types').data.answers as Array<{ id: number; right: boolean }>;
    // one right choice of three: wrong. The first answer reads the state (a first open is not in the kept
    // progress); after it the progress holds the row, and an answer is its one statement.
    const expected = [2, 1, 1];
    for (const [i, answerIds] of answers
      .filter((a) => a.right)
      .map((a) => [a.id])
      .entries()) {
      const before = t.queryCount();
      const sent = await t.inject({
        method: 'POST',
        url: `/api/student/taskInfo/${stateId}/theory`,
        headers: { cookie: student.cookie },
        payload: { taskType: 'theory', answerIds },
      });
      expect(sent.json().data).toMatchObject({ solved: false, lastActionIsWrong: true });
      expect(t.queryCount() - before).toBe(expected[i]);
      // the student's progress read again after their answer: the next page shows it
      expect((await c.load(student.cookie, 'primitive-types', 'theory')).json().data).toEqual(sent.json().data);
    }
  });

  it('reads a long last answer with its task, and shows the newest', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    await c.load(student.cookie, 'sum-function', 'code');
    const long = (n: number) =>
      `// ${'a long comment that makes the stored answer too big to keep; '.repeat(8)}\nfunction sum(a, b) { return ${n}; }\n`;
    for (const n of [1, 2]) {
      const sent = await c.solve(student.cookie, 'sum-function', 'code', { solution: long(n) });
      expect(sent.statusCode).toBe(200);
      const loaded = await counted(student.cookie, 'sum-function', 'code');
      expect(loaded.data.answer).toBe(long(n));
      expect((await counted(student.cookie, 'sum-function', 'code')).queries).toBeGreaterThan(0);
    }
  });
});
