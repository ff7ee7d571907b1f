import { createServer, type Server } from 'node:net';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

/** A tiny SMTP server that accepts every mail and keeps what it was sent. */
function fakeSmtp(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n')) {
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 fake\r\n');
        else if (command === 'MAIL' || command === 'RCPT') socket.write('250 ok\r\n');
        else if (command === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else if (line) socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, received });
    }),
  );
}

describe.each(testDatabases())('mail delivery on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await createTestApp(kind, {
      mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Академия <no-reply@academy.test>', devMailbox: false },
    });
  });
  afterAll(async () => {
    await t.close();
    smtp.server.close();
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
    expect(smtp.received[0]).toMatch(/Subject: Password recovery at the Academy/);
    expect(smtp.received[0]).toContain(`To: ${user.email}`);
    expect((await t.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });
});
