import type { MentorReviewSlot, ModuleView, StudentReview } from '@academy/shared/contract';
import { createTestApp, testDatabases } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemo } from './seed';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('demo reviews on %s', (kind) => {
  it('planned slots for three weeks, the student’s passed and failed reviews, the modules open as they should; seeding again adds none', async () => {
    const t = await createTestApp(kind);
    try {
      await seedDemo(t.database.db);
      const count = async () => (await t.database.db.selectFrom('review_slots').select('id').execute()).length;
      const seeded = await count();
      await seedDemo(t.database.db);
      expect(await count()).toBe(seeded);

      const headers = (cookie: string) => ({ cookie, zoneid: 'Europe/Moscow' });
      // the reviewing mentor sees the coming weeks' slots with their conference
      const mentor = await t.signIn({ email: 'mentor@demo.academy', password: DEMO_PASSWORD });
      const slots = (await t.inject({ method: 'GET', url: '/api/mentor/review/slots', headers: headers(mentor) })).json()
        .data as MentorReviewSlot[];
      expect(slots.length).toBeGreaterThanOrEqual(20);
      const last = Math.max(...slots.map((s) => new Date(s.startsAt).getTime()));
      expect(last).toBeGreaterThan(Date.now() + 14 * DAY);
      expect(last).toBeLessThan(Date.now() + 22 * DAY);
      expect(new Set(slots.map((s) => s.modulePosition))).toEqual(new Set([1, 2, 3]));
      expect(slots.every((s) => s.conferenceUrl?.startsWith('https://') && s.mentorName === 'Михаил Менторов')).toBe(true);
      expect(slots.some((s) => s.bookings.length === 1)).toBe(true);

      // the demo student: the first module passed, the second failed with two debts of each kind
      const student = await t.signIn({ email: 'student@demo.academy', password: DEMO_PASSWORD });
      const reviews = (await t.post('/api/student/review/', {}, student)).json().data as StudentReview[];
      expect(reviews.map((r) => r.status)).toEqual(['SUCCESS', 'FAILED']);
      const failed = reviews[1]!.studentReviewId;
      const debts = async (path: string) =>
        (await t.inject({ method: 'GET', url: `/api/student/review/${failed}/debt/${path}`, headers: headers(student) })).json()
          .data as unknown[];
      expect(await debts('code')).toHaveLength(2);
      expect(await debts('theory')).toHaveLength(2);

      const course = await t.database.db
        .selectFrom('courses')
        .select('id')
        .where('slug', '=', 'js-basics')
        .executeTakeFirstOrThrow();
      const views = (
        await t.inject({ method: 'GET', url: `/api/student/course/views/${course.id}`, headers: headers(student) })
      ).json().data as ModuleView[];
      expect(views.map((m) => m.blocked)).toEqual([false, false, true]);
      // each module ends with its review step; the first one is done
      for (const module of views) expect(module.chapterViewDtos.at(-1)!.taskViews.at(-1)!.type).toBe('review_step');
      expect(views[0]!.chapterViewDtos.at(-1)!.taskViews.at(-1)!.solved).toBe(true);
      expect(views[0]!.solvedTaskAmount).toBe(views[0]!.allTaskAmount);
    } finally {
      await t.close();
    }
  }, 60_000);
});
