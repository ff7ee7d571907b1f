import { sql, type Kysely } from 'kysely';

/**
 * The bell reads a user's personal notices and the published ones apart (two short index scans, then
 * merged), so thousands of other students' verdict notices are never walked through; the staff list
 * reads the published ones newest first. The personal index also serves the users foreign key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_date_idx`.execute(db);
  await sql`drop index notifications_user_idx`.execute(db);
  await sql`create index notifications_user_date_idx on notifications (user_id, date_time desc)`.execute(db);
  await sql`
    create index notifications_broadcast_idx on notifications (date_time desc)
      where audience <> 'USER' and withdrawn_at is null`.execute(db);
  await sql`create index notifications_staff_idx on notifications (date_time desc, id desc) where kind = 'STAFF'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_staff_idx`.execute(db);
  await sql`drop index notifications_broadcast_idx`.execute(db);
  await sql`drop index notifications_user_date_idx`.execute(db);
  await sql`create index notifications_user_idx on notifications (user_id)`.execute(db);
  await sql`create index notifications_date_idx on notifications (date_time desc) where withdrawn_at is null`.execute(db);
}
