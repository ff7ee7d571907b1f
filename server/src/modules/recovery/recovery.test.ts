import { createTestApp, linkIn, testDatabases, type TestApp } from '../../testing/test-app';

describe.each(testDatabases())('recovery and password change on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const post: TestApp['post'] = (...args) => t.post(...args);
  const lastMail: TestApp['lastMail'] = (to) => t.lastMail(to);

  it('recovery: the same answer for any e-mail, a mailed one-hour single-use link, rate-limited', async () => {
    const user = await t.createUser();
    expect((await post('/api/recovery-password/send-recovery-link/ru', { email: 'nobody@example.org' })).json()).toMatchObject({
      success: true,
      data: true,
    });
    // no account: a mail that says so, with no link to set a password
    const noAccount = await lastMail('nobody@example.org');
    expect(noAccount!.body_text).toContain('действующей учётной записи с таким e-mail у нас нет');
    expect(noAccount!.body_text).not.toContain('/recovery-pass');
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

  const requestLink = (email: string, address: string) =>
    t.inject({ method: 'POST', url: '/api/recovery-password/send-recovery-link/en', payload: { email }, remoteAddress: address });
  const mailCount = async (to: string) =>
    (await t.database.db.selectFrom('mail_outbox').select('id').where('recipient', '=', to).execute()).length;

  it('an unknown e-mail costs the same work as an account: the same queries, a mail either way', async () => {
    const user = await t.createUser();
    const blocked = await t.createUser({ blocked: true });
    const queriesOf = async (email: string, address: string) => {
      const before = t.queryCount();
      expect((await requestLink(email, address)).json()).toMatchObject({ success: true, data: true });
      return t.queryCount() - before;
    };
    const known = await queriesOf(user.email, '10.7.0.1');
    expect(await queriesOf('nobody-here@example.org', '10.7.0.2')).toBe(known);
    expect(await queriesOf(blocked.email, '10.7.0.3')).toBe(known);
    expect((await lastMail(user.email))!.body_text).toContain('/recovery-pass?token=');
    for (const to of ['nobody-here@example.org', blocked.email]) {
      expect((await lastMail(to))!.body_text).toContain('we have no active account with this e-mail');
    }
    // a blocked account gets no link
    const links = await t.database.db.selectFrom('password_resets').select('id').where('user_id', '=', blocked.id).execute();
    expect(links).toHaveLength(0);
  });

  it('30 parallel requests for one e-mail send at most 3 mails', async () => {
    const user = await t.createUser();
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => requestLink(user.email, `10.8.0.${i}`)));
    const sent = await mailCount(user.email);
    if (process.env.SHOW_FIGURES) process.stdout.write(`${kind}: 30 parallel recovery requests: ${sent} mails\n`);
    expect(sent).toBeLessThanOrEqual(3);
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(sent);
    expect(replies.filter((reply) => reply.statusCode === 429)).toHaveLength(30 - sent);
  });

  it('using one recovery link ends the older ones, and a password change ends them all', async () => {
    const user = await t.createUser();
    const tokenOf = async (address: string) => {
      await requestLink(user.email, address);
      return new URL(linkIn((await lastMail(user.email))!.body_text)).searchParams.get('token')!;
    };
    const older = await tokenOf('10.9.0.1');
    const newer = await tokenOf('10.9.0.2');
    const reset = (token: string, password: string) =>
      post('/api/recovery-password/reset', { token, password, confirmPassword: password });
    expect((await reset(newer, 'newpass1')).statusCode).toBe(200);
    expect((await reset(older, 'attacker1')).json().error.key).toBe('recovery.invalidToken');
    expect((await post('/token', { username: user.email, password: 'newpass1' })).statusCode).toBe(200);

    const pending = await tokenOf('10.9.0.3');
    const cookie = await t.signIn({ email: user.email, password: 'newpass1' });
    const changed = await t.inject({
      method: 'PUT',
      url: '/api/user/profile/password',
      payload: { oldPassword: 'newpass1', newPassword: 'newpass2' },
      headers: { cookie },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(pending, 'attacker2')).json().error.key).toBe('recovery.invalidToken');
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
