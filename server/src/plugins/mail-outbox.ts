import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, MailOutboxTable } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const MAX_ATTEMPTS = 5;
/** The most mails one run claims. */
const BATCH = 20;
/**
 * How long a claim keeps other senders off a mail: longer than a batch takes to send, so only a
 * sender that died (or hung) loses its mails to another.
 */
export const CLAIM_MINUTES = 10;
/** The SMTP client's timeouts (nodemailer's own allow 10 idle minutes): one mail ends within ~2 min. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
/** A mail is begun only while its claim has more than a send's worst time left. */
const BEGIN_WITHIN_MS = (CLAIM_MINUTES - 3) * 60_000;
/** A mail the SMTP server refused is tried again after this long. */
const RETRY_SECONDS = 30;

/**
 * Every e-mail is written to the outbox first (in the caller's transaction when there is one), so a
 * mail is never lost with a crash between "saved" and "sent". With SMTP configured a sender delivers
 * the outbox every few seconds and at once after each new mail; without it the mails stay for the
 * development mailbox page.
 *
 * Several server instances may share one outbox: each run claims its mails first, in one conditional
 * update (`claimed_until`, skipping rows another run is claiming), so two instances never send one mail
 * twice. A mail whose sender died after claiming it is sent by another after `CLAIM_MINUTES`; one
 * whose sender died after the SMTP server took it but before it was marked sent would be sent again then
 * (SMTP has no transactions: at least once, never twice while both senders live).
 */
export class MailOutbox {
  private transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    smtpUrl: string | null,
    private readonly from: string,
    private readonly log: FastifyInstance['log'],
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : null;
  }

  get delivers(): boolean {
    return this.transport !== null;
  }

  async enqueue(mail: Mail, db: Kysely<Database> = this.db): Promise<void> {
    await db
      .insertInto('mail_outbox')
      .values({ recipient: mail.to, subject: mail.subject, body_text: mail.text, body_html: mail.html })
      .execute();
    this.kick();
  }

  start(intervalMs = 5000): void {
    if (!this.transport || this.timer) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
  }

  /** Delivers what waits, one run at a time. */
  kick(): void {
    if (!this.transport || this.running) return;
    this.running = this.deliver()
      .catch((error: unknown) => this.log.error({ err: error }, 'mail delivery failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /** Resolves when the run in progress (if any) has finished. */
  async idle(): Promise<void> {
    await this.running;
  }

  /**
   * Claims up to a batch of the mails that wait: unsent, tries left, unclaimed or with a claim run out.
   * The try is counted here, so a mail that kills its sender is not claimed forever.
   */
  private claim(): Promise<Selectable<MailOutboxTable>[]> {
    return this.db
      .updateTable('mail_outbox')
      .set((eb) => ({
        claimed_until: sql<Date>`now() + ${CLAIM_MINUTES} * interval '1 minute'`,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('attempts', '<', MAX_ATTEMPTS)
          .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', sql<Date>`now()`)]))
          .orderBy('id')
          .limit(BATCH)
          // a row another run is claiming right now is skipped, not waited for and claimed again
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  private async deliver(): Promise<void> {
    const transport = this.transport;
    if (!transport) return;
    for (;;) {
      const claimedAt = performance.now();
      const claimed = await this.claim();
      for (const mail of claimed.sort((a, b) => a.id - b.id)) {
        // a slow SMTP server: the rest wait for their claim to run out, then any instance sends them
        if (performance.now() - claimedAt > BEGIN_WITHIN_MS) return;
        await this.send(transport, mail);
      }
      if (claimed.length < BATCH) return;
    }
  }

  private async send(transport: Transporter, mail: Selectable<MailOutboxTable>): Promise<void> {
    try {
      await transport.sendMail({
        from: this.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body_text,
        html: mail.body_html,
      });
      await this.db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date(), claimed_until: null })
        .where('id', '=', mail.id)
        .execute();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      // the claim is kept a little longer: the next try waits, on whichever instance takes it
      await this.db
        .updateTable('mail_outbox')
        .set({ claimed_until: sql<Date>`now() + ${RETRY_SECONDS} * interval '1 second'`, last_error: text.slice(0, 500) })
        .where('id', '=', mail.id)
        .execute();
      this.log.warn({ mailId: mail.id, error: text }, 'mail not delivered, will retry');
    }
  }
}
