import type { GeneralNotification } from '@academy/shared/contract';
import { createTestApp, testDatabases } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe.each(testDatabases())('demo notifications on %s', (kind) => {
  it('the demo student’s bell: a welcome, an important notice open for a week, a comment-answer notice; seeding again adds none', async () => {
    const t = await createTestApp(kind);
    try {
      await seedDemo(t.database.db);
      await seedDemo(t.database.db);
      const cookie = await t.signIn({ email: 'student@demo.academy', password: DEMO_PASSWORD });
      const reply = await t.inject({ method: 'GET', url: '/api/student/generalNotification', headers: { cookie } });
      const bell: GeneralNotification[] = reply.json().data;
      expect(bell.map((n) => n.kind).sort()).toEqual(['COMMENT_ANSWER', 'STAFF', 'STAFF']);
      const important = bell.find((n) => n.important)!;
      const days = (Date.parse(important.endTime!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThan(7.1);
      expect(bell.find((n) => n.kind === 'COMMENT_ANSWER')!.link).toMatch(/^\/user\/courses\/\d+\/\d+\/\d+\/\d+$/);
      const staff = await t.signIn({ email: 'admin@demo.academy', password: DEMO_PASSWORD });
      // the students' important notice is theirs: it never opens over a staff page (issue 29)
      const staffBell = await t.inject({ method: 'GET', url: '/api/student/generalNotification', headers: { cookie: staff } });
      expect((staffBell.json().data as GeneralNotification[]).some((n) => n.important)).toBe(false);
      const list = await t.inject({ method: 'GET', url: '/api/staff/notifications', headers: { cookie: staff } });
      expect(list.json().data.items.map((n: { author: { name: string } }) => n.author.name)).toEqual([
        'Анна Админова',
        'Анна Админова',
      ]);
    } finally {
      await t.close();
    }
  }, 60_000);
});
