import { ROLES } from '@academy/shared/contract';
import { loadConfig } from '../../config';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

describe('the development mailbox is off unless asked for', () => {
  it('is on only with ACADEMY_DEV_MAILBOX=1 and no SMTP, whatever NODE_ENV says', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).mail.devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).mail.devMailbox).toBe(false);
    expect(loadConfig({}).mail.devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ACADEMY_DEV_MAILBOX: '1' }).mail.devMailbox).toBe(true);
    expect(loadConfig({ ACADEMY_DEV_MAILBOX: '1', SMTP_URL: 'smtp://mail.example.org:25' }).mail.devMailbox).toBe(false);
  });
});

describe.each(testDatabases())('the development mailbox on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const mailbox = (cookie?: string) =>
    t.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1', headers: cookie ? { cookie } : {} });

  it('shows the mails, live recovery links included, to a signed-in administrator only', async () => {
    const forgetful = await t.createUser();
    await t.post('/api/recovery-password/send-recovery-link/ru', { email: forgetful.email });
    expect(await t.lastMail(forgetful.email)).toBeDefined();
    const admin = await t.userWithSession({ role: 'ADMIN', direction: null });
    const page = await mailbox(admin.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(forgetful.email);
    expect(page.body).toContain('recovery-pass');
    // the rule is who asks, not where from: a request from another address is the same
    const remote = await t.inject({
      method: 'GET',
      url: '/dev/mailbox',
      remoteAddress: '10.0.0.5',
      headers: { cookie: admin.cookie },
    });
    expect(remote.statusCode).toBe(200);
  });

  it('tells anyone else, on this machine or not, to sign in as an administrator, and shows no mail', async () => {
    const victim = await t.createUser();
    await t.post('/api/recovery-password/send-recovery-link/ru', { email: victim.email });
    expect(await t.lastMail(victim.email)).toBeDefined();
    const anonymous = await mailbox();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^text\/html/);
    expect(anonymous.body).toContain('Войдите как администратор');
    expect(anonymous.body).toContain('href="/login"');
    expect(anonymous.body).not.toContain(victim.email);
    for (const role of ROLES.filter((r) => r !== 'ADMIN')) {
      const user = await t.userWithSession({ role });
      const refused = await mailbox(user.cookie);
      expect({ role, status: refused.statusCode }).toEqual({ role, status: 403 });
      expect(refused.body).toContain('Войдите как администратор');
      expect(refused.body).not.toContain(victim.email);
    }
  });

  it('does not exist when not enabled', async () => {
    const off = await createTestApp(kind, {
      mail: { smtpUrl: null, from: 'Академия <no-reply@academy.test>', devMailbox: false },
    });
    try {
      const admin = await off.userWithSession({ role: 'ADMIN', direction: null });
      const page = await off.inject({ method: 'GET', url: '/dev/mailbox', headers: { cookie: admin.cookie } });
      expect(page.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
