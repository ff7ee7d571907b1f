import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/cookies';
import { createTestApp, linkIn, testDatabases, type TestApp } from '../../testing/test-app';
import { hashToken, MAX_DEVICES } from './repository';
import { DEVICE_COOKIE } from './service';

// per account from browsers without its device cookie (a throttle), per account from one address
const LIMITS = { perAccount: 10, perAddress: 5, windowMinutes: 15 };

describe.each(testDatabases())('device cookies on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { signInLimit: LIMITS });
  });
  afterAll(() => t?.close());

  const signIn = (email: string, password: string, address: string, cookie?: string) =>
    t.inject({
      method: 'POST',
      url: '/token',
      remoteAddress: address,
      headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
      payload: { username: email, password },
    });

  const cookieOf = (reply: LightMyRequestResponse, name: string) => {
    const cookie = reply.cookies.find((c) => c.name === name);
    if (!cookie) throw new Error(`no ${name} cookie: ${reply.statusCode} ${reply.body}`);
    return cookie.value;
  };

  /** Uses up the account's throttle with wrong guesses from as many addresses. */
  const exhaustAccount = async (email: string, prefix: string) => {
    for (let i = 0; i < LIMITS.perAccount; i++) {
      expect((await signIn(email, `wrong-${i}`, `${prefix}.${i}`)).statusCode).toBe(401);
    }
    expect((await signIn(email, 'wrong-more', `${prefix}.200`)).statusCode).toBe(429);
  };

  const devicesOf = async (userId: number) =>
    (await t.database.db.selectFrom('sign_in_devices').select('token_hash').where('user_id', '=', userId).execute()).map(
      (row) => row.token_hash,
    );

  it('after a password reset an old device cookie no longer exempts from the account throttle', async () => {
    const user = await t.createUser();
    const device = `${DEVICE_COOKIE}=${cookieOf(await signIn(user.email, user.password, '10.20.0.1'), DEVICE_COOKIE)}`;
    await t.inject({
      method: 'POST',
      url: '/api/recovery-password/send-recovery-link/en',
      payload: { email: user.email },
      remoteAddress: '10.20.0.2',
    });
    const token = new URL(linkIn((await t.lastMail(user.email))!.body_text)).searchParams.get('token')!;
    const reset = await t.post('/api/recovery-password/reset', { token, password: 'newpass1', confirmPassword: 'newpass1' });
    expect(reset.statusCode).toBe(200);
    expect(await devicesOf(user.id)).toEqual([]);

    await exhaustAccount(user.email, '10.20.1');
    // the old device is any other browser now: it waits like them
    expect((await signIn(user.email, 'newpass1', '10.20.2.1', device)).statusCode).toBe(429);
  });

  it('after a password change an old device cookie no longer exempts from the account throttle', async () => {
    const user = await t.createUser();
    const first = await signIn(user.email, user.password, '10.21.0.1');
    const device = `${DEVICE_COOKIE}=${cookieOf(first, DEVICE_COOKIE)}`;
    const session = `${SESSION_COOKIE}=${cookieOf(first, SESSION_COOKIE)}`;
    const changed = await t.inject({
      method: 'PUT',
      url: '/api/user/profile/password',
      payload: { oldPassword: user.password, newPassword: 'newpass1' },
      headers: { cookie: session },
    });
    expect(changed.statusCode).toBe(200);
    expect(await devicesOf(user.id)).toEqual([]);

    await exhaustAccount(user.email, '10.21.1');
    expect((await signIn(user.email, 'newpass1', '10.21.2.1', device)).statusCode).toBe(429);
  });

  it(`an account keeps at most ${MAX_DEVICES} devices: the ${MAX_DEVICES + 1}th sign-in drops the oldest`, async () => {
    const user = await t.createUser();
    const tokens: string[] = [];
    for (let i = 0; i <= MAX_DEVICES; i++) {
      tokens.push(cookieOf(await signIn(user.email, user.password, `10.22.0.${i}`), DEVICE_COOKIE));
    }
    const kept = await devicesOf(user.id);
    expect(kept).toHaveLength(MAX_DEVICES);
    expect(kept).not.toContain(hashToken(tokens[0]!));
    expect(kept.sort()).toEqual(tokens.slice(1).map(hashToken).sort());

    // the dropped one is an unknown browser: the account throttle applies to it
    await exhaustAccount(user.email, '10.22.1');
    expect((await signIn(user.email, user.password, '10.22.2.1', `${DEVICE_COOKIE}=${tokens[0]}`)).statusCode).toBe(429);
    expect((await signIn(user.email, user.password, '10.22.2.2', `${DEVICE_COOKIE}=${tokens[1]}`)).statusCode).toBe(200);
  });

  it('a blocked account loses its devices: unblocked, an old device cookie no longer exempts', async () => {
    const user = await t.createUser();
    const device = `${DEVICE_COOKIE}=${cookieOf(await signIn(user.email, user.password, '10.23.0.1'), DEVICE_COOKIE)}`;
    await t.database.db.updateTable('users').set({ blocked: true }).where('id', '=', user.id).execute();
    expect((await signIn(user.email, user.password, '10.23.0.2', device)).statusCode).toBe(403);
    expect(await devicesOf(user.id)).toEqual([]);
    await t.database.db.updateTable('users').set({ blocked: false }).where('id', '=', user.id).execute();

    await exhaustAccount(user.email, '10.23.1');
    expect((await signIn(user.email, user.password, '10.23.2.1', device)).statusCode).toBe(429);
  });

  it("a blocked user's session request drops the account's devices with its sessions", async () => {
    const user = await t.createUser();
    const reply = await signIn(user.email, user.password, '10.24.0.1');
    const session = `${SESSION_COOKIE}=${cookieOf(reply, SESSION_COOKIE)}`;
    expect(await devicesOf(user.id)).toHaveLength(1);
    await t.database.db.updateTable('users').set({ blocked: true }).where('id', '=', user.id).execute();
    const me = await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: session } });
    expect(me.statusCode).toBe(401);
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('over HTTPS only the __Host- cookies count: a plain-named session or device cookie is ignored', async () => {
    const proxied = await createTestApp(kind, { trustProxy: '127.0.0.1', signInLimit: LIMITS });
    try {
      const user = await proxied.createUser();
      const https = { 'x-forwarded-proto': 'https' };
      const reply = await proxied.inject({
        method: 'POST',
        url: '/token',
        headers: https,
        payload: { username: user.email, password: user.password },
      });
      expect(reply.statusCode).toBe(200);
      const session = cookieOf(reply, `__Host-${SESSION_COOKIE}`);
      const profile = (cookie: string) =>
        proxied.inject({ method: 'GET', url: '/api/user/profile', headers: { ...https, cookie } });
      expect((await profile(`__Host-${SESSION_COOKIE}=${session}`)).statusCode).toBe(200);
      // a valid session under the plain name (planted by a sibling host or an http:// reply) is not a session
      expect((await profile(`${SESSION_COOKIE}=${session}`)).statusCode).toBe(401);

      // nor is a plain-named device cookie a known device
      const device = cookieOf(reply, `__Host-${DEVICE_COOKIE}`);
      for (let i = 0; i < LIMITS.perAccount; i++) {
        await proxied.inject({
          method: 'POST',
          url: '/token',
          headers: { ...https, 'x-forwarded-for': `10.25.1.${i}` },
          payload: { username: user.email, password: `wrong-${i}` },
        });
      }
      const signInWith = (cookie: string) =>
        proxied.inject({
          method: 'POST',
          url: '/token',
          headers: { ...https, cookie, 'x-forwarded-for': '10.25.0.9' },
          payload: { username: user.email, password: user.password },
        });
      expect((await signInWith(`${DEVICE_COOKIE}=${device}`)).statusCode).toBe(429);
      expect((await signInWith(`__Host-${DEVICE_COOKIE}=${device}`)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
