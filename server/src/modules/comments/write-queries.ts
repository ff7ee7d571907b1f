import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PendingReservation, ReservationRow } from '../../plugins/rate-limit';

/**
 * The pre-moderation rule as SQL: whether the user has fewer than `needed` approved comments, so that
 * a new or edited comment of theirs waits (counted up to `needed` only). False when `needed` is 0.
 */
function fewerApproved(userId: number, needed: number) {
  if (needed <= 0) return sql<boolean>`false`;
  return sql<boolean>`(select count(*) from (select 1 from comments where user_id = ${userId}::integer and not pre_moderate
    limit ${needed}::integer) approved) < ${needed}::integer`;
}

/** Writing comments: the pre-moderation count, an author's insert, edit and deletion (the owner: repository.ts). */
export function writeQueries(db: Kysely<Database>) {
  return {
    /** Whether the user has at least `needed` approved comments (the pre-moderation rule). */
    async hasApproved(userId: number, needed: number): Promise<boolean> {
      if (needed <= 0) return true;
      const row = await db.selectNoFrom(fewerApproved(userId, needed).as('fewer')).executeTakeFirstOrThrow();
      return !row.fewer;
    },

    /**
     * A comment written in one statement with its reservation against the writing limit: `rate_reserve`
     * first, and nothing written when it refused. It waits for moderation when `waits`, or while the
     * author has fewer than `approvedNeeded` approved comments (0: never). The new comment's id and
     * whether it waits (null when refused), and the reservation's row. Three statements before.
     */
    async insertReserved(
      values: {
        taskId: number;
        userId: number;
        parentId: number | null;
        text: string;
        now: Date;
        waits: boolean;
        approvedNeeded: number;
      },
      reservation: PendingReservation,
    ): Promise<{ created: { id: number; pre_moderate: boolean } | null; reservationRow: ReservationRow }> {
      const { taskId, userId, parentId, text, now, waits, approvedNeeded } = values;
      const preModerate = waits ? sql<boolean>`true` : fewerApproved(userId, approvedNeeded);
      const { rows } = await sql<{ id: number | null; pre_moderate: boolean | null; reservation_row: ReservationRow }>`
        with reservation as (select * from ${reservation.call} as r),
        inserted as (
          insert into comments (task_id, user_id, parent_id, text, pre_moderate, created_at)
          select ${taskId}::integer, ${userId}::integer, ${parentId}::integer, ${text}::text, ${preModerate}, ${now}::timestamptz
          from reservation where reserved is not null
          returning id, pre_moderate)
        select inserted.id, inserted.pre_moderate, to_json(reservation) as reservation_row
        from reservation left join inserted on true`.execute(db);
      const row = rows[0]!;
      return {
        created: row.id === null ? null : { id: row.id, pre_moderate: row.pre_moderate === true },
        reservationRow: row.reservation_row,
      };
    },

    /**
     * The author's edit, only while the window is open (`since`: the earliest creation time still
     * editable); `backToModeration` makes the comment wait again. Whether it now waits; undefined when
     * nothing was written.
     */
    async updateText(
      commentId: number,
      authorId: number,
      edit: { text: string; since: Date; now: Date; backToModeration: boolean },
    ): Promise<{ pre_moderate: boolean } | undefined> {
      return db
        .updateTable('comments')
        .set({
          text: edit.text,
          edited_at: edit.now,
          pre_moderate: edit.backToModeration ? true : sql<boolean>`pre_moderate`,
        })
        .where('id', '=', commentId)
        .where('user_id', '=', authorId)
        .where('created_at', '>=', edit.since)
        .returning('pre_moderate')
        .executeTakeFirst();
    },

    /** The author's deletion (answers go with it), only while the window is open. */
    async deleteOwn(commentId: number, authorId: number, since: Date): Promise<boolean> {
      const result = await db
        .deleteFrom('comments')
        .where('id', '=', commentId)
        .where('user_id', '=', authorId)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The names of users (the authors an answer notifies). */
    usersByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
    },
  };
}
