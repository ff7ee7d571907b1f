import type { StudentTask } from '@academy/shared/contract';
import { createTestApp, testDatabases, type TestApp } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemo } from './seed';

// Issue 29, item 11: every answer type of a mentor check has a demo task (spec 2 §2.4: LINK, UNIQUE_LINK,
// SINGLE_LINE_TEXT, STYLED_TEXT), and the server checks each answer by its type.
describe.each(testDatabases())('the demo mentor checks of every answer type on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemo(t.database.db);
    cookie = await t.signIn({ email: 'student@demo.academy', password: DEMO_PASSWORD });
    // the whole demo is seeded: slow on a busy machine
  }, 180_000);
  afterAll(() => t?.close());

  /** The demo task by its slug (the demo's slugs of mentor checks are unique), as the demo student opens it. */
  async function open(slug: string): Promise<StudentTask> {
    const row = await t.database.db.selectFrom('course_tasks').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const reply = await t.inject({ method: 'GET', url: `/api/student/task/${row.id}/mentorCheckTask`, headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    return reply.json().data as StudentTask;
  }

  const send = (task: StudentTask, answer: string) =>
    t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${task.studentTaskId}/mentorCheckTask?answer=${encodeURIComponent(answer)}`,
      headers: { cookie },
    });

  it('the demo course has one mentor check of each answer type, the new ones at the end of their chapter', async () => {
    const rows = await t.database.db
      .selectFrom('course_tasks')
      .select(['slug', 'data', 'position'])
      .where('kind', '=', 'mentorCheckTask')
      .execute();
    const types = new Set(rows.map((row) => (row.data as { answerType: string }).answerType));
    expect([...types].sort()).toEqual(['LINK', 'SINGLE_LINE_TEXT', 'STYLED_TEXT', 'UNIQUE_LINK']);
    // appended: the Git chapter's earlier tasks keep positions 1 and 2
    const positions = Object.fromEntries(rows.map((row) => [row.slug, row.position]));
    expect(positions).toMatchObject({ 'review-etiquette': 2, 'branch-link': 3, 'commit-message': 4 });
  });

  it('a LINK answer must be an http(s) address', async () => {
    const task = await open('branch-link');
    expect(task).toMatchObject({ answerType: 'LINK', pending: false, solved: false });
    for (const bad of ['моя ветка', 'ftp://example.com/repo', 'javascript:alert(1)']) {
      const refused = await send(task, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.key).toBe('answerNotLink');
    }
    const sent = await send(task, 'https://github.com/demo/shop/tree/feature/readme');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ pending: true, answer: 'https://github.com/demo/shop/tree/feature/readme' });
  });

  it('a SINGLE_LINE_TEXT answer is one line of at most 500 characters', async () => {
    const task = await open('commit-message');
    expect(task).toMatchObject({ answerType: 'SINGLE_LINE_TEXT', pending: false, solved: false });
    const twoLines = await send(task, 'Fix rounding\nin formatPrice');
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().error.key).toBe('answerNotSingleLine');
    const tooLong = await send(task, 'a'.repeat(501));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.key).toBe('answerTooLong');
    const empty = await send(task, '   ');
    expect(empty.statusCode).toBe(400);
    const sent = await send(task, '  Round formatPrice to the nearest integer  ');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ pending: true, answer: 'Round formatPrice to the nearest integer' });
  });
});
