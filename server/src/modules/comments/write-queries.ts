import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Writing comments: the pre-moderation count, an author's insert, edit and deletion (the owner: repository.ts). */
export function writeQueries(db: Kysely<Database>) {
  return {
    /** Whether the user has at least `needed` approved comments (the pre-moderation rule). */
    async hasApproved(userId: number, needed: number): Promise<boolean> {
      if (needed <= 0) return true;
      const rows = await db
        .selectFrom('comments')
        .select('id')
        .where('user_id', '=', userId)
        .where('pre_moderate', '=', false)
        .limit(needed)
        .execute();
      return rows.length >= needed;
    },

    async insert(values: {
      taskId: number;
      userId: number;
      parentId: number | null;
      text: string;
      preModerate: boolean;
      now: Date;
    }) {
      const row = await db
        .insertInto('comments')
        .values({
          task_id: values.taskId,
          user_id: values.userId,
          parent_id: values.parentId,
          text: values.text,
          pre_moderate: values.preModerate,
          created_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
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
