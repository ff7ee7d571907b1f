import type { GeneralNotification, RoleName, StaffNotification, StaffNotificationInput } from '@academy/shared/contract';
import { ROLES } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

const BELL = '/api/student/generalNotification';
const STAFF = '/api/staff/notifications';
const PUBLISHERS: RoleName[] = ['ADMIN', 'CHIEF_MENTOR', 'CURATOR'];

/** A notification to publish: everyone by default. */
const draft = (title: string, overrides: Partial<StaffNotificationInput> = {}): StaffNotificationInput => ({
  title,
  message: `<p>${title}</p>`,
  important: false,
  endTime: null,
  audience: { kind: 'ALL' },
  ...overrides,
});

describe.each(testDatabases())('notifications: audiences, publishing, the academy’s notices on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let admin: { id: number; cookie: string };
  const realNow = () => new Date();

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    admin = await t.userWithSession({ role: 'ADMIN', firstName: 'Анна', lastName: 'Админова' });
  });
  afterAll(() => t?.close());
  afterEach(() => {
    t.app.clock.now = realNow;
  });

  const publish = (input: object, cookie = admin.cookie) =>
    t.inject({ method: 'POST', url: STAFF, headers: { cookie }, payload: input });
  const published = async (input: StaffNotificationInput): Promise<StaffNotification> => {
    const reply = await publish(input);
    expect(reply.statusCode).toBe(200);
    return reply.json().data;
  };
  const edit = (id: number, input: object, cookie = admin.cookie) =>
    t.inject({ method: 'PUT', url: `${STAFF}/${id}`, headers: { cookie }, payload: input });
  const withdraw = (id: number, cookie = admin.cookie) =>
    t.inject({ method: 'POST', url: `${STAFF}/${id}/withdraw`, headers: { cookie } });
  const bell = async (cookie: string): Promise<GeneralNotification[]> => {
    const reply = await t.inject({ method: 'GET', url: BELL, headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    return reply.json().data;
  };
  /** The bell's titles that start with this test's own prefix (other tests publish to everyone too). */
  const titles = async (cookie: string, prefix: string) =>
    (await bell(cookie)).map((n) => n.title).filter((title) => title.startsWith(prefix));
  const markRead = (cookie: string, id: number) =>
    t.inject({
      method: 'POST',
      url: BELL,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `sgnId=${id}`,
    });
  const staffList = async (query = ''): Promise<{ items: StaffNotification[]; nextBefore: number | null }> => {
    const reply = await t.inject({ method: 'GET', url: `${STAFF}${query}`, headers: { cookie: admin.cookie } });
    expect(reply.statusCode).toBe(200);
    return reply.json().data;
  };
  const inStaffList = async (id: number) => (await staffList('?limit=100')).items.find((n) => n.id === id)!;

  it('the bell shows what the audience includes: all, the role, the direction, an enrolled course, oneself; nothing withdrawn', async () => {
    const student = await c.enrolledStudent({ role: 'PAY_STUDENT', direction: 'FE' });
    const other = await c.enrolledStudent({ role: 'PAY_STUDENT', direction: 'FE' });
    const java = await t.userWithSession({ role: 'PAY_STUDENT', direction: 'JAVA' });
    const p = 'A1 ';
    await published(draft(`${p}all`));
    await published(draft(`${p}role PAY_STUDENT`, { audience: { kind: 'ROLE', role: 'PAY_STUDENT' } }));
    await published(draft(`${p}role MENTOR`, { audience: { kind: 'ROLE', role: 'MENTOR' } }));
    await published(draft(`${p}direction FE`, { audience: { kind: 'DIRECTION', direction: 'FE' } }));
    await published(draft(`${p}direction JAVA`, { audience: { kind: 'DIRECTION', direction: 'JAVA' } }));
    await published(draft(`${p}course practice`, { audience: { kind: 'COURSE', courseId: c.course } }));
    await published(draft(`${p}course extra`, { audience: { kind: 'COURSE', courseId: c.courses.extra! } }));
    await published(draft(`${p}user self`, { audience: { kind: 'USER', userId: student.id } }));
    const foreign = await published(draft(`${p}user other`, { audience: { kind: 'USER', userId: other.id } }));
    const gone = await published(draft(`${p}withdrawn`));
    expect((await withdraw(gone.id)).statusCode).toBe(200);

    expect((await titles(student.cookie, p)).sort()).toEqual(
      [`${p}all`, `${p}role PAY_STUDENT`, `${p}direction FE`, `${p}course practice`, `${p}user self`].sort(),
    );
    expect((await titles(java.cookie, p)).sort()).toEqual([`${p}all`, `${p}role PAY_STUDENT`, `${p}direction JAVA`].sort());
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
    expect((await titles(mentor.cookie, p)).sort()).toEqual([`${p}all`, `${p}role MENTOR`].sort());

    // what the bell does not show cannot be marked read either
    expect((await markRead(student.cookie, foreign.id)).statusCode).toBe(404);
    expect((await markRead(student.cookie, gone.id)).statusCode).toBe(404);
    expect((await markRead(java.cookie, foreign.id)).json().error.key).toBe('noNotification');
  });

  it('the bell: newest first, personal and published merged, 50 of each at most, each with its kind and link', async () => {
    const student = await t.userWithSession();
    const base = Date.parse('2030-01-01T00:00:00Z');
    await t.database.db
      .insertInto('notifications')
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          title: `B ${i}`,
          message: '<p>personal</p>',
          date_time: new Date(base + i * 2 * 60_000),
          audience: 'USER' as const,
          user_id: student.id,
          kind: 'COMMENT_ANSWER' as const,
          link: i === 54 ? '/user/courses/1/1/1/1' : i === 53 ? 'https://evil.example/' : null,
        })),
      )
      .execute();
    t.app.clock.now = () => new Date(base + 107 * 60_000);
    await published(draft('B published'));
    const list = await bell(student.cookie);
    const personal = list.filter((n) => n.kind !== 'STAFF');
    // the 50 newest personal ones: B 5 … B 54
    expect(personal).toHaveLength(50);
    expect(personal.at(-1)!.title).toBe('B 5');
    expect(list.length - personal.length).toBeLessThanOrEqual(50);
    expect(list.map((n) => n.title).slice(0, 4)).toEqual(['B 54', 'B published', 'B 53', 'B 52']);
    const times = list.map((n) => Date.parse(n.dateTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list[0]).toMatchObject({ kind: 'COMMENT_ANSWER', link: '/user/courses/1/1/1/1', show: false });
    expect(list[1]).toMatchObject({ kind: 'STAFF', link: null });
    // only an address inside the academy is offered
    expect(list[2]!.link).toBeNull();
  });

  it('personal notices never push a published one out of the bell: 60 answers to comments after an important notice', async () => {
    const student = await t.userWithSession();
    t.app.clock.now = () => new Date('2029-03-01T09:00:00Z');
    const important = await published(
      draft('I important', {
        important: true,
        endTime: '2029-03-08T09:00:00.000Z',
        audience: { kind: 'USER', userId: admin.id },
      }),
    );
    const notice = await published(draft('I for everyone', { important: true, endTime: '2029-03-08T09:00:00.000Z' }));
    const base = Date.parse('2029-03-01T09:01:00Z');
    await t.database.db
      .insertInto('notifications')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          title: `I answer ${i}`,
          message: '<p>An answer to your comment</p>',
          date_time: new Date(base + i * 1000),
          audience: 'USER' as const,
          user_id: student.id,
          kind: 'COMMENT_ANSWER' as const,
        })),
      )
      .execute();
    t.app.clock.now = () => new Date('2029-03-01T10:00:00Z');
    const list = await bell(student.cookie);
    // the 50 newest answers, and the notice older than all of them still there
    const answers = list.filter((n) => n.kind === 'COMMENT_ANSWER');
    expect(answers.map((n) => n.title)).toEqual(Array.from({ length: 50 }, (_, i) => `I answer ${59 - i}`));
    expect(list.length).toBeLessThanOrEqual(100);
    const shown = list.find((n) => n.id === notice.id);
    expect(shown).toMatchObject({ title: 'I for everyone', important: true, show: false, kind: 'STAFF' });
    // merged newest first
    const times = list.map((n) => Date.parse(n.dateTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.indexOf(shown!)).toBeGreaterThan(list.indexOf(answers.at(-1)!));
    // it opens, and closing its dialog marks it read
    expect((await markRead(student.cookie, notice.id)).statusCode).toBe(200);
    expect((await bell(student.cookie)).find((n) => n.id === notice.id)!.show).toBe(true);
    // another's personal notice stays out
    expect(list.some((n) => n.id === important.id)).toBe(false);
  });

  it('marking read is idempotent, also under parallel requests; the staff list counts readers', async () => {
    const first = await t.userWithSession();
    const second = await t.userWithSession();
    const notification = await published(draft('C read'));
    const replies = await Promise.all(Array.from({ length: 8 }, () => markRead(first.cookie, notification.id)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect((await bell(first.cookie)).find((n) => n.id === notification.id)!.show).toBe(true);
    expect((await bell(second.cookie)).find((n) => n.id === notification.id)!.show).toBe(false);
    expect((await inStaffList(notification.id)).readCount).toBe(1);
    await markRead(second.cookie, notification.id);
    expect((await inStaffList(notification.id)).readCount).toBe(2);
    const bad = await t.inject({ method: 'POST', url: BELL, headers: { cookie: first.cookie }, payload: { sgnId: 'x' } });
    expect(bad.statusCode).toBe(400);
  });

  it('only administrators, chief mentors and curators publish, edit, withdraw and list', async () => {
    const target = await published(draft('D target'));
    for (const role of ROLES) {
      const user = await t.userWithSession({ role });
      const may = PUBLISHERS.includes(role);
      const own = await publish(draft(`D by ${role}`), user.cookie);
      const calls = [
        await t.inject({ method: 'GET', url: STAFF, headers: { cookie: user.cookie } }),
        own,
        // one's own: only its author or an administrator edits one (authorship.test.ts)
        await edit(may ? own.json().data.id : target.id, draft(`D edited by ${role}`), user.cookie),
        await withdraw(may ? own.json().data.id : target.id, user.cookie),
        await t.inject({ method: 'GET', url: `${STAFF}/courses`, headers: { cookie: user.cookie } }),
      ];
      expect({ role, statuses: calls.map((r) => r.statusCode) }).toEqual({ role, statuses: Array(5).fill(may ? 200 : 403) });
    }
    expect((await t.inject({ method: 'GET', url: STAFF })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: STAFF, payload: draft('D anonymous') })).statusCode).toBe(401);
    // the staff list names the author
    const mine = (await staffList('?limit=100')).items.find((n) => n.title === 'D edited by CURATOR')!;
    expect(mine.author?.name).toMatch(/\S/);
    expect((await inStaffList(target.id)).title).toBe('D target');
  });

  it('refuses what cannot be published, with a text a person reads', async () => {
    t.app.clock.now = () => new Date('2030-06-01T12:00:00Z');
    const cases: Array<[object, string]> = [
      [draft('   '), 'notificationTitleRequired'],
      [draft('x'.repeat(201)), 'notificationTitleTooLong'],
      [draft('E', { message: '<p> &nbsp; </p>' }), 'notificationMessageRequired'],
      [draft('E', { message: '<script>alert(1)</script><img src=x onerror=alert(1)>' }), 'notificationMessageRequired'],
      [draft('E', { message: `<p>${'a'.repeat(20_001)}</p>` }), 'notificationMessageTooLong'],
      [draft('E', { endTime: 'tomorrow' }), 'notificationEndTimeInvalid'],
      [draft('E', { endTime: '2030-06-02T12:00' }), 'notificationEndTimeInvalid'],
      [draft('E', { endTime: '2030-06-01T11:59:00Z' }), 'notificationEndTimePast'],
      // parts that do not exist are refused, not rolled over (31 February is not 3 March)
      [draft('E', { endTime: '2030-02-31T00:00Z' }), 'notificationEndTimeInvalid'],
      [draft('E', { endTime: '2030-06-30T24:00Z' }), 'notificationEndTimeInvalid'],
      [draft('E', { endTime: '2030-06-31T12:00:00+03:00' }), 'notificationEndTimeInvalid'],
      [draft('E', { endTime: '2030-13-01T12:00Z' }), 'notificationEndTimeInvalid'],
      [draft('E', { endTime: '2030-07-01T12:60Z' }), 'notificationEndTimeInvalid'],
      [draft('E', { endTime: '2030-07-01T12:00:60Z' }), 'notificationEndTimeInvalid'],
      [draft('E', { endTime: '2030-07-01T12:00+03:60' }), 'notificationEndTimeInvalid'],
      [draft('E', { endTime: '2031-02-29T12:00Z' }), 'notificationEndTimeInvalid'],
      [draft('E', { important: true }), 'notificationImportantNeedsEnd'],
      [draft('E', { audience: { kind: 'ROLE' } }), 'notificationAudienceRole'],
      [draft('E', { audience: { kind: 'DIRECTION' } }), 'notificationAudienceDirection'],
      [draft('E', { audience: { kind: 'COURSE' } }), 'notificationAudienceCourse'],
      [draft('E', { audience: { kind: 'COURSE', courseId: 999_999 } }), 'notificationNoCourse'],
      [draft('E', { audience: { kind: 'USER' } }), 'notificationAudienceUser'],
      [draft('E', { audience: { kind: 'USER', userId: 999_999 } }), 'notificationNoUser'],
      [draft('E', { audience: { kind: 'GROUP' } } as never), 'invalidRequest'],
      [{ ...draft('E'), message: 'x'.repeat(100_001) }, 'invalidRequest'],
      [{ title: 'E', message: '<p>no audience</p>', important: false, endTime: null }, 'invalidRequest'],
    ];
    for (const [input, key] of cases) {
      const reply = await publish(input);
      const error = reply.json().error;
      expect({ key: error?.key, status: reply.statusCode }).toEqual({ key, status: 400 });
      expect(error.text).toMatch(/\S{3,}/);
    }
    const titleReply = await publish(draft(''));
    expect(titleReply.json().error.text).toBe('Напишите заголовок уведомления.');
    // a leap day and an offset are real parts
    expect((await published(draft('E leap day', { endTime: '2032-02-29T23:59+03:00' }))).endTime).toBe(
      '2032-02-29T20:59:00.000Z',
    );
    // an important one with an end time ahead is fine
    const important = await published(draft('E important', { important: true, endTime: '2030-06-08T12:00:00.000Z' }));
    expect(important).toMatchObject({
      important: true,
      endTime: '2030-06-08T12:00:00.000Z',
      dateTime: '2030-06-01T12:00:00.000Z',
    });
  });

  it('stores messages sanitized: scripts, event handlers and javascript: links never reach a bell', async () => {
    const student = await t.userWithSession();
    const payload =
      '<p onclick="alert(1)">Hi <strong>all</strong></p><img src=x onerror=alert(1)><script>alert(2)</script>' +
      '<a href="javascript:alert(3)">bad</a> <a href="https://academy.test/x">good</a><iframe src="https://evil.example"></iframe>' +
      '<svg onload=alert(4)></svg><style>body{}</style>';
    const stored = await published(draft('<b>F title</b>', { message: payload }));
    const bad = /<img|onerror|<script|javascript:|onclick|<iframe|<svg|onload|<style/i;
    expect(stored.message).not.toMatch(bad);
    expect(stored.message).toContain('<strong>all</strong>');
    expect(stored.message).toContain('href="https://academy.test/x"');
    // the title is plain text, stored as written (the page escapes it)
    expect(stored.title).toBe('<b>F title</b>');
    const seen = (await bell(student.cookie)).find((n) => n.id === stored.id)!;
    expect(seen.message).not.toMatch(bad);

    // links: only absolute http(s) and mailto addresses, opened in a new tab without an opener
    const links = await published(
      draft('F links', {
        message:
          '<p><a href="//evil.example/x">a</a> <a href="/\\evil.example">b</a> <a href="http:\\\\evil.example">c</a> ' +
          '<a href="&#47;&#47;evil.example">d</a> <a href="/user/courses">e</a> <a href="data:text/html,x">f</a> ' +
          '<a href="https://academy.test/ok" rel="opener" target="_self">g</a> <a href="mailto:help@academy.test">h</a></p>',
      }),
    );
    const anchors = links.message.match(/<a [^>]*>/g)!;
    expect(anchors).toHaveLength(8);
    expect(anchors.filter((a) => a.includes('href'))).toEqual([
      '<a href="https://academy.test/ok" rel="noopener noreferrer nofollow" target="_blank">',
      '<a href="mailto:help@academy.test" rel="noopener noreferrer nofollow" target="_blank">',
    ]);
    expect(links.message).not.toMatch(/evil|\/user|data:|opener"|_self/);
    for (const anchor of anchors) expect(anchor).toContain('rel="noopener noreferrer nofollow" target="_blank"');
    expect((await bell(student.cookie)).find((n) => n.id === links.id)!.message).toBe(links.message);

    // a row written before the rules (or by hand) is sanitized when read
    const [old] = await t.database.db
      .insertInto('notifications')
      .values({ title: 'F old', message: '<p>old</p><img src=x onerror=alert(1)>', audience: 'USER', user_id: student.id })
      .returning('id')
      .execute();
    const oldSeen = (await bell(student.cookie)).find((n) => n.id === old!.id)!;
    expect(oldSeen.message).toBe('<p>old</p>');
  });

  it('edits keep read marks and may move the audience; withdrawing hides it from bells and keeps it in the list', async () => {
    const student = await c.enrolledStudent();
    const other = await t.userWithSession();
    t.app.clock.now = () => new Date('2031-01-01T10:00:00Z');
    const n = await published(draft('G first', { important: true, endTime: '2031-01-02T10:00:00.000Z' }));
    await markRead(student.cookie, n.id);

    t.app.clock.now = () => new Date('2031-01-03T10:00:00Z');
    // the end time has passed meanwhile: an edit may keep it, not set another past one
    const kept = await edit(n.id, draft('G second', { important: true, endTime: '2031-01-02T10:00:00.000Z' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ title: 'G second', updatedAt: '2031-01-03T10:00:00.000Z', readCount: 1 });
    const past = await edit(n.id, draft('G second', { important: true, endTime: '2031-01-02T11:00:00.000Z' }));
    expect(past.json().error.key).toBe('notificationEndTimePast');

    const moved = await edit(n.id, draft('G to one', { audience: { kind: 'USER', userId: other.id } }));
    expect(moved.json().data.audience).toMatchObject({ kind: 'USER', userId: other.id, name: expect.stringMatching(/\S/) });
    expect((await bell(student.cookie)).some((x) => x.id === n.id)).toBe(false);
    expect((await bell(other.cookie)).find((x) => x.id === n.id)).toMatchObject({ title: 'G to one', show: false });

    const gone = await withdraw(n.id);
    expect(gone.json().data.withdrawnAt).toBe('2031-01-03T10:00:00.000Z');
    expect((await bell(other.cookie)).some((x) => x.id === n.id)).toBe(false);
    t.app.clock.now = () => new Date('2031-01-04T10:00:00Z');
    // withdrawing again changes nothing, also in parallel
    const again = await Promise.all([withdraw(n.id), withdraw(n.id), withdraw(n.id)]);
    expect(again.map((r) => r.json().data.withdrawnAt)).toEqual(Array(3).fill('2031-01-03T10:00:00.000Z'));
    expect((await inStaffList(n.id)).withdrawnAt).toBe('2031-01-03T10:00:00.000Z');
    expect((await edit(n.id, draft('G late'))).json().error.key).toBe('notificationWithdrawn');

    // the academy's own notices and missing ones are not the staff's to edit
    const [personal] = await t.database.db
      .insertInto('notifications')
      .values({ title: 'G notice', message: '<p>x</p>', audience: 'USER', user_id: student.id, kind: 'MENTOR_VERDICT' })
      .returning('id')
      .execute();
    expect((await edit(personal!.id, draft('G hijack'))).statusCode).toBe(404);
    expect((await withdraw(personal!.id)).statusCode).toBe(404);
    expect((await edit(2_147_483_000, draft('G none'))).statusCode).toBe(404);
  });

  it('the staff list: newest first in pages, with audience names, read counts and audience sizes', async () => {
    const enrolled = [await c.enrolledStudent(), await c.enrolledStudent()];
    const one = await t.userWithSession({ firstName: 'Ирина', lastName: 'Получателева' });
    t.app.clock.now = () => new Date('2032-01-01T10:00:00Z');
    const course = await published(draft('H course', { audience: { kind: 'COURSE', courseId: c.course } }));
    t.app.clock.now = () => new Date('2032-01-01T10:01:00Z');
    const user = await published(draft('H user', { audience: { kind: 'USER', userId: one.id } }));
    t.app.clock.now = () => new Date('2032-01-01T10:02:00Z');
    const role = await published(draft('H role', { audience: { kind: 'ROLE', role: 'ADMIN' } }));
    await markRead(enrolled[0]!.cookie, course.id);

    const enrolments = await t.database.db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('course_id', '=', c.course)
      .executeTakeFirstOrThrow();
    const admins = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'ADMIN')
      .executeTakeFirstOrThrow();
    const first = await staffList('?limit=2');
    expect(first.items.map((n) => n.title)).toEqual(['H role', 'H user']);
    expect(first.nextBefore).toBe(user.id);
    const second = await staffList(`?limit=2&before=${first.nextBefore}`);
    expect(second.items[0]!.title).toBe('H course');
    expect(first.items[0]).toMatchObject({
      audience: { kind: 'ROLE', role: 'ADMIN', name: null },
      audienceSize: Number(admins.n),
    });
    expect(first.items[1]).toMatchObject({
      audience: { kind: 'USER', name: 'Ирина Получателева' },
      audienceSize: 1,
      readCount: 0,
    });
    expect(second.items[0]).toMatchObject({
      audience: { kind: 'COURSE', courseId: c.course, name: 'Практикум: JavaScript' },
      audienceSize: Number(enrolments.n),
      readCount: 1,
      author: { id: admin.id, name: 'Анна Админова' },
    });
    expect(role.audienceSize).toBe(Number(admins.n));
    const courses = (await t.inject({ method: 'GET', url: `${STAFF}/courses`, headers: { cookie: admin.cookie } })).json().data;
    expect(courses).toEqual(expect.arrayContaining([{ id: c.course, name: 'Практикум: JavaScript', direction: 'FE' }]));
  });

  it('a mentor’s verdict sends the student a notice in their language, with the task page’s address', async () => {
    const student = await c.enrolledStudent();
    const mentor = await c.openEveryModule(student);
    await c.openEveryModule(student, c.courses.extra!);
    await t.database.db.updateTable('users').set({ language: 'en' }).where('id', '=', student.id).execute();

    const state = await c.stateId(student.cookie, 'todo-project');
    const sent = await c.sendForCheck(student.cookie, state, `https://github.com/student-${student.id}/todo`);
    const answerId = sent.json().data.answerId;
    const [verdict, late] = await Promise.all([
      c.giveVerdict(mentor.cookie, state, answerId, true),
      c.giveVerdict(mentor.cookie, state, answerId, false),
    ]);
    expect([verdict.statusCode, late.statusCode].sort()).toEqual([200, 400]);
    const right = verdict.statusCode === 200;

    const notices = (await bell(student.cookie)).filter((n) => n.kind === 'MENTOR_VERDICT');
    // one verdict landed: one notice
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: right ? 'Your mentor accepted your work' : 'Your mentor sent your work back',
      link: `/user/courses/${c.course}/3/2/1`,
      show: false,
      important: false,
    });
    expect(notices[0]!.message).toContain('“Список дел”');

    // an additional course's task, a student reading Russian
    await t.database.db.updateTable('users').set({ language: 'ru' }).where('id', '=', student.id).execute();
    const extraState = await c.stateId(student.cookie, 'review-etiquette');
    const extraSent = await c.sendForCheck(student.cookie, extraState, 'Мой комментарий к pull request');
    expect((await c.giveVerdict(mentor.cookie, extraState, extraSent.json().data.answerId, false)).statusCode).toBe(200);
    const returned = (await bell(student.cookie)).find((n) => n.kind === 'MENTOR_VERDICT' && n.link?.includes('additional'));
    expect(returned).toMatchObject({
      title: 'Ментор вернул работу на доработку',
      link: `/user/courses/additional/${c.courses.extra}/1/2/2`,
    });
    // the staff list shows staff notifications only
    expect((await staffList('?limit=100')).items.some((n) => n.id === returned!.id)).toBe(false);
  });
});
