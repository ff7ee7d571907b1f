import { fakeSmtp, type FakeSmtp } from '../../testing/fake-smtp';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

describe.each(testDatabases())('mail delivery on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await createTestApp(kind, {
      mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Академия <no-reply@academy.test>', devMailbox: false },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('a recovery mail goes from the outbox over SMTP and is marked sent; no development mailbox then', async () => {
    const user = await t.createUser();
    await t.inject({ method: 'POST', url: '/api/recovery-password/send-recovery-link/en', payload: { email: user.email } });
    const sentAt = async () =>
      (await t.database.db.selectFrom('mail_outbox').select('sent_at').where('recipient', '=', user.email).executeTakeFirst())
        ?.sent_at;
    for (let i = 0; i < 50 && !(await sentAt()); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await sentAt()).toBeTruthy();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatch(/Subject: Reset your Academy password/);
    expect(smtp.received[0]).toContain(`To: ${user.email}`);
    expect((await t.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });
});
