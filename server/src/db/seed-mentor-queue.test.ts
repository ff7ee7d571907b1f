import type { MentorQueuePage, StudentTask } from '@academy/shared/contract';
import { createTestApp, testDatabases } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe.each(testDatabases())('the demo mentor queue on %s', (kind) => {
  it('the demo mentor’s queue: the demo students’ answers, one overdue; they open as the student; seeding again adds none', async () => {
    const t = await createTestApp(kind);
    try {
      await seedDemo(t.database.db);
      await seedDemo(t.database.db);
      const mentor = await t.signIn({ email: 'mentor@demo.academy', password: DEMO_PASSWORD });
      const reply = await t.inject({ method: 'GET', url: '/api/mentor/queue', headers: { cookie: mentor } });
      const queue = reply.json().data as MentorQueuePage;
      expect(queue.entries.map((e) => [e.student.lastName, e.promiseState, e.studentMentor?.lastName])).toEqual([
        ['Студентов', 'red', 'Менторов'],
        ['Новикова', 'ok', 'Менторов'],
      ]);
      expect(queue).toMatchObject({ total: 2, overdue: 1 });

      const first = queue.entries[0]!;
      const view = await t.inject({
        method: 'GET',
        url: `/api/fake/user/task/${first.task.id}/mentorCheckTask?studentId=${first.student.id}`,
        headers: { cookie: mentor },
      });
      expect(view.statusCode).toBe(200);
      expect(view.json().data as StudentTask).toMatchObject({
        pending: true,
        answerId: first.answerId,
        verdictExpectedBy: first.promisedBy,
      });
    } finally {
      await t.close();
    }
  });
});
