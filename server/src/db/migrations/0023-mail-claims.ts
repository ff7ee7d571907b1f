import { sql, type Kysely } from 'kysely';

/**
 * Several server instances deliver one outbox (docs/scaling.md, "Scaling"): a sender claims the mails it is
 * about to send (`claimed_until`, a lease) in one conditional update, so another instance skips them;
 * a claim left by an instance that died runs out and the mail is sent by another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox add column claimed_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox drop column claimed_until`.execute(db);
}
