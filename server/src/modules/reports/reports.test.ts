import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

type Cookie = string;

describe.each(testDatabases())('daily reports on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  afterEach(() => {
    t.app.clock.now = () => new Date();
  });

  /** Noon UTC of a day: the same calendar day from Moscow to Los Angeles. */
  const at = (iso: string) => () => new Date(`${iso}T12:00:00Z`);

  const write = (cookie: Cookie, body: object, method: 'POST' | 'PUT' = 'POST', zone = 'UTC') =>
    t.inject({ method, url: '/api/student/report', headers: { cookie, zoneid: zone }, payload: { id: null, ...body } });
  const list = (cookie: Cookie, query: string) =>
    t.inject({ method: 'GET', url: `/api/student/report?${query}`, headers: { cookie } });
  const reporter = (input: Parameters<TestApp['userWithSession']>[0] = {}) => t.userWithSession({ isViewReport: true, ...input });

  it('writes, lists, changes and deletes one’s own report; hours as a number, date dd.MM.yyyy', async () => {
    t.app.clock.now = at('2026-03-10');
    const user = await reporter({ firstName: 'Ирина', lastName: 'Отчётова' });
    const created = await write(user.cookie, { text: '  Сделала модуль 3  ', countHours: 2.5, reportDate: '09.03.2026' });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;

    const read = await list(user.cookie, 'onlySelf=true&startDate=06.03.2026&endDate=10.03.2026');
    expect(read.json().data.entities).toEqual([
      {
        id,
        studentId: user.id,
        firstName: 'Ирина',
        lastName: 'Отчётова',
        text: 'Сделала модуль 3',
        countHours: 2.5,
        reportDate: '09.03.2026',
      },
    ]);

    const changed = await write(user.cookie, { id, text: 'Модуль 4', countHours: 24, reportDate: '08.03.2026' }, 'PUT');
    expect(changed.statusCode).toBe(200);
    const after = (await list(user.cookie, 'onlySelf=true&startDate=06.03.2026&endDate=10.03.2026')).json().data.entities;
    expect(after).toEqual([expect.objectContaining({ id, text: 'Модуль 4', countHours: 24, reportDate: '08.03.2026' })]);

    const removed = await t.inject({ method: 'DELETE', url: `/api/student/report/${id}`, headers: { cookie: user.cookie } });
    expect(removed.json().data).toBe(true);
    expect((await list(user.cookie, 'onlySelf=true&startDate=06.03.2026&endDate=10.03.2026')).json().data.entities).toEqual([]);
    const again = await t.inject({ method: 'DELETE', url: `/api/student/report/${id}`, headers: { cookie: user.cookie } });
    expect(again.statusCode).toBe(404);
  });

  it('the form’s rules hold on the server: hours 0–24, text required and ≤ 200, a day from 2018-01-01 to today', async () => {
    t.app.clock.now = at('2026-03-10');
    const user = await reporter();
    const body = { text: 'Работа', countHours: 3, reportDate: '05.03.2026' };
    const refused = async (change: object, key: string, zone?: string) => {
      const response = await write(user.cookie, { ...body, ...change }, 'POST', zone);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe(key);
    };
    await refused({ countHours: -1 }, 'report.hours');
    await refused({ countHours: 24.5 }, 'report.hours');
    await refused({ text: '   ' }, 'report.textRequired');
    await refused({ text: 'я'.repeat(201) }, 'report.textTooLong');
    await refused({ reportDate: '31.12.2017' }, 'report.badDate');
    await refused({ reportDate: '11.03.2026' }, 'report.badDate');
    await refused({ reportDate: '30.02.2026' }, 'report.badDate');
    await refused({ reportDate: '2026-03-05' }, 'report.badDate');
    expect((await write(user.cookie, { ...body, countHours: 'три' })).statusCode).toBe(400);
    expect(
      (await write(user.cookie, { ...body, text: 'я'.repeat(200), reportDate: '01.01.2018', countHours: 0 })).statusCode,
    ).toBe(200);

    // "today" is the writer's, in the zone stored with their account: at 23:30 UTC it is already the 11th
    // in Moscow, still the 10th in UTC
    t.app.clock.now = () => new Date('2026-03-10T23:30:00Z');
    await t.database.db.updateTable('users').set({ time_zone: 'UTC' }).where('id', '=', user.id).execute();
    await refused({ reportDate: '11.03.2026' }, 'report.badDate', 'Europe/Moscow');
    await t.database.db.updateTable('users').set({ time_zone: 'Europe/Moscow' }).where('id', '=', user.id).execute();
    expect((await write(user.cookie, { ...body, reportDate: '11.03.2026' }, 'POST', 'UTC')).statusCode).toBe(200);
  });

  it('one report per user per day, also when many submits race: one row, the others a clear 400', async () => {
    t.app.clock.now = at('2026-03-10');
    const user = await reporter();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => write(user.cookie, { text: 'Двойной клик', countHours: 1, reportDate: '10.03.2026' })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const others = replies.filter((r) => r.statusCode !== 200);
    expect(others).toHaveLength(19);
    for (const r of others) {
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toMatchObject({ key: 'report.exists' });
      expect(r.json().error.text).toContain('10.03.2026');
    }
    const rows = await t.database.db.selectFrom('reports').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);

    // moving another report onto a taken day is refused the same way
    const other = await write(user.cookie, { text: 'Другой день', countHours: 1, reportDate: '09.03.2026' });
    const moved = await write(
      user.cookie,
      { id: other.json().data.id, text: 'x', countHours: 1, reportDate: '10.03.2026' },
      'PUT',
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.key).toBe('report.exists');
  });

  it('only the author changes or deletes a report; staff included', async () => {
    t.app.clock.now = at('2026-03-10');
    const author = await reporter();
    const classmate = await reporter();
    const admin = await t.userWithSession({ role: 'ADMIN', direction: null });
    const id = (await write(author.cookie, { text: 'Моё', countHours: 1, reportDate: '10.03.2026' })).json().data.id;
    for (const cookie of [classmate.cookie, admin.cookie]) {
      const put = await write(cookie, { id, text: 'Чужое', countHours: 1, reportDate: '10.03.2026' }, 'PUT');
      expect(put.statusCode).toBe(403);
      expect(put.json().error.key).toBe('report.ownOnly');
      const del = await t.inject({ method: 'DELETE', url: `/api/student/report/${id}`, headers: { cookie } });
      expect(del.statusCode).toBe(403);
    }
    const missing = await write(author.cookie, { id: 2147483000, text: 'x', countHours: 1, reportDate: '10.03.2026' }, 'PUT');
    expect(missing.statusCode).toBe(404);
    const row = await t.database.db.selectFrom('reports').select('text').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.text).toBe('Моё');
  });

  it('who sees whose: staff everyone’s, a student their direction’s learners, onlySelf one’s own; search by name or text', async () => {
    t.app.clock.now = at('2026-04-20');
    const me = await reporter({ firstName: 'Анна', lastName: 'Фронтова', direction: 'FE' });
    const classmate = await reporter({ firstName: 'Борис', lastName: 'Соседов', direction: 'FE' });
    const stranger = await reporter({ firstName: 'Виктор', lastName: 'Джавин', direction: 'JAVA' });
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: null, isViewReport: false });
    await write(me.cookie, { text: 'Мой день', countHours: 4, reportDate: '20.04.2026' });
    await write(classmate.cookie, { text: 'Модуль 7: замыкания 100%_', countHours: 5, reportDate: '19.04.2026' });
    await write(stranger.cookie, { text: 'Spring', countHours: 6, reportDate: '18.04.2026' });
    const window = 'startDate=16.04.2026&endDate=20.04.2026';
    const names = async (cookie: Cookie, query: string) =>
      ((await list(cookie, `${query}&${window}`)).json().data.entities as { lastName: string }[]).map((r) => r.lastName).sort();

    expect(await names(me.cookie, 'onlySelf=true')).toEqual(['Фронтова']);
    expect(await names(me.cookie, 'onlySelf=false')).toEqual(['Соседов', 'Фронтова']);
    expect(await names(mentor.cookie, 'onlySelf=false&query=ов')).toEqual(expect.arrayContaining(['Соседов', 'Фронтова']));
    expect(await names(mentor.cookie, 'onlySelf=false&query=Виктор Джавин')).toEqual(['Джавин']);
    expect(await names(mentor.cookie, 'onlySelf=false&query=Модуль 7')).toEqual(['Соседов']);
    expect(await names(me.cookie, 'onlySelf=false&query=борис')).toEqual(['Соседов']);
    // LIKE's own characters match themselves
    expect(await names(me.cookie, 'onlySelf=false&query=100%25_')).toEqual(['Соседов']);
    expect(await names(me.cookie, 'onlySelf=false&query=%25')).toEqual(['Соседов']);
    expect(await names(me.cookie, 'onlySelf=false&query=Виктор')).toEqual([]);
  });

  it('only staff and users with isViewReport read; an UNTIL_PAID student may still write; windows and queries are bounded', async () => {
    t.app.clock.now = at('2026-04-20');
    const closed = await t.userWithSession({ isViewReport: false, paymentType: 'REGULAR' });
    const owing = await t.userWithSession({ isViewReport: false, paymentType: 'UNTIL_PAID' });
    const enrollee = await t.userWithSession({ role: 'STUDENT', paymentType: null, isViewReport: true });
    const reader = await reporter();
    expect((await list(closed.cookie, 'onlySelf=true')).json().error.key).toBe('report.closed');
    expect((await write(closed.cookie, { text: 'x', countHours: 1, reportDate: '20.04.2026' })).statusCode).toBe(403);
    expect((await list(owing.cookie, 'onlySelf=true')).statusCode).toBe(403);
    expect((await write(owing.cookie, { text: 'Вчера', countHours: 1, reportDate: '19.04.2026' })).statusCode).toBe(200);
    expect((await list(enrollee.cookie, 'onlySelf=true')).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/student/report' })).statusCode).toBe(401);

    expect((await list(reader.cookie, 'onlySelf=true')).statusCode).toBe(200);
    expect((await list(reader.cookie, 'startDate=01.03.2026&endDate=31.03.2026')).statusCode).toBe(200);
    const tooLong = await list(reader.cookie, 'startDate=01.03.2026&endDate=01.04.2026');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.key).toBe('report.badWindow');
    expect((await list(reader.cookie, 'startDate=10.03.2026&endDate=01.03.2026')).statusCode).toBe(400);
    expect((await list(reader.cookie, 'startDate=xx&endDate=01.03.2026')).statusCode).toBe(400);
    expect((await list(reader.cookie, `query=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('requireCreateReport: an UNTIL_PAID student without yesterday’s report in their zone; reading writes nothing', async () => {
    const student = await t.userWithSession({ paymentType: 'UNTIL_PAID', isViewReport: true });
    const regular = await t.userWithSession({ paymentType: 'REGULAR', isViewReport: true });
    /** The profile's flag with the account's stored zone (its last sign-in's) set to `zone`. */
    const profile = async (cookie: Cookie, zone: string) => {
      const id = cookie === regular.cookie ? regular.id : cookie === student.cookie ? student.id : newcomerId;
      await t.database.db.updateTable('users').set({ time_zone: zone }).where('id', '=', id).execute();
      return (await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie } })).json().data
        .requireCreateReport as boolean;
    };
    let newcomerId = 0;
    await t.database.db
      .updateTable('users')
      .set({ created_at: '2026-01-01T00:00:00Z' })
      .where('id', 'in', [student.id, regular.id])
      .execute();

    // 22:00 UTC on 10 March: in UTC yesterday is the 9th; in Moscow (+3) it is already the 11th, yesterday the 10th
    t.app.clock.now = () => new Date('2026-03-10T22:00:00Z');
    expect(await profile(student.cookie, 'UTC')).toBe(true);
    expect(await profile(regular.cookie, 'UTC')).toBe(false);
    await write(student.cookie, { text: 'Девятое', countHours: 2, reportDate: '09.03.2026' }, 'POST', 'UTC');
    expect(await profile(student.cookie, 'UTC')).toBe(false);
    expect(await profile(student.cookie, 'Europe/Moscow')).toBe(true);
    // Los Angeles (−7 in March) is still on the 10th: yesterday the 9th, written
    expect(await profile(student.cookie, 'America/Los_Angeles')).toBe(false);
    await write(student.cookie, { text: 'Десятое', countHours: 2, reportDate: '10.03.2026' }, 'POST', 'Europe/Moscow');
    expect(await profile(student.cookie, 'Europe/Moscow')).toBe(false);

    // the next day asks again; a student who joined today owes nothing
    t.app.clock.now = () => new Date('2026-03-12T10:00:00Z');
    expect(await profile(student.cookie, 'UTC')).toBe(true);
    const newcomer = await t.userWithSession({ paymentType: 'UNTIL_PAID' });
    newcomerId = newcomer.id;
    await t.database.db.updateTable('users').set({ created_at: '2026-03-12T09:00:00Z' }).where('id', '=', newcomer.id).execute();
    expect(await profile(newcomer.cookie, 'UTC')).toBe(false);

    const count = await t.database.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await profile(student.cookie, 'UTC');
    const later = await t.database.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(later.n).toEqual(count.n);
  });

  it('the sign-in reply (the browser’s first profile) carries requireCreateReport as the profile read does', async () => {
    t.app.clock.now = at('2026-03-10');
    const student = await t.createUser({ paymentType: 'UNTIL_PAID', createdDaysAgo: 5 });
    const signIn = (zone: string) =>
      t.inject({
        method: 'POST',
        url: '/token',
        headers: { zoneid: zone },
        payload: { username: student.email, password: student.password },
      });
    expect((await signIn('Europe/Moscow')).json().data.requireCreateReport).toBe(true);
    const cookie = await t.signIn(student);
    expect((await write(cookie, { text: 'Вчерашний', countHours: 1, reportDate: '09.03.2026' })).statusCode).toBe(200);
    expect((await signIn('UTC')).json().data.requireCreateReport).toBe(false);
  });
});
