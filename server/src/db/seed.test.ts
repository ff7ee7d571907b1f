import { createTestApp, testDatabases } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe.each(testDatabases())('the demo seed on %s', (kind) => {
  it('the demo student’s solved code task (4/2/1/2) opens with the accepted code and its passed tests, not the template', async () => {
    const t = await createTestApp(kind);
    try {
      await seedDemo(t.database.db);
      const cookie = await t.signIn({ email: 'student@demo.academy', password: DEMO_PASSWORD });
      const task = await t.database.db
        .selectFrom('course_tasks')
        .select(['id', 'data'])
        .where('slug', '=', 'sum-function')
        .executeTakeFirstOrThrow();
      const view = (await t.inject({ method: 'GET', url: `/api/student/task/${task.id}/code`, headers: { cookie } })).json().data;
      const data = task.data as { solution: string; placeholder: string };
      expect(view).toMatchObject({ solved: true, lastActionIsRight: true, answer: data.solution });
      expect(view.answer).not.toBe(data.placeholder);
      expect(view.result.length).toBeGreaterThan(0);
      expect(view.result.every((outcome: { passed: boolean }) => outcome.passed)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
