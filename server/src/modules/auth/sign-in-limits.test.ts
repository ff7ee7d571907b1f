import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';
import { DEVICE_COOKIE } from './service';

/** Figures for the report (`SHOW_FIGURES=1`): how many guesses a burst got checked. */
const report = (line: string) => {
  if (process.env.SHOW_FIGURES) process.stdout.write(`${line}\n`);
};

// per account from browsers without its device cookie (a throttle), per account from one address
const LIMITS = { perAccount: 10, perAddress: 5, windowMinutes: 15 };

describe.each(testDatabases())('sign-in limits on %s', (kind) => {
  let t: TestApp;
  let now = Date.now();
  beforeAll(async () => {
    t = await createTestApp(kind, { signInLimit: LIMITS });
    t.app.rateLimiter.now = () => now;
  });
  afterAll(() => t?.close());

  const attempt = (url: '/token' | '/token/validate_user', email: string, password: string, address: string, cookie?: string) =>
    t.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
      payload: { username: email, password },
    });
  const signIn = (email: string, password: string, address: string, cookie?: string) =>
    attempt('/token', email, password, address, cookie);

  /** The device cookie a successful sign-in sets, as a request header. */
  const deviceOf = (reply: LightMyRequestResponse) => {
    const cookie = reply.cookies.find((c) => c.name === DEVICE_COOKIE);
    if (!cookie) throw new Error(`no device cookie: ${reply.statusCode} ${reply.body}`);
    return `${DEVICE_COOKIE}=${cookie.value}`;
  };

  const statuses = (replies: LightMyRequestResponse[]) => {
    const counts: Record<number, number> = {};
    for (const reply of replies) counts[reply.statusCode] = (counts[reply.statusCode] ?? 0) + 1;
    return counts;
  };

  it.each([100, 300])(
    'a burst of %i parallel guesses from one address, the right one among them, checks at most the limit',
    async (size) => {
      const user = await t.createUser();
      const passwords = Array.from({ length: size }, (_, i) => (i === size / 2 ? user.password : `wrong-${i}`));
      const replies = await Promise.all(passwords.map((password) => signIn(user.email, password, `10.0.${size}.1`)));
      const counts = statuses(replies);
      report(`${kind}: burst of ${size} from one address: ${JSON.stringify(counts)}`);
      // 401: checked and wrong; 200: checked and right; 429: refused before any check
      expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMITS.perAddress);
      expect((counts[401] ?? 0) + (counts[200] ?? 0) + (counts[429] ?? 0)).toBe(size);
    },
    120_000,
  );

  it.each([100, 300])(
    'a burst of %i parallel guesses from as many addresses checks at most the account limit',
    async (size) => {
      const user = await t.createUser();
      const replies = await Promise.all(
        Array.from({ length: size }, (_, i) =>
          signIn(user.email, `wrong-${i}`, `10.${size % 256}.${Math.floor(i / 256)}.${i % 256}`),
        ),
      );
      const counts = statuses(replies);
      report(`${kind}: burst of ${size} from ${size} addresses: ${JSON.stringify(counts)}`);
      expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMITS.perAccount);
      expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(size);
    },
    120_000,
  );

  it('an attacker at one address cannot lock the owner out: other addresses and a known device still sign in', async () => {
    const user = await t.createUser();
    // the owner signed in from this browser before: it holds the account's device cookie
    const device = deviceOf(await signIn(user.email, user.password, '10.2.0.1'));
    for (let i = 0; i < 12; i++) await signIn(user.email, `wrong-${i}`, '10.2.0.66');

    const attacker = await signIn(user.email, 'wrong-again', '10.2.0.66');
    expect(attacker.statusCode).toBe(429);
    const wait = Number(attacker.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(attacker.json().error).toEqual({
      code: 429,
      key: 'tooManyAttempts',
      text: `Too many sign-in attempts. Try again in ${wait} s.`,
    });
    // even the right password from the attacker's address (no device cookie) waits: the guess is not checked
    expect((await signIn(user.email, user.password, '10.2.0.66')).statusCode).toBe(429);

    // the owner: from another address, and from the attacker's address on a known device
    expect((await signIn(user.email, user.password, '10.2.0.2')).statusCode).toBe(200);
    const known = await signIn(user.email, user.password, '10.2.0.66', device);
    expect(known.statusCode).toBe(200);
    // each sign-in renews the device cookie: the one it sent is replaced
    const renewed = deviceOf(known);
    expect(renewed).not.toBe(device);
    expect((await attempt('/token/validate_user', user.email, user.password, '10.2.0.66', renewed)).json().data).toBe(true);
    expect((await attempt('/token/validate_user', user.email, user.password, '10.2.0.66', device)).statusCode).toBe(429);

    // the window passes: the address may try again
    now += LIMITS.windowMinutes * 60_000 + 1000;
    expect((await signIn(user.email, 'wrong-later', '10.2.0.66')).statusCode).toBe(401);
  });

  it('guesses from many addresses are throttled for the whole account, except on a known device', async () => {
    const user = await t.createUser();
    const device = deviceOf(await signIn(user.email, user.password, '10.3.0.1'));
    for (let i = 0; i < LIMITS.perAccount; i++) {
      expect((await signIn(user.email, `wrong-${i}`, `10.3.1.${i}`)).statusCode).toBe(401);
      now += 1000;
    }
    // the account's rate is used up: the next attempt from anywhere waits for the oldest to leave the window
    const throttled = await signIn(user.email, 'wrong-more', '10.3.2.1');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBe(LIMITS.windowMinutes * 60 - LIMITS.perAccount);
    expect((await signIn(user.email, user.password, '10.3.2.2')).statusCode).toBe(429);
    // a device that signed in before is not throttled
    expect((await signIn(user.email, user.password, '10.3.2.3', device)).statusCode).toBe(200);

    // once the oldest attempt leaves the window, one more may come
    now += LIMITS.windowMinutes * 60_000 - LIMITS.perAccount * 1000 + 1;
    expect((await signIn(user.email, user.password, '10.3.2.2')).statusCode).toBe(200);
  });

  it('a device cookie has its own failure limit and counts only for its own account', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const device = deviceOf(await signIn(owner.email, owner.password, '10.4.0.1'));
    for (let i = 0; i < LIMITS.perAddress; i++) {
      expect((await signIn(owner.email, `wrong-${i}`, `10.4.1.${i}`, device)).statusCode).toBe(401);
    }
    expect((await signIn(owner.email, owner.password, '10.4.2.1', device)).statusCode).toBe(429);
    // without the cookie the browser is any other: the account is not throttled by the device's failures
    expect((await signIn(owner.email, owner.password, '10.4.2.1')).statusCode).toBe(200);

    // the owner's device cookie does not exempt guesses at another account
    for (let i = 0; i < LIMITS.perAddress; i++) await signIn(other.email, `wrong-${i}`, '10.4.3.1', device);
    expect((await signIn(other.email, other.password, '10.4.3.1', device)).statusCode).toBe(429);
  });

  it('failures on many accounts from one address (a shared proxy) do not lock that address out', async () => {
    const victims = await Promise.all(Array.from({ length: 4 }, () => t.createUser()));
    for (const victim of victims) {
      for (let i = 0; i < LIMITS.perAddress; i++) await signIn(victim.email, `wrong-${i}`, '10.5.0.1');
    }
    const colleague = await t.createUser();
    expect((await signIn(colleague.email, colleague.password, '10.5.0.1')).statusCode).toBe(200);
  });
});
