import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';
import { SESSION_COOKIE } from '../../plugins/cookies';

describe.each(testDatabases())('sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  // an English-speaking browser: anonymous replies follow Accept-Language
  const post = (url: string, payload: unknown, remoteAddress?: string) =>
    t.inject({
      method: 'POST',
      url,
      headers: { 'accept-language': 'en' },
      payload: payload as object,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('validate_user answers true for right credentials and false for wrong ones or unknown users', async () => {
    const user = await t.createUser();
    const right = await post('/token/validate_user', { username: user.email, password: user.password });
    expect(right.json()).toEqual({ success: true, data: true, error: null });
    const wrong = await post('/token/validate_user', { username: user.email, password: 'nope-nope' });
    expect(wrong.json().data).toBe(false);
    const unknown = await post('/token/validate_user', { username: 'ghost@test.academy', password: 'whatever' });
    expect(unknown.json().data).toBe(false);
  });

  it('the e-mail is matched without regard to case or surrounding spaces', async () => {
    const user = await t.createUser();
    const response = await post('/token', { username: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(response.statusCode).toBe(200);
  });

  it('POST /token sets an httpOnly SameSite session cookie and returns the profile', async () => {
    const user = await t.createUser({ role: 'MENTOR' });
    const response = await post('/token', { username: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: user.id, email: user.email, role: { name: 'MENTOR' } });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    // no remember-me: a browser-session cookie (the server still expires it)
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.expires).toBeUndefined();
    const stored = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const hours = (stored.expires_at.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(11);
    expect(hours).toBeLessThanOrEqual(12);
    // the cookie holds a token whose hash, not the token, is stored
    expect(stored.id).not.toBe(cookie.value);
  });

  it('remember-me keeps the session for 30 days', async () => {
    const user = await t.createUser();
    const response = await post('/token', { username: user.email, password: user.password, rememberMe: true });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    const stored = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Math.round((stored.expires_at.getTime() - Date.now()) / 86400_000)).toBe(30);
  });

  it('a wrong password and an unknown e-mail get the same 401 WrongLoginOrPassword', async () => {
    const user = await t.createUser();
    const wrong = await post('/token', { username: user.email, password: 'wrong-password' });
    const unknown = await post('/token', { username: 'nobody@test.academy', password: 'wrong-password' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        data: null,
        error: { code: 401, text: 'Wrong e-mail or password', key: 'WrongLoginOrPassword' },
      });
    }
  });

  it('missing fields give noLogin and noPassword', async () => {
    const noLogin = await post('/token', { password: 'x' });
    expect(noLogin.statusCode).toBe(400);
    expect(noLogin.json().error.key).toBe('noLogin');
    const noPassword = await post('/token/validate_user', { username: 'a@b.cd', password: '' });
    expect(noPassword.json().error).toMatchObject({ code: 400, key: 'noPassword' });
  });

  it('malformed bodies are 400 with a readable text', async () => {
    const extra = await post('/token', { username: 'a@b.cd', password: 'x', admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.text).toBe('Invalid body: admin: is not an allowed field');
    const badJson = await t.inject({
      method: 'POST',
      url: '/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"user',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().success).toBe(false);
    expect(badJson.body).not.toMatch(/at .*\.ts:\d+/);
    const long = await post('/token', { username: `${'a'.repeat(300)}@b.cd`, password: 'x' });
    expect(long.json().error.text).toMatch(/username: must NOT have more than 254 characters/);
  });

  it('a blocked user with the right password gets userIsBlocked and no session', async () => {
    const user = await t.createUser({ blocked: true });
    const valid = await post('/token/validate_user', { username: user.email, password: user.password });
    expect(valid.json().data).toBe(true);
    const response = await post('/token', { username: user.email, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.key).toBe('userIsBlocked');
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('blocking a user ends their open sessions', async () => {
    const user = await t.userWithSession();
    await t.database.db.updateTable('users').set({ blocked: true }).where('id', '=', user.id).execute();
    const response = await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.key).toBe('userIsBlocked');
    const left = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(left).toHaveLength(0);
  });

  it('too many failures on one account from one address are refused there with a 429 and the wait, even with the right password', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 5; i++) await post('/token', { username: user.email, password: `wrong-${i}` }, '10.1.1.1');
    const blocked = await post('/token', { username: user.email, password: user.password }, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    const seconds = Number(blocked.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(blocked.json().error).toEqual({
      code: 429,
      text: `Too many sign-in attempts. Try again in ${seconds} s.`,
      key: 'tooManyAttempts',
    });
    // the owner elsewhere, and another account from that address, are not affected
    expect((await post('/token', { username: user.email, password: user.password }, '10.1.1.2')).statusCode).toBe(200);
    const other = await t.createUser();
    expect((await post('/token', { username: other.email, password: other.password }, '10.1.1.1')).statusCode).toBe(200);
  });

  describe('the session cookie over HTTPS', () => {
    const signInOver = async (app: TestApp, user: { email: string; password: string }, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/token', headers, payload: { username: user.email, password: user.password } });

    it('behind a trusted proxy that says https: Secure and named __Host-, and the session works under that name', async () => {
      const proxied = await createTestApp(kind, { trustProxy: '127.0.0.1' });
      try {
        const user = await proxied.createUser();
        const reply = await signInOver(proxied, user, { 'x-forwarded-proto': 'https' });
        expect(reply.statusCode).toBe(200);
        const cookie = reply.cookies.find((c) => c.name === `__Host-${SESSION_COOKIE}`)!;
        expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
        expect(cookie.domain).toBeUndefined();
        expect(reply.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
        const header = `__Host-${SESSION_COOKIE}=${cookie.value}`;
        const me = await proxied.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: header } });
        expect(me.json().data.email).toBe(user.email);
        // a plain-HTTP request of that proxy: the plain name, not Secure
        const plain = (await signInOver(proxied, user, { 'x-forwarded-proto': 'http' })).cookies;
        expect(plain.find((c) => c.name === SESSION_COOKIE)?.secure).toBeUndefined();
      } finally {
        await proxied.close();
      }
    });

    it('from an untrusted address the forwarded protocol is not believed; COOKIE_SECURE makes it Secure anyway', async () => {
      const user = await t.createUser();
      const reply = await signInOver(t, user, { 'x-forwarded-proto': 'https' });
      expect(reply.cookies.map((c) => [c.name, c.secure])).toContainEqual([SESSION_COOKIE, undefined]);
      const configured = await createTestApp(kind, { cookieSecure: true });
      try {
        const other = await configured.createUser();
        const secure = (await signInOver(configured, other, {})).cookies;
        expect(secure.find((c) => c.name === `__Host-${SESSION_COOKIE}`)?.secure).toBe(true);
      } finally {
        await configured.close();
      }
    });
  });

  it('DELETE /token ends the session', async () => {
    const user = await t.userWithSession();
    const before = await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: user.cookie } });
    expect(before.statusCode).toBe(200);
    const out = await t.inject({ method: 'DELETE', url: '/token', headers: { cookie: user.cookie } });
    expect(out.json()).toEqual({ success: true, data: true, error: null });
    const after = await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: user.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const user = await t.userWithSession();
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const response = await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(401);
  });
});
