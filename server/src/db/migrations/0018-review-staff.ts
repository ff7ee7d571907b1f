import { sql, type Kysely } from 'kysely';

/**
 * The staff side of module reviews (docs/courses.md, "Reviews"): the reminders a waiting booking gets, and the
 * indexes of the staff's reads.
 *
 * - `reminded_day_at` and `reminded_hour_at` mark the day-before and hour-before reminders as taken: a
 *   run sets one with a conditional update before it sends, so each goes at most once however many runs
 *   overlap. Moving a slot clears them (the new time is reminded anew).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table student_reviews
      add column reminded_day_at timestamptz,
      add column reminded_hour_at timestamptz`.execute(db);
  // the reminders' scan and the planning list: live slots by start, across modules
  await sql`create index review_slots_start_idx on review_slots (starts_at)`.execute(db);
  // the reviewing mentor's slots
  await sql`create index review_slots_mentor_idx on review_slots (mentor_id, starts_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index review_slots_mentor_idx`.execute(db);
  await sql`drop index review_slots_start_idx`.execute(db);
  await sql`alter table student_reviews drop column reminded_hour_at, drop column reminded_day_at`.execute(db);
}
