import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { fakeSmtp, type FakeSmtp } from '../testing/fake-smtp';
import { openTestDatabase, secondConnection, testConfig, testDatabases, type TestDatabase } from '../testing/test-app';

/**
 * Two server instances on one database (docs/scaling.md, "Scaling"): each has its own pool and its own sender,
 * as two processes would; the outbox's claims decide who sends what.
 */
describe.each(testDatabases())('the outbox of two instances on %s', (kind) => {
  let smtp: FakeSmtp;
  let database: TestDatabase;
  let other: DatabaseHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;

  const instance = (db: DatabaseHandle, name: string) =>
    buildApp({
      config: testConfig({
        mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: `${name} <${name}@academy.test>`, devMailbox: false },
      }),
      db: db.db,
    });

  beforeAll(async () => {
    // each mail takes a round trip of a few ms, so the two senders' runs overlap
    smtp = await fakeSmtp({ delayMs: 3 });
    database = await openTestDatabase(kind);
    other = await secondConnection(database);
    a = await instance(database, 'a');
    b = await instance(other, 'b');
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await other.close();
    await database.close();
    await smtp.close();
  });

  const queue = async (recipients: string[]) => {
    const rows = recipients.map((recipient) => ({ recipient, subject: 'Hello', body_text: 'text', body_html: '<p>html</p>' }));
    return (await database.db.insertInto('mail_outbox').values(rows).returning('id').execute()).map((r) => r.id);
  };
  /** both senders at once, again and again, until nothing waits (at most 30 rounds) */
  const sendTogether = async () => {
    for (let round = 0; round < 30; round += 1) {
      a.mail.kick();
      b.mail.kick();
      await Promise.all([a.mail.idle(), b.mail.idle()]);
      const waiting = await database.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('sent_at', 'is', null)
        .where('claimed_until', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(waiting.n) === 0) return;
    }
  };
  const toOf = (raw: string) => /^To: (.+)$/m.exec(raw)?.[1];
  const fromOf = (raw: string) => /^From: (\w+) </m.exec(raw)?.[1];

  it('sending at once, they deliver every mail exactly once, and both take a share', async () => {
    const recipients = Array.from({ length: 120 }, (_, i) => `together-${i}@academy.test`);
    const ids = await queue(recipients);
    smtp.received.length = 0;
    await sendTogether();

    const delivered = smtp.received.map(toOf);
    expect(delivered).toHaveLength(recipients.length);
    expect(new Set(delivered)).toEqual(new Set(recipients));
    // the claims, not luck, kept them apart: both instances sent some of the mails
    const senders = new Set(smtp.received.map(fromOf));
    expect(senders).toEqual(new Set(['a', 'b']));
    const rows = await database.db.selectFrom('mail_outbox').selectAll().where('id', 'in', ids).execute();
    for (const row of rows) {
      expect(row.sent_at).not.toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.claimed_until).toBeNull();
    }
  }, 60_000);

  it('a mail claimed by an instance that died waits for the claim to run out, then the other sends it', async () => {
    const [id] = await queue(['orphan@academy.test']);
    // what a sender leaves when it is killed between its claim and the SMTP server
    await database.db
      .updateTable('mail_outbox')
      .set({ attempts: 1, claimed_until: sql<Date>`now() + interval '5 minutes'` })
      .where('id', '=', id!)
      .execute();
    smtp.received.length = 0;
    b.mail.kick();
    await b.mail.idle();
    expect(smtp.received).toHaveLength(0);

    await database.db
      .updateTable('mail_outbox')
      .set({ claimed_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id!)
      .execute();
    b.mail.kick();
    await b.mail.idle();
    expect(smtp.received.map(toOf)).toEqual(['orphan@academy.test']);
    const row = await database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(2);
  });
});
