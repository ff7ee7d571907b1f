import { sql, type Kysely } from 'kysely';

/**
 * A notice the academy sends by itself (a verdict, a review's news, an answer to a comment) keeps its
 * texts' keys and values, so the bell shows it in the reader's language of the moment, not the one of
 * the day it was sent (issue 29). `title` and `message` stay as written: what rows written before
 * this show, and what a notice whose key a later version dropped falls back to. Staff notices have
 * none: they are shown as their author wrote them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications add column title_key text`.execute(db);
  await sql`alter table notifications add column message_key text`.execute(db);
  await sql`alter table notifications add column text_values jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications drop column text_values`.execute(db);
  await sql`alter table notifications drop column message_key`.execute(db);
  await sql`alter table notifications drop column title_key`.execute(db);
}
