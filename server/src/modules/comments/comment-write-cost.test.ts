import type { LightMyRequestResponse } from 'fastify';
import type { TaskComment } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

type Session = { id: number; cookie: string };

// Issue 33: a comment is written in one statement (its reservation against the writing limit, the
// pre-moderation count and the insert), and the reply is the comment as its author then sees it in the
// thread, built from what was written: no read after it (a comment cost six statements before).
describe.each(testDatabases())('writing a comment on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let moderator: Session;
  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    moderator = await t.userWithSession({ role: 'CURATOR', direction: null });
  });
  afterAll(() => t?.close());

  const data = <T>(response: LightMyRequestResponse): T => {
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return response.json().data as T;
  };
  const post = (cookie: string, url: string, text: string) =>
    t.inject({ method: 'POST', url, headers: { cookie, zoneid: 'Europe/Moscow' }, payload: { text } });
  /** the reply and the statements it cost */
  async function counted(cookie: string, url: string, text: string) {
    const before = t.queryCount();
    const reply = data<TaskComment>(await post(cookie, url, text));
    return { reply, queries: t.queryCount() - before };
  }
  const thread = async (cookie: string, task: number) =>
    data<TaskComment[]>(
      await t.inject({ method: 'GET', url: `/api/user/comment/task/${task}`, headers: { cookie, zoneid: 'Europe/Moscow' } }),
    );
  async function student(): Promise<Session> {
    const s = await t.userWithSession();
    await c.openEveryModule(s);
    return s;
  }

  it('costs one statement and answers what the thread then shows, waiting or not, a comment or an answer', async () => {
    const task = c.task('array-methods').id;
    const newcomer = await student();
    // warm: the session, the task's place and the student's state are kept in process after a first call
    await thread(newcomer.cookie, task);

    const waiting = await counted(newcomer.cookie, `/api/user/comment/task/${task}`, 'Первый вопрос');
    expect(waiting.reply).toMatchObject({ preModerate: true, mine: true, likes: 0, likedByMe: false, dependentComments: [] });
    expect(waiting.queries).toBe(1);
    expect((await thread(newcomer.cookie, task)).find((x) => x.id === waiting.reply.id)).toEqual(waiting.reply);

    data(
      await t.inject({
        method: 'PUT',
        url: `/api/comment/moderation/${waiting.reply.id}`,
        headers: { cookie: moderator.cookie },
      }),
    );
    const trusted = await counted(newcomer.cookie, `/api/user/comment/task/${task}`, 'Второй вопрос');
    expect(trusted.reply).toMatchObject({ preModerate: false, parentId: null, user: { id: newcomer.id } });
    expect(trusted.queries).toBe(1);

    // an answer (its top-level comment is read first), by staff: never waits
    const answer = await counted(moderator.cookie, `/api/user/comment/${trusted.reply.id}/answer`, 'Ответ куратора');
    expect(answer.reply).toMatchObject({ preModerate: false, parentId: trusted.reply.id, mine: true });
    const shown = (await thread(moderator.cookie, task)).find((x) => x.id === trusted.reply.id)!;
    expect(shown.dependentComments).toEqual([answer.reply]);
    // the newcomer sees the same answer, not theirs to edit
    const seen = (await thread(newcomer.cookie, task)).find((x) => x.id === trusted.reply.id)!.dependentComments[0]!;
    expect(seen).toEqual({ ...answer.reply, mine: false, editableUntil: null });
  });

  it('a refused write (the limit) writes nothing and still costs one statement', async () => {
    const task = c.task('array-methods').id;
    const writer = await student();
    await thread(writer.cookie, task);
    for (let i = 0; i < 10; i += 1) data(await post(writer.cookie, `/api/user/comment/task/${task}`, `Вопрос ${i}`));
    const before = t.queryCount();
    const refused = await post(writer.cookie, `/api/user/comment/task/${task}`, 'Одиннадцатый');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.queryCount() - before).toBe(1);
    expect((await thread(writer.cookie, task)).filter((x) => x.user.id === writer.id)).toHaveLength(10);
  });
});
