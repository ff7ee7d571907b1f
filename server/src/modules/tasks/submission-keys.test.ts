import { randomUUID } from 'node:crypto';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// A submission named by a key (the Idempotency-Key header) is graded once (issue 29): however many
// retries arrive at once (a flaky network, a reload in the middle of sending, the offline queue), one
// is graded and every one gets its reply; points are never awarded twice.
describe.each(testDatabases())('submissions graded once per key on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  });
  afterAll(() => t?.close());

  const post = (cookie: string, url: string, payload: object, key?: string) =>
    t.inject({ method: 'POST', url, headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  const solutions = async (state: number) =>
    (await t.database.db.selectFrom('solutions').select('id').where('student_task_id', '=', state).execute()).length;
  const attempts = async (studentId: number) =>
    (await t.database.db.selectFrom('task_attempts').select('id').where('student_id', '=', studentId).execute()).length;

  it('20 parallel code submissions with one key: one solution graded, every reply the same, points once', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    const state = await c.stateId(student.cookie, 'sum-function');
    const before = await c.points(student.cookie);
    const key = randomUUID();
    const url = `/api/student/taskInfo/${state}/code`;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => post(student.cookie, url, { solution: 'function sum(a, b) { return a + b }' }, key)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(replies[0]!.json().data).toMatchObject({ solved: true, lastActionIsRight: true });
    expect(await solutions(state)).toBe(1);
    expect(await c.points(student.cookie)).toBe(before + c.task('sum-function').points);
    // the same key later (a reload after the reply was lost): the kept reply, nothing graded
    const later = await post(student.cookie, url, { solution: 'function sum(a, b) { return a + b }' }, key);
    expect(later.body).toBe(replies[0]!.body);
    expect(await solutions(state)).toBe(1);
  });

  it('without a key each request is graded, as before; with distinct keys each once', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    const state = await c.stateId(student.cookie, 'sum-function');
    const url = `/api/student/taskInfo/${state}/code`;
    const wrong = { solution: 'function sum(a, b) { return a - b }' };
    await Promise.all([post(student.cookie, url, wrong), post(student.cookie, url, wrong)]);
    expect(await solutions(state)).toBe(2);
    await Promise.all([post(student.cookie, url, wrong, randomUUID()), post(student.cookie, url, wrong, randomUUID())]);
    expect(await solutions(state)).toBe(4);
  });

  it('an instant answer and a mentor check sent 10 times at once with one key: one attempt, one waiting answer', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    const word = await c.stateId(student.cookie, 'const-keyword');
    const key = randomUUID();
    const words = await Promise.all(
      Array.from({ length: 10 }, () => post(student.cookie, `/api/student/taskInfo/${word}/word`, { answer: 'let' }, key)),
    );
    expect(words.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await attempts(student.id)).toBe(1);

    const project = await c.stateId(student.cookie, 'todo-project');
    const link = { answer: `https://github.com/student-${student.id}/todo` };
    const sendKey = randomUUID();
    const sent = await Promise.all(
      Array.from({ length: 10 }, () => post(student.cookie, `/api/student/taskInfo/${project}/mentorCheckTask`, link, sendKey)),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(sent.map((r) => r.json().data.answerId)).size).toBe(1);
    expect(await solutions(project)).toBe(1);
  });

  it('a refused first request lets the key go; a key is the caller’s and names one task; a malformed key is refused', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    const state = await c.stateId(student.cookie, 'sum-function');
    const url = `/api/student/taskInfo/${state}/code`;
    const key = randomUUID();
    expect((await post(student.cookie, url, { solution: '   ' }, key)).json().error.key).toBe('answerEmpty');
    const retried = await post(student.cookie, url, { solution: 'function sum(a, b) { return a + b }' }, key);
    expect(retried.json().data.solved).toBe(true);
    expect(await solutions(state)).toBe(1);

    const word = await c.stateId(student.cookie, 'const-keyword');
    const reused = await post(student.cookie, `/api/student/taskInfo/${word}/word`, { answer: 'const' }, key);
    expect(reused.json().error.key).toBe('submissionKeyReused');
    // another student's request with the same key is theirs: graded for them, nothing of the first leaks
    const other = await c.enrolledStudent();
    await c.openEveryModule(other);
    const theirs = await c.stateId(other.cookie, 'sum-function');
    const mine = await post(
      other.cookie,
      `/api/student/taskInfo/${theirs}/code`,
      { solution: 'function sum() { return 0 }' },
      key,
    );
    expect(mine.json().data).toMatchObject({ solved: false, studentTaskId: theirs });
    expect((await post(student.cookie, url, { solution: 'x' }, 'short')).json().error.key).toBe('submissionKeyInvalid');
  });
});
