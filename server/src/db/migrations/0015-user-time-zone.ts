import { sql, type Kysely } from 'kysely';

/**
 * A user's time zone, the canonical IANA name their browser sent at the last sign-in (null: not known
 * yet). A student's statistics shown to someone else count days in it (docs/courses.md, "Statistics"), never in
 * the viewer's zone, so days seen from many zones cannot be differenced into the hours of the answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column time_zone text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column time_zone`.execute(db);
}
