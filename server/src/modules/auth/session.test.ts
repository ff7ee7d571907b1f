import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { INACTIVATION_REASONS, ROLES, type InactivationReason, type RoleName } from '@academy/shared/contract';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';
import { TEST_PASSWORD } from '../../testing/factory-routes';
import type { AccessEntry } from '../../plugins/access';
import { ALLOWED_WHILE_INACTIVE } from '../../plugins/guards';

/** A PNG's first bytes: enough for the picture check (the server reads the signature). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e30000000049454e44ae426082',
  'hex',
);

function multipart(file: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----inactive-gate';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const expectInactive = (response: LightMyRequestResponse, language: 'ru' | 'en' = 'ru') => {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({
    success: false,
    data: null,
    error: {
      code: 403,
      key: 'accountInactive',
      text: language === 'ru' ? expect.stringContaining('неактивна') : expect.stringContaining('inactive'),
    },
  });
};

// Spec 2 §4, never trusting the browser: a user with an inactivation reason keeps the session but may
// make only the calls of the allow-list (own profile, picture, password, language); docs/accounts.md, "Inactivation".
describe.each(testDatabases())('the inactive gate on %s', (kind) => {
  let t: TestApp;
  let table: AccessEntry[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    table = t.app.accessTable();
  });
  afterAll(() => t?.close());

  const as = (
    cookie: string,
    method: string,
    url: string,
    extra: { payload?: InjectOptions['payload']; headers?: Record<string, string> } = {},
  ) =>
    t.inject({
      method: method as InjectOptions['method'],
      url,
      headers: { cookie, ...extra.headers },
      ...(extra.payload !== undefined ? { payload: extra.payload } : {}),
    });

  it('refuses every guarded route outside the allow-list, for every role and reason, before reading the body', async () => {
    const callers = new Map<RoleName, { id: number; cookie: string }>();
    for (const [index, role] of ROLES.entries()) {
      const reason = INACTIVATION_REASONS[index % INACTIVATION_REASONS.length]!;
      callers.set(role, await t.userWithSession({ role, inactivationReason: reason }));
    }
    let refused = 0;
    for (const entry of table) {
      if (entry.access?.kind !== 'signed-in' || entry.method === 'HEAD') continue;
      const key = `${entry.method} ${entry.url}`;
      // the calls about one's own account are tested below, with another user's id too
      if (key in ALLOWED_WHILE_INACTIVE) continue;
      const roles = entry.access.roles === 'any' ? ROLES : entry.access.roles;
      for (const role of roles) {
        const caller = callers.get(role)!;
        const url = entry.url.replace(/:(\w+)/g, () => String(caller.id + 100_000)).replace(/\*$/, 'x');
        const body = entry.method === 'GET' ? {} : { payload: { anything: true } };
        const response = await as(caller.cookie, entry.method, url, body);
        // the development mailbox is a page: it shows the refusal's text
        const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
        const error = json ? response.json().error?.key : response.body.includes('неактивна') && 'accountInactive';
        expect({ key, role, status: response.statusCode, error }).toEqual({
          key,
          role,
          status: 403,
          error: 'accountInactive',
        });
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(100);
    for (const allowed of Object.keys(ALLOWED_WHILE_INACTIVE)) {
      expect(table.some((entry) => `${entry.method} ${entry.url}` === allowed)).toBe(true);
    }
  });

  it.each(INACTIVATION_REASONS)(
    'a user with %s reads their profile, picture and changes language, password and picture',
    async (reason: InactivationReason) => {
      const user = await t.userWithSession({ role: 'PAY_STUDENT', inactivationReason: reason });
      const profile = await as(user.cookie, 'GET', '/api/user/profile');
      expect(profile.statusCode).toBe(200);
      expect(profile.json().data.inactivation).toEqual({ reason });
      expect((await as(user.cookie, 'GET', `/api/user/profile/${user.id}`)).statusCode).toBe(200);
      expect((await as(user.cookie, 'GET', `/api/user/profile/${user.id}/image`)).statusCode).toBe(200);
      expect((await as(user.cookie, 'POST', '/api/locale/select_lang', { payload: { lang: 'en' } })).statusCode).toBe(200);
      const upload = multipart(PNG);
      const picture = await as(user.cookie, 'POST', `/api/user/profile/image?userId=${user.id}`, upload);
      expect(picture.statusCode).toBe(200);
      // refusals now come in the user's language
      expectInactive(await as(user.cookie, 'GET', '/api/student/generalNotification'), 'en');
      const change = await as(user.cookie, 'PUT', '/api/user/profile/password', {
        payload: { oldPassword: TEST_PASSWORD, newPassword: 'changed-1' },
      });
      expect(change.statusCode).toBe(200);
      // a new password lifts only the required change; another reason stays until an administrator lifts it
      expect(change.json().data.inactivation).toEqual(reason === 'PASSWORD_CHANGE_REQUIRED' ? null : { reason });
      const after = await as(user.cookie, 'GET', '/api/student/generalNotification');
      if (reason === 'PASSWORD_CHANGE_REQUIRED') expect(after.statusCode).toBe(200);
      else expectInactive(after, 'en');
    },
  );

  it('refuses the own-account calls about someone else, an administrator’s included', async () => {
    const other = await t.createUser();
    const admin = await t.userWithSession({ role: 'ADMIN', inactivationReason: 'EXPELLED' });
    expectInactive(await as(admin.cookie, 'GET', `/api/user/profile/${other.id}`));
    expectInactive(await as(admin.cookie, 'GET', `/api/user/profile/${other.id}/image`));
    expectInactive(await as(admin.cookie, 'POST', `/api/user/profile/image?userId=${other.id}`, multipart(PNG)));
    expectInactive(await as(admin.cookie, 'POST', '/api/admin/invitations', { payload: {} }));
  });

  it('keeps the session, sign-out and the public calls; a lifted reason opens everything again', async () => {
    const user = await t.createUser({ role: 'STUDENT', paymentType: 'UNTIL_PAID', inactivationReason: 'WAITING_FOR_STREAM' });
    const cookie = await t.signIn(user);
    expectInactive(await as(cookie, 'GET', '/api/enrollee/directionTask/heading?directionTaskPosition=1'));
    expect((await as(cookie, 'GET', '/api/public/site')).statusCode).toBe(200);
    // the refusal does not end the session (the browser shows the reason's page instead of signing out)
    expect((await as(cookie, 'GET', '/api/user/profile')).statusCode).toBe(200);

    await t.database.db.updateTable('users').set({ inactivation_reason: null }).where('id', '=', user.id).execute();
    expect((await as(cookie, 'GET', '/api/student/generalNotification')).statusCode).toBe(200);

    await t.database.db.updateTable('users').set({ inactivation_reason: 'EXPELLED' }).where('id', '=', user.id).execute();
    expectInactive(await as(cookie, 'GET', '/api/student/generalNotification'));
    expect((await as(cookie, 'DELETE', '/token')).statusCode).toBe(200);
    expect((await as(cookie, 'GET', '/api/user/profile')).statusCode).toBe(401);
  });

  it('lets active users through as before', async () => {
    const user = await t.userWithSession({ role: 'PAY_STUDENT' });
    expect((await as(user.cookie, 'GET', '/api/student/generalNotification')).statusCode).toBe(200);
    expect((await as(user.cookie, 'GET', '/api/user/profile')).json().data.inactivation).toBeNull();
  });
});
