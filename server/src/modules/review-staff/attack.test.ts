import type { LightMyRequestResponse } from 'fastify';
import type { ReviewSlotInput } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { planReviewSlot } from '../../testing/factory-routes';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { createReviewRepository } from '../reviews/repository';
import { createReviewService, parseListDate } from '../reviews/service';

// The security review of module reviews (docs/courses.md, "Reviews"): each test here failed before its fix.
// What held (IDOR, roles, leaks, input bounds) is covered by reviews.test.ts, planning.test.ts,
// outcomes.test.ts, course-actions.test.ts and the route-table suites.

describe('review list dates, attacked', () => {
  it('the year 0000 is no day (the database refused it with a 500)', () => {
    expect(() => parseListDate('01.01.0000')).toThrow('server.reviewBadDate');
    expect(parseListDate('01.01.0001')).toBe('0001-01-01');
  });
});

describe.each(testDatabases())('module reviews attacked on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let practice: number[];
  let review: { course: number; modules: number[] };
  let chief: { id: number; cookie: string };
  const NOW = '2026-03-10T09:00:00Z';

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    practice = await c.moduleIds(c.course);
    review = { course: c.courses.review!, modules: await c.moduleIds(c.courses.review!) };
    chief = await t.userWithSession({ role: 'CHIEF_MENTOR', direction: null });
  });
  beforeEach(() => at(NOW));
  afterAll(() => t?.close());

  function at(iso: string) {
    t.app.clock.now = () => new Date(iso);
  }
  const key = (response: LightMyRequestResponse) => (response.json() as { error?: { key?: string } }).error?.key;
  const slot = (moduleId: number, startsAt: string, capacity = 1) =>
    planReviewSlot(t.app, { moduleId, startsAt, capacity }).then((s) => s.id);
  const book = (cookie: string, slotId: number) =>
    t.inject({ method: 'POST', url: `/api/student/review/register/${slotId}`, headers: { cookie } });
  const reviewOf = async (studentId: number, slotId: number) =>
    (
      await t.database.db
        .selectFrom('student_reviews')
        .select('id')
        .where('student_id', '=', studentId)
        .where('slot_id', '=', slotId)
        .executeTakeFirstOrThrow()
    ).id;
  /** Each slot's `seats_taken` against its waiting bookings: they must always agree. */
  const seatDrift = async (slotIds: number[]) => {
    const rows = await t.database.db
      .selectFrom('review_slots as s')
      .select((eb) => [
        's.id',
        's.seats_taken',
        eb
          .selectFrom('student_reviews as r')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('r.slot_id', '=', 's.id')
          .where('r.status', '=', 'WAITED')
          .as('waiting'),
      ])
      .where('s.id', 'in', slotIds)
      .execute();
    return rows.filter((row) => Number(row.waiting) !== row.seats_taken);
  };
  const tally = (replies: LightMyRequestResponse[]) =>
    replies.reduce<Record<string, number>>((acc, r) => {
      const name = `${r.statusCode} ${key(r) ?? ''}`.trim();
      return { ...acc, [name]: (acc[name] ?? 0) + 1 };
    }, {});

  it('a blocked module’s review cannot be booked (its review step is not open); it can once the module opens', async () => {
    const student = await t.userWithSession();
    await t.inject({ method: 'POST', url: `/api/student/course/enroll/${review.course}`, headers: { cookie: student.cookie } });
    const second = await slot(review.modules[1]!, '2026-03-12T10:00:00Z', 5);
    const refused = await book(student.cookie, second);
    expect([refused.statusCode, key(refused)]).toEqual([400, 'reviewModuleBlocked']);
    const seats = await t.database.db.selectFrom('review_slots').select('seats_taken').where('id', '=', second).execute();
    expect(seats).toEqual([{ seats_taken: 0 }]);
    // staff open the module for the student: the review is theirs to book
    await c.openEveryModule(student, review.course);
    expect((await book(student.cookie, second)).statusCode).toBe(200);
  });

  it('a start whose day or hour does not exist is refused, not moved to another day', async () => {
    const input = (startsAt: string): ReviewSlotInput => ({
      moduleId: practice[0]!,
      startsAt,
      capacity: 3,
      mentorId: null,
      conferenceUrl: null,
    });
    for (const startsAt of ['2026-04-31T10:00:00Z', '2026-03-20T24:00Z', '2026-02-29T10:00:00+03:00', '2026-03-20T10:00+24:00']) {
      const reply = await t.post('/api/chief/review/slots', input(startsAt), chief.cookie);
      expect([startsAt, reply.statusCode, key(reply)]).toEqual([startsAt, 400, 'reviewSlotBadStart']);
    }
    const fine = await t.post('/api/chief/review/slots', input('2026-04-30T10:00:00.000+03:00'), chief.cookie);
    expect(fine.json().data.startsAt).toBe('2026-04-30T07:00:00.000Z');
  });

  it('the review list refuses the year 0000 with a 400, never a 500', async () => {
    const student = await c.enrolledStudent();
    const reply = await t.post('/api/student/review/', { startTime: '01.01.0000', endTime: '31.12.2026' }, student.cookie);
    expect([reply.statusCode, key(reply)]).toEqual([400, 'reviewBadDate']);
  });

  it('a slot moved to another module between the booking’s checks and its statement is not booked', async () => {
    const student = await c.enrolledStudent();
    const target = await slot(practice[0]!, '2026-03-12T10:00:00Z', 5);
    const repository = createReviewRepository(t.database.db, t.app.courseRepository);
    // the planner's edit lands while the booking is being checked: the slot (still empty) now reviews
    // a module of a course the student is not enrolled in
    const racing = createReviewService(
      {
        ...repository,
        async passed(studentId, moduleId) {
          const moved = await t.inject({
            method: 'PUT',
            url: `/api/chief/review/slots/${target}`,
            headers: { cookie: chief.cookie },
            payload: {
              moduleId: review.modules[0],
              startsAt: '2026-03-12T10:00:00Z',
              capacity: 5,
              mentorId: null,
              conferenceUrl: null,
            },
          });
          expect(moved.statusCode).toBe(200);
          return repository.passed(studentId, moduleId);
        },
      },
      t.app.clock,
    );
    await expect(racing.book({ id: student.id, payment_type: 'REGULAR' }, target, undefined)).rejects.toMatchObject({
      key: 'server.reviewSlotOtherModule',
    });
    const bookings = await t.database.db.selectFrom('student_reviews').select('id').where('slot_id', '=', target).execute();
    expect(bookings).toEqual([]);
    expect(await seatDrift([target])).toEqual([]);
  });

  it('outcomes, students’ cancels and staff resets racing a slot’s cancel: never a 500 (a deadlock), seats always agree', async () => {
    // bookings made before the slots start; the outcomes are recorded after
    at('2026-01-01T00:00:00Z');
    const started: Array<{ slot: number; review: number; student: { id: number; cookie: string } }> = [];
    for (let i = 0; i < 16; i += 1) {
      const student = await t.userWithSession();
      await t.inject({ method: 'POST', url: `/api/student/course/enroll/${review.course}`, headers: { cookie: student.cookie } });
      const id = await slot(review.modules[0]!, '2026-03-10T08:00:00Z', 3);
      expect((await book(student.cookie, id)).statusCode).toBe(200);
      started.push({ slot: id, review: await reviewOf(student.id, id), student });
    }
    at(NOW);
    const coming: Array<{ slot: number; students: Array<{ id: number; cookie: string; review: number }> }> = [];
    for (let k = 0; k < 3; k += 1) {
      const id = await slot(practice[0]!, '2026-03-12T10:00:00Z', 20);
      const students = [];
      for (let i = 0; i < 12; i += 1) {
        const student = await c.enrolledStudent();
        expect((await book(student.cookie, id)).statusCode).toBe(200);
        students.push({ ...student, review: await reviewOf(student.id, id) });
      }
      coming.push({ slot: id, students });
    }

    const cancelSlot = (id: number) =>
      t.inject({ method: 'DELETE', url: `/api/chief/review/slots/${id}`, headers: { cookie: chief.cookie } });
    const replies = await Promise.all([
      // a started slot: its outcome (or a staff reset of the module's review) against its cancel
      ...started.flatMap(({ slot: id, review: reviewId, student }, i) => [
        i % 2 === 0
          ? t.post(`/api/mentor/review/outcome/${reviewId}`, { status: 'SUCCESS' }, chief.cookie)
          : t.inject({
              method: 'PATCH',
              url: `/api/mentor/review/discardReview?moduleId=${review.modules[0]}&studentId=${student.id}`,
              headers: { cookie: chief.cookie },
            }),
        i % 4 < 2 ? cancelSlot(id) : t.post(`/api/mentor/review/outcome/${reviewId}`, { status: 'MISSED' }, chief.cookie),
      ]),
      // a coming slot: its students take back their bookings (both ways) while the planner cancels it
      ...coming.flatMap(({ slot: id, students }) => [
        ...students.map((s, i) =>
          i % 2 === 0
            ? t.inject({ method: 'DELETE', url: `/api/student/review/register/${id}`, headers: { cookie: s.cookie } })
            : t.inject({ method: 'DELETE', url: `/api/student/review/${s.review}`, headers: { cookie: s.cookie } }),
        ),
        cancelSlot(id),
      ]),
    ]);
    const outcome = tally(replies);
    expect(Object.keys(outcome).filter((name) => name.startsWith('5'))).toEqual([]);
    expect(await seatDrift([...started.map((s) => s.slot), ...coming.map((s) => s.slot)])).toEqual([]);
    // every started review ended one way: recorded, cancelled with its slot, or reset
    const finals = await t.database.db
      .selectFrom('student_reviews')
      .select('status')
      .where(
        'id',
        'in',
        started.map((s) => s.review),
      )
      .execute();
    expect(finals.filter((r) => r.status === 'WAITED')).toEqual([]);
  }, 60_000);
});
