import { sql, type Kysely } from 'kysely';
import { COMMENT_THREAD_LIMITS } from '@academy/shared/contract';
import type { Database } from '../../db/schema';
import type { LikerRow } from './rows';

/** Likes: who liked a comment, a user's like and its taking back, the count (the owner: repository.ts). */
export function likeQueries(db: Kysely<Database>) {
  return {
    /** Who liked the given comments: the first ones of each (bounded), in the order they liked. */
    likers(commentIds: number[]): Promise<LikerRow[]> {
      if (commentIds.length === 0) return Promise.resolve([]);
      const ranked = db
        .selectFrom('comment_likes as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select([
          'l.comment_id',
          'u.id',
          'u.first_name',
          'u.last_name',
          sql<number>`row_number() over (partition by l.comment_id order by l.created_at, l.user_id)`.as('n'),
        ])
        .where('l.comment_id', 'in', commentIds);
      return db
        .selectFrom(ranked.as('x'))
        .select(['x.comment_id', 'x.id', 'x.first_name', 'x.last_name'])
        .where('x.n', '<=', COMMENT_THREAD_LIMITS.likersPerComment)
        .orderBy('x.comment_id')
        .orderBy('x.n')
        .execute();
    },

    /** One like per user and comment: a second (or a parallel) one changes nothing. */
    async like(commentId: number, userId: number, now: Date): Promise<void> {
      await db
        .insertInto('comment_likes')
        .values({ comment_id: commentId, user_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
        .execute();
    },

    async unlike(commentId: number, userId: number): Promise<void> {
      await db.deleteFrom('comment_likes').where('comment_id', '=', commentId).where('user_id', '=', userId).execute();
    },

    async likeCount(commentId: number): Promise<number> {
      const row = await db
        .selectFrom('comment_likes')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('comment_id', '=', commentId)
        .executeTakeFirstOrThrow();
      return row.n;
    },
  };
}
