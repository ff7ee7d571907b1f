import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { TRY_LIMITS } from './service';

// Issue 32, "Run": a try runs the student's code on the task's examples only, writes nothing of the
// task (no attempt, no history, no points) and has its own limit per minute, held under parallel tries.
describe.each(testDatabases())('tries of code tasks on %s', (kind) => {
  let t: TestApp;
  let openEveryModule: CourseApp['openEveryModule'];
  let task: CourseApp['task'];
  beforeAll(async () => {
    ({ t, openEveryModule, task } = await createCourseApp(kind));
  });
  afterAll(() => t?.close());

  async function sumTask() {
    const student = await t.userWithSession();
    await openEveryModule(student);
    const load = async () =>
      (
        await t.inject({
          method: 'GET',
          url: `/api/student/task/${task('sum-function').id}/code`,
          headers: { cookie: student.cookie },
        })
      ).json().data;
    const id = (await load()).studentTaskId as number;
    const tryCode = (solution: unknown, cookie: string | null = student.cookie) =>
      t.inject({
        method: 'POST',
        url: `/api/student/taskInfo/${id}/code/try`,
        headers: cookie ? { cookie } : {},
        payload: { solution },
      });
    return { student, id, load, tryCode };
  }

  it('runs the examples only, shows them in full, and leaves the task as it was', async () => {
    const { load, tryCode } = await sumTask();
    const before = await load();
    const wrong = await tryCode('function sum(a, b) { return a * b }');
    expect(wrong.statusCode).toBe(200);
    const body = wrong.json().data;
    // two examples of the three tests: the hidden one is never run here
    expect(body).toMatchObject({ passed: 0, total: 2 });
    expect(body.outcomes).toEqual([
      expect.objectContaining({ name: 'sum(1, 2) возвращает 3', passed: false, hidden: false, expected: 3, actual: 2 }),
      expect.objectContaining({ name: 'sum(-5, 5) возвращает 0', passed: false, hidden: false, expected: 0, actual: -25 }),
    ]);
    expect(JSON.stringify(body)).not.toContain('0.75');
    const right = (await tryCode('function sum(a, b) { return a + b }')).json().data;
    expect(right).toMatchObject({ passed: 2, total: 2 });
    // not an answer: the task is not solved, has no result and no history
    const after = await load();
    expect(after).toEqual(before);
    expect(after).toMatchObject({ solved: false, result: null });
    const history = await t.inject({
      method: 'GET',
      url: `/api/student/taskInfo/${before.studentTaskId}/solutions`,
      headers: { cookie: (await t.userWithSession()).cookie },
    });
    expect(history.statusCode).toBe(404);
  });

  it('a syntax error is the compiler’s, with its line', async () => {
    const { tryCode } = await sumTask();
    const body = (await tryCode('function sum(a, b) {\n  return a +\n}')).json().data;
    expect(body.passed).toBe(0);
    expect(body.outcomes[0].error).toMatch(/line 3|:3:|\(3:/i);
  });

  it('refuses what is not a try of one’s own code task, with a readable reason', async () => {
    const { tryCode, id, student } = await sumTask();
    expect((await tryCode('function sum() {}', null)).statusCode).toBe(401);
    const classmate = await t.userWithSession();
    expect((await tryCode('function sum() {}', classmate.cookie)).statusCode).toBe(404);
    const empty = await tryCode('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.text).toBeTruthy();
    expect((await tryCode({ a: 1 })).statusCode).toBe(400);
    expect((await tryCode('x'.repeat(50_001))).statusCode).toBe(400);
    // a form posted from another site runs nothing (CSRF)
    const forged = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${id}/code/try`,
      headers: { cookie: student.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { solution: 'function sum(a, b) { return a + b }' },
    });
    expect(forged.statusCode).toBe(403);
    expect(id).toBeGreaterThan(0);
  });

  it(`allows ${TRY_LIMITS.perSubject} tries a minute, however many are sent at once`, async () => {
    const { tryCode } = await sumTask();
    const burst = await Promise.all(Array.from({ length: 30 }, () => tryCode('function sum(a, b) { return a + b }')));
    const statuses = burst.map((reply) => reply.statusCode);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    const ran = statuses.filter((status) => status === 200).length;
    expect(ran).toBeGreaterThan(0);
    expect(ran).toBeLessThanOrEqual(TRY_LIMITS.perSubject);
    // the rest of the minute's tries, one after another, then a refusal that says when to come back
    for (let i = ran; i < TRY_LIMITS.perSubject; i += 1)
      expect((await tryCode('function sum(a, b) { return a + b }')).statusCode).toBe(200);
    const refused = await tryCode('function sum(a, b) { return a + b }');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.key).toBe('triesTooFast');
  });
});
