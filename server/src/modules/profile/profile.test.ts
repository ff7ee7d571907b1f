import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

describe.each(testDatabases())('profile on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie?: string) => t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('returns every field both spec documents name', async () => {
    const user = await t.userWithSession({ role: 'PAY_STUDENT', paymentType: 'UNTIL_PAID', isViewReport: true });
    await t.database.db.updateTable('users').set({ birthday: '1999-03-07' }).where('id', '=', user.id).execute();
    const response = await get('/api/user/profile', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      error: null,
      data: {
        id: user.id,
        firstName: 'Тест',
        lastName: 'Тестов',
        email: user.email,
        birthday: '07.03.1999',
        avatarUrl: null,
        role: { name: 'PAY_STUDENT' },
        paymentType: 'UNTIL_PAID',
        direction: 'FE',
        requireCreateReport: false,
        hasMentor: false,
        isViewReport: true,
        inactivation: null,
        language: 'ru',
      },
    });
  });

  it('is 401 without a session, never leaking the password hash', async () => {
    const response = await get('/api/user/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      error: { code: 401, text: 'Войдите, чтобы продолжить.', key: 'signIn' },
    });
    const user = await t.userWithSession();
    expect((await get('/api/user/profile', user.cookie)).body).not.toMatch(/scrypt|password/);
  });

  it('by id: oneself and staff read the whole profile', async () => {
    const student = await t.userWithSession();
    const own = await get(`/api/user/profile/${student.id}`, student.cookie);
    expect(own.json().data.email).toBe(student.email);
    for (const role of ['ADMIN', 'MENTOR', 'CURATOR', 'MANAGER'] as const) {
      const staff = await t.userWithSession({ role });
      const response = await get(`/api/user/profile/${student.id}`, staff.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.email).toBe(student.email);
    }
  });

  it('by id: a paying student sees only the public part of a student of the same direction', async () => {
    const viewer = await t.userWithSession({ direction: 'JAVA' });
    const peer = await t.createUser({ direction: 'JAVA', firstName: 'Пётр' });
    const response = await get(`/api/user/profile/${peer.id}`, viewer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: peer.id, firstName: 'Пётр', email: '', birthday: null });
  });

  it('by id: another direction is 404 for a paying student; other roles get 403', async () => {
    const viewer = await t.userWithSession({ direction: 'JAVA' });
    const stranger = await t.createUser({ direction: 'GO' });
    const response = await get(`/api/user/profile/${stranger.id}`, viewer.cookie);
    expect(response.statusCode).toBe(404);
    const enrollee = await t.userWithSession({ role: 'STUDENT', paymentType: 'REGULAR' });
    expect((await get(`/api/user/profile/${stranger.id}`, enrollee.cookie)).statusCode).toBe(403);
    const staffTarget = await t.createUser({ role: 'MENTOR', direction: 'JAVA' });
    expect((await get(`/api/user/profile/${staffTarget.id}`, viewer.cookie)).statusCode).toBe(404);
  });

  it('by id: an enrollee is no classmate: neither profile nor picture for a paying student, a TRIAL one included; staff see both', async () => {
    const enrollee = await t.createUser({ role: 'STUDENT', direction: 'JAVA', paymentType: 'REGULAR', firstName: 'Абитуриент' });
    for (const paymentType of ['TRIAL', 'REGULAR', 'UNTIL_PAID'] as const) {
      const student = await t.userWithSession({ direction: 'JAVA', paymentType });
      for (const url of [`/api/user/profile/${enrollee.id}`, `/api/user/profile/${enrollee.id}/image`]) {
        const response = await get(url, student.cookie);
        expect([paymentType, url, response.statusCode]).toEqual([paymentType, url, 404]);
        expect(response.body).not.toContain('Абитуриент');
      }
    }
    const curator = await t.userWithSession({ role: 'CURATOR' });
    expect((await get(`/api/user/profile/${enrollee.id}`, curator.cookie)).json().data.firstName).toBe('Абитуриент');
    expect((await get(`/api/user/profile/${enrollee.id}/image`, curator.cookie)).statusCode).toBe(200);
  });

  it('by id: bad ids are 400, unknown ids 404', async () => {
    const admin = await t.userWithSession({ role: 'ADMIN' });
    const bad = await get('/api/user/profile/abc', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ key: 'invalidRequest', text: 'Неверный запрос (params): id: must be integer' });
    expect((await get('/api/user/profile/0', admin.cookie)).statusCode).toBe(400);
    expect((await get('/api/user/profile/99999999999', admin.cookie)).statusCode).toBe(400);
    const unknown = await get('/api/user/profile/987654', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ key: 'noUser', text: 'Нет пользователя с id 987654.' });
  });
});
