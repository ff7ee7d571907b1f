import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Drafts of unfinished answers (issue 29, "No lost work"): saved per task state, read back with their
// version and time, a stale tab refused with a 409, only the student's own, bounded, reads never write.
describe.each(testDatabases())('task drafts on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  });
  afterAll(() => t?.close());

  const url = (state: number) => `/api/student/taskInfo/${state}/draft`;
  const read = (cookie: string, state: number) => t.inject({ method: 'GET', url: url(state), headers: { cookie } });
  const save = (cookie: string, state: number, answer: unknown, version: number) =>
    t.inject({ method: 'PUT', url: url(state), headers: { cookie }, payload: { answer, version } });

  it('a code draft is saved, read back with its version and time, and a second save moves the version', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    const state = await c.stateId(student.cookie, 'sum-function');
    expect((await read(student.cookie, state)).json()).toMatchObject({ success: true, data: null });

    const first = await save(student.cookie, state, { solution: 'function sum(a, b) {' }, 0);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ version: 1, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const second = await save(student.cookie, state, { solution: 'function sum(a, b) { return a' }, 1);
    expect(second.json().data.version).toBe(2);
    expect((await read(student.cookie, state)).json().data).toEqual({
      answer: { solution: 'function sum(a, b) { return a' },
      version: 2,
      savedAt: second.json().data.savedAt,
    });
  });

  it('two tabs: a save over an older version is refused with a 409 and the newer draft stays', async () => {
    const student = await c.enrolledStudent();
    const state = await c.stateId(student.cookie, 'const-keyword');
    await save(student.cookie, state, { answer: 'co' }, 0);
    // both tabs hold version 1; the first to save wins, the other is told
    const [a, b] = await Promise.all([
      save(student.cookie, state, { answer: 'tab A' }, 1),
      save(student.cookie, state, { answer: 'tab B' }, 1),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.key).toBe('draftConflict');
    const kept = (await read(student.cookie, state)).json().data;
    expect(kept.version).toBe(2);
    expect([{ answer: 'tab A' }, { answer: 'tab B' }]).toContainEqual(kept.answer);
    // two first drafts at once: one lands
    const other = await c.stateId(student.cookie, 'where-js-runs');
    const firsts = await Promise.all(Array.from({ length: 8 }, (_, i) => save(student.cookie, other, { answerIds: [i + 1] }, 0)));
    expect(firsts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(firsts.filter((r) => r.statusCode === 409)).toHaveLength(7);
  });

  it('a draft must be the kind’s answer shape and bounded; a lecture has none', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    const code = await c.stateId(student.cookie, 'sum-function');
    expect((await save(student.cookie, code, { answer: 'not a solution' }, 0)).json().error.key).toBe('draftInvalid');
    expect((await save(student.cookie, code, { solution: 'x'.repeat(50_001) }, 0)).statusCode).toBe(400);
    const huge = await save(student.cookie, code, { solution: 'x'.repeat(200_000) }, 0);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    const mentor = await c.stateId(student.cookie, 'todo-project');
    expect((await save(student.cookie, mentor, { answer: '<p>half written</p>' }, 0)).statusCode).toBe(200);
    const lecture = await c.stateId(student.cookie, 'what-is-js');
    expect((await save(student.cookie, lecture, { answer: 'x' }, 0)).json().error.key).toBe('draftNotForKind');
  });

  it('only the student’s own: another student gets a 404; staff read it in view-as, a classmate cannot, nobody writes there', async () => {
    const student = await c.enrolledStudent();
    const state = await c.stateId(student.cookie, 'const-keyword');
    await save(student.cookie, state, { answer: 'mine' }, 0);
    const other = await c.enrolledStudent();
    expect((await read(other.cookie, state)).statusCode).toBe(404);
    expect((await save(other.cookie, state, { answer: 'theirs' }, 1)).statusCode).toBe(404);
    const mentor = await t.userWithSession({ role: 'MENTOR' });
    const asStaff = await t.inject({
      method: 'GET',
      url: `/api/fake/user/taskInfo/${state}/draft?studentId=${student.id}`,
      headers: { cookie: mentor.cookie },
    });
    expect(asStaff.json().data).toMatchObject({ answer: { answer: 'mine' }, version: 1 });
    const classmate = await t.inject({
      method: 'GET',
      url: `/api/fake/user/taskInfo/${state}/draft?studentId=${student.id}`,
      headers: { cookie: other.cookie },
    });
    expect(classmate.statusCode).toBe(403);
    // a mentor is no learner: the own twin refuses them
    expect((await save(mentor.cookie, state, { answer: 'x' }, 1)).statusCode).toBe(403);
    expect((await read(student.cookie, state)).json().data.answer).toEqual({ answer: 'mine' });
  });

  it('a save from another site is refused (CSRF), as every state change', async () => {
    const student = await c.enrolledStudent();
    const state = await c.stateId(student.cookie, 'const-keyword');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: url(state),
      headers: { cookie: student.cookie, origin: 'https://evil.example', zoneid: 'Europe/Moscow' },
      payload: { answer: { answer: 'x' }, version: 0 },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await read(student.cookie, state)).json().data).toBeNull();
  });
});
