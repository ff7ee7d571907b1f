import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const MAX_ATTEMPTS = 5;

/**
 * Every e-mail is written to the outbox first (in the caller's transaction when there is one), so a
 * mail is never lost with a crash between "saved" and "sent". With SMTP configured a sender delivers
 * the outbox every few seconds and at once after each new mail; without it the mails stay for the
 * development mailbox page.
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
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
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

  private async deliver(): Promise<void> {
    const transport = this.transport;
    if (!transport) return;
    const waiting = await this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('attempts', '<', MAX_ATTEMPTS)
      .orderBy('id')
      .limit(20)
      .execute();
    for (const mail of waiting) {
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
          .set({ sent_at: new Date(), attempts: mail.attempts + 1 })
          .where('id', '=', mail.id)
          .execute();
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        await this.db
          .updateTable('mail_outbox')
          .set({ attempts: mail.attempts + 1, last_error: text.slice(0, 500) })
          .where('id', '=', mail.id)
          .execute();
        this.log.warn({ mailId: mail.id, error: text }, 'mail not delivered, will retry');
      }
    }
  }
}
