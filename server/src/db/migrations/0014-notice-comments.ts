import { sql, type Kysely } from 'kysely';

/**
 * A notice that quotes an answer (COMMENT_ANSWER) names it, so it lives no longer than the answer:
 * deleting the answer (by its author, a moderator, or with its top-level comment) deletes its notices,
 * and an edit rewrites their excerpt (docs/courses.md, "Comments").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications add column comment_id integer references comments(id) on delete cascade`.execute(db);
  // the cascade and the edit find an answer's notices without reading the whole table
  await sql`create index notifications_comment_idx on notifications (comment_id) where comment_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_comment_idx`.execute(db);
  await sql`alter table notifications drop column comment_id`.execute(db);
}
