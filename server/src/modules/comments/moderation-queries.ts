import { sql, type Kysely, type SqlBool } from 'kysely';
import { MODERATION_PAGE_SIZE } from '@academy/shared/contract';
import type { Database } from '../../db/schema';
import { TASK_PLACE, type CommentCore, type PendingRow } from './rows';

/** Moderation: the list of waiting comments, their approval and deletion (the owner: repository.ts). */
export function moderationQueries(db: Kysely<Database>) {
  return {
    /** Deletes a comment and its answers (moderation); false when there was none. */
    async delete(commentId: number): Promise<boolean> {
      const result = await db.deleteFrom('comments').where('id', '=', commentId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Approves a waiting comment, an answer only while its top-level comment is approved; the row only
     * when this call approved it (a parallel one gets nothing).
     */
    approve(commentId: number): Promise<CommentCore | undefined> {
      return db
        .updateTable('comments as c')
        .set({ pre_moderate: false })
        .where('c.id', '=', commentId)
        .where('c.pre_moderate', '=', true)
        .where(sql<SqlBool>`not exists (select 1 from comments p where p.id = c.parent_id and p.pre_moderate)`)
        .returning(['c.id', 'c.task_id', 'c.parent_id', 'c.user_id', 'c.text', 'c.pre_moderate', 'c.created_at'])
        .executeTakeFirst();
    },

    /**
     * A page of the comments awaiting moderation, oldest first, after the comment `after`; when that
     * comment is gone (approved ones stay, deleted ones do not) the page continues after its id.
     */
    pending(after: number | undefined): Promise<PendingRow[]> {
      let query = db
        .selectFrom('comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .innerJoin('course_tasks as t', 't.id', 'c.task_id')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .innerJoin('courses as co', 'co.id', 'm.course_id')
        .select([
          'c.id as comment_id',
          'c.text',
          'c.created_at',
          'c.parent_id',
          'u.id as student_id',
          'u.first_name',
          'u.last_name',
          'u.direction as student_direction',
          ...TASK_PLACE,
        ])
        .where('c.pre_moderate', '=', true);
      if (after !== undefined)
        query = query.where(
          sql<SqlBool>`case when exists (select 1 from comments p where p.id = ${after})
            then (c.created_at, c.id) > (select p.created_at, p.id from comments p where p.id = ${after})
            else c.id > ${after} end`,
        );
      return query
        .orderBy('c.created_at')
        .orderBy('c.id')
        .limit(MODERATION_PAGE_SIZE + 1)
        .execute();
    },
  };
}
