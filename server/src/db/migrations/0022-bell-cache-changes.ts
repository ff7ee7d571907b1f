import { sql, type Kysely } from 'kysely';

/**
 * `cache_changes` of kind `notice`, for the bell's in-process cache (docs/architecture.md, "Server", "Caches"): a
 * notification published, edited or withdrawn writes a row (with the addressee's `user_id` for a
 * personal one, without for everyone's), a read mark a row with the reader's `user_id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cache_changes drop constraint cache_changes_kind_check`.execute(db);
  await sql`alter table cache_changes add constraint cache_changes_kind_check
    check (kind in ('account', 'progress', 'content', 'notice'))`.execute(db);
  await sql`
    create function cache_changes_notice() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into cache_changes (kind, user_id) values ('notice', old.user_id);
      else
        insert into cache_changes (kind, user_id) values ('notice', new.user_id);
        if tg_op = 'UPDATE' and old.user_id is distinct from new.user_id then
          insert into cache_changes (kind, user_id) values ('notice', old.user_id);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of NOTICE_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_cache_changes`)} after insert or update or delete on ${sql.id(table)}
      for each row execute function cache_changes_notice()`.execute(db);
  }
}

const NOTICE_TABLES = ['notifications', 'notification_reads'];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of NOTICE_TABLES) await sql`drop trigger ${sql.id(`${table}_cache_changes`)} on ${sql.id(table)}`.execute(db);
  await sql`drop function cache_changes_notice()`.execute(db);
  await sql`delete from cache_changes where kind = 'notice'`.execute(db);
  await sql`alter table cache_changes drop constraint cache_changes_kind_check`.execute(db);
  await sql`alter table cache_changes add constraint cache_changes_kind_check
    check (kind in ('account', 'progress', 'content'))`.execute(db);
}
