import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { planReviewSlot, recordReviewOutcome } from '../../testing/factory-routes';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { runReviewReminders } from './reminders';

// Review reminders (docs/courses.md, "Reviews"): a day before and an hour before, once each, with the conference link.
describe.each(testDatabases())('review reminders on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let moduleId: number;
  const START = '2026-03-12T15:00:00Z';

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    moduleId = (
      await t.database.db
        .selectFrom('course_modules')
        .select('id')
        .where('course_id', '=', c.course)
        .orderBy('position')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t?.close());

  const instant = (iso: string, minutes = 0) => new Date(new Date(iso).getTime() + minutes * 60_000);
  const at = (when: Date) => {
    t.app.clock.now = () => when;
  };
  /** Runs as the job does at that moment. */
  const run = (when: Date) => runReviewReminders(t.database.db, when);
  const reminders = (userId: number) =>
    t.database.db
      .selectFrom('notifications')
      .select(['title', 'message', 'link', 'kind', 'date_time'])
      .where('user_id', '=', userId)
      .where('title', 'in', ['Скоро ревью', 'Your review is coming up'])
      .orderBy('id')
      .execute();
  /** A slot starting at `startsAt`, booked by a new student at `bookedAt`. */
  async function booking(startsAt: string, bookedAt: Date, link: string | null = 'https://meet.example.org/review-room') {
    const slot = await planReviewSlot(t.app, { moduleId, startsAt, capacity: 50, ...(link ? { link } : {}) });
    const student = await c.enrolledStudent();
    at(bookedAt);
    const reply = await t.inject({
      method: 'POST',
      url: `/api/student/review/register/${slot.id}`,
      headers: { cookie: student.cookie },
    });
    expect(reply.statusCode).toBe(200);
    return { slot: slot.id, student };
  }

  it('a day before and an hour before, each once, with the /meet link, in the student’s language and zone; none after the start', async () => {
    const { student } = await booking(START, instant(START, -3 * 24 * 60));
    await t.database.db
      .updateTable('users')
      .set({ time_zone: 'Asia/Yekaterinburg', language: 'en' })
      .where('id', '=', student.id)
      .execute();

    expect(await run(instant(START, -24 * 60 - 1))).toEqual({ day: 0, hour: 0 });
    expect(await reminders(student.id)).toEqual([]);

    const dayBefore = instant(START, -24 * 60 + 1);
    expect((await run(dayBefore)).day).toBeGreaterThanOrEqual(1);
    const [day] = await reminders(student.id);
    expect(day).toMatchObject({ kind: 'REVIEW_REMINDER', title: 'Your review is coming up' });
    expect(day!.link).toMatch(/^\/meet\?linkCode=[0-9a-f]+$/);
    expect(day!.message).toContain('12.03.2026 20:00 (Asia/Yekaterinburg)');
    expect(day!.message).not.toContain('review-room');
    expect(new Date(day!.date_time).toISOString()).toBe(dayBefore.toISOString());
    // the link leads to the conference
    const meet = await t.inject({ method: 'GET', url: `/api/meet/link?${day!.link!.split('?')[1]}` });
    expect(meet.json().data).toBe('https://meet.example.org/review-room');

    await run(instant(START, -12 * 60));
    await run(instant(START, -61));
    expect(await reminders(student.id)).toHaveLength(1);
    await run(instant(START, -59));
    await run(instant(START, -10));
    const both = await reminders(student.id);
    expect(both).toHaveLength(2);
    expect(both[1]!.link).toBe(day!.link);
    await run(instant(START, 1));
    expect(await reminders(student.id)).toHaveLength(2);
  });

  it('booked within the last hour: only the hour’s reminder; without a conference it leads to the review list', async () => {
    const start = '2026-03-13T15:00:00Z';
    const late = await booking(start, instant(start, -30), null);
    await run(instant(start, -29));
    await run(instant(start, -5));
    const only = await reminders(late.student.id);
    expect(only).toHaveLength(1);
    // no conference yet: the reminder leads to the review list
    expect(only[0]!.link).toBe('/user/review');
    const marks = await t.database.db
      .selectFrom('student_reviews')
      .select(['reminded_day_at', 'reminded_hour_at'])
      .where('student_id', '=', late.student.id)
      .executeTakeFirstOrThrow();
    expect(marks.reminded_day_at).not.toBeNull();
    expect(marks.reminded_hour_at).not.toBeNull();
  });

  it('no reminder for a cancelled slot, a recorded outcome or a booking taken back', async () => {
    const start = '2026-03-14T15:00:00Z';
    const chief = await t.userWithSession({ role: 'CHIEF_MENTOR', direction: null });
    const canceled = await booking(start, instant(start, -48 * 60));
    at(instant(start, -48 * 60));
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/chief/review/slots/${canceled.slot}`, headers: { cookie: chief.cookie } }))
        .statusCode,
    ).toBe(200);
    const recorded = await booking(start, instant(start, -48 * 60));
    const review = await t.database.db
      .selectFrom('student_reviews')
      .select('id')
      .where('student_id', '=', recorded.student.id)
      .executeTakeFirstOrThrow();
    await recordReviewOutcome(t.app, { reviewId: review.id, status: 'CANCELED' });
    const withdrawn = await booking(start, instant(start, -48 * 60));
    at(instant(start, -47 * 60));
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: `/api/student/review/register/${withdrawn.slot}`,
          headers: { cookie: withdrawn.student.cookie },
        })
      ).statusCode,
    ).toBe(200);
    for (const minutes of [-23 * 60, -30]) await run(instant(start, minutes));
    for (const s of [canceled, recorded, withdrawn]) expect(await reminders(s.student.id)).toEqual([]);
  });

  it('a moved slot is reminded anew for its new time', async () => {
    const start = '2026-03-15T15:00:00Z';
    const { slot, student } = await booking(start, instant(start, -48 * 60));
    await run(instant(start, -20 * 60));
    expect(await reminders(student.id)).toHaveLength(1);
    const chief = await t.userWithSession({ role: 'CHIEF_MENTOR', direction: null });
    at(instant(start, -19 * 60));
    const moved = await t.inject({
      method: 'PUT',
      url: `/api/chief/review/slots/${slot}`,
      headers: { cookie: chief.cookie },
      payload: {
        moduleId,
        startsAt: '2026-03-17T15:00:00Z',
        capacity: 50,
        mentorId: null,
        conferenceUrl: 'https://meet.example.org/r2',
      },
    });
    expect(moved.statusCode).toBe(200);
    await run(instant('2026-03-17T15:00:00Z', -23 * 60));
    const after = await reminders(student.id);
    expect(after).toHaveLength(2);
    expect(after[1]!.message).toContain('17.03.2026');
  });

  it('overlapping runs send each reminder once', async () => {
    const start = '2026-03-20T15:00:00Z';
    const bookings = [];
    for (let i = 0; i < 15; i += 1) bookings.push(await booking(start, instant(start, -48 * 60)));
    const when = instant(start, -23 * 60);
    const runs = await Promise.all(Array.from({ length: 10 }, () => run(when)));
    expect(runs.reduce((sum, r) => sum + r.day, 0)).toBe(15);
    for (const b of bookings) expect(await reminders(b.student.id)).toHaveLength(1);
    const hourRuns = await Promise.all(Array.from({ length: 10 }, () => run(instant(start, -50))));
    expect(hourRuns.reduce((sum, r) => sum + r.hour, 0)).toBe(15);
    for (const b of bookings) expect(await reminders(b.student.id)).toHaveLength(2);
  }, 60_000);

  it('the server runs the job once it listens, and stops it on close', async () => {
    const start = '2026-03-25T15:00:00Z';
    const { student } = await booking(start, instant(start, -48 * 60));
    at(instant(start, -30));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (let i = 0; i < 100 && (await reminders(student.id)).length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
      expect(await reminders(student.id)).toHaveLength(1);
    } finally {
      await t.app.close();
    }
  });
});
