import type { PendingCommentsPage, TaskComment } from '@academy/shared/contract';
import { createTestApp, testDatabases } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe.each(testDatabases())('demo comments on %s', (kind) => {
  it('a thread with a mentor’s answer and likes, a long comment, the newcomer’s waiting one; seeding again adds none', async () => {
    const t = await createTestApp(kind);
    try {
      await seedDemo(t.database.db);
      const count = async () => (await t.database.db.selectFrom('comments').select('id').execute()).length;
      const seeded = await count();
      await seedDemo(t.database.db);
      expect(await count()).toBe(seeded);

      const lecture = await t.database.db
        .selectFrom('course_tasks')
        .select('id')
        .where('slug', '=', 'what-is-js')
        .executeTakeFirstOrThrow();
      const student = await t.signIn({ email: 'student@demo.academy', password: DEMO_PASSWORD });
      const thread = await t.inject({ method: 'GET', url: `/api/user/comment/task/${lecture.id}`, headers: { cookie: student } });
      const comments: TaskComment[] = thread.json().data;
      expect(comments).toHaveLength(1);
      expect(comments[0]).toMatchObject({ likes: 2, user: { firstName: 'Степан' } });
      expect(comments[0]!.dependentComments.map((a) => a.user.firstName)).toEqual(['Михаил', 'Степан']);

      const curator = await t.signIn({ email: 'curator@demo.academy', password: DEMO_PASSWORD });
      const pending = await t.inject({ method: 'GET', url: '/api/comment/moderation', headers: { cookie: curator } });
      const page: PendingCommentsPage = pending.json().data;
      expect(page.items.map((c) => c.student.firstName)).toEqual(['Надежда']);
      expect(page.items[0]!.taskPath).toMatch(/^\/user\/courses\/\d+\/1\/1\/1\?studentId=\d+$/);
    } finally {
      await t.close();
    }
  }, 60_000);
});
