import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { planReviewSlot } from '../../testing/factory-routes';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Issue 29, item 8: a module review is part of the full programme, as code tasks and mentor checks are
// (docs/product-decisions.md, "Trial accounts"): a TRIAL student sees the review step as not available and cannot book a seat.
describe.each(testDatabases())('reviews and the trial on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let module: number;

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    t.app.clock.now = () => new Date('2026-03-10T09:00:00Z');
    const first = await t.database.db
      .selectFrom('course_modules')
      .select('id')
      .where('course_id', '=', c.course)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    module = first.id;
  });
  afterAll(() => t?.close());

  const book = (cookie: string, slotId: number) =>
    t.inject({ method: 'POST', url: `/api/student/review/register/${slotId}?moduleId=${module}`, headers: { cookie } });
  const availability = (cookie: string, slug: string) =>
    t.inject({ method: 'GET', url: `/api/fake/open/check/common?courseTaskId=${c.task(slug).id}`, headers: { cookie } });

  it('a TRIAL student cannot book a seat (400 with the trial text), a REGULAR one can; no seat is taken', async () => {
    const slot = (await planReviewSlot(t.app, { moduleId: module, startsAt: '2026-03-12T10:00:00Z', capacity: 3 })).id;
    const trial = await c.enrolledStudent({ paymentType: 'TRIAL' });
    const refused = await book(trial.cookie, slot);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ key: 'trialLocked', text: expect.stringMatching(/ревью модулей/) });
    const seats = async () =>
      (await t.database.db.selectFrom('review_slots').select('seats_taken').where('id', '=', slot).executeTakeFirstOrThrow())
        .seats_taken;
    expect(await seats()).toBe(0);

    const regular = await c.enrolledStudent({ paymentType: 'REGULAR' });
    expect((await book(regular.cookie, slot)).statusCode).toBe(200);
    expect(await seats()).toBe(1);
  });

  it('the review step is not available to a TRIAL student, and says why; it is to a REGULAR one', async () => {
    const trial = await t.userWithSession({ paymentType: 'TRIAL' });
    await c.openEveryModule(trial, c.courses.review);
    expect((await availability(trial.cookie, 'closures-review')).json().data).toMatchObject({
      available: false,
      reasonKey: 'trialLocked',
    });
    const regular = await t.userWithSession({ paymentType: 'REGULAR' });
    await c.openEveryModule(regular, c.courses.review);
    expect((await availability(regular.cookie, 'closures-review')).json().data.available).toBe(true);
  });
});
