import type { ActivityDay, DaysWithoutPause } from '@academy/shared/contract';
import { createTestApp, testDatabases } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemo } from './seed';
import { seedDemoActivity } from './seed-activity';

describe.each(testDatabases())('demo activity on %s', (kind) => {
  it('the demo student’s statistics look alive: 14 months of varied days, a current run; seeding again adds none', async () => {
    const t = await createTestApp(kind);
    try {
      await seedDemo(t.database.db);
      const count = async () =>
        (
          await t.database.db
            .selectFrom('solutions')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const seeded = Number(await count());
      expect(seeded).toBeGreaterThan(300);
      // the demo student's lectures and quizzes seeded as solved: their attempts, a wrong try or two among
      // them, in the first weeks (the other directions' demo students solved their first chapter lately)
      const attempts = () =>
        t.database.db
          .selectFrom('task_attempts')
          .innerJoin('users', 'users.id', 'task_attempts.student_id')
          .where('users.email', '=', 'student@demo.academy')
          .select(['task_attempts.right', 'task_attempts.created_at'])
          .orderBy('task_attempts.created_at')
          .execute();
      const logged = await attempts();
      expect(logged.filter((a) => a.right).length).toBeGreaterThan(5);
      expect(logged.filter((a) => !a.right).length).toBeGreaterThan(0);
      const weeksAgo = Date.now() - 300 * 86_400_000;
      expect(logged.every((a) => new Date(a.created_at).getTime() < weeksAgo)).toBe(true);
      await seedDemoActivity(t.database.db);
      await seedDemo(t.database.db);
      expect(Number(await count())).toBe(seeded);
      expect(await attempts()).toEqual(logged);

      const cookie = await t.signIn({ email: 'student@demo.academy', password: DEMO_PASSWORD });
      const get = async <T>(path: string) =>
        (
          await t.inject({ method: 'GET', url: `/api/student/profile${path}`, headers: { cookie, zoneid: 'Europe/Moscow' } })
        ).json().data as T;
      const streaks = await get<DaysWithoutPause>('/day_without_pause');
      expect(streaks.currentDaysWithoutPause).toBeGreaterThanOrEqual(5);
      expect(streaks.maxDaysWithoutPause).toBeGreaterThanOrEqual(12);
      const days = await get<ActivityDay[]>('/solution-activity-year');
      expect(days.length).toBeGreaterThan(150);
      expect(new Set(days.map((d) => d.date.slice(0, 7))).size).toBe(13);
      const counts = new Set(days.map((d) => d.count));
      expect(counts.size).toBeGreaterThan(5);
      // the demo course's first module was solved in the first weeks: two topics
      expect(await get<string[]>('/topics-names')).toEqual(['Первые шаги', 'Типы данных']);
    } finally {
      await t.close();
    }
  }, 60_000);
});
