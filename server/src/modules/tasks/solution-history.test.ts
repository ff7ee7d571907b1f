import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// The solution history of a code task, on the fixture course (server/src/testing/fixtures).
describe.each(testDatabases())('solution history on %s', (kind) => {
  let t: TestApp;
  let openEveryModule: CourseApp['openEveryModule'];
  let task: CourseApp['task'];
  beforeAll(async () => {
    ({ t, openEveryModule, task } = await createCourseApp(kind));
  });
  afterAll(() => t.close());

  it('keeps every code submission, filters by result and date, for the student and staff only', async () => {
    const student = await t.userWithSession();
    const mentor = await openEveryModule(student);
    const loaded = await t.inject({
      method: 'GET',
      url: `/api/student/task/${task('sum-function').id}/code`,
      headers: { cookie: student.cookie },
    });
    const id = loaded.json().data.studentTaskId as number;
    for (const solution of [
      'function sum(a, b) { return a - b }',
      'function sum(a, b) { return a * b }',
      'function sum(a, b) { return a + b }',
    ]) {
      await t.inject({
        method: 'POST',
        url: `/api/student/taskInfo/${id}/code`,
        headers: { cookie: student.cookie },
        payload: { taskType: 'code', solution },
      });
    }

    const history = async (query: string, cookie = student.cookie, prefix = '/api/student') =>
      (
        await t.inject({
          method: 'GET',
          url: `${prefix}/taskInfo/${id}/solutions${query}`,
          headers: { cookie, zoneId: 'Europe/Moscow' },
        })
      ).json().data;
    const all = await history('');
    expect(all).toHaveLength(3);
    expect(all[0]).toMatchObject({ right: true, codeLang: 'javascript', courseTask: { task: { type: 'code' } } });
    expect(all[0].date).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(
      (await history('?filterResult=FAILED&filterDate=OLD')).map((s: { answer: { solution: string } }) => s.answer.solution),
    ).toEqual(['function sum(a, b) { return a - b }', 'function sum(a, b) { return a * b }']);
    expect(await history('?filterResult=SUCCESS')).toHaveLength(1);
    expect(await history(`?studentId=${student.id}`, mentor.cookie, '/api/fake/user')).toHaveLength(3);
    const other = await t.userWithSession();
    expect(
      (await t.inject({ method: 'GET', url: `/api/student/taskInfo/${id}/solutions`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/student/taskInfo/${id}/solutions?filterResult=MAYBE`,
          headers: { cookie: student.cookie },
        })
      ).statusCode,
    ).toBe(400);
  });
});
