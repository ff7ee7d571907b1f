import { createTestApp, linkIn, testDatabases, type TestApp } from '../../testing/test-app';

describe.each(testDatabases())('recovery and password change on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post: TestApp['post'] = (...args) => t.post(...args);
  const lastMail: TestApp['lastMail'] = (to) => t.lastMail(to);

  it('recovery: the same answer for any e-mail, a mailed one-hour single-use link, rate-limited', async () => {
    const user = await t.createUser();
    expect((await post('/api/recovery-password/send-recovery-link/ru', { email: 'nobody@example.org' })).json()).toMatchObject({
      success: true,
      data: true,
    });
    expect(await lastMail('nobody@example.org')).toBeUndefined();
    const sent = await post('/api/recovery-password/send-recovery-link/ru', { email: user.email.toUpperCase() });
    expect(sent.json()).toMatchObject({ success: true, data: true });
    const mail = await lastMail(user.email);
    expect(mail!.subject).toBe('Восстановление пароля в Академии');
    const link = new URL(linkIn(mail!.body_text));
    expect(link.pathname).toBe('/recovery-pass');
    const token = link.searchParams.get('token')!;

    expect((await t.inject({ method: 'GET', url: `/api/recovery-password/ensure?token=${token}&locale=ru` })).json().data).toBe(
      true,
    );
    const bad = await t.inject({ method: 'GET', url: `/api/recovery-password/ensure?token=${'y'.repeat(43)}&locale=en` });
    expect(bad.json().error).toMatchObject({
      key: 'recovery.invalidToken',
      text: 'The link has expired or the token is not valid',
    });

    const session = await t.signIn(user);
    const reset = (password: string, confirmPassword = password) =>
      post('/api/recovery-password/reset', { token, password, confirmPassword });
    expect((await reset('12345')).json().error.key).toBe('password.length');
    expect((await reset('newpass1', 'newpass2')).json().error.key).toBe('password.mismatch');
    expect((await reset('newpass1')).statusCode).toBe(200);
    expect((await reset('newpass1')).json().error.key).toBe('recovery.invalidToken');
    // every session ended; the new password works
    expect((await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: session } })).statusCode).toBe(401);
    expect((await post('/token', { username: user.email, password: 'newpass1' })).statusCode).toBe(200);

    // an expired link
    await post('/api/recovery-password/send-recovery-link/ru', { email: user.email });
    const second = new URL(linkIn((await lastMail(user.email))!.body_text)).searchParams.get('token')!;
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('used_at', 'is', null)
      .execute();
    expect((await t.inject({ method: 'GET', url: `/api/recovery-password/ensure?token=${second}` })).statusCode).toBe(400);

    // three requests per e-mail an hour
    const limited = await post('/api/recovery-password/send-recovery-link/ru', { email: user.email });
    expect(limited.statusCode).toBe(200);
    expect((await post('/api/recovery-password/send-recovery-link/ru', { email: user.email })).statusCode).toBe(429);
    expect((await post('/api/recovery-password/send-recovery-link/ru', { email: 'not-an-email' })).statusCode).toBe(400);
  });

  it('password change: the old password is checked, 6–30, the forced change is lifted, other sessions end', async () => {
    const user = await t.createUser();
    await t.database.db
      .updateTable('users')
      .set({ inactivation_reason: 'PASSWORD_CHANGE_REQUIRED' })
      .where('id', '=', user.id)
      .execute();
    const here = await t.signIn(user);
    const elsewhere = await t.signIn(user);
    const change = (oldPassword: string, newPassword: string) =>
      t.inject({
        method: 'PUT',
        url: '/api/user/profile/password',
        payload: { oldPassword, newPassword },
        headers: { cookie: here },
      });
    expect((await change(user.password, '123')).json().error.key).toBe('password.length');
    expect((await change(user.password, 'x'.repeat(31))).json().error.key).toBe('password.length');
    expect((await change('wrong-old', 'newpass1')).json().error.key).toBe('password.wrongOld');
    const done = await change(user.password, 'newpass1');
    expect(done.json().data.inactivation).toBeNull();
    expect((await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: here } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'PUT', url: '/api/user/profile/password', payload: { oldPassword: 'a', newPassword: 'bbbbbb' } }))
        .statusCode,
    ).toBe(401);
  });
});
