import type { MentorReviewSlot, ReviewSlot } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { planReviewSlot } from '../../testing/factory-routes';
import { testDatabases, type TestApp } from '../../testing/test-app';

/**
 * Issue 29 (item 20): a review held is a seat taken. Once outcomes were recorded the slot read
 * "Места 0/6 · занято 0 мест" with two students listed.
 */
describe.each(testDatabases())('a slot’s seats after its outcomes on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let mentor: { id: number; cookie: string };

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
  });
  afterAll(() => t?.close());

  const at = (iso: string) => {
    t.app.clock.now = () => new Date(iso);
  };

  it('the students who held their review keep their seats; a cancelled booking frees its own', async () => {
    const [moduleId] = await c.moduleIds(c.course);
    const { id: slotId } = await planReviewSlot(t.app, {
      moduleId: moduleId!,
      startsAt: '2026-03-10T08:00:00Z',
      capacity: 6,
      link: 'https://meet.example.org/r',
      mentorId: mentor.id,
    });
    at('2026-01-01T00:00:00Z');
    const students = [await c.enrolledStudent(), await c.enrolledStudent(), await c.enrolledStudent()];
    for (const student of students) {
      const booked = await t.post(`/api/student/review/register/${slotId}`, {}, student.cookie);
      expect(booked.statusCode).toBe(200);
    }
    // the third cancels before the start: their seat goes back
    const canceled = await t.inject({
      method: 'DELETE',
      url: `/api/student/review/register/${slotId}`,
      headers: { cookie: students[2]!.cookie },
    });
    expect(canceled.statusCode).toBe(200);

    at('2026-03-10T09:00:00Z');
    const reviewOf = async (studentId: number) =>
      (
        await t.database.db
          .selectFrom('student_reviews')
          .select('id')
          .where('student_id', '=', studentId)
          .where('slot_id', '=', slotId)
          .executeTakeFirstOrThrow()
      ).id;
    const passed = await t.post(
      `/api/mentor/review/outcome/${await reviewOf(students[0]!.id)}`,
      { status: 'SUCCESS' },
      mentor.cookie,
    );
    expect(passed.statusCode).toBe(200);
    const missed = await t.post(
      `/api/mentor/review/outcome/${await reviewOf(students[1]!.id)}`,
      { status: 'MISSED' },
      mentor.cookie,
    );
    expect(missed.statusCode).toBe(200);

    const slots = await t.inject({
      method: 'GET',
      url: '/api/mentor/review/slots',
      headers: { cookie: mentor.cookie, zoneid: 'UTC' },
    });
    const slot = (slots.json().data as MentorReviewSlot[]).find((s) => s.id === slotId)!;
    expect(slot.bookings.map((b) => b.status).sort()).toEqual(['MISSED', 'SUCCESS']);
    expect(slot.seatsTaken).toBe(2);

    // the planners' list says the same
    const chief = await t.userWithSession({ role: 'CHIEF_MENTOR', direction: null });
    const planned = await t.inject({
      method: 'GET',
      url: '/api/chief/review/slots?from=2026-03-09&to=2026-03-11',
      headers: { cookie: chief.cookie, zoneid: 'UTC' },
    });
    expect(planned.statusCode).toBe(200);
    expect((planned.json().data as ReviewSlot[]).find((s) => s.id === slotId)).toMatchObject({ seatsTaken: 2, capacity: 6 });
  });
});
