import { createCourseApp } from '../../testing/course-app';
import { FIXTURE_COURSES } from '../../testing/fixtures';
import { testDatabases, type TestApp } from '../../testing/test-app';

const { practice, fullPass, review, extra } = FIXTURE_COURSES;

// The course API on the fixture courses (server/src/testing/fixtures/content).

describe.each(testDatabases())('courses API on %s', (kind) => {
  let t: TestApp;
  let ids: Record<string, number>;
  beforeAll(async () => {
    ({ t, courses: ids } = await createCourseApp(kind));
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string) => t.inject({ method: 'POST', url, headers: { cookie } });
  const data = async (url: string, cookie: string) => {
    const response = await get(url, cookie);
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    return response.json().data;
  };

  async function solveModule(studentId: number, courseId: number, position: number) {
    const tasks = await t.database.db
      .selectFrom('course_tasks as t')
      .innerJoin('course_chapters as c', 'c.id', 't.chapter_id')
      .innerJoin('course_modules as m', 'm.id', 'c.module_id')
      .select(['t.id', 't.points'])
      .where('m.course_id', '=', courseId)
      .where('m.position', '=', position)
      .execute();
    for (const task of tasks) {
      await t.database.db
        .insertInto('student_tasks')
        .values({
          student_id: studentId,
          task_id: task.id,
          solved: true,
          points: task.points,
          last_action: 'RIGHT',
          answer: null,
        })
        .execute();
    }
  }

  it('lists the regular and additional courses of the student’s direction with progress and availability', async () => {
    const student = await t.userWithSession({ direction: 'FE' });
    const regular = await data('/api/student/course/all-views', student.cookie);
    expect(regular.map((c: { name: string }) => c.name)).toEqual([practice.name, fullPass.name, review.name]);
    expect(regular[0]).toMatchObject({ studentPoints: 0, coursePoints: 58, available: false, fullPassRequired: false });
    // not enrolled: nothing to continue
    expect(regular[0].next).toBeUndefined();
    expect(regular[1]).toMatchObject({ fullPassRequired: true });
    expect(regular[0].coursePicUrl).toMatch(new RegExp(`^/api/user/course/${ids.practice}/picture.svg\\?v=\\d+$`));
    const additional = await data('/api/student/course/additional', student.cookie);
    expect(additional.map((c: { name: string }) => c.name)).toEqual([extra.name]);
    const java = await t.userWithSession({ direction: 'JAVA' });
    expect(await data('/api/student/course/all-views', java.cookie)).toEqual([]);
  });

  it('enrolment makes a course available, opens 1/1/1 and is idempotent', async () => {
    const student = await t.userWithSession();
    const course = ids.practice!;
    expect(await data(`/api/student/course/${course}/is-enrolling`, student.cookie)).toBe(false);
    const first = await post(`/api/student/course/enroll/${course}`, student.cookie);
    expect(first.json().data).toEqual({ courseId: course, modulePosition: 1, chapterPosition: 1, taskPosition: 1 });
    expect((await post(`/api/student/course/enroll/${course}`, student.cookie)).statusCode).toBe(200);
    expect(await data(`/api/student/course/${course}/is-enrolling`, student.cookie)).toBe(true);
    const views = await data('/api/student/course/all-views', student.cookie);
    expect(views.find((c: { id: number }) => c.id === course).available).toBe(true);
    expect(await data('/api/student/course/last-course', student.cookie)).toMatchObject({ id: course, available: true });
  });

  it('refuses enrolment in a course of another direction, an enrollee course, or by staff', async () => {
    const java = await t.userWithSession({ direction: 'JAVA' });
    expect((await post(`/api/student/course/enroll/${ids.practice}`, java.cookie)).statusCode).toBe(404);
    const student = await t.userWithSession();
    expect((await post(`/api/student/course/enroll/${ids['enrollee-start']}`, student.cookie)).statusCode).toBe(404);
    const mentor = await t.userWithSession({ role: 'MENTOR' });
    expect((await post(`/api/student/course/enroll/${ids.practice}`, mentor.cookie)).statusCode).toBe(403);
    expect((await post('/api/student/course/enroll/abc', student.cookie)).statusCode).toBe(400);
  });

  it('a module is blocked until the previous one is complete, or until staff open it', async () => {
    const student = await t.userWithSession();
    const course = ids.practice!;
    await post(`/api/student/course/enroll/${course}`, student.cookie);
    const before = await data(`/api/student/course/views/${course}`, student.cookie);
    expect(before.map((m: { blocked: boolean }) => m.blocked)).toEqual([false, true, true]);
    // issue 32: the course list says where the student goes on, the first task, then the next module's
    const firstTask = before[0].chapterViewDtos[0];
    expect((await data('/api/student/course/all-views', student.cookie))[0].next).toEqual({
      m: 1,
      c: 1,
      n: 1,
      title: firstTask.taskViews[0].title,
      chapter: firstTask.name,
    });
    expect(before[0]).toMatchObject({ allTaskAmount: 6, solvedTaskAmount: 0 });
    expect(before[0].chapterViewDtos[0].taskViews.map((task: { type: string }) => task.type)).toEqual([
      'lecture',
      'theory',
      'word',
    ]);

    await solveModule(student.id, course, 1);
    const after = await data(`/api/student/course/views/${course}`, student.cookie);
    expect(after.map((m: { blocked: boolean }) => m.blocked)).toEqual([false, false, true]);
    expect(after[0]).toMatchObject({ allTaskAmount: 6, solvedTaskAmount: 6 });
    const listed = (await data('/api/student/course/all-views', student.cookie))[0];
    expect(listed.studentPoints).toBe(14);
    expect(listed.next).toMatchObject({ m: 2, c: 1, n: 1 });

    const mentor = await t.userWithSession({ role: 'MENTOR' });
    const third = after[2].moduleId;
    const unlock = await post(`/api/fake/protect/enroll/module/${course}/${third}/${student.id}`, mentor.cookie);
    expect(unlock.json().data).toMatchObject({ modulePosition: 3 });
    const unlocked = await data(`/api/student/course/views/${course}`, student.cookie);
    expect(unlocked.map((m: { blocked: boolean }) => m.blocked)).toEqual([false, false, false]);
    const modules = await data(`/api/student/course/${course}/module-dto`, student.cookie);
    expect(modules).toEqual([
      expect.objectContaining({ position: 1, blocked: false, chapterCount: 2 }),
      expect.objectContaining({ position: 2, blocked: false, chapterCount: 2 }),
      expect.objectContaining({ position: 3, blocked: false, chapterCount: 2 }),
    ]);
  });

  it('view-as-student reads the student’s data for staff and same-direction paying students', async () => {
    const student = await t.userWithSession();
    const course = ids.practice!;
    await post(`/api/student/course/enroll/${course}`, student.cookie);
    await solveModule(student.id, course, 1);
    const own = await data(`/api/student/course/views/${course}`, student.cookie);
    for (const role of ['ADMIN', 'MENTOR', 'CHIEF_MENTOR', 'CURATOR'] as const) {
      const staff = await t.userWithSession({ role });
      expect(await data(`/api/fake/user/course/views/${course}?studentId=${student.id}`, staff.cookie)).toEqual(own);
    }
    const peer = await t.userWithSession({ direction: 'FE' });
    const seen = await data(`/api/fake/user/course/all-views?studentId=${student.id}`, peer.cookie);
    expect(seen[0]).toMatchObject({ studentPoints: 14, available: true });
    expect(await data(`/api/fake/user/course/${course}/is-enrolling?studentId=${student.id}`, peer.cookie)).toBe(true);
    expect(await data(`/api/fake/user/course/last-course?studentId=${student.id}`, peer.cookie)).toMatchObject({ id: course });
    expect(await data(`/api/fake/user/course/additional/all-views?studentId=${student.id}`, peer.cookie)).toHaveLength(1);
  });

  it('view-as-student refuses: no studentId, wrong role, another direction, unknown or non-student ids', async () => {
    const student = await t.userWithSession();
    const mentor = await t.userWithSession({ role: 'MENTOR' });
    expect((await get('/api/fake/user/course/all-views', mentor.cookie)).statusCode).toBe(400);
    expect((await get('/api/fake/user/course/all-views?studentId=x', mentor.cookie)).statusCode).toBe(400);
    const manager = await t.userWithSession({ role: 'MANAGER' });
    expect((await get(`/api/fake/user/course/all-views?studentId=${student.id}`, manager.cookie)).statusCode).toBe(403);
    const enrollee = await t.userWithSession({ role: 'STUDENT', paymentType: 'REGULAR' });
    expect((await get(`/api/fake/user/course/all-views?studentId=${student.id}`, enrollee.cookie)).statusCode).toBe(403);
    const javaPeer = await t.userWithSession({ direction: 'JAVA' });
    expect((await get(`/api/fake/user/course/all-views?studentId=${student.id}`, javaPeer.cookie)).statusCode).toBe(403);
    expect((await get('/api/fake/user/course/all-views?studentId=99999', mentor.cookie)).statusCode).toBe(404);
    expect((await get(`/api/fake/user/course/all-views?studentId=${mentor.id}`, mentor.cookie)).statusCode).toBe(404);
    expect((await get('/api/student/course/all-views', '')).statusCode).toBe(401);
  });

  it('unknown and invisible courses are 404, bad ids 400', async () => {
    const student = await t.userWithSession({ direction: 'JAVA' });
    expect((await get(`/api/student/course/views/${ids.practice}`, student.cookie)).statusCode).toBe(404);
    expect((await get('/api/student/course/views/424242', student.cookie)).statusCode).toBe(404);
    expect((await get('/api/student/course/views/0', student.cookie)).statusCode).toBe(400);
    const fe = await t.userWithSession();
    expect((await get(`/api/student/course/additional/${ids.practice}/views`, fe.cookie)).statusCode).toBe(404);
    expect((await get(`/api/student/course/additional/${ids.extra}/views`, fe.cookie)).statusCode).toBe(200);
  });

  it('task heading: the chapter’s tasks, available only when enrolled and unblocked', async () => {
    const student = await t.userWithSession();
    const course = ids.practice!;
    const notEnrolled = await data(`/api/student/course/${course}/taskHeading`, student.cookie);
    expect(notEnrolled).toMatchObject({ courseName: practice.name, chapterName: 'Первые шаги' });
    expect(notEnrolled.taskHeadingDtos.map((h: { taskType: string; available: boolean }) => [h.taskType, h.available])).toEqual([
      ['lecture', false],
      ['theory', false],
      ['word', false],
    ]);
    await post(`/api/student/course/enroll/${course}`, student.cookie);
    const second = await data(`/api/student/course/${course}/taskHeading?modulePosition=2&chapterPosition=1`, student.cookie);
    expect(second.taskHeadingDtos.every((h: { available: boolean }) => !h.available)).toBe(true);
    const first = await data(`/api/student/course/${course}/taskHeading?modulePosition=1&chapterPosition=1`, student.cookie);
    expect(first.taskHeadingDtos.every((h: { available: boolean }) => h.available)).toBe(true);
    expect(
      (await get(`/api/student/course/${course}/taskHeading?modulePosition=9&chapterPosition=1`, student.cookie)).statusCode,
    ).toBe(404);
    const additional = await data(`/api/student/course/additional/${ids.extra}/taskHeading`, student.cookie);
    expect(additional.taskHeadingDtos).toHaveLength(2);
  });

  it('course information, picture and direction', async () => {
    const student = await t.userWithSession();
    const course = ids.practice!;
    expect(await data(`/api/user/course/${course}/name`, student.cookie)).toEqual({ name: practice.name });
    const info = await data(`/api/user/course/${course}/course-info`, student.cookie);
    expect(info).toMatchObject({ filling: '6–8 часов в неделю', transitTime: '6 недель' });
    expect(info.description).toContain('<strong>как устроен JavaScript</strong>');
    expect(await data(`/api/user/course/${course}/course-author`, student.cookie)).toMatchObject({ name: 'Тимофей Тестов' });
    expect(await data(`/api/user/course/${course}/size`, student.cookie)).toEqual({
      moduleCount: 3,
      chapterCount: 6,
      taskCount: 16,
      coursePoints: 58,
    });
    const { coursePicUrl } = await data(`/api/user/course/${course}/course-pic`, student.cookie);
    const picture = await t.inject({ method: 'GET', url: coursePicUrl });
    expect(picture.headers['content-type']).toBe('image/svg+xml');
    expect(picture.headers['content-security-policy']).toContain("default-src 'none'");
    expect(picture.body).toMatch(/^<svg/);
    expect(await data('/api/user/course/direction', student.cookie)).toEqual({ direction: 'FE' });
    expect(await data('/api/user/course/directionName', student.cookie)).toEqual({ directionName: 'Фронтенд-разработка' });
    expect((await get(`/api/user/course/${ids['enrollee-start']}/name`, student.cookie)).statusCode).toBe(404);
  });

  it('navigation: task id by chapter position, last task, chapter neighbours', async () => {
    const student = await t.userWithSession();
    const course = ids.practice!;
    await post(`/api/student/course/enroll/${course}`, student.cookie);
    const views = await data(`/api/student/course/views/${course}`, student.cookie);
    const chapter = views[0].chapterViewDtos[1];
    const taskId = await data(
      `/api/user/courseTask/getIdByChapterIdAndPosition/2?chapterId=${chapter.chapterId}`,
      student.cookie,
    );
    expect(taskId).toBe(chapter.taskViews[1].taskId);
    expect(await data(`/api/user/courseTask/${taskId}/checkIsLast`, student.cookie)).toBe(false);
    const lastTask = views[2].chapterViewDtos[1].taskViews.at(-1).taskId;
    expect(await data(`/api/user/courseTask/${lastTask}/checkIsLast`, student.cookie)).toBe(true);
    expect(await data(`/api/user/navigation/chapter/${chapter.chapterId}`, student.cookie)).toEqual({
      prevModuleChapterCount: 0,
      taskCountInPrevChapter: 3,
      currentModuleChapterCount: 2,
      moduleCount: 3,
      nextChapterBlocked: true,
    });
    expect((await get('/api/user/courseTask/getIdByChapterIdAndPosition/99?chapterId=1', student.cookie)).statusCode).toBe(404);
  });

  it('staff enrolment on a student’s behalf; students may not use it', async () => {
    const student = await t.userWithSession();
    const curator = await t.userWithSession({ role: 'CURATOR' });
    const course = ids['full-pass']!;
    const response = await post(`/api/fake/protect/enroll/course/${course}/${student.id}`, curator.cookie);
    expect(response.json().data).toEqual({ courseId: course, modulePosition: 1, chapterPosition: 1, taskPosition: 1 });
    expect(await data(`/api/student/course/${course}/is-enrolling`, student.cookie)).toBe(true);
    const other = await t.userWithSession();
    expect((await post(`/api/fake/protect/enroll/course/${course}/${other.id}`, student.cookie)).statusCode).toBe(403);
    expect((await post(`/api/fake/protect/enroll/course/${course}/99999`, curator.cookie)).statusCode).toBe(404);
    expect((await post(`/api/fake/protect/enroll/module/${course}/99999/${student.id}`, curator.cookie)).statusCode).toBe(404);
  });

  it('a course page and the course list cost one query of the student’s own state, however big the course', async () => {
    const student = await t.userWithSession();
    const count = async (url: string) => {
      const before = t.queryCount();
      await data(url, student.cookie);
      return t.queryCount() - before;
    };
    // the first call reads the session and the course content; both are kept in process
    await count(`/api/student/course/views/${ids.practice}`);
    // the student's state, and at most one read of cache_changes (every 250 ms, in the background)
    expect(await count(`/api/student/course/views/${ids.practice}`)).toBeLessThanOrEqual(2); // 3 modules, 16 tasks
    expect(await count(`/api/student/course/views/${ids['full-pass']}`)).toBeLessThanOrEqual(2); // 2 modules, 3 tasks
    expect(await count(`/api/student/course/additional/${ids.extra}/views`)).toBeLessThanOrEqual(2); // 1 module
    expect(await count('/api/student/course/all-views')).toBeLessThanOrEqual(2);
  });
});
