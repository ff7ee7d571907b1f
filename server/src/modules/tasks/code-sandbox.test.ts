import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Code tasks graded in the sandbox, on the fixture course (server/src/testing/fixtures).
describe.each(testDatabases())('code tasks on %s', (kind) => {
  let t: TestApp;
  let openEveryModule: CourseApp['openEveryModule'];
  let task: CourseApp['task'];
  beforeAll(async () => {
    ({ t, openEveryModule, task } = await createCourseApp(kind));
  });
  afterAll(() => t.close());

  async function codeTask(slug: string) {
    const student = await t.userWithSession();
    await openEveryModule(student);
    const loaded = await t.inject({
      method: 'GET',
      url: `/api/student/task/${task(slug).id}/code`,
      headers: { cookie: student.cookie },
    });
    const id = loaded.json().data.studentTaskId as number;
    const submit = (solution: string) =>
      t.inject({
        method: 'POST',
        url: `/api/student/taskInfo/${id}/code`,
        headers: { cookie: student.cookie },
        payload: { taskType: 'code', solution },
      });
    return { loaded: loaded.json().data, submit };
  }

  it('grades code in the sandbox, and the server answers other requests meanwhile', async () => {
    const { loaded, submit } = await codeTask('sum-function');
    expect(loaded).toMatchObject({ type: 'code', codeLang: 'javascript', checkType: 'INTERNAL', solved: false });
    expect(JSON.stringify(loaded)).not.toContain('return a + b');

    // an endless loop runs while other requests are answered at once
    const endless = submit('function sum() { while (true) {} }');
    const started = Date.now();
    const health = await t.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);
    const loopedResponse = await endless;
    expect(loopedResponse.json().error).toBeNull();
    const looped = loopedResponse.json().data;
    expect(looped).toMatchObject({ solved: false, lastActionIsWrong: true });
    expect(looped.result[0].error).toMatch(/^Time limit exceeded/);

    const wrong = (await submit('function sum(a, b) { return a * b }')).json().data;
    expect(wrong.result.map((r: { passed: boolean }) => r.passed)).toEqual([false, false, false]);
    const right = (await submit('function sum(a, b) { return a + b }')).json().data;
    expect(right).toMatchObject({ solved: true, lastActionIsRight: true, answer: 'function sum(a, b) { return a + b }' });
    expect((await submit('')).statusCode).toBe(400);
  });

  it('transpiles TypeScript solutions and runs every test of the task', async () => {
    const { loaded, submit } = await codeTask('is-palindrome');
    expect(loaded).toMatchObject({ codeLang: 'typescript' });
    const right = (
      await submit(
        "function isPalindrome(text: string): boolean { const s = text.toLowerCase().replace(/[^a-zа-яё0-9]/g, ''); return s === [...s].reverse().join(''); }",
      )
    ).json().data;
    expect(right.result).toHaveLength(4);
    expect(right).toMatchObject({ solved: true });
  });
});
