import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Who may load, answer and check which task, on the fixture course (server/src/testing/fixtures).
describe.each(testDatabases())('task access, availability, answering for a student and the comment prompt on %s', (kind) => {
  let t: TestApp;
  let task: CourseApp['task'];
  let enrolledStudent: CourseApp['enrolledStudent'];
  let openEveryModule: CourseApp['openEveryModule'];
  let load: CourseApp['load'];
  let stateId: CourseApp['stateId'];
  beforeAll(async () => {
    ({ t, task, enrolledStudent, openEveryModule, load, stateId } = await createCourseApp(kind));
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });
  const check = (cookie: string, which: string, slug: string) =>
    get(`/api/fake/open/check/${which}?courseTaskId=${task(slug).id}`, cookie);

  it('another student’s task, a course not enrolled, a blocked module and another direction are refused', async () => {
    const student = await enrolledStudent();
    const other = await enrolledStudent();
    const otherId = await stateId(other.cookie, 'const-keyword');
    const stolen = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${otherId}/word`,
      headers: { cookie: student.cookie },
      payload: { taskType: 'word', answer: 'const' },
    });
    expect(stolen.statusCode).toBe(404);
    const stranger = await t.userWithSession();
    expect((await load(stranger.cookie, 'const-keyword', 'word')).statusCode).toBe(423);
    expect((await load(student.cookie, 'arrays-lecture', 'lecture')).statusCode).toBe(423);
    expect((await load(student.cookie, 'arrays-lecture', 'lecture')).json().error.key).toBe('moduleBlocked');
    const java = await t.userWithSession({ direction: 'JAVA' });
    expect((await load(java.cookie, 'const-keyword', 'word')).statusCode).toBe(404);
    expect((await load(student.cookie, 'const-keyword', 'theory')).statusCode).toBe(400);
    const mentor = await t.userWithSession({ role: 'MENTOR' });
    const asStaff = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${otherId}/word`,
      headers: { cookie: mentor.cookie },
      payload: { taskType: 'word', answer: 'x' },
    });
    expect(asStaff.statusCode).toBe(403);
    const fake = await t.inject({
      method: 'GET',
      url: `/api/fake/user/task/${task('const-keyword').id}/word?studentId=${other.id}`,
      headers: { cookie: mentor.cookie },
    });
    expect(fake.statusCode).toBe(200);
  });

  it('a task load follows the course caches at once: enrolment, an unlock; twenty first opens make one state', async () => {
    const student = await t.userWithSession();
    // warm every cache first (the course list, the task refused), then change what they hold
    expect((await get('/api/student/course/all-views', student.cookie)).statusCode).toBe(200);
    expect((await load(student.cookie, 'const-keyword', 'word')).json().error.key).toBe('courseNotEnrolled');
    expect((await load(student.cookie, 'arrays-lecture', 'lecture')).statusCode).toBe(423);
    await openEveryModule(student);
    const opens = await Promise.all(Array.from({ length: 20 }, () => load(student.cookie, 'arrays-lecture', 'lecture')));
    expect(opens.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(opens.map((r) => r.json().data.studentTaskId)).size).toBe(1);
    const rows = await t.database.db
      .selectFrom('student_tasks')
      .select('id')
      .where('student_id', '=', student.id)
      .where('task_id', '=', task('arrays-lecture').id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('tells whether a task may be worked on: staff always, students when open, trial students not on code or checks', async () => {
    const mentor = await t.userWithSession({ role: 'MENTOR' });
    expect((await check(mentor.cookie, 'codeTask', 'unique-values')).json().data).toEqual({
      available: true,
      reason: null,
      reasonKey: null,
    });

    const outsider = await t.userWithSession();
    const notEnrolled = (await check(outsider.cookie, 'common', 'where-js-runs')).json().data;
    expect(notEnrolled).toMatchObject({
      available: false,
      reason: expect.stringMatching(/Запишитесь/),
      reasonKey: 'courseNotEnrolled',
    });

    const regular = await t.userWithSession({ paymentType: 'REGULAR' });
    await openEveryModule(regular);
    expect((await check(regular.cookie, 'codeTask', 'sum-function')).json().data.available).toBe(true);
    expect((await check(regular.cookie, 'mentorCheckTask', 'todo-project')).json().data.available).toBe(true);

    const trial = await t.userWithSession({ paymentType: 'TRIAL' });
    await openEveryModule(trial);
    expect((await check(trial.cookie, 'common', 'where-js-runs')).json().data.available).toBe(true);
    const code = (await check(trial.cookie, 'codeTask', 'sum-function')).json().data;
    expect(code).toMatchObject({ available: false, reason: expect.stringMatching(/полную программу/), reasonKey: 'trialLocked' });
    // and the server enforces it: the trial student's code submission is a 423
    const state = (await get(`/api/student/task/${task('sum-function').id}/studentCourseTaskInfoId`, trial.cookie)).json().data;
    const submit = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${state}/code`,
      headers: { cookie: trial.cookie },
      payload: { solution: 'function sum(a, b) { return a + b }' },
    });
    expect(submit.statusCode).toBe(423);

    expect((await check(regular.cookie, 'codeTask', 'where-js-runs')).statusCode).toBe(400);
    expect((await get('/api/fake/open/check/other?courseTaskId=1', regular.cookie)).statusCode).toBe(400);
    expect((await get('/api/fake/open/check/common', regular.cookie)).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/fake/open/check/common?courseTaskId=1' })).statusCode).toBe(401);
  });

  it('an administrator may answer for a student; a mentor and the student themselves may not use that call', async () => {
    const student = await t.userWithSession({ paymentType: 'REGULAR' });
    const mentor = await openEveryModule(student);
    const admin = await t.userWithSession({ role: 'ADMIN' });
    const word = task('const-keyword').id;
    const state = (await get(`/api/student/task/${word}/studentCourseTaskInfoId`, student.cookie)).json().data;
    const answer = (cookie: string, studentId: number, payload: object) =>
      t.inject({ method: 'POST', url: `/api/fake/user/task/${state}/word?studentId=${studentId}`, headers: { cookie }, payload });

    expect((await answer(mentor.cookie, student.id, { answer: 'const' })).statusCode).toBe(403);
    expect((await answer(student.cookie, student.id, { answer: 'const' })).statusCode).toBe(403);
    expect((await answer(admin.cookie, student.id, {})).statusCode).toBe(400);
    const other = await t.userWithSession({ paymentType: 'REGULAR' });
    expect((await answer(admin.cookie, other.id, { answer: 'const' })).statusCode).toBe(404);

    const wrong = await answer(admin.cookie, student.id, { answer: 'let' });
    expect(wrong.json().data).toMatchObject({ solved: false, lastActionIsWrong: true });
    const right = await answer(admin.cookie, student.id, { answer: 'const' });
    expect(right.json().data).toMatchObject({ solved: true, lastActionIsRight: true });
    const own = (await get(`/api/student/task/${word}/word`, student.cookie)).json().data;
    expect(own).toMatchObject({ solved: true });

    const sum = task('sum-function').id;
    const sumState = (await get(`/api/student/task/${sum}/studentCourseTaskInfoId`, student.cookie)).json().data;
    const code = await t.inject({
      method: 'POST',
      url: `/api/fake/user/task/${sumState}/code?studentId=${student.id}`,
      headers: { cookie: admin.cookie },
      payload: { solution: 'function sum(a, b) { return a + b }' },
    });
    expect(code.json().data).toMatchObject({ solved: true });
  });

  it('the comment prompt text comes in the user’s language', async () => {
    const student = await t.userWithSession();
    const ru = (await get('/api/user/message/writeComment', student.cookie)).json().data.message;
    expect(ru).toMatch(/комментари/);
    await t.database.db.updateTable('users').set({ language: 'en' }).where('id', '=', student.id).execute();
    expect((await get('/api/user/message/writeComment', student.cookie)).json().data.message).toMatch(/comments/);
    expect((await get('/api/user/message/unknown', student.cookie)).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/user/message/writeComment' })).statusCode).toBe(401);
  });
});
