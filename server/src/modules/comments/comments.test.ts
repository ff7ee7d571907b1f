import type { LightMyRequestResponse } from 'fastify';
import { COMMENT_MAX_LENGTH, type PendingCommentsPage, type TaskComment } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';
import type { TestUserInput } from '../../testing/factory-routes';

type Session = { id: number; cookie: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const MINUTE = 60_000;

describe.each(testDatabases())('comments under tasks on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let realNow: () => Date;
  let realLimiterNow: () => number;
  let moderator: Session;

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    realNow = t.app.clock.now;
    realLimiterNow = t.app.rateLimiter.now;
    moderator = await t.userWithSession({ role: 'CURATOR', direction: null });
  });
  afterAll(() => t?.close());
  afterEach(() => {
    t.app.clock.now = realNow;
    t.app.rateLimiter.now = realLimiterNow;
    t.app.config.commentsPremoderated = 1;
  });

  const taskId = (slug: string) => c.task(slug).id;
  /** Moves the server's clock to a moment (the rules read `app.clock.now()`). */
  const setClock = (at: Date) => {
    t.app.clock.now = () => at;
  };

  /** A call with a session; `form` fields go urlencoded, as the browser's forms send them. */
  const call = (
    method: Method,
    url: string,
    cookie: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    t.inject({
      method,
      url,
      headers: { cookie, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...headers },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
  const write = (cookie: string, task: number, text: string, mainId?: number) =>
    call('POST', `/api/user/comment/task/${task}${mainId ? `?mainId=${mainId}` : ''}`, cookie, { text });
  const answer = (cookie: string, id: number, text: string) => call('POST', `/api/user/comment/${id}/answer`, cookie, { text });
  const data = <T>(response: LightMyRequestResponse): T => {
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return response.json().data as T;
  };
  const written = async (cookie: string, task: number, text: string, mainId?: number) =>
    data<TaskComment>(await write(cookie, task, text, mainId));
  const thread = async (cookie: string, task: number, zone = 'UTC') =>
    data<TaskComment[]>(await call('GET', `/api/user/comment/task/${task}`, cookie, undefined, { zoneid: zone }));
  const approve = (id: number, cookie = moderator.cookie) => call('PUT', `/api/comment/moderation/${id}`, cookie);
  const errorKey = (response: LightMyRequestResponse) => (response.json() as { error: { key: string } }).error.key;

  /** A paying FE student enrolled in the practice course with every module open: they may write in its threads. */
  async function openStudent(input?: TestUserInput): Promise<Session> {
    const student = await t.userWithSession(input);
    await c.openEveryModule(student);
    return student;
  }

  /** A paying student whose comments no longer wait for moderation (one of theirs is approved). */
  async function trusted(input?: TestUserInput): Promise<Session> {
    const student = await openStudent(input);
    const first = await written(student.cookie, taskId('what-is-js'), 'Мой первый комментарий');
    data(await approve(first.id));
    return student;
  }

  const answerNotices = (userId: number) =>
    t.database.db
      .selectFrom('notifications')
      .select(['title', 'message', 'link'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'COMMENT_ANSWER')
      .execute();

  it('the thread: top-level comments oldest first with their answers, the spec’s shape, the date in the reader’s zone', async () => {
    const task = taskId('where-js-runs');
    const anna = await trusted({ firstName: 'Анна', lastName: 'Первая' });
    const boris = await trusted({ firstName: 'Борис', lastName: 'Второй' });
    setClock(new Date('2026-03-01T21:30:00Z'));
    const first = await written(anna.cookie, task, 'Первый');
    setClock(new Date('2026-03-01T21:40:00Z'));
    const second = await written(boris.cookie, task, 'Второй');
    setClock(new Date('2026-03-01T21:45:00Z'));
    const reply = await written(boris.cookie, task, 'Ответ на первый', first.id);

    const list = await thread(anna.cookie, task, 'Europe/Moscow');
    expect(list.map((x) => x.text)).toEqual(['Первый', 'Второй']);
    expect(list[0]).toEqual({
      id: first.id,
      text: 'Первый',
      date: '02.03.2026 00:30',
      createdAt: '2026-03-01T21:30:00.000Z',
      edited: false,
      user: { id: anna.id, firstName: 'Анна', lastName: 'Первая', avatarUrl: null },
      commentsLikes: [],
      likes: 0,
      likedByMe: false,
      dependentComments: [
        expect.objectContaining({ id: reply.id, text: 'Ответ на первый', parentId: first.id, dependentComments: [] }),
      ],
      preModerate: false,
      // the clock stands at 21:45: the author's five minutes from 21:30 are over
      editableUntil: null,
      mine: true,
      parentId: null,
    });
    expect(list[1]).toMatchObject({ id: second.id, mine: false, editableUntil: null, date: '02.03.2026 00:40' });
    // in UTC the same comment is on the first of March
    expect((await thread(anna.cookie, task))[0]!.date).toBe('01.03.2026 21:30');
    // the author within the five minutes sees until when
    setClock(new Date('2026-03-01T21:46:00Z'));
    expect((await thread(boris.cookie, task))[0]!.dependentComments[0]!.editableUntil).toBe('2026-03-01T21:50:00.000Z');
  });

  it('text: trimmed, stored and returned as written (markup too), JSON bodies as well as forms; empty and too long refused', async () => {
    const task = taskId('const-keyword');
    const student = await trusted();
    const xss = '<script>alert(1)</script> <img src=x onerror=alert(2)> :) https://example.org/?a=1&b=2';
    const created = await written(student.cookie, task, `   ${xss}\n  `);
    expect(created.text).toBe(xss);
    const raw = await call('GET', `/api/user/comment/task/${task}`, student.cookie);
    expect(raw.body).toContain(JSON.stringify(xss).slice(1, -1));

    const json = await t.inject({
      method: 'POST',
      url: `/api/user/comment/task/${task}`,
      headers: { cookie: student.cookie },
      payload: { text: 'Из JSON' },
    });
    expect(data<TaskComment>(json).text).toBe('Из JSON');

    for (const empty of ['', '   \n\t  ']) {
      const refused = await write(student.cookie, task, empty);
      expect(refused.statusCode).toBe(400);
      expect(errorKey(refused)).toBe('commentEmpty');
    }
    const exact = 'я'.repeat(COMMENT_MAX_LENGTH);
    expect((await written(student.cookie, task, `  ${exact}  `)).text).toBe(exact);
    const long = await write(student.cookie, task, `${exact}!`);
    expect(long.statusCode).toBe(400);
    expect(errorKey(long)).toBe('commentTooLong');
    expect(long.json().error.text).toContain(String(COMMENT_MAX_LENGTH));
    const huge = await write(student.cookie, task, 'x'.repeat(COMMENT_MAX_LENGTH * 2 + 1));
    expect(huge.statusCode).toBe(400);
    expect((await call('POST', `/api/user/comment/task/${task}`, student.cookie)).statusCode).toBe(400);
    const editEmpty = await call('PUT', `/api/user/comment/${created.id}`, student.cookie, { newText: '  ' });
    expect(errorKey(editEmpty)).toBe('commentEmpty');
  });

  it('who: students of the course’s direction and staff; anonymous 401, other roles 403, another direction and enrollee courses 404', async () => {
    const task = taskId('primitive-types');
    const student = await trusted();
    const comment = await written(student.cookie, task, 'Для своих');
    const url = `/api/user/comment/task/${task}`;
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const role of ['MANAGER', 'CHIEF_MANAGER', 'CHIEF', 'STUDENT'] as const) {
      const other = await t.userWithSession({ role });
      const refused = await call('GET', url, other.cookie);
      expect({ role, status: refused.statusCode }).toEqual({ role, status: 403 });
    }
    const stranger = await t.userWithSession({ direction: 'JAVA' });
    const hidden = await call('GET', url, stranger.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Для своих');
    expect((await write(stranger.cookie, task, 'чужой')).statusCode).toBe(404);
    expect((await call('POST', `/api/user/comment/${comment.id}/like`, stranger.cookie)).statusCode).toBe(404);
    expect((await answer(stranger.cookie, comment.id, 'чужой')).statusCode).toBe(404);
    // an enrollee course's task is no thread of the /user area
    expect((await call('GET', `/api/user/comment/task/${taskId('welcome')}`, student.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/user/comment/task/999999', student.cookie)).statusCode).toBe(404);
    // an additional course of the direction has threads too
    expect(await thread(student.cookie, taskId('why-git'))).toEqual([]);
    for (const role of ['ADMIN', 'MENTOR', 'CHIEF_MENTOR', 'CURATOR'] as const) {
      const member = await t.userWithSession({ role, direction: null });
      expect((await thread(member.cookie, task)).map((x) => x.text)).toContain('Для своих');
    }
  });

  it('pre-moderation: a new student’s comment waits, seen by its author and staff only, not liked or answered until approved', async () => {
    const task = taskId('declare-variables');
    const newcomer = await openStudent({ firstName: 'Нина', lastName: 'Новая' });
    const classmate = await trusted();
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: 'FE' });
    const waiting = await written(newcomer.cookie, task, 'Жду модерации');
    expect(waiting.preModerate).toBe(true);
    // a second comment waits too while none is approved
    const second = await written(newcomer.cookie, task, 'И я жду');
    expect(second.preModerate).toBe(true);

    expect((await thread(newcomer.cookie, task)).map((x) => [x.text, x.preModerate])).toEqual([
      ['Жду модерации', true],
      ['И я жду', true],
    ]);
    expect((await thread(mentor.cookie, task)).map((x) => x.id)).toEqual([waiting.id, second.id]);
    const seenByClassmate = await call('GET', `/api/user/comment/task/${task}`, classmate.cookie);
    expect(seenByClassmate.json().data).toEqual([]);
    expect(seenByClassmate.body).not.toContain('Жду модерации');
    // classmates cannot reach it; staff see it but may not answer or like it before approving
    expect((await call('POST', `/api/user/comment/${waiting.id}/like`, classmate.cookie)).statusCode).toBe(404);
    expect((await answer(classmate.cookie, waiting.id, 'Ответ')).statusCode).toBe(404);
    expect((await write(classmate.cookie, task, 'Ответ', waiting.id)).statusCode).toBe(404);
    const staffLike = await call('POST', `/api/user/comment/${waiting.id}/like`, mentor.cookie);
    expect(staffLike.statusCode).toBe(400);
    expect(errorKey(staffLike)).toBe('commentAwaitsModeration');
    expect(errorKey(await answer(mentor.cookie, waiting.id, 'Ответ'))).toBe('commentAwaitsModeration');

    expect(data(await approve(waiting.id))).toEqual({ id: waiting.id, preModerate: false });
    expect((await thread(classmate.cookie, task)).map((x) => x.text)).toEqual(['Жду модерации']);
    expect(data<number>(await call('POST', `/api/user/comment/${waiting.id}/like`, classmate.cookie))).toBe(1);
    // one approved: the next comment is published at once; staff comments never wait
    expect((await written(newcomer.cookie, task, 'Теперь сразу')).preModerate).toBe(false);
    expect((await written(mentor.cookie, task, 'Ментор пишет')).preModerate).toBe(false);
    const admin = await t.userWithSession({ role: 'ADMIN', direction: null });
    expect((await written(admin.cookie, task, 'Админ пишет')).preModerate).toBe(false);
  });

  it('pre-moderation counts approved comments as configured (ACADEMY_COMMENTS_PREMODERATED)', async () => {
    const task = taskId('program-order');
    t.app.config.commentsPremoderated = 2;
    const student = await openStudent();
    const one = await written(student.cookie, task, 'Раз');
    data(await approve(one.id));
    expect((await written(student.cookie, task, 'Два')).preModerate).toBe(true);
    t.app.config.commentsPremoderated = 0;
    const free = await openStudent();
    expect((await written(free.cookie, task, 'Без модерации')).preModerate).toBe(false);
  });

  it('answers nest one level: mainId or /answer, an answer to an answer joins its top-level comment; another task’s comment is refused', async () => {
    const task = taskId('functions-lecture');
    const a = await trusted();
    const b = await trusted();
    const top = await written(a.cookie, task, 'Вопрос');
    const viaMain = await written(b.cookie, task, 'Ответ через mainId', top.id);
    expect(viaMain.parentId).toBe(top.id);
    const viaAnswer = data<TaskComment>(await answer(a.cookie, viaMain.id, 'Ответ на ответ'));
    expect(viaAnswer.parentId).toBe(top.id);
    const list = await thread(b.cookie, task);
    expect(list).toHaveLength(1);
    expect(list[0]!.dependentComments.map((x) => x.text)).toEqual(['Ответ через mainId', 'Ответ на ответ']);
    // the created top-level comment comes back with its answers when edited
    const edited = data<TaskComment>(await call('PUT', `/api/user/comment/${top.id}`, a.cookie, { newText: 'Вопрос (уточнён)' }));
    expect(edited).toMatchObject({ text: 'Вопрос (уточнён)', edited: true });
    expect(edited.dependentComments).toHaveLength(2);

    const elsewhere = await write(b.cookie, taskId('sum-function'), 'Не туда', top.id);
    expect(elsewhere.statusCode).toBe(400);
    expect(errorKey(elsewhere)).toBe('commentOtherTask');
    expect((await answer(b.cookie, 999999, 'Нет такого')).statusCode).toBe(404);
  });

  it('an answer notifies the authors it concerns once each, never the writer; a waiting answer notifies when approved, once', async () => {
    const task = taskId('sum-function');
    const a = await trusted({ firstName: 'Алла', lastName: 'Автор' });
    const b = await trusted({ firstName: 'Белла', lastName: 'Вторая' });
    const top = await written(a.cookie, task, 'Как решить?');
    await written(a.cookie, task, 'Сам себе отвечаю', top.id);
    expect(await answerNotices(a.id)).toEqual([]);

    const reply = await written(b.cookie, task, 'Через <reduce> & map', top.id);
    const notices = await answerNotices(a.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.link).toBe(`/user/courses/${c.course}/2/1/2`);
    expect(notices[0]!.message).toContain('Белла Вторая');
    expect(notices[0]!.message).toContain('Через &lt;reduce&gt; &amp; map');

    // an answer to B's answer: A (the thread's author) and B each get one
    const cora = await trusted();
    await written(cora.cookie, task, 'Согласна', reply.id);
    expect(await answerNotices(a.id)).toHaveLength(2);
    expect(await answerNotices(b.id)).toHaveLength(1);
    // B answering their own answer's thread: A is told, B is not
    await written(b.cookie, task, 'Спасибо', reply.id);
    expect(await answerNotices(a.id)).toHaveLength(3);
    expect(await answerNotices(b.id)).toHaveLength(1);

    // a new student's answer waits: no notice until approved, then one even when approved in parallel
    const newcomer = await openStudent();
    const waiting = await written(newcomer.cookie, task, 'Можно вопрос?', top.id);
    expect(waiting.preModerate).toBe(true);
    expect(await answerNotices(a.id)).toHaveLength(3);
    const approvals = await Promise.all(Array.from({ length: 10 }, () => approve(waiting.id)));
    expect(approvals.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await answerNotices(a.id)).toHaveLength(4);
  });

  it('the author edits and deletes within 5 minutes of writing (4:59 yes, 5:01 no); others never; a top-level deletion takes its answers', async () => {
    const task = taskId('function-terms');
    const author = await trusted();
    const other = await trusted();
    const at = new Date('2026-05-10T10:00:00Z');
    setClock(at);
    const comment = await written(author.cookie, task, 'Черновик');
    const edit = (cookie: string, newText: string) => call('PUT', `/api/user/comment/${comment.id}`, cookie, { newText });

    expect((await edit(other.cookie, 'чужая правка')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/user/comment/${comment.id}`, other.cookie)).statusCode).toBe(403);
    expect((await edit(moderator.cookie, 'правка модератора')).statusCode).toBe(403);

    setClock(new Date(at.getTime() + 4 * MINUTE + 59_000));
    const changed = data<TaskComment>(await edit(author.cookie, '  Исправлено  '));
    expect(changed).toMatchObject({ text: 'Исправлено', edited: true, editableUntil: '2026-05-10T10:05:00.000Z' });
    setClock(new Date(at.getTime() + 5 * MINUTE + 1_000));
    const late = await edit(author.cookie, 'Поздно');
    expect(late.statusCode).toBe(400);
    expect(errorKey(late)).toBe('commentWindowClosed');
    const lateDelete = await call('DELETE', `/api/user/comment/${comment.id}`, author.cookie);
    expect(lateDelete.statusCode).toBe(400);
    expect(errorKey(lateDelete)).toBe('commentWindowClosed');
    expect((await thread(author.cookie, task)).find((x) => x.id === comment.id)).toMatchObject({
      text: 'Исправлено',
      editableUntil: null,
    });

    // deleting at 4:59 takes the answers with it
    setClock(new Date('2026-05-10T11:00:00Z'));
    const top = await written(author.cookie, task, 'Удалю');
    await written(other.cookie, task, 'Ответ под удаляемым', top.id);
    setClock(new Date(new Date('2026-05-10T11:00:00Z').getTime() + 4 * MINUTE + 59_000));
    expect(data<boolean>(await call('DELETE', `/api/user/comment/${top.id}`, author.cookie))).toBe(true);
    const texts = (await thread(author.cookie, task)).flatMap((x) => [x.text, ...x.dependentComments.map((d) => d.text)]);
    expect(texts).not.toContain('Удалю');
    expect(texts).not.toContain('Ответ под удаляемым');
    const answers = await t.database.db.selectFrom('comments').select('id').where('parent_id', '=', top.id).execute();
    expect(answers).toEqual([]);
    expect((await call('DELETE', `/api/user/comment/${top.id}`, author.cookie)).statusCode).toBe(404);
  });

  it('likes: one per user whatever the clicks (50 in parallel), the count returned; a double unlike is harmless', async () => {
    const task = taskId('functions-quiz');
    const author = await trusted();
    const fan = await trusted({ firstName: 'Фаина', lastName: 'Лайкова' });
    const comment = await written(author.cookie, task, 'Лайкните');
    const like = (cookie: string) => call('POST', `/api/user/comment/${comment.id}/like`, cookie);
    const unlike = (cookie: string) => call('DELETE', `/api/user/comment/${comment.id}/like`, cookie);

    const burst = await Promise.all(Array.from({ length: 50 }, () => like(fan.cookie)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(burst.map((r) => r.json().data)).toEqual(Array(50).fill(1));
    expect(data<number>(await like(fan.cookie))).toBe(1);
    // liking one's own comment is allowed
    expect(data<number>(await like(author.cookie))).toBe(2);
    const seen = (await thread(fan.cookie, task)).find((x) => x.id === comment.id)!;
    expect(seen).toMatchObject({ likes: 2, likedByMe: true });
    expect(seen.commentsLikes).toEqual([
      { id: fan.id, firstName: 'Фаина', lastName: 'Лайкова' },
      expect.objectContaining({ id: author.id }),
    ]);

    // the fan takes theirs back twice: the author's like stays
    expect(data<number>(await unlike(fan.cookie))).toBe(1);
    expect(data<number>(await unlike(fan.cookie))).toBe(1);
    const parallel = await Promise.all(Array.from({ length: 10 }, () => unlike(author.cookie)));
    expect(parallel.map((r) => r.json().data)).toEqual(Array(10).fill(0));
    expect((await thread(fan.cookie, task)).find((x) => x.id === comment.id)).toMatchObject({ likes: 0, likedByMe: false });
    expect((await call('POST', '/api/user/comment/999999/like', fan.cookie)).statusCode).toBe(404);
  });

  it('moderation: the waiting comments oldest first with student, task and its view-as address; approve is idempotent; delete takes answers', async () => {
    const task = taskId('is-palindrome');
    const student = await openStudent({ firstName: 'Павел', lastName: 'Ожидающий' });
    setClock(new Date('2026-06-01T09:00:00Z'));
    const later = await written(student.cookie, task, 'Позже');
    setClock(new Date('2026-06-01T08:00:00Z'));
    const earlier = await written(student.cookie, task, 'Раньше');
    const page = data<PendingCommentsPage>(await call('GET', '/api/comment/moderation', moderator.cookie));
    const mine = page.items.filter((x) => x.student.id === student.id);
    expect(mine.map((x) => x.text)).toEqual(['Раньше', 'Позже']);
    expect(mine[0]).toEqual({
      id: earlier.id,
      text: 'Раньше',
      date: '01.06.2026 08:00',
      createdAt: '2026-06-01T08:00:00.000Z',
      parentId: null,
      student: { id: student.id, firstName: 'Павел', lastName: 'Ожидающий', direction: 'FE' },
      task: { id: task, title: 'Палиндром на TypeScript', courseId: c.course, courseName: expect.any(String) },
      taskPath: `/user/courses/${c.course}/2/2/2?studentId=${student.id}`,
    });
    const all = page.items.map((x) => x.createdAt);
    expect([...all].sort()).toEqual(all);

    // students may not moderate, nor read the list
    const classmate = await trusted();
    expect((await call('GET', '/api/comment/moderation', classmate.cookie)).statusCode).toBe(403);
    expect((await approve(earlier.id, classmate.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/comment/moderation/${earlier.id}`, classmate.cookie)).statusCode).toBe(403);

    data(await approve(earlier.id));
    expect(data(await approve(earlier.id))).toEqual({ id: earlier.id, preModerate: false });
    expect((await approve(999999)).statusCode).toBe(404);
    const answerUnder = await written(classmate.cookie, task, 'Ответ', earlier.id);
    expect(data<boolean>(await call('DELETE', `/api/comment/moderation/${earlier.id}`, moderator.cookie))).toBe(true);
    expect(await t.database.db.selectFrom('comments').select('id').where('id', '=', answerUnder.id).execute()).toEqual([]);
    expect((await call('DELETE', `/api/comment/moderation/${earlier.id}`, moderator.cookie)).statusCode).toBe(404);
    const after = data<PendingCommentsPage>(await call('GET', '/api/comment/moderation', moderator.cookie));
    expect(after.items.filter((x) => x.student.id === student.id).map((x) => x.id)).toEqual([later.id]);
  });

  it('moderation list pages: 100 at a time, the next continues after the last id', async () => {
    const student = await t.userWithSession();
    const base = Date.parse('2020-01-01T00:00:00Z');
    await t.database.db
      .insertInto('comments')
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          task_id: taskId('todo-project'),
          user_id: student.id,
          text: `Ожидает ${i}`,
          pre_moderate: true,
          created_at: new Date(base + i * MINUTE),
        })),
      )
      .execute();
    const first = data<PendingCommentsPage>(await call('GET', '/api/comment/moderation', moderator.cookie));
    expect(first.items).toHaveLength(100);
    expect(first.items[0]!.text).toBe('Ожидает 0');
    expect(first.next).toBe(first.items[99]!.id);
    const second = data<PendingCommentsPage>(await call('GET', `/api/comment/moderation?after=${first.next}`, moderator.cookie));
    expect(second.items.slice(0, 30).map((x) => x.text)).toEqual(Array.from({ length: 30 }, (_, i) => `Ожидает ${100 + i}`));
    await t.database.db.deleteFrom('comments').where('user_id', '=', student.id).execute();
  });

  it('the thread costs one query, with 2 comments as with 20 with answers and likes', async () => {
    const task = taskId('array-methods');
    const reader = await trusted();
    const writers = [await trusted(), await trusted(), await trusted()];
    const one = await written(writers[0]!.cookie, task, 'Раз');
    await written(writers[1]!.cookie, task, 'Два');
    await call('POST', `/api/user/comment/${one.id}/like`, writers[1]!.cookie);
    const measure = async () => {
      const before = t.queryCount();
      await thread(reader.cookie, task);
      return t.queryCount() - before;
    };
    const small = await measure();
    for (let i = 0; i < 18; i += 1) {
      // each round a few minutes later for the write limit (the writers are not a burst)
      t.app.rateLimiter.now = () => realLimiterNow() + (i + 1) * 6 * MINUTE;
      const writer = writers[i % 3]!;
      const top = await written(writer.cookie, task, `Комментарий ${i}`);
      await written(writers[(i + 1) % 3]!.cookie, task, `Ответ ${i}`, top.id);
      await call('POST', `/api/user/comment/${top.id}/like`, writers[(i + 2) % 3]!.cookie);
    }
    const big = await measure();
    expect((await thread(reader.cookie, task)).length).toBe(20);
    expect(big).toBe(small);
    // one statement: the task's place comes from the course content and the reader's state kept in process
    expect(big).toBe(1);
  });

  it('writing is limited: of a burst of 30 parallel comments only the limit’s 10 are written, the rest 429 with Retry-After; later again', async () => {
    const task = taskId('array-methods');
    const writer = await trusted();
    // trusted() wrote one already: its reservation counts too
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => write(writer.cookie, task, `Очередь ${i}`)));
    const written = burst.filter((r) => r.statusCode === 200);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(written).toHaveLength(9);
    expect(refused).toHaveLength(21);
    expect(errorKey(refused[0]!)).toBe('commentsTooFast');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await thread(writer.cookie, task)).filter((x) => x.user.id === writer.id)).toHaveLength(9);
    t.app.rateLimiter.now = () => realLimiterNow() + 6 * MINUTE;
    expect((await write(writer.cookie, task, 'Через шесть минут')).statusCode).toBe(200);
  });

  const answerNotice = (userId: number) =>
    t.database.db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'COMMENT_ANSWER')
      .orderBy('id')
      .execute();

  it('an answer’s notices live as long as the answer: an edit rewrites them in each reader’s language, a deletion takes them', async () => {
    const task = taskId('functions-quiz');
    const a = await trusted({ firstName: 'Ася', lastName: 'Первая' });
    const b = await trusted({ firstName: 'Бэла', lastName: 'Вторая' });
    const writer = await trusted({ firstName: 'Вера', lastName: 'Отвечающая' });
    // B reads the bell in English
    await t.database.db.updateTable('users').set({ language: 'en' }).where('id', '=', b.id).execute();
    setClock(new Date('2026-07-01T10:00:00Z'));
    const top = await written(a.cookie, task, 'Вопрос про тесты');
    const bAnswer = await written(b.cookie, task, 'Ответ Бэлы', top.id);
    const reply = data<TaskComment>(await answer(writer.cookie, bAnswer.id, 'Первый вариант <ответа>'));
    expect((await answerNotice(a.id)).map((n) => n.message)).toEqual([
      expect.stringContaining('Ответ Бэлы'),
      expect.stringContaining('Первый вариант &lt;ответа&gt;'),
    ]);
    expect(await answerNotice(b.id)).toEqual([
      {
        title: 'New reply to your comment',
        message: '<p>Вера Отвечающая replied to your comment on “Проверим себя”: “Первый вариант &lt;ответа&gt;”</p>',
      },
    ]);

    // the author's edit: both notices quote the new text, each in its reader's language
    setClock(new Date('2026-07-01T10:03:00Z'));
    data(await call('PUT', `/api/user/comment/${reply.id}`, writer.cookie, { newText: 'Исправленный <вариант>' }));
    const [, forA] = await answerNotice(a.id);
    expect(forA).toEqual({
      title: 'Новый ответ на ваш комментарий',
      message: '<p>Вера Отвечающая ответил(а) на ваш комментарий к задаче «Проверим себя»: «Исправленный &lt;вариант&gt;»</p>',
    });
    expect(await answerNotice(b.id)).toEqual([
      {
        title: 'New reply to your comment',
        message: '<p>Вера Отвечающая replied to your comment on “Проверим себя”: “Исправленный &lt;вариант&gt;”</p>',
      },
    ]);
    const texts = [...(await answerNotice(a.id)), ...(await answerNotice(b.id))].map((n) => n.message).join();
    expect(texts).not.toContain('Первый вариант');

    // deleted by its author: its notices go, the others stay
    expect(data<boolean>(await call('DELETE', `/api/user/comment/${reply.id}`, writer.cookie))).toBe(true);
    expect(await answerNotice(b.id)).toEqual([]);
    expect((await answerNotice(a.id)).map((n) => n.message)).toEqual([expect.stringContaining('Ответ Бэлы')]);

    // deleted by a moderator
    const second = await written(writer.cookie, task, 'Ещё ответ', top.id);
    expect(await answerNotice(a.id)).toHaveLength(2);
    data(await call('DELETE', `/api/comment/moderation/${second.id}`, moderator.cookie));
    expect(await answerNotice(a.id)).toHaveLength(1);

    // deleted with its top-level comment (by its author within the five minutes): the answers' notices go too
    expect(data<boolean>(await call('DELETE', `/api/user/comment/${top.id}`, a.cookie))).toBe(true);
    expect(await answerNotice(a.id)).toEqual([]);
  });

  it('an answer under a waiting comment waits with it and is approved only after it; an approved one under it is out of reach', async () => {
    const task = taskId('todo-project');
    const newcomer = await openStudent({ firstName: 'Оля', lastName: 'Новенькая' });
    const classmate = await trusted();
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: 'FE' });
    const waiting = await written(newcomer.cookie, task, 'Жду одобрения');
    const other = await written(newcomer.cookie, task, 'Одобрят этот');
    data(await approve(other.id));
    // the author (now trusted) answers their own waiting comment: the answer waits with it
    const ownAnswer = await written(newcomer.cookie, task, 'Дополню', waiting.id);
    expect(ownAnswer.preModerate).toBe(true);

    const early = await approve(ownAnswer.id);
    expect(early.statusCode).toBe(400);
    expect(errorKey(early)).toBe('commentApproveParentFirst');
    expect(early.json().error.text).toBe('Это ответ на комментарий, который ждёт модерации: сначала одобрите комментарий.');
    expect((await call('GET', `/api/user/comment/task/${task}`, classmate.cookie)).body).not.toContain('Дополню');

    // an approved answer under a comment that waits again (its untrusted author edited it)
    data(await approve(waiting.id));
    data(await approve(ownAnswer.id));
    const reply = await written(classmate.cookie, task, 'Ответ одноклассника', waiting.id);
    expect(reply.preModerate).toBe(false);
    t.app.config.commentsPremoderated = 5;
    expect(
      data<TaskComment>(await call('PUT', `/api/user/comment/${waiting.id}`, newcomer.cookie, { newText: 'Жду снова' }))
        .preModerate,
    ).toBe(true);
    const third = await trusted();
    for (const [who, id] of [
      [third, reply.id],
      [third, ownAnswer.id],
      [classmate, ownAnswer.id],
    ] as const) {
      const liked = await call('POST', `/api/user/comment/${id}/like`, who.cookie);
      expect(liked.statusCode).toBe(404);
      expect(errorKey(liked)).toBe('noComment');
      expect((await answer(who.cookie, id, 'Ответ')).statusCode).toBe(404);
      expect((await write(who.cookie, task, 'Ответ', id)).statusCode).toBe(404);
    }
    // its author and staff see it, but may not like or answer it until the comment is approved again
    for (const who of [newcomer, mentor]) {
      expect(errorKey(await call('POST', `/api/user/comment/${reply.id}/like`, who.cookie))).toBe('commentAwaitsModeration');
      expect(errorKey(await answer(who.cookie, reply.id, 'Ответ'))).toBe('commentAwaitsModeration');
    }
    const seen = await thread(third.cookie, task);
    expect(seen.flatMap((x) => [x.id, ...x.dependentComments.map((d) => d.id)])).not.toContain(reply.id);
    // no notice reaches the waiting comment's author through it
    const before = (await answerNotice(newcomer.id)).length;
    expect((await answer(classmate.cookie, reply.id, 'Ещё')).statusCode).toBe(404);
    expect(await answerNotice(newcomer.id)).toHaveLength(before);
  });

  it('an edit by a student not yet trusted goes back to moderation (ACADEMY_COMMENTS_PREMODERATED 3); a trusted one (1) stays approved', async () => {
    const task = taskId('array-methods');
    const classmate = await trusted();
    const question = await written(classmate.cookie, task, 'Вопрос');
    t.app.config.commentsPremoderated = 3;
    const author = await openStudent({ firstName: 'Гена', lastName: 'Правщик' });
    setClock(new Date('2026-08-01T10:00:00Z'));
    const top = await written(author.cookie, task, 'Безобидный текст');
    data(await approve(top.id));
    const reply = await written(author.cookie, task, 'Безобидный ответ', question.id);
    data(await approve(reply.id));
    const replyNotice = async () => (await answerNotice(classmate.id)).map((n) => n.message).join();
    expect(await replyNotice()).toContain('Безобидный ответ');
    expect((await thread(classmate.cookie, task)).map((x) => x.text)).toContain('Безобидный текст');

    setClock(new Date('2026-08-01T10:02:00Z'));
    const edited = data<TaskComment>(
      await call('PUT', `/api/user/comment/${top.id}`, author.cookie, { newText: 'Спам https://spam.example' }),
    );
    expect(edited).toMatchObject({ text: 'Спам https://spam.example', preModerate: true, edited: true });
    expect((await call('GET', `/api/user/comment/task/${task}`, classmate.cookie)).body).not.toContain('spam.example');
    const waiting = data<PendingCommentsPage>(await call('GET', '/api/comment/moderation', moderator.cookie));
    expect(waiting.items.map((x) => x.id)).toContain(top.id);

    // an edited answer waits too, and its notice is taken back until it is approved again
    data(await call('PUT', `/api/user/comment/${reply.id}`, author.cookie, { newText: 'Ответ со спамом' }));
    expect(await replyNotice()).not.toContain('Безобидный ответ');
    expect(await replyNotice()).not.toContain('Ответ со спамом');
    data(await approve(reply.id));
    expect(await replyNotice()).toContain('Ответ со спамом');

    // with 1 an approved author is trusted: the edit stays published
    t.app.config.commentsPremoderated = 1;
    const trustedTop = await written(author.cookie, task, 'Второй');
    expect(
      data<TaskComment>(await call('PUT', `/api/user/comment/${trustedTop.id}`, author.cookie, { newText: 'Второй!' }))
        .preModerate,
    ).toBe(false);
    expect((await thread(classmate.cookie, task)).map((x) => x.text)).toContain('Второй!');
  });

  it('a comment of a thread one may not read answers as a missing comment, never naming its task', async () => {
    const task = taskId('sum-function');
    const author = await trusted();
    const newcomer = await openStudent();
    const approved = await written(author.cookie, task, 'Виден своим');
    const pending = await written(newcomer.cookie, task, 'Ждёт');
    const stranger = await t.userWithSession({ direction: 'JAVA' });
    for (const id of [approved.id, pending.id]) {
      for (const response of [
        await call('POST', `/api/user/comment/${id}/like`, stranger.cookie),
        await call('DELETE', `/api/user/comment/${id}/like`, stranger.cookie),
        await answer(stranger.cookie, id, 'Чужой'),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toMatchObject({ key: 'noComment', text: `Нет комментария ${id}.` });
        expect(response.body).not.toContain(String(task));
      }
    }
  });

  it('the moderation list continues after a comment deleted since the page was read', async () => {
    const student = await openStudent();
    const task = taskId('is-palindrome');
    setClock(new Date('2031-01-01T10:00:00Z'));
    const first = await written(student.cookie, task, 'Курсор 1');
    setClock(new Date('2031-01-01T10:01:00Z'));
    const cursor = await written(student.cookie, task, 'Курсор 2');
    setClock(new Date('2031-01-01T10:02:00Z'));
    const last = await written(student.cookie, task, 'Курсор 3');
    data(await call('DELETE', `/api/comment/moderation/${cursor.id}`, moderator.cookie));
    const page = data<PendingCommentsPage>(await call('GET', `/api/comment/moderation?after=${cursor.id}`, moderator.cookie));
    const ids = page.items.map((x) => x.id);
    expect(ids).toContain(last.id);
    expect(ids).not.toContain(first.id);
  });

  it('invisible text counts as empty; bidi controls are taken out of what is stored', async () => {
    const task = taskId('const-keyword');
    const student = await trusted();
    for (const empty of [
      '\u200b\u200b',
      '\u202e\u202d',
      ' \u2066\u2069 ',
      '\u3164',
      '\u115f\u1160\uffa0',
      '\ufeff\u200d\u2060',
      '\u00ad',
    ]) {
      const refused = await write(student.cookie, task, empty);
      expect({ empty, status: refused.statusCode, key: errorKey(refused) }).toEqual({ empty, status: 400, key: 'commentEmpty' });
    }
    const stored = await written(student.cookie, task, '\u202eсм. https://example.org/\u202cgnp.exe\u2067 и \u0301');
    expect(stored.text).toBe('см. https://example.org/gnp.exe и \u0301');
    const edit = await call('PUT', `/api/user/comment/${stored.id}`, student.cookie, { newText: '\u2068\u200b' });
    expect(errorKey(edit)).toBe('commentEmpty');
    expect(
      data<TaskComment>(await call('PUT', `/api/user/comment/${stored.id}`, student.cookie, { newText: 'a\u202bb' })).text,
    ).toBe('ab');
  });

  it('writing needs the task open for the student (enrolled, module not blocked), with the task page’s 423; reading does not', async () => {
    const onlyDirection = await t.userWithSession({ firstName: 'Ира', lastName: 'Незаписанная' });
    const author = await trusted();
    const lockedTask = taskId('functions-lecture');
    const openTask = taskId('where-js-runs');
    const comment = await written(author.cookie, lockedTask, 'Для записавшихся');
    // reading stays the direction's
    expect((await thread(onlyDirection.cookie, lockedTask)).map((x) => x.text)).toContain('Для записавшихся');

    const taskPage = await c.load(onlyDirection.cookie, 'functions-lecture', 'lecture');
    expect(taskPage.statusCode).toBe(423);
    const notEnrolled = taskPage.json().error;
    for (const refused of [
      await write(onlyDirection.cookie, lockedTask, 'Пишу'),
      await write(onlyDirection.cookie, lockedTask, 'Отвечаю', comment.id),
      await answer(onlyDirection.cookie, comment.id, 'Отвечаю'),
      await call('POST', `/api/user/comment/${comment.id}/like`, onlyDirection.cookie),
    ]) {
      expect(refused.statusCode).toBe(423);
      expect(refused.json().error).toEqual(notEnrolled);
    }
    expect(notEnrolled.key).toBe('courseNotEnrolled');

    // enrolled: the first module is open, the second blocked until the first is done
    await t.inject({ method: 'POST', url: `/api/student/course/enroll/${c.course}`, headers: { cookie: onlyDirection.cookie } });
    const blockedPage = (await c.load(onlyDirection.cookie, 'functions-lecture', 'lecture')).json().error;
    expect(blockedPage.key).toBe('moduleBlocked');
    const blocked = await call('POST', `/api/user/comment/${comment.id}/like`, onlyDirection.cookie);
    expect(blocked.statusCode).toBe(423);
    expect(blocked.json().error).toEqual(blockedPage);
    expect((await write(onlyDirection.cookie, lockedTask, 'Пишу')).statusCode).toBe(423);
    expect((await write(onlyDirection.cookie, openTask, 'В открытом модуле')).statusCode).toBe(200);
    expect(JSON.stringify(await thread(onlyDirection.cookie, lockedTask))).not.toContain('Пишу');
    // staff write anywhere
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: 'FE' });
    expect((await write(mentor.cookie, lockedTask, 'Ментор')).statusCode).toBe(200);
  });
});
