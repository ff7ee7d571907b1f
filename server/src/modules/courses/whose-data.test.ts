import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { rowCounts } from '../../testing/row-counts';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Who may read and write whose course data (spec 1 §6, spec 2 §2.8 and §6), on the fixture courses.
describe.each(testDatabases())('whose course data a caller reads and writes on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });

  it('a classmate sees a student’s task page but never the submission history; staff see both', async () => {
    const victim = await c.enrolledStudent();
    const mentor = await c.openEveryModule(victim);
    const marker = `victim-secret-${Date.now()}`;
    const state = await c.stateId(victim.cookie, 'todo-project');
    const sent = await c.sendForCheck(victim.cookie, state, `https://example.org/${marker}`);
    expect(sent.statusCode).toBe(200);
    expect(
      (await c.giveVerdict(mentor.cookie, state, sent.json().data.answerId, false, `<p>${marker}-comment</p>`)).statusCode,
    ).toBe(200);
    const classmate = await t.userWithSession(); // a paying student of the same direction
    const history = `/api/fake/user/taskInfo/${state}/solutions?studentId=${victim.id}`;
    const refused = await get(history, classmate.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(marker);
    const infoId = await get(
      `/api/fake/user/task/${c.task('todo-project').id}/studentCourseTaskInfoId?studentId=${victim.id}`,
      classmate.cookie,
    );
    expect(infoId.statusCode).toBe(403);
    // the page itself stays theirs to see (spec 1 §6)
    expect((await get(`/api/fake/user/course/views/${c.course}?studentId=${victim.id}`, classmate.cookie)).statusCode).toBe(200);
    for (const role of ['MENTOR', 'CHIEF_MENTOR', 'CURATOR', 'ADMIN'] as const) {
      const staff = await t.userWithSession({ role, direction: null });
      const seen = await get(history, staff.cookie);
      expect({ role, status: seen.statusCode }).toEqual({ role, status: 200 });
      expect(seen.body).toContain(marker);
    }
  });

  it('a view-as-student read writes nothing: only the student’s own load records “opened”', async () => {
    const victim = await c.enrolledStudent();
    const mentor = await t.userWithSession({ role: 'MENTOR' });
    const classmate = await t.userWithSession();
    const word = c.task('const-keyword');
    const before = await rowCounts(t.database.db);
    for (const viewer of [mentor, classmate]) {
      const page = await get(`/api/fake/user/task/${word.id}/word?studentId=${victim.id}`, viewer.cookie);
      expect(page.statusCode).toBe(200);
      expect(page.json().data).toMatchObject({ solved: false, studentTaskId: 0, courseTaskId: word.id });
    }
    const notOpened = await get(`/api/fake/user/task/${word.id}/studentCourseTaskInfoId?studentId=${victim.id}`, mentor.cookie);
    expect(notOpened.statusCode).toBe(404);
    expect(notOpened.json().error.key).toBe('taskNotOpened');
    expect(await rowCounts(t.database.db)).toEqual(before);
    // the student's own load opens the task; the view-as read then shows that very state
    const own = await c.load(victim.cookie, 'const-keyword', 'word');
    const after = await rowCounts(t.database.db);
    expect(after.student_tasks).toBe(before.student_tasks! + 1);
    const seen = await get(`/api/fake/user/task/${word.id}/word?studentId=${victim.id}`, mentor.cookie);
    expect(seen.json().data.studentTaskId).toBe(own.json().data.studentTaskId);
    expect(await rowCounts(t.database.db)).toEqual(after);
  });

  it('an administrator answering a task the student has not opened names the course task, and that write opens it', async () => {
    const student = await c.enrolledStudent();
    const admin = await t.userWithSession({ role: 'ADMIN', direction: null });
    const word = c.task('const-keyword');
    const page = (await get(`/api/fake/user/task/${word.id}/word?studentId=${student.id}`, admin.cookie)).json().data;
    expect(page.studentTaskId).toBe(0);
    const answer = (id: number, courseTaskId: number, cookie = admin.cookie) =>
      t.inject({
        method: 'POST',
        url: `/api/fake/user/task/${id}/word?studentId=${student.id}&courseTaskId=${courseTaskId}`,
        headers: { cookie },
        payload: { taskType: 'word', answer: 'const' },
      });
    expect((await answer(word.id, c.task('where-js-runs').id)).statusCode).toBe(400);
    const mentor = await t.userWithSession({ role: 'MENTOR' });
    expect((await answer(word.id, word.id, mentor.cookie)).statusCode).toBe(403);
    const answered = await answer(word.id, word.id);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ solved: true, courseTaskId: word.id });
    expect(answered.json().data.studentTaskId).toBe(await c.stateId(student.cookie, 'const-keyword'));
  });

  it('an enrollee (STUDENT) works only in /enrollee: no regular course, no enrolment, no answers', async () => {
    const enrollee = await t.userWithSession({ role: 'STUDENT' });
    const enrol = await t.inject({
      method: 'POST',
      url: `/api/student/course/enroll/${c.courses['full-pass']}`,
      headers: { cookie: enrollee.cookie },
    });
    expect(enrol.statusCode).toBe(403);
    expect((await get('/api/student/course/all-views', enrollee.cookie)).statusCode).toBe(403);
    expect((await get(`/api/student/task/${c.task('const-keyword').id}/word`, enrollee.cookie)).statusCode).toBe(403);
    // a state id of someone else's, or any: refused before anything is read
    const student = await c.enrolledStudent();
    const state = await c.stateId(student.cookie, 'const-keyword');
    const answer = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${state}/word`,
      headers: { cookie: enrollee.cookie },
      payload: { taskType: 'word', answer: 'const' },
    });
    expect(answer.statusCode).toBe(403);
    const enrolled = await t.database.db
      .selectFrom('enrollments')
      .select('course_id')
      .where('student_id', '=', enrollee.id)
      .execute();
    expect(enrolled).toEqual([]);
    // nor do staff put an enrollee into a regular course
    const curator = await t.userWithSession({ role: 'CURATOR', direction: null });
    const byStaff = await t.inject({
      method: 'POST',
      url: `/api/fake/protect/enroll/course/${c.courses['full-pass']}/${enrollee.id}`,
      headers: { cookie: curator.cookie },
    });
    expect(byStaff.statusCode).toBe(400);
    expect(byStaff.json().error.key).toBe('enrolleeNotInCourses');
  });

  it('a module once complete stays open when one of its tasks is reset', async () => {
    const student = await t.userWithSession();
    const course = c.courses['full-pass']!;
    await t.inject({ method: 'POST', url: `/api/student/course/enroll/${course}`, headers: { cookie: student.cookie } });
    const blocked = async () =>
      (await get(`/api/student/course/views/${course}`, student.cookie)).json().data.map((m: { blocked: boolean }) => m.blocked);
    expect(await blocked()).toEqual([false, true]);
    const lecture = await c.stateId(student.cookie, 'big-o-lecture');
    expect((await get(`/api/student/taskInfo/${lecture}/solve-lecture`, student.cookie)).statusCode).toBe(200);
    expect((await c.solve(student.cookie, 'big-o-quiz', 'theory', { answerIds: [2] })).json().data.solved).toBe(true);
    expect(await blocked()).toEqual([false, false]);
    const quiz = await c.stateId(student.cookie, 'big-o-quiz');
    const reset = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${quiz}/reset`,
      headers: { cookie: student.cookie },
    });
    expect(reset.json().data.solved).toBe(false);
    expect(await blocked()).toEqual([false, false]);
    expect((await c.load(student.cookie, 'binary-search-code', 'code')).statusCode).toBe(200);
  });

  it('a task of a course the caller cannot see answers as a missing id does', async () => {
    const student = await c.enrolledStudent();
    const enrolleeTask = await t.database.db
      .selectFrom('course_tasks as t')
      .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
      .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
      .select(['t.id', 't.kind'])
      .where('m.course_id', '=', c.courses['enrollee-start']!)
      .executeTakeFirstOrThrow();
    const hidden = await get(`/api/student/task/${enrolleeTask.id}/${enrolleeTask.kind}`, student.cookie);
    const missing = await get(`/api/student/task/2000000000/${enrolleeTask.kind}`, student.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.statusCode).toBe(missing.statusCode);
    expect(hidden.json().error.key).toBe(missing.json().error.key);
    // nor does the availability check tell its kind
    const java = await t.userWithSession({ direction: 'JAVA' });
    const word = c.task('const-keyword');
    const check = (which: string, id: number) => get(`/api/fake/open/check/${which}?courseTaskId=${id}`, java.cookie);
    expect((await check('codeTask', word.id)).statusCode).toBe(404);
    expect((await check('codeTask', word.id)).json().error.key).toBe((await check('codeTask', 2000000000)).json().error.key);
    // nor does a course's structure tell a student of another direction which ids exist
    const chapter = await t.database.db
      .selectFrom('course_tasks')
      .select('chapter_id')
      .where('id', '=', word.id)
      .executeTakeFirstOrThrow();
    const at = (cookie: string, chapterId: number) =>
      get(`/api/user/courseTask/getIdByChapterIdAndPosition/1?chapterId=${chapterId}`, cookie);
    expect((await at(student.cookie, chapter.chapter_id)).statusCode).toBe(200);
    expect((await at(java.cookie, chapter.chapter_id)).statusCode).toBe(404);
    expect((await at(java.cookie, 2000000000)).json().error.key).toBe(
      (await at(java.cookie, chapter.chapter_id)).json().error.key,
    );
    expect((await get(`/api/user/courseTask/${word.id}/checkIsLast`, student.cookie)).statusCode).toBe(200);
    expect((await get(`/api/user/courseTask/${word.id}/checkIsLast`, java.cookie)).statusCode).toBe(404);
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
    expect((await at(mentor.cookie, chapter.chapter_id)).statusCode).toBe(200);
  });
});
