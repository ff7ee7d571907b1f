import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

describe.each(testDatabases())('quote, notifications and staff students on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('GET /api/excerption/ gives a seeded quote in the user language', async () => {
    const user = await t.userWithSession();
    const response = await t.inject({ method: 'GET', url: '/api/excerption/', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
    const { text, author } = response.json().data;
    expect(text).toMatch(/[а-яё]/i);
    expect(author.length).toBeGreaterThan(1);
    await t.database.db.updateTable('users').set({ language: 'en' }).where('id', '=', user.id).execute();
    const english = await t.inject({ method: 'GET', url: '/api/excerption/', headers: { cookie: user.cookie } });
    expect(english.json().data.text).toMatch(/^[\x20-\x7e’]+$/);
    expect((await t.inject({ method: 'GET', url: '/api/excerption/' })).statusCode).toBe(401);
  });

  it('notifications: general and personal ones are listed with read state; marking is idempotent', async () => {
    const user = await t.userWithSession();
    const other = await t.createUser();
    const [general] = await t.database.db
      .insertInto('notifications')
      .values([{ title: 'Всем', message: '<p>Для всех</p>' }])
      .returning('id')
      .execute();
    await t.database.db
      .insertInto('notifications')
      .values({ title: 'Лично', message: 'Только вам', audience: 'USER', user_id: user.id })
      .execute();
    const [foreign] = await t.database.db
      .insertInto('notifications')
      .values({ title: 'Чужое', message: 'Не вам', audience: 'USER', user_id: other.id })
      .returning('id')
      .execute();
    const list = await t.inject({ method: 'GET', url: '/api/student/generalNotification', headers: { cookie: user.cookie } });
    const titles = list.json().data.map((n: { title: string }) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Всем', 'Лично']));
    expect(titles).not.toContain('Чужое');

    const mark = () =>
      t.inject({
        method: 'POST',
        url: '/api/student/generalNotification',
        headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `sgnId=${general!.id}`,
      });
    expect((await mark()).json().data).toBe(true);
    expect((await mark()).statusCode).toBe(200);
    const after = await t.inject({ method: 'GET', url: '/api/student/generalNotification', headers: { cookie: user.cookie } });
    expect(after.json().data.find((n: { id: number }) => n.id === general!.id).show).toBe(true);

    const notMine = await t.inject({
      method: 'POST',
      url: '/api/student/generalNotification',
      headers: { cookie: user.cookie },
      payload: { sgnId: foreign!.id },
    });
    expect(notMine.statusCode).toBe(404);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/student/generalNotification',
      headers: { cookie: user.cookie },
      payload: { sgnId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('staff list students with search; students may not', async () => {
    await t.createUser({ firstName: 'Зинаида', lastName: 'Поискова' });
    const mentor = await t.userWithSession({ role: 'MENTOR' });
    const all = await t.inject({ method: 'GET', url: '/api/fake/protect/user/students', headers: { cookie: mentor.cookie } });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.items.every((s: { role: string }) => s.role === 'PAY_STUDENT' || s.role === 'STUDENT')).toBe(true);
    const found = await t.inject({
      method: 'GET',
      url: '/api/fake/protect/user/students?query=зинаида%20поиск',
      headers: { cookie: mentor.cookie },
    });
    expect(found.json().data.items).toEqual([expect.objectContaining({ firstName: 'Зинаида', lastName: 'Поискова' })]);
    const wildcard = await t.inject({
      method: 'GET',
      url: '/api/fake/protect/user/students?query=%25',
      headers: { cookie: mentor.cookie },
    });
    expect(wildcard.json().data.items).toEqual([]);
    const student = await t.userWithSession();
    expect(
      (await t.inject({ method: 'GET', url: '/api/fake/protect/user/students', headers: { cookie: student.cookie } })).statusCode,
    ).toBe(403);
  });
});
