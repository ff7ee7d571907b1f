import { sql, type Kysely } from 'kysely';

/**
 * Notifications published by staff to an audience (everyone, a role, a direction, a course, one user)
 * and sent by the academy itself (an answer to a comment, a mentor's verdict, a review reminder).
 * Exactly the audience's own column is set: the check keeps them consistent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table notifications
      add column audience text not null default 'ALL'
        check (audience in ('ALL','ROLE','DIRECTION','COURSE','USER')),
      add column audience_role text,
      add column audience_direction text references directions(code),
      add column audience_course_id integer references courses(id) on delete cascade,
      add column kind text not null default 'STAFF'
        check (kind in ('STAFF','COMMENT_ANSWER','MENTOR_VERDICT','REVIEW_REMINDER')),
      add column link text,
      add column author_id integer references users(id) on delete set null,
      add column updated_at timestamptz,
      add column withdrawn_at timestamptz`.execute(db);
  await sql`update notifications set audience = 'USER' where user_id is not null`.execute(db);
  await sql`
    alter table notifications add constraint notifications_audience_fits check (
      (audience = 'ALL' and user_id is null and audience_role is null and audience_direction is null and audience_course_id is null)
      or (audience = 'ROLE' and audience_role is not null and user_id is null)
      or (audience = 'DIRECTION' and audience_direction is not null and user_id is null)
      or (audience = 'COURSE' and audience_course_id is not null and user_id is null)
      or (audience = 'USER' and user_id is not null)
    )`.execute(db);
  await sql`create index notifications_date_idx on notifications (date_time desc) where withdrawn_at is null`.execute(db);
  await sql`create index notifications_author_idx on notifications (author_id, date_time desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_author_idx`.execute(db);
  await sql`drop index notifications_date_idx`.execute(db);
  await sql`alter table notifications drop constraint notifications_audience_fits`.execute(db);
  await sql`
    alter table notifications
      drop column audience, drop column audience_role, drop column audience_direction,
      drop column audience_course_id, drop column kind, drop column link, drop column author_id,
      drop column updated_at, drop column withdrawn_at`.execute(db);
}
