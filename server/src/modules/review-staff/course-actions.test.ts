import type { LightMyRequestResponse } from 'fastify';
import type { ModuleView } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { planReviewSlot, recordReviewOutcome } from '../../testing/factory-routes';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { createTaskState } from '../task-state/task-state';

// Staff on a student's course page (spec 1 §2, §6; docs/courses.md, "Reviews"): reset a module's review, mark a
// module done, finish the course.
describe.each(testDatabases())('staff course actions on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let practice: number[];
  let review: { course: number; modules: number[] };
  let mentor: { id: number; cookie: string };
  const NOW = '2026-03-10T09:00:00Z';

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    practice = await c.moduleIds(c.course);
    review = { course: c.courses.review!, modules: await c.moduleIds(c.courses.review!) };
    mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
  });
  beforeEach(() => {
    t.app.clock.now = () => new Date(NOW);
  });
  afterAll(() => t?.close());

  const key = (response: LightMyRequestResponse) => (response.json() as { error?: { key?: string } }).error?.key;
  const discard = (moduleId: number, studentId: number, cookie = mentor.cookie) =>
    t.inject({
      method: 'PATCH',
      url: `/api/mentor/review/discardReview?moduleId=${moduleId}&studentId=${studentId}`,
      headers: { cookie },
    });
  const done = (courseId: number, moduleId: number, studentId: number, cookie = mentor.cookie) =>
    t.inject({
      method: 'POST',
      url: `/api/fake/protect/course/${courseId}/module/${moduleId}/done/${studentId}`,
      headers: { cookie },
    });
  const finish = (courseId: number, studentId: number, cookie = mentor.cookie) =>
    t.inject({ method: 'POST', url: `/api/fake/protect/course/${courseId}/finish/${studentId}`, headers: { cookie } });
  const views = async (courseId: number, cookie: string) =>
    (await t.inject({ method: 'GET', url: `/api/student/course/views/${courseId}`, headers: { cookie } })).json()
      .data as ModuleView[];
  const blocked = async (courseId: number, cookie: string) => (await views(courseId, cookie)).map((m) => m.blocked);
  const book = (cookie: string, slotId: number) =>
    t.inject({ method: 'POST', url: `/api/student/review/register/${slotId}`, headers: { cookie } });
  const bookingsOf = (studentId: number) =>
    t.database.db
      .selectFrom('student_reviews')
      .select(['id', 'slot_id', 'status'])
      .where('student_id', '=', studentId)
      .orderBy('id')
      .execute();
  const seatsTaken = async (slotId: number) =>
    (await t.database.db.selectFrom('review_slots').select('seats_taken').where('id', '=', slotId).executeTakeFirstOrThrow())
      .seats_taken;
  /** The student's points and solved flags over the tasks of some modules. */
  const progress = async (studentId: number, moduleIds: number[]) => {
    const rows = await t.database.db
      .selectFrom('course_tasks as t')
      .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
      .leftJoin('student_tasks as st', (join) => join.onRef('st.task_id', '=', 't.id').on('st.student_id', '=', studentId))
      .select(['t.points as taskPoints', 'st.points', 'st.solved', 'st.ever_solved'])
      .where('ch.module_id', 'in', moduleIds)
      .execute();
    return {
      tasks: rows.length,
      solved: rows.filter((r) => r.solved && r.ever_solved).length,
      points: rows.reduce((sum, r) => sum + (r.points ?? 0), 0),
      possible: rows.reduce((sum, r) => sum + r.taskPoints, 0),
    };
  };

  /** A student of the review course who solved its first module but the review step. */
  async function reviewCourseStudent() {
    const student = await t.userWithSession();
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/student/course/enroll/${review.course}`,
          headers: { cookie: student.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const states = createTaskState(t.database.db);
    for (const slug of ['closures-lecture', 'counter-code']) {
      const task = c.task(slug);
      await states.answeredRight(await states.opened(student.id, task.id), task.points, null);
    }
    return student;
  }

  it('resetting a passed review blocks the next module again; history stays; the student may book again', async () => {
    const student = await reviewCourseStudent();
    const past = await planReviewSlot(t.app, { moduleId: review.modules[0]!, startsAt: '2026-03-12T10:00:00Z', capacity: 5 });
    expect((await book(student.cookie, past.id)).statusCode).toBe(200);
    const [passed] = await bookingsOf(student.id);
    await recordReviewOutcome(t.app, { reviewId: passed!.id, status: 'SUCCESS' });
    expect(await blocked(review.course, student.cookie)).toEqual([false, false]);

    expect((await discard(review.modules[0]!, student.id)).statusCode).toBe(200);
    expect(await blocked(review.course, student.cookie)).toEqual([false, true]);
    const step = await t.database.db
      .selectFrom('student_tasks')
      .select(['solved', 'ever_solved'])
      .where('student_id', '=', student.id)
      .where('task_id', '=', c.task('closures-review').id)
      .executeTakeFirstOrThrow();
    expect(step).toEqual({ solved: false, ever_solved: false });
    // the other tasks of the module keep their state, the passed review its row
    expect((await progress(student.id, [review.modules[0]!])).solved).toBe(2);
    expect((await bookingsOf(student.id)).map((b) => b.status)).toEqual(['SUCCESS']);

    // booking again; a second reset cancels the waiting booking and frees its seat, also when sent many times at once
    const next = await planReviewSlot(t.app, { moduleId: review.modules[0]!, startsAt: '2026-03-20T10:00:00Z', capacity: 5 });
    expect((await book(student.cookie, next.id)).statusCode).toBe(200);
    expect(await seatsTaken(next.id)).toBe(1);
    const replies = await Promise.all(Array.from({ length: 10 }, () => discard(review.modules[0]!, student.id)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await bookingsOf(student.id)).map((b) => b.status)).toEqual(['SUCCESS', 'CANCELED']);
    expect(await seatsTaken(next.id)).toBe(0);
  });

  it('a module staff opened stays open after a reset', async () => {
    const student = await reviewCourseStudent();
    await createTaskState(t.database.db).completedByStaff(student.id, { moduleIds: [review.modules[0]!], kind: 'review_step' });
    const unlock = await t.inject({
      method: 'POST',
      url: `/api/fake/protect/enroll/module/${review.course}/${review.modules[1]}/${student.id}`,
      headers: { cookie: mentor.cookie },
    });
    expect(unlock.statusCode).toBe(200);
    expect((await discard(review.modules[0]!, student.id)).statusCode).toBe(200);
    expect(await blocked(review.course, student.cookie)).toEqual([false, false]);
  });

  it('refuses a module without a review, a student not enrolled or not a paying student, and anyone but staff', async () => {
    const student = await reviewCourseStudent();
    const noStep = await discard(review.modules[1]!, student.id);
    expect([noStep.statusCode, key(noStep)]).toEqual([400, 'reviewModuleNoStep']);
    const stranger = await t.userWithSession();
    const notEnrolled = await discard(review.modules[0]!, stranger.id);
    expect([notEnrolled.statusCode, key(notEnrolled)]).toEqual([400, 'reviewStudentNotEnrolled']);
    const notStudent = await discard(review.modules[0]!, mentor.id);
    expect([notStudent.statusCode, key(notStudent)]).toEqual([404, 'noStudent']);
    const enrollee = await t.createUser({ role: 'STUDENT' });
    expect((await discard(review.modules[0]!, enrollee.id)).statusCode).toBe(404);
    expect((await discard(2147483000, student.id)).statusCode).toBe(404);
    const manager = await t.userWithSession({ role: 'MANAGER', direction: null });
    for (const cookie of [student.cookie, manager.cookie]) {
      expect((await discard(review.modules[0]!, student.id, cookie)).statusCode).toBe(403);
      expect((await done(review.course, review.modules[0]!, student.id, cookie)).statusCode).toBe(403);
      expect((await finish(review.course, student.id, cookie)).statusCode).toBe(403);
    }
    expect((await done(review.course, practice[0]!, student.id)).statusCode).toBe(404);
    expect((await done(2147483000, review.modules[0]!, student.id)).statusCode).toBe(404);
    const notInCourse = await done(c.course, practice[0]!, student.id);
    expect([notInCourse.statusCode, key(notInCourse)]).toEqual([400, 'reviewStudentNotEnrolled']);
    expect((await finish(c.course, student.id)).statusCode).toBe(400);
    expect((await finish(c.courses['enrollee-start']!, student.id)).statusCode).toBe(404);
  });

  it('marking a module done solves every task of it once, points once, however many ask at once; the next module opens', async () => {
    const student = await c.enrolledStudent();
    // one task solved before, by the student: its points stay what they were
    expect((await c.solve(student.cookie, 'const-keyword', 'word', { answer: 'const' })).statusCode).toBe(200);
    const first = practice[0]!;
    expect((await blocked(c.course, student.cookie))[1]).toBe(true);
    const replies = await Promise.all(Array.from({ length: 20 }, () => done(c.course, first, student.id)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const after = await progress(student.id, [first]);
    expect(after.solved).toBe(after.tasks);
    expect(after.points).toBe(after.possible);
    expect((await blocked(c.course, student.cookie)).slice(0, 2)).toEqual([false, false]);
    // again later: nothing changes
    expect((await done(c.course, first, student.id)).statusCode).toBe(200);
    expect(await progress(student.id, [first])).toEqual(after);
    expect(await c.points(student.cookie)).toBe(after.possible);
    // the other modules are untouched
    expect((await progress(student.id, [practice[2]!])).solved).toBe(0);
  });

  it('finishing a course solves every task of every module, points once; a waiting mentor check keeps waiting', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    const state = await c.stateId(student.cookie, 'todo-project');
    expect((await c.sendForCheck(student.cookie, state, 'https://github.com/me/todo')).statusCode).toBe(200);
    const replies = await Promise.all(Array.from({ length: 20 }, () => finish(c.course, student.id)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const all = await progress(student.id, practice);
    expect(all.solved).toBe(all.tasks);
    expect(all.points).toBe(all.possible);
    expect(await c.points(student.cookie)).toBe(all.possible);
    expect((await blocked(c.course, student.cookie)).every((b) => !b)).toBe(true);
    const project = await t.database.db
      .selectFrom('student_tasks')
      .select(['solved', 'checked'])
      .where('id', '=', state)
      .executeTakeFirstOrThrow();
    expect(project).toEqual({ solved: true, checked: false });
    const waiting = await t.database.db
      .selectFrom('solutions')
      .select('id')
      .where('student_task_id', '=', state)
      .where('right_answer', 'is', null)
      .execute();
    expect(waiting).toHaveLength(1);
    // a review course finished: its review step is done, so its review counts as passed
    const reviewer = await reviewCourseStudent();
    expect((await finish(review.course, reviewer.id)).statusCode).toBe(200);
    const slot = await planReviewSlot(t.app, { moduleId: review.modules[0]!, startsAt: '2026-03-20T10:00:00Z', capacity: 5 });
    const refused = await book(reviewer.cookie, slot.id);
    expect([refused.statusCode, key(refused)]).toEqual([400, 'reviewModulePassed']);
  });
});
