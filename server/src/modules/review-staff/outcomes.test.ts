import type { LightMyRequestResponse } from 'fastify';
import type { MentorReviewSlot, ModuleView, ReviewOutcomeInput } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { planReviewSlot } from '../../testing/factory-routes';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { createTaskState } from '../task-state/task-state';

const MENTOR_SLOTS = '/api/mentor/review/slots';
const OUTCOME = '/api/mentor/review/outcome';

// Module reviews, the reviewing mentor's outcomes (docs/courses.md, "Reviews"; shared/contract/reviews.ts).
describe.each(testDatabases())('review outcomes on %s', (kind) => {
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
  beforeEach(() => at(NOW));
  afterAll(() => t?.close());

  function at(iso: string) {
    t.app.clock.now = () => new Date(iso);
  }
  const key = (response: LightMyRequestResponse) => (response.json() as { error?: { key?: string } }).error?.key;
  /** A slot of the mentor (or another), planned directly with its start anywhere in time. */
  const slot = async (moduleId: number, startsAt: string, mentorId: number | null = mentor.id, capacity = 40) => {
    const { id } = await planReviewSlot(t.app, {
      moduleId,
      startsAt,
      capacity,
      link: 'https://meet.example.org/r',
      ...(mentorId === null ? {} : { mentorId }),
    });
    return id;
  };
  /** A student's booking of a slot, made before the slot starts; returns the review's id. */
  const booked = async (student: { id: number; cookie: string }, slotId: number) => {
    const clock = t.app.clock.now;
    at('2026-01-01T00:00:00Z');
    const reply = await t.inject({
      method: 'POST',
      url: `/api/student/review/register/${slotId}`,
      headers: { cookie: student.cookie },
    });
    t.app.clock.now = clock;
    expect(reply.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('student_reviews')
      .select('id')
      .where('student_id', '=', student.id)
      .where('slot_id', '=', slotId)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  /** A student enrolled in the practice course with every module open (a blocked module's review is not bookable). */
  const learner = async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    return student;
  };
  const record = (reviewId: number, body: ReviewOutcomeInput, cookie = mentor.cookie) =>
    t.post(`${OUTCOME}/${reviewId}`, body, cookie);
  const mentorSlots = async (cookie: string, zone = 'UTC') => {
    const reply = await t.inject({ method: 'GET', url: MENTOR_SLOTS, headers: { cookie, zoneid: zone } });
    expect(reply.statusCode).toBe(200);
    return reply.json().data as MentorReviewSlot[];
  };
  const statusOf = async (reviewId: number) =>
    (await t.database.db.selectFrom('student_reviews').select('status').where('id', '=', reviewId).executeTakeFirstOrThrow())
      .status;
  const seatsTaken = async (slotId: number) =>
    (await t.database.db.selectFrom('review_slots').select('seats_taken').where('id', '=', slotId).executeTakeFirstOrThrow())
      .seats_taken;
  const notices = (userId: number) =>
    t.database.db.selectFrom('notifications').select(['title', 'message', 'link']).where('user_id', '=', userId).execute();

  it('the mentor’s screen: own slots from today on, the last week’s while one waits; planners see all; with the debt tasks', async () => {
    const other = await t.userWithSession({ role: 'MENTOR', direction: null });
    const student = await learner();
    // the practice course's second module has code tasks
    const m = practice[1]!;
    const future = await slot(m, '2026-03-20T10:00:00Z');
    const earlierToday = await slot(m, '2026-03-10T06:00:00Z');
    const waitingSixDays = await slot(m, '2026-03-04T10:00:00Z');
    await booked(student, waitingSixDays);
    const waitingNineDays = await slot(m, '2026-03-01T10:00:00Z');
    await booked(await learner(), waitingNineDays);
    const pastNobodyWaits = await slot(m, '2026-03-08T10:00:00Z');
    const othersSlot = await slot(m, '2026-03-21T10:00:00Z', other.id);

    const mine = await mentorSlots(mentor.cookie);
    const ids = mine.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([waitingSixDays, earlierToday, future]));
    for (const hidden of [waitingNineDays, pastNobodyWaits, othersSlot]) expect(ids).not.toContain(hidden);
    expect(ids.indexOf(waitingSixDays)).toBeLessThan(ids.indexOf(future));
    const waiting = mine.find((s) => s.id === waitingSixDays)!;
    expect(waiting.bookings).toEqual([expect.objectContaining({ studentId: student.id, status: 'WAITED' })]);
    expect(waiting.conferenceUrl).toBe('https://meet.example.org/r');
    // the module's code tasks, for code debts
    const sum = c.task('sum-function');
    expect(waiting.debtTasks).toContainEqual(expect.objectContaining({ taskId: sum.id, title: expect.any(String) }));
    const kinds = await t.database.db
      .selectFrom('course_tasks')
      .select('kind')
      .where(
        'id',
        'in',
        waiting.debtTasks.map((d) => d.taskId),
      )
      .execute();
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(['code']));

    // a planner sees every mentor's
    const chief = await t.userWithSession({ role: 'CHIEF_MENTOR', direction: null });
    expect((await mentorSlots(chief.cookie)).map((s) => s.id)).toEqual(expect.arrayContaining([othersSlot, future]));
    // the other mentor sees only theirs
    expect((await mentorSlots(other.cookie)).map((s) => s.id)).not.toContain(future);
    // students and curators have no such screen
    const curator = await t.userWithSession({ role: 'CURATOR', direction: null });
    for (const cookie of [student.cookie, curator.cookie]) {
      expect((await t.inject({ method: 'GET', url: MENTOR_SLOTS, headers: { cookie } })).statusCode).toBe(403);
      expect((await record(1, { status: 'MISSED' }, cookie)).statusCode).toBe(403);
    }
  });

  it('records once, however many send it at once: one 200, the seat freed once, one notice', async () => {
    const slotId = await slot(practice[0]!, '2026-03-10T08:00:00Z');
    const student = await c.enrolledStudent();
    const reviewId = await booked(student, slotId);
    const keep = await booked(await c.enrolledStudent(), slotId);
    expect(await seatsTaken(slotId)).toBe(2);
    const replies = await Promise.all(Array.from({ length: 30 }, () => record(reviewId, { status: 'MISSED' })));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${key(r)}`))).toEqual(
      new Set(['400 reviewOutcomeRecorded']),
    );
    expect(await statusOf(reviewId)).toBe('MISSED');
    expect(await statusOf(keep)).toBe('WAITED');
    expect(await seatsTaken(slotId)).toBe(1);
    const told = await notices(student.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Ревью пропущено', link: '/user/review' });
    expect(told[0]!.message).toContain('10.03.2026 08:00 (UTC)');
  }, 60_000);

  it('parallel outcomes of different kinds: exactly one lands, with its debts only', async () => {
    const slotId = await slot(practice[0]!, '2026-03-10T08:00:00Z');
    const student = await c.enrolledStudent();
    const reviewId = await booked(student, slotId);
    const task = c.task('sum-function');
    const bodies: ReviewOutcomeInput[] = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? { status: 'FAILED', codeDebts: [{ taskId: task.id, mentorComment: `fix ${i}` }], theoryDebts: [`question ${i}`] }
        : i % 3 === 1
          ? { status: 'SUCCESS' }
          : { status: 'MISSED' },
    );
    const replies = await Promise.all(bodies.map((body) => record(reviewId, body)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const debts = await t.database.db.selectFrom('review_code_debts').select('id').where('review_id', '=', reviewId).execute();
    const theory = await t.database.db.selectFrom('review_theory_debts').select('id').where('review_id', '=', reviewId).execute();
    const status = await statusOf(reviewId);
    expect(debts).toHaveLength(status === 'FAILED' ? 1 : 0);
    expect(theory).toHaveLength(status === 'FAILED' ? 1 : 0);
  }, 60_000);

  it('refuses before the start, to another slot’s mentor (as if there were no such review), and a finished review', async () => {
    const slotId = await slot(practice[0]!, '2026-03-10T10:00:00Z');
    const student = await c.enrolledStudent();
    const reviewId = await booked(student, slotId);
    const early = await record(reviewId, { status: 'SUCCESS' });
    expect([early.statusCode, key(early)]).toEqual([400, 'reviewNotStarted']);
    at('2026-03-10T10:00:00Z');
    const stranger = await t.userWithSession({ role: 'MENTOR', direction: null });
    const foreign = await record(reviewId, { status: 'SUCCESS' }, stranger.cookie);
    expect([foreign.statusCode, key(foreign)]).toEqual([404, 'noReview']);
    const missing = await record(2147483000, { status: 'SUCCESS' });
    expect([missing.statusCode, key(missing)]).toEqual([404, 'noReview']);
    expect(await statusOf(reviewId)).toBe('WAITED');
    // a slot without a mentor: only planners record
    const unassigned = await slot(practice[0]!, '2026-03-10T09:30:00Z', null);
    const other = await booked(await c.enrolledStudent(), unassigned);
    expect((await record(other, { status: 'MISSED' })).statusCode).toBe(404);
    const admin = await t.userWithSession({ role: 'ADMIN', direction: null });
    expect((await record(other, { status: 'MISSED' }, admin.cookie)).statusCode).toBe(200);
    // the slot's own mentor records; afterwards nobody changes it
    expect((await record(reviewId, { status: 'MISSED' })).statusCode).toBe(200);
    const again = await record(reviewId, { status: 'SUCCESS' }, admin.cookie);
    expect([again.statusCode, key(again)]).toEqual([400, 'reviewOutcomeRecorded']);
  });

  it('debts only with FAILED, of the module’s code tasks, each with a comment, within the limits', async () => {
    const slotId = await slot(practice[1]!, '2026-03-10T08:00:00Z');
    const reviewId = await booked(await learner(), slotId);
    const sum = c.task('sum-function').id;
    const lecture = (
      await t.database.db
        .selectFrom('course_tasks as t')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .select('t.id')
        .where('ch.module_id', '=', practice[1]!)
        .where('t.kind', '!=', 'code')
        .executeTakeFirstOrThrow()
    ).id;
    const otherModuleCode = (
      await t.database.db
        .selectFrom('course_tasks as t')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .select('t.id')
        .where('ch.module_id', '!=', practice[1]!)
        .where('t.kind', '=', 'code')
        .executeTakeFirstOrThrow()
    ).id;
    const refusals: Array<[ReviewOutcomeInput, string]> = [
      [{ status: 'SUCCESS', theoryDebts: ['why?'] }, 'reviewDebtsOnlyFailed'],
      [{ status: 'MISSED', codeDebts: [{ taskId: sum, mentorComment: 'x' }] }, 'reviewDebtsOnlyFailed'],
      [{ status: 'FAILED', codeDebts: [{ taskId: lecture, mentorComment: 'x' }] }, 'reviewDebtTask'],
      [{ status: 'FAILED', codeDebts: [{ taskId: otherModuleCode, mentorComment: 'x' }] }, 'reviewDebtTask'],
      [
        {
          status: 'FAILED',
          codeDebts: [
            { taskId: sum, mentorComment: 'x' },
            { taskId: sum, mentorComment: 'y' },
          ],
        },
        'reviewDebtTaskTwice',
      ],
      [{ status: 'FAILED', codeDebts: [{ taskId: sum, mentorComment: '   ' }] }, 'reviewDebtComment'],
      [{ status: 'FAILED', codeDebts: [{ taskId: sum, mentorComment: 'x'.repeat(1001) }] }, 'reviewDebtComment'],
      [{ status: 'FAILED', theoryDebts: [''] }, 'reviewDebtQuestion'],
      [{ status: 'FAILED', theoryDebts: Array.from({ length: 31 }, (_, i) => `q${i}`) }, 'reviewTooManyDebts'],
    ];
    for (const [body, expected] of refusals) {
      const reply = await record(reviewId, body);
      expect([JSON.stringify(body).slice(0, 80), reply.statusCode, key(reply)]).toEqual([
        JSON.stringify(body).slice(0, 80),
        400,
        expected,
      ]);
    }
    expect(await statusOf(reviewId)).toBe('WAITED');
    const limit = await record(reviewId, {
      status: 'FAILED',
      codeDebts: [{ taskId: sum, mentorComment: 'y'.repeat(1000) }],
      theoryDebts: Array.from({ length: 30 }, (_, i) => `question ${i}`),
    });
    expect(limit.statusCode).toBe(200);
  });

  it('a failed review’s debts reach the student’s details; the next module stays blocked', async () => {
    const student = await reviewCourseStudent();
    const slotId = await slot(review.modules[0]!, '2026-03-10T08:00:00Z');
    const reviewId = await booked(student, slotId);
    const counter = c.task('counter-code');
    const reply = await record(reviewId, {
      status: 'FAILED',
      codeDebts: [{ taskId: counter.id, mentorComment: '  The counter must start at zero  ' }],
      theoryDebts: ['What is a closure?', 'When is a variable captured?'],
    });
    expect(reply.statusCode).toBe(200);
    const get = (path: string) => t.inject({ method: 'GET', url: path, headers: { cookie: student.cookie } });
    const code = (await get(`/api/student/review/${reviewId}/debt/code`)).json().data;
    expect(code).toEqual([
      expect.objectContaining({ courseId: review.course, modulePosition: 1, mentorComment: 'The counter must start at zero' }),
    ]);
    expect((await get(`/api/student/review/${reviewId}/debt/theory`)).json().data).toEqual([
      { value: 'What is a closure?' },
      { value: 'When is a variable captured?' },
    ]);
    expect(await blocked(student.cookie)).toEqual([false, true]);
    const [notice] = await notices(student.id);
    expect(notice).toMatchObject({ title: 'Ревью не пройдено', link: '/user/review' });
    // the student may book the module's review again
    const next = await slot(review.modules[0]!, '2026-03-20T08:00:00Z');
    expect(
      (await t.inject({ method: 'POST', url: `/api/student/review/register/${next}`, headers: { cookie: student.cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it('a passed review completes the module’s review step and opens the next module', async () => {
    const student = await reviewCourseStudent();
    const slotId = await slot(review.modules[0]!, '2026-03-10T08:00:00Z');
    const reviewId = await booked(student, slotId);
    expect(await blocked(student.cookie)).toEqual([false, true]);
    expect((await record(reviewId, { status: 'SUCCESS' })).statusCode).toBe(200);
    expect(await blocked(student.cookie)).toEqual([false, false]);
    const step = await t.database.db
      .selectFrom('student_tasks')
      .select(['solved', 'ever_solved', 'points', 'last_action'])
      .where('student_id', '=', student.id)
      .where('task_id', '=', c.task('closures-review').id)
      .executeTakeFirstOrThrow();
    expect(step).toEqual({ solved: true, ever_solved: true, points: c.task('closures-review').points, last_action: 'RIGHT' });
    const [notice] = await notices(student.id);
    expect(notice).toMatchObject({ title: 'Ревью пройдено', link: '/user/review' });
    // a passed module is not booked again
    const next = await slot(review.modules[0]!, '2026-03-20T08:00:00Z');
    const again = await t.inject({
      method: 'POST',
      url: `/api/student/review/register/${next}`,
      headers: { cookie: student.cookie },
    });
    expect([again.statusCode, key(again)]).toEqual([400, 'reviewModulePassed']);
  });

  /** A student of the review course who solved every task of its first module but the review step. */
  async function reviewCourseStudent() {
    const student = await t.userWithSession();
    const enrol = await t.inject({
      method: 'POST',
      url: `/api/student/course/enroll/${review.course}`,
      headers: { cookie: student.cookie },
    });
    expect(enrol.statusCode).toBe(200);
    const states = createTaskState(t.database.db);
    for (const slug of ['closures-lecture', 'counter-code']) {
      const task = c.task(slug);
      await states.answeredRight(await states.opened(student.id, task.id), task.points, null);
    }
    return student;
  }

  async function blocked(cookie: string): Promise<boolean[]> {
    const views = await t.inject({ method: 'GET', url: `/api/student/course/views/${review.course}`, headers: { cookie } });
    return (views.json().data as ModuleView[]).map((m) => m.blocked);
  }
});
