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
  afterAll(() => t?.close());

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

  it('answers in bounded pages, newest first, each continuing after the last row of the one before', async () => {
    const student = await t.userWithSession();
    await openEveryModule(student);
    const loaded = await t.inject({
      method: 'GET',
      url: `/api/student/task/${task('sum-function').id}/code`,
      headers: { cookie: student.cookie },
    });
    const id = loaded.json().data.studentTaskId as number;
    // 46 submissions near the largest a solution may be (50 000 characters)
    const padding = `// ${'x'.repeat(49_000)}`;
    for (let i = 0; i < 46; i++) {
      const sent = await t.inject({
        method: 'POST',
        url: `/api/student/taskInfo/${id}/code`,
        headers: { cookie: student.cookie },
        payload: { taskType: 'code', solution: `function sum(a, b) { return ${i} }\n${padding}` },
      });
      expect(sent.statusCode).toBe(200);
    }
    const page = async (query: string) => {
      const response = await t.inject({
        method: 'GET',
        url: `/api/student/taskInfo/${id}/solutions${query}`,
        headers: { cookie: student.cookie },
      });
      expect(response.statusCode).toBe(200);
      return { bytes: response.body.length, rows: response.json().data as Array<{ id: number; answer: { solution: string } }> };
    };
    const submitted = (row: { answer: { solution: string } }) => Number(/return (\d+)/.exec(row.answer.solution)![1]);

    // the call as the spec makes it: the newest 20, about 20 solutions' worth of bytes, never all 46
    const first = await page('?filterResult=ALL&filterDate=NEW');
    expect(first.rows.map(submitted)).toEqual(Array.from({ length: 20 }, (_, i) => 45 - i));
    expect(first.bytes).toBeLessThan(21 * 50_000);
    const second = await page(`?after=${first.rows.at(-1)!.id}`);
    expect(second.rows.map(submitted)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    const last = await page(`?after=${second.rows.at(-1)!.id}`);
    expect(last.rows.map(submitted)).toEqual([5, 4, 3, 2, 1, 0]);
    expect((await page(`?after=${last.rows.at(-1)!.id}`)).rows).toEqual([]);
    // oldest first, a page size of its own, with the filters
    const old = await page('?filterDate=OLD&limit=5');
    expect(old.rows.map(submitted)).toEqual([0, 1, 2, 3, 4]);
    expect((await page(`?filterDate=OLD&limit=3&after=${old.rows.at(-1)!.id}`)).rows.map(submitted)).toEqual([5, 6, 7]);
    expect((await page('?filterResult=SUCCESS')).rows).toEqual([]);
    // a page is bounded: more than 50 at once, or a cursor that is not an id, is a readable 400
    for (const query of ['?limit=51', '?limit=0', '?after=abc', '?after=-1']) {
      const refused = await t.inject({
        method: 'GET',
        url: `/api/student/taskInfo/${id}/solutions${query}`,
        headers: { cookie: student.cookie },
      });
      expect({ query, status: refused.statusCode }).toEqual({ query, status: 400 });
      expect(refused.json().error.text).toMatch(/\S{3}/);
    }
  });
});
