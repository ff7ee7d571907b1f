import type { LightMyRequestResponse } from 'fastify';
import type { ReviewSlot, ReviewSlotInput } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

const SLOTS = '/api/chief/review/slots';

// Module reviews, the chief mentor's planning (docs/courses.md, "Reviews"; shared/contract/reviews.ts).
describe.each(testDatabases())('review planning on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let modules: number[];
  let chief: { id: number; cookie: string };
  let reviewer: { id: number; cookie: string };
  const NOW = '2026-03-10T09:00:00Z';

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    modules = (
      await t.database.db
        .selectFrom('course_modules')
        .select('id')
        .where('course_id', '=', c.course)
        .orderBy('position')
        .execute()
    ).map((m) => m.id);
    chief = await t.userWithSession({ role: 'CHIEF_MENTOR', direction: null });
    reviewer = await t.userWithSession({ role: 'MENTOR', direction: null, firstName: 'Рита', lastName: 'Ревьюева' });
  });
  beforeEach(() => at(NOW));
  afterAll(() => t?.close());

  function at(iso: string) {
    t.app.clock.now = () => new Date(iso);
  }
  const key = (response: LightMyRequestResponse) => (response.json() as { error?: { key?: string } }).error?.key;
  const input = (over: Partial<ReviewSlotInput> = {}): ReviewSlotInput => ({
    moduleId: modules[0]!,
    startsAt: '2026-03-12T15:00:00Z',
    capacity: 3,
    mentorId: reviewer.id,
    conferenceUrl: 'https://meet.example.org/room-42',
    ...over,
  });
  const plan = (body: object, cookie = chief.cookie) => t.post(SLOTS, body, cookie);
  const edit = (id: number, body: object, cookie = chief.cookie) =>
    t.inject({ method: 'PUT', url: `${SLOTS}/${id}`, payload: body, headers: { cookie } });
  const cancel = (id: number, cookie = chief.cookie) =>
    t.inject({ method: 'DELETE', url: `${SLOTS}/${id}`, headers: { cookie } });
  const list = (query: string, cookie = chief.cookie, zone = 'UTC') =>
    t.inject({ method: 'GET', url: `${SLOTS}${query}`, headers: { cookie, zoneid: zone } });
  const planned = async (over: Partial<ReviewSlotInput> = {}) => {
    const reply = await plan(input(over));
    expect(reply.statusCode).toBe(200);
    return reply.json().data as ReviewSlot;
  };
  const book = (cookie: string, slotId: number) =>
    t.inject({ method: 'POST', url: `/api/student/review/register/${slotId}`, headers: { cookie } });
  const notices = (userId: number) =>
    t.database.db
      .selectFrom('notifications')
      .select(['title', 'message', 'link', 'kind'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const statuses = async (slotId: number) =>
    (await t.database.db.selectFrom('student_reviews').select('status').where('slot_id', '=', slotId).execute()).map(
      (r) => r.status,
    );
  const seatsTaken = async (slotId: number) =>
    (await t.database.db.selectFrom('review_slots').select('seats_taken').where('id', '=', slotId).executeTakeFirstOrThrow())
      .seats_taken;

  it('the planning form’s options: modules of regular and additional courses, active reviewers only', async () => {
    const blocked = await t.createUser({ role: 'MENTOR', direction: null, blocked: true, lastName: 'Заблокированный' });
    const reply = await t.inject({ method: 'GET', url: '/api/chief/review/options', headers: { cookie: chief.cookie } });
    expect(reply.statusCode).toBe(200);
    const { modules: options, mentors } = reply.json().data as {
      modules: Array<{ courseId: number; moduleId: number; modulePosition: number }>;
      mentors: Array<{ id: number; name: string }>;
    };
    const enrollee = c.courses['enrollee-start']!;
    expect(options.some((m) => m.courseId === enrollee)).toBe(false);
    expect(options.filter((m) => m.courseId === c.course).map((m) => m.moduleId)).toEqual(modules);
    expect(options.some((m) => m.courseId === c.courses.extra)).toBe(true);
    expect(mentors).toContainEqual({ id: reviewer.id, name: 'Рита Ревьюева' });
    expect(mentors.map((m) => m.id)).toContain(chief.id);
    expect(mentors.map((m) => m.id)).not.toContain(blocked.id);
    const student = await c.enrolledStudent();
    expect(mentors.map((m) => m.id)).not.toContain(student.id);
  });

  it('only planners plan: a mentor, a student and a curator get 403, nobody signed in 401', async () => {
    const slot = await planned();
    const student = await c.enrolledStudent();
    const curator = await t.userWithSession({ role: 'CURATOR', direction: null });
    for (const cookie of [reviewer.cookie, student.cookie, curator.cookie]) {
      expect((await t.inject({ method: 'GET', url: '/api/chief/review/options', headers: { cookie } })).statusCode).toBe(403);
      expect((await list('', cookie)).statusCode).toBe(403);
      expect((await plan(input(), cookie)).statusCode).toBe(403);
      expect((await edit(slot.id, input({ capacity: 9 }), cookie)).statusCode).toBe(403);
      expect((await cancel(slot.id, cookie)).statusCode).toBe(403);
    }
    expect((await t.inject({ method: 'GET', url: SLOTS })).statusCode).toBe(401);
    const admin = await t.userWithSession({ role: 'ADMIN', direction: null });
    expect((await edit(slot.id, input({ capacity: 9 }), admin.cookie)).json().data.capacity).toBe(9);
  });

  it('plans a slot; staff read the conference address, the student only a /meet code', async () => {
    const slot = await planned();
    expect(slot).toMatchObject({
      moduleId: modules[0],
      courseId: c.course,
      modulePosition: 1,
      startsAt: '2026-03-12T15:00:00.000Z',
      capacity: 3,
      seatsTaken: 0,
      mentorId: reviewer.id,
      mentorName: 'Рита Ревьюева',
      conferenceUrl: 'https://meet.example.org/room-42',
      canceled: false,
      bookings: [],
    });
    const student = await c.enrolledStudent({ firstName: 'Ева', lastName: 'Студентова' });
    expect((await book(student.cookie, slot.id)).statusCode).toBe(200);
    const mine = await t.post('/api/student/review/', { startTime: '01.03.2026', endTime: '31.03.2026' }, student.cookie);
    expect(mine.body).not.toContain('room-42');
    const link = mine.json().data[0].link as string;
    expect(link).toMatch(/^\/meet\?linkCode=[0-9a-f]+$/);
    const code = new URLSearchParams(link.split('?')[1]).get('linkCode');
    expect((await t.inject({ method: 'GET', url: `/api/meet/link?linkCode=${code}` })).json().data).toBe(
      'https://meet.example.org/room-42',
    );
    // the planning list shows the booking with the student's name
    const days = (await list('?from=2026-03-12&to=2026-03-12')).json().data as ReviewSlot[];
    expect(days.find((s) => s.id === slot.id)).toMatchObject({
      seatsTaken: 1,
      bookings: [{ studentId: student.id, studentName: 'Ева Студентова', status: 'WAITED' }],
    });
    // no conference, no mentor yet: both null
    const bare = await planned({ conferenceUrl: null, mentorId: null });
    expect(bare).toMatchObject({ conferenceUrl: null, mentorId: null, mentorName: null });
  });

  it('refuses a start in the past or too far ahead, wrong seats, a missing module, a non-reviewer and a bad link', async () => {
    const refusals: Array<[Partial<ReviewSlotInput>, string]> = [
      [{ startsAt: '2026-03-10T08:59:00Z' }, 'reviewSlotStartPast'],
      [{ startsAt: 'tomorrow at noon' }, 'reviewSlotBadStart'],
      [{ startsAt: '2027-03-12T09:00:00Z' }, 'reviewSlotTooFar'],
      [{ capacity: 0 }, 'reviewSlotCapacity'],
      [{ capacity: 101 }, 'reviewSlotCapacity'],
      [{ moduleId: 2147483000 }, 'reviewSlotNoModule'],
      [{ moduleId: (await enrolleeModule()).id }, 'reviewSlotNoModule'],
      [{ mentorId: (await c.enrolledStudent()).id }, 'reviewSlotNotReviewer'],
      [{ mentorId: (await t.createUser({ role: 'MENTOR', direction: null, blocked: true })).id }, 'reviewSlotNotReviewer'],
      [{ conferenceUrl: 'javascript:alert(1)' }, 'reviewSlotConferenceUrl'],
      [{ conferenceUrl: 'meet.example.org/room' }, 'reviewSlotConferenceUrl'],
      [{ conferenceUrl: `https://meet.example.org/${'a'.repeat(480)}` }, 'reviewSlotConferenceUrl'],
    ];
    for (const [over, expected] of refusals) {
      const reply = await plan(input(over));
      expect([JSON.stringify(over), reply.statusCode, key(reply)]).toEqual([JSON.stringify(over), 400, expected]);
    }
    // the texts are a person's, in the caller's language
    expect((await plan(input({ capacity: 0 }))).json().error.text).toBe('Мест — от 1 до 100.');
    const english = await t.userWithSession({ role: 'ADMIN', direction: null });
    await t.database.db.updateTable('users').set({ language: 'en' }).where('id', '=', english.id).execute();
    expect((await plan(input({ capacity: 0 }), english.cookie)).json().error.text).toBe('Seats: from 1 to 100.');
    // the very limits pass
    expect((await plan(input({ capacity: 100, startsAt: '2027-03-10T08:59:00Z' }))).statusCode).toBe(200);
    expect((await plan(input({ conferenceUrl: `https://m.example.org/${'a'.repeat(477)}` }))).statusCode).toBe(200);
  });

  async function enrolleeModule() {
    return t.database.db
      .selectFrom('course_modules')
      .select('id')
      .where('course_id', '=', c.courses['enrollee-start']!)
      .executeTakeFirstOrThrow();
  }

  it('a move tells the waiting students the new time, in their language and zone; an edit alone tells nobody', async () => {
    const slot = await planned({ capacity: 5 });
    const moscow = await c.enrolledStudent();
    const tokyo = await c.enrolledStudent();
    for (const s of [moscow, tokyo]) expect((await book(s.cookie, slot.id)).statusCode).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ time_zone: 'Europe/Moscow', language: 'ru' })
      .where('id', '=', moscow.id)
      .execute();
    await t.database.db
      .updateTable('users')
      .set({ time_zone: 'Asia/Tokyo', language: 'en' })
      .where('id', '=', tokyo.id)
      .execute();

    const edited = await edit(slot.id, input({ capacity: 6, mentorId: null }));
    expect(edited.json().data).toMatchObject({ capacity: 6, mentorId: null, seatsTaken: 2 });
    expect(await notices(moscow.id)).toEqual([]);

    const moved = await edit(slot.id, input({ capacity: 6, startsAt: '2026-03-13T16:30:00Z' }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ startsAt: '2026-03-13T16:30:00.000Z', seatsTaken: 2 });
    const [ru] = await notices(moscow.id);
    expect(ru).toMatchObject({ kind: 'REVIEW_REMINDER', title: 'Ревью перенесено', link: '/user/review' });
    expect(ru!.message).toContain('13.03.2026 19:30 (Europe/Moscow)');
    const [en] = await notices(tokyo.id);
    expect(en).toMatchObject({ title: 'Your review was rescheduled' });
    expect(en!.message).toContain('14.03.2026 01:30 (Asia/Tokyo)');
    expect(await statuses(slot.id)).toEqual(['WAITED', 'WAITED']);
  });

  it('seats never below those taken, and the module stays while bookings wait', async () => {
    const slot = await planned({ capacity: 3 });
    const students = [await c.enrolledStudent(), await c.enrolledStudent()];
    for (const s of students) expect((await book(s.cookie, slot.id)).statusCode).toBe(200);
    const below = await edit(slot.id, input({ capacity: 1 }));
    expect([below.statusCode, key(below)]).toEqual([400, 'reviewSlotBelowTaken']);
    const otherModule = await edit(slot.id, input({ moduleId: modules[1]! }));
    expect([otherModule.statusCode, key(otherModule)]).toEqual([400, 'reviewSlotModuleBooked']);
    expect((await edit(slot.id, input({ capacity: 2 }))).statusCode).toBe(200);
    // without bookings the module may change
    const empty = await planned();
    expect((await edit(empty.id, input({ moduleId: modules[1]! }))).json().data.moduleId).toBe(modules[1]);
    // a slot that started keeps its start through an edit, but cannot move into the past
    at('2026-03-12T15:30:00Z');
    expect((await edit(slot.id, input({ capacity: 3, mentorId: null }))).statusCode).toBe(200);
    const past = await edit(slot.id, input({ startsAt: '2026-03-12T15:10:00Z' }));
    expect([past.statusCode, key(past)]).toEqual([400, 'reviewSlotStartPast']);
    const missing = await edit(2147483000, input());
    expect([missing.statusCode, key(missing)]).toEqual([404, 'noReviewSlot']);
  });

  it('cancelling: the waiting bookings become CANCELED, seats free, students told, the link expires; twice is harmless', async () => {
    const slot = await planned({ capacity: 4 });
    const students = [await c.enrolledStudent(), await c.enrolledStudent()];
    for (const s of students) expect((await book(s.cookie, slot.id)).statusCode).toBe(200);
    const link = (await t.post('/api/student/review/', {}, students[0]!.cookie)).json().data[0].link as string;

    const reply = await cancel(slot.id);
    expect(reply.statusCode).toBe(200);
    expect(await statuses(slot.id)).toEqual(['CANCELED', 'CANCELED']);
    expect(await seatsTaken(slot.id)).toBe(0);
    for (const s of students) {
      const [notice] = await notices(s.id);
      expect(notice).toMatchObject({ title: 'Ревью отменено', link: '/user/review' });
      expect(notice!.message).toContain('12.03.2026 15:00 (UTC)');
    }
    expect((await t.inject({ method: 'GET', url: `/api/meet/link?${link.split('?')[1]}` })).statusCode).toBe(404);
    // the slot stays in the list, marked
    const listed = (await list('?from=2026-03-12&to=2026-03-12')).json().data as ReviewSlot[];
    expect(listed.find((s) => s.id === slot.id)).toMatchObject({ canceled: true, seatsTaken: 0 });
    // nobody books it; a second cancel, an edit: refused, nothing changes, nobody hears twice
    const late = await c.enrolledStudent();
    expect((await book(late.cookie, slot.id)).statusCode).toBe(404);
    const again = await cancel(slot.id);
    expect([again.statusCode, key(again)]).toEqual([400, 'reviewSlotCanceled']);
    const edited = await edit(slot.id, input());
    expect([edited.statusCode, key(edited)]).toEqual([400, 'reviewSlotCanceled']);
    expect(await notices(students[0]!.id)).toHaveLength(1);
    expect((await cancel(2147483000)).statusCode).toBe(404);
  });

  it('parallel cancels: one succeeds, the others are refused, each student told once', async () => {
    const slot = await planned({ capacity: 2 });
    const student = await c.enrolledStudent();
    expect((await book(student.cookie, slot.id)).statusCode).toBe(200);
    const replies = await Promise.all(Array.from({ length: 10 }, () => cancel(slot.id)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.statusCode !== 200).map(key))).toEqual(new Set(['reviewSlotCanceled']));
    expect(await notices(student.id)).toHaveLength(1);
  });

  it('a change of seats racing bookings never exceeds the seats', async () => {
    for (let round = 0; round < 3; round += 1) {
      const slot = await planned({ capacity: 10 });
      const students = await Promise.all(Array.from({ length: 10 }, () => c.enrolledStudent()));
      const [shrink, ...bookings] = await Promise.all([
        edit(slot.id, input({ capacity: 3 })),
        ...students.map((s) => book(s.cookie, slot.id)),
      ]);
      const row = await t.database.db
        .selectFrom('review_slots')
        .select(['capacity', 'seats_taken'])
        .where('id', '=', slot.id)
        .executeTakeFirstOrThrow();
      const waiting = (await statuses(slot.id)).filter((s) => s === 'WAITED').length;
      expect(row.seats_taken).toBe(waiting);
      expect(row.seats_taken).toBeLessThanOrEqual(row.capacity);
      expect(bookings.filter((b) => b.statusCode === 200)).toHaveLength(waiting);
      if (shrink!.statusCode === 200) expect(row.capacity).toBe(3);
      else expect([shrink!.statusCode, key(shrink!), row.capacity]).toEqual([400, 'reviewSlotBelowTaken', 10]);
    }
  }, 60_000);

  it('lists a window of days of the caller’s zone, four weeks from today by default, by module when asked', async () => {
    const early = await planned({ startsAt: '2026-04-06T21:30:00Z', moduleId: modules[2]! });
    const late = await planned({ startsAt: '2026-04-07T08:00:00Z', moduleId: modules[2]! });
    const other = await planned({ startsAt: '2026-04-07T09:00:00Z', moduleId: modules[1]! });
    const ids = (reply: LightMyRequestResponse) => (reply.json().data as ReviewSlot[]).map((s) => s.id);
    // 10 March + 28 days: the default window ends with 6 April (UTC)
    const byDefault = ids(await list(''));
    expect(byDefault).toContain(early.id);
    expect(byDefault).not.toContain(late.id);
    // in Moscow the 21:30 UTC slot is on 7 April
    const moscow = ids(await list('?from=2026-04-07&to=2026-04-07', chief.cookie, 'Europe/Moscow'));
    expect(moscow).toEqual([early.id, late.id, other.id]);
    expect(ids(await list(`?from=2026-04-07&to=2026-04-07&moduleId=${modules[2]}`, chief.cookie, 'Europe/Moscow'))).toEqual([
      early.id,
      late.id,
    ]);
    const bad = await list('?from=2026-02-30');
    expect([bad.statusCode, key(bad)]).toEqual([400, 'reviewSlotsBadDay']);
    const backwards = await list('?from=2026-04-07&to=2026-04-06');
    expect([backwards.statusCode, key(backwards)]).toEqual([400, 'reviewSlotsWindow']);
    expect((await list('?from=2026-01-01&to=2027-01-01')).statusCode).toBe(200);
    const tooLong = await list('?from=2026-01-01&to=2027-01-02');
    expect([tooLong.statusCode, key(tooLong)]).toEqual([400, 'reviewSlotsWindow']);
  });
});
