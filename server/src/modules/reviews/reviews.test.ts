import type { LightMyRequestResponse } from 'fastify';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { planReviewSlot, recordReviewOutcome } from '../../testing/factory-routes';
import { rowCounts } from '../../testing/row-counts';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { parseListDate } from './service';

const ENTRY = '/api/student/review/module';
const REGISTER = '/api/student/review/register';
const LIST = '/api/student/review/';
const FAKE_LIST = '/api/fake/protect/student/review';

describe('review list dates', () => {
  it('reads dd.MM.yyyy, ignores empty values and refuses days that do not exist', () => {
    expect(parseListDate('05.03.2026')).toBe('2026-03-05');
    expect(parseListDate('')).toBeNull();
    expect(parseListDate(null)).toBeNull();
    expect(() => parseListDate('31.02.2026')).toThrow('server.reviewBadDate');
    expect(() => parseListDate('2026-03-05')).toThrow('server.reviewBadDate');
  });
});

// Module reviews, the student's side (spec 2 §2.6, §2.7, §7, §9; docs/courses.md, "Reviews").
describe.each(testDatabases())('reviews on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let modules: number[];
  let otherCourseModule: number;
  const NOW = '2026-03-10T09:00:00Z';

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    const rows = await t.database.db
      .selectFrom('course_modules')
      .select(['id', 'course_id'])
      .orderBy('course_id')
      .orderBy('position')
      .execute();
    modules = rows.filter((r) => r.course_id === c.course).map((r) => r.id);
    otherCourseModule = rows.find((r) => r.course_id !== c.course)!.id;
  });
  beforeEach(() => at(NOW));
  afterAll(() => t?.close());

  function at(iso: string) {
    t.app.clock.now = () => new Date(iso);
  }
  const slot = (moduleId: number, startsAt: string, capacity = 1, link?: string) =>
    planReviewSlot(t.app, { moduleId, startsAt, capacity, link }).then((s) => s.id);
  const entry = (cookie: string, moduleId: number, zone = 'UTC') =>
    t.inject({ method: 'GET', url: `${ENTRY}/${moduleId}?reviewType=REVIEW`, headers: { cookie, zoneid: zone } });
  const book = (cookie: string, slotId: number, moduleId?: number) =>
    t.inject({ method: 'POST', url: `${REGISTER}/${slotId}${moduleId ? `?moduleId=${moduleId}` : ''}`, headers: { cookie } });
  const cancel = (cookie: string, slotId: number) =>
    t.inject({ method: 'DELETE', url: `${REGISTER}/${slotId}`, headers: { cookie } });
  const list = (cookie: string, body: object = {}) => t.post(LIST, body, cookie);
  const key = (response: LightMyRequestResponse) => (response.json() as { error?: { key?: string } }).error?.key;
  const seatsTaken = async (slotId: number) =>
    (await t.database.db.selectFrom('review_slots').select('seats_taken').where('id', '=', slotId).executeTakeFirstOrThrow())
      .seats_taken;
  const bookingsOf = async (slotId: number) =>
    (await t.database.db.selectFrom('student_reviews').select('id').where('slot_id', '=', slotId).execute()).length;
  const reviewIdOf = async (studentId: number, slotId: number) =>
    (
      await t.database.db
        .selectFrom('student_reviews')
        .select('id')
        .where('student_id', '=', studentId)
        .where('slot_id', '=', slotId)
        .executeTakeFirstOrThrow()
    ).id;

  it('the calendar holds the module’s live slots from now to the end of next month, by day of the caller’s zone', async () => {
    const student = await c.enrolledStudent();
    const module = modules[0]!;
    const past = await slot(module, '2026-03-10T08:00:00Z');
    const today = await slot(module, '2026-03-10T12:00:00Z', 2);
    const lastUtc = await slot(module, '2026-04-30T22:30:00Z');
    const lastMoscow = await slot(module, '2026-04-30T20:30:00Z');
    const tooLate = await slot(module, '2026-05-01T00:00:00Z');
    const other = await slot(modules[1]!, '2026-03-11T10:00:00Z');
    const canceled = await slot(module, '2026-03-12T10:00:00Z');
    await t.database.db.updateTable('review_slots').set({ canceled_at: NOW }).where('id', '=', canceled).execute();

    const utc = await entry(student.cookie, module);
    expect(utc.statusCode).toBe(200);
    const days = utc.json().data;
    expect(days.moduleId).toBe(module);
    expect(days.recordedDay).toBeNull();
    const ids = Object.values(days.mapOfListTimeEntryDto as Record<string, Array<{ reviewId: number }>>)
      .flat()
      .map((e) => e.reviewId);
    expect(ids).toEqual([today, lastMoscow, lastUtc]);
    expect(ids).not.toContain(past);
    expect(ids).not.toContain(tooLate);
    expect(ids).not.toContain(other);
    expect(days.mapOfListTimeEntryDto['10.03']).toEqual([
      { reviewId: today, time: '12:00', startsAt: '2026-03-10T12:00:00.000Z', registered: false, full: false },
    ]);
    expect(Object.keys(days.mapOfListTimeEntryDto)).toEqual(['10.03', '30.04']);

    // in Moscow (UTC+3) the 22:30 UTC slot is already on 1 May, beyond the calendar; the other is 30.04 23:30
    const moscow = (await entry(student.cookie, module, 'Europe/Moscow')).json().data;
    expect(moscow.mapOfListTimeEntryDto).toEqual({
      '10.03': [expect.objectContaining({ reviewId: today, time: '15:00' })],
      '30.04': [expect.objectContaining({ reviewId: lastMoscow, time: '23:30' })],
    });

    // a booking: its day is recorded, the slot marked as the student's
    expect((await book(student.cookie, today, module)).statusCode).toBe(200);
    const booked = (await entry(student.cookie, module)).json().data;
    expect(booked.recordedDay).toBe('10.03');
    expect(booked.mapOfListTimeEntryDto['10.03'][0]).toMatchObject({ registered: true, full: false });
    const rival = await c.enrolledStudent();
    expect((await book(rival.cookie, today)).statusCode).toBe(200);
    expect((await entry(rival.cookie, module)).json().data.mapOfListTimeEntryDto['10.03'][0]).toMatchObject({
      registered: true,
      full: true,
    });

    // a module of a course the student is not enrolled in
    const foreign = await entry(student.cookie, otherCourseModule);
    expect(foreign.statusCode).toBe(400);
    expect(key(foreign)).toBe('reviewModuleNotYours');
  });

  it('fifty students booking the last seat at once: exactly one gets it', async () => {
    const last = await slot(modules[0]!, '2026-03-20T10:00:00Z', 1);
    const students = await Promise.all(Array.from({ length: 50 }, () => c.enrolledStudent()));
    const replies = await Promise.all(students.map((s) => book(s.cookie, last, modules[0])));
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(49);
    expect(new Set(replies.filter((r) => r.statusCode === 400).map(key))).toEqual(new Set(['reviewSlotFull']));
    expect(await seatsTaken(last)).toBe(1);
    expect(await bookingsOf(last)).toBe(1);
  }, 60_000);

  it('a student holds one booking per module, however many they ask for at once', async () => {
    const student = await c.enrolledStudent();
    // the later modules' reviews, open to the student (a blocked module's review is not bookable)
    await c.openEveryModule(student);
    const slots = await Promise.all(Array.from({ length: 10 }, (_, i) => slot(modules[1]!, `2026-03-${11 + i}T10:00:00Z`, 5)));
    const replies = await Promise.all(slots.map((id) => book(student.cookie, id)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${key(r)}`))).toEqual(
      new Set(['400 reviewAlreadyBooked']),
    );
    const taken = await Promise.all(slots.map(seatsTaken));
    expect(taken.reduce((a, b) => a + b, 0)).toBe(1);
    // another module's review is a booking of its own
    const third = await slot(modules[2]!, '2026-03-25T10:00:00Z', 5);
    expect((await book(student.cookie, third)).statusCode).toBe(200);
  });

  it('refuses a past slot, a slot of another module, a missing slot, and anyone but a paying student', async () => {
    const student = await c.enrolledStudent();
    const past = await slot(modules[0]!, '2026-03-10T08:59:00Z', 3);
    const future = await slot(modules[0]!, '2026-03-15T08:00:00Z', 3);
    const refused = await book(student.cookie, past);
    expect([refused.statusCode, key(refused)]).toEqual([400, 'reviewSlotPast']);
    const mismatch = await book(student.cookie, future, modules[1]);
    expect([mismatch.statusCode, key(mismatch)]).toEqual([400, 'reviewSlotOtherModule']);
    const missing = await book(student.cookie, 2147483000);
    expect([missing.statusCode, key(missing)]).toEqual([404, 'noReviewSlot']);
    const stranger = await t.userWithSession();
    const notEnrolled = await book(stranger.cookie, future);
    expect([notEnrolled.statusCode, key(notEnrolled)]).toEqual([400, 'reviewModuleNotYours']);
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
    expect((await book(mentor.cookie, future)).statusCode).toBe(403);
    expect((await entry(mentor.cookie, modules[0]!)).statusCode).toBe(403);
    expect(await seatsTaken(future)).toBe(0);
  });

  it('cancelling frees the seat before the review starts, and only one’s own booking', async () => {
    const student = await c.enrolledStudent();
    const rival = await c.enrolledStudent();
    const one = await slot(modules[0]!, '2026-03-16T10:00:00Z', 1);
    expect((await book(student.cookie, one)).statusCode).toBe(200);
    const notMine = await cancel(rival.cookie, one);
    expect([notMine.statusCode, key(notMine)]).toEqual([400, 'reviewNotBooked']);
    expect((await cancel(student.cookie, one)).statusCode).toBe(200);
    expect(await seatsTaken(one)).toBe(0);
    expect((await entry(student.cookie, modules[0]!)).json().data.recordedDay).toBeNull();
    const again = await cancel(student.cookie, one);
    expect([again.statusCode, key(again)]).toEqual([400, 'reviewNotBooked']);
    // the seat is free for the rival; once the review starts, it cannot be cancelled
    expect((await book(rival.cookie, one)).statusCode).toBe(200);
    at('2026-03-16T10:00:00Z');
    const started = await cancel(rival.cookie, one);
    expect([started.statusCode, key(started)]).toEqual([400, 'reviewStarted']);
    expect(await seatsTaken(one)).toBe(1);
  });

  it('lists the student’s reviews of 14 days either side of today, by status and by dates', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    const [m1, m2, m3] = modules as [number, number, number];
    const failed = await slot(m1, '2026-02-18T10:00:00Z', 2);
    const passed = await slot(m1, '2026-02-28T10:00:00Z', 2);
    const waiting = await slot(m2, '2026-03-15T10:00:00Z', 2, 'https://meet.example.org/secret-room');
    const far = await slot(m3, '2026-03-30T10:00:00Z', 2);
    at('2026-02-01T00:00:00Z');
    expect((await book(student.cookie, failed)).statusCode).toBe(200);
    await recordReviewOutcome(t.app, { reviewId: await reviewIdOf(student.id, failed), status: 'FAILED' });
    expect((await book(student.cookie, passed)).statusCode).toBe(200);
    await recordReviewOutcome(t.app, { reviewId: await reviewIdOf(student.id, passed), status: 'SUCCESS' });
    expect((await book(student.cookie, waiting)).statusCode).toBe(200);
    expect((await book(student.cookie, far)).statusCode).toBe(200);
    at(NOW);

    const window = await list(student.cookie, {});
    expect(window.statusCode).toBe(200);
    const rows = window.json().data as Array<{
      studentReviewId: number;
      status: string;
      link: string | null;
      moduleTitle: string;
    }>;
    expect(rows.map((r) => r.status)).toEqual(['SUCCESS', 'WAITED']);
    expect(rows[0]!.link).toBeNull();
    expect(rows[1]!.link).toMatch(/^\/meet\?linkCode=[0-9a-f]+$/);
    expect(window.body).not.toContain('secret-room');
    expect(rows[1]).toMatchObject({ reviewTime: '2026-03-15T10:00:00.000Z', moduleId: m2 });

    const byStatus = await list(student.cookie, { reviewStatus: 'WAITED', startTime: '01.01.2026', endTime: '31.12.2026' });
    expect(byStatus.json().data.map((r: { status: string }) => r.status)).toEqual(['WAITED', 'WAITED']);
    const all = await list(student.cookie, { reviewStatus: null, startTime: '18.02.2026', endTime: '30.03.2026' });
    expect(all.json().data.map((r: { status: string }) => r.status)).toEqual(['FAILED', 'SUCCESS', 'WAITED', 'WAITED']);
    // an empty date keeps the default bound; the end day is included whole
    const emptyStart = await list(student.cookie, { startTime: '', endTime: '15.03.2026' });
    expect(emptyStart.json().data.map((r: { status: string }) => r.status)).toEqual(['SUCCESS', 'WAITED']);
    const bad = await list(student.cookie, { startTime: '31.02.2026' });
    expect([bad.statusCode, key(bad)]).toEqual([400, 'reviewBadDate']);

    // staff read the same through the view-as twin; a classmate may not
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
    const seen = await t.post(
      `${FAKE_LIST}?studentId=${student.id}`,
      { startTime: '18.02.2026', endTime: '30.03.2026' },
      mentor.cookie,
    );
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toHaveLength(4);
    // the view-as list is a POST (spec 2 §7) but a read: it writes nothing
    const before = await rowCounts(t.database.db);
    await t.post(`${FAKE_LIST}?studentId=${student.id}`, {}, mentor.cookie);
    expect(await rowCounts(t.database.db)).toEqual(before);
    const classmate = await c.enrolledStudent();
    expect((await t.post(`${FAKE_LIST}?studentId=${student.id}`, {}, classmate.cookie)).statusCode).toBe(403);
    // and the other student's own list holds none of it
    expect((await list(classmate.cookie, { startTime: '01.01.2026', endTime: '31.12.2026' })).json().data).toEqual([]);
  });

  it('debts of a failed review: the student and staff see them, nobody else', async () => {
    const student = await c.enrolledStudent();
    const failed = await slot(modules[0]!, '2026-03-11T10:00:00Z', 2);
    expect((await book(student.cookie, failed)).statusCode).toBe(200);
    const reviewId = await reviewIdOf(student.id, failed);
    const task = c.task('sum-function');
    await recordReviewOutcome(t.app, {
      reviewId,
      status: 'FAILED',
      codeDebts: [{ taskId: task.id, mentorComment: 'Handle negative numbers' }],
      theoryDebts: ['What is a closure?'],
    });
    const position = await t.database.db
      .selectFrom('course_tasks as t')
      .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
      .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
      .select(['m.position as modulePosition', 'ch.position as chapterPosition', 't.position as courseTaskPosition', 't.title'])
      .where('t.id', '=', task.id)
      .executeTakeFirstOrThrow();

    const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });
    const code = await get(`/api/student/review/${reviewId}/debt/code`, student.cookie);
    expect(code.json().data).toEqual([
      {
        courseId: c.course,
        modulePosition: position.modulePosition,
        chapterPosition: position.chapterPosition,
        courseTaskPosition: position.courseTaskPosition,
        mentorComment: 'Handle negative numbers',
        debt: position.title,
      },
    ]);
    expect((await get(`/api/student/review/${reviewId}/debt/theory`, student.cookie)).json().data).toEqual([
      { value: 'What is a closure?' },
    ]);

    const other = await c.enrolledStudent();
    for (const path of ['code', 'theory']) {
      const stolen = await get(`/api/student/review/${reviewId}/debt/${path}`, other.cookie);
      expect([stolen.statusCode, key(stolen)]).toEqual([404, 'noReview']);
      expect(stolen.body).not.toContain('closure');
    }
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
    const fake = (path: string, studentId: number, cookie: string) =>
      get(`/api/fake/protect/student/review/${reviewId}/debt/${path}?studentId=${studentId}`, cookie);
    expect((await fake('theory', student.id, mentor.cookie)).json().data).toEqual([{ value: 'What is a closure?' }]);
    expect((await fake('code', student.id, mentor.cookie)).json().data).toHaveLength(1);
    // the review is not the named student's: as absent as a missing one
    expect((await fake('code', other.id, mentor.cookie)).statusCode).toBe(404);
    // a classmate does not read a student's debts
    const classmateView = await fake('theory', student.id, other.cookie);
    expect(classmateView.statusCode).toBe(403);
    expect(classmateView.body).not.toContain('closure');
  });

  it('deletes a review without a result, freeing a waiting one’s seat; a passed or failed one stays', async () => {
    const student = await c.enrolledStudent();
    const first = await slot(modules[0]!, '2026-03-11T10:00:00Z', 1);
    const second = await slot(modules[0]!, '2026-03-12T10:00:00Z', 1);
    expect((await book(student.cookie, first)).statusCode).toBe(200);
    const waitingId = await reviewIdOf(student.id, first);
    const del = (id: number, cookie = student.cookie) =>
      t.inject({ method: 'DELETE', url: `/api/student/review/${id}`, headers: { cookie } });

    const other = await c.enrolledStudent();
    expect((await del(waitingId, other.cookie)).statusCode).toBe(404);
    expect((await del(waitingId)).statusCode).toBe(200);
    expect(await seatsTaken(first)).toBe(0);
    expect(await bookingsOf(first)).toBe(0);

    expect((await book(student.cookie, second)).statusCode).toBe(200);
    const canceledId = await reviewIdOf(student.id, second);
    await recordReviewOutcome(t.app, { reviewId: canceledId, status: 'CANCELED' });
    expect((await del(canceledId)).statusCode).toBe(200);

    expect((await book(student.cookie, first)).statusCode).toBe(200);
    const passedId = await reviewIdOf(student.id, first);
    await recordReviewOutcome(t.app, { reviewId: passedId, status: 'SUCCESS' });
    const kept = await del(passedId);
    expect([kept.statusCode, key(kept)]).toEqual([400, 'reviewNotDeletable']);
    // a passed module is not booked again
    const third = await slot(modules[0]!, '2026-03-13T10:00:00Z', 1);
    const again = await book(student.cookie, third);
    expect([again.statusCode, key(again)]).toEqual([400, 'reviewModulePassed']);
  });
});
