import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { COMMENT_THREAD_LIMITS } from '@academy/shared/contract';
import { compiledOnce } from '../../db/compiled-once';
import type { Database } from '../../db/schema';
import type { CommentReader, CommentRow, FoundComment, LikerRow, ThreadRow } from './rows';

/** The comment columns with author, like count and the reader's like, for `comments as c` joined to `users as u`. */
const commentColumns = (readerId: number) =>
  [
    'c.id',
    'c.task_id',
    'c.parent_id',
    'c.user_id',
    'c.text',
    'c.pre_moderate',
    'c.created_at',
    'c.edited_at',
    'u.first_name',
    'u.last_name',
    'u.avatar_url',
    'u.role',
    'u.direction',
    sql<number>`(select count(*) from comment_likes l where l.comment_id = c.id)::int`.as('likes'),
    sql<boolean>`exists (select 1 from comment_likes l where l.comment_id = c.id and l.user_id = ${readerId})`.as('liked_by_me'),
  ] as const;

/** The first likers of `comments as c` (bounded), in the order they liked, as JSON: the thread's `likers`. */
const firstLikers = sql<LikerRow[]>`(
  select coalesce(json_agg(json_build_object('comment_id', c.id, 'id', x.id, 'first_name', x.first_name, 'last_name', x.last_name)
                           order by x.created_at, x.id), '[]')
  from (select liker.id, liker.first_name, liker.last_name, l.created_at
        from comment_likes l join users liker on liker.id = l.user_id
        where l.comment_id = c.id
        order by l.created_at, l.user_id
        limit ${COMMENT_THREAD_LIMITS.likersPerComment}) x)`.as('likers');

/** What a reader may see: approved comments and their own pending ones (staff: everything). */
const visibleTo = (readerId: number, seesPending: boolean): Expression<SqlBool> =>
  seesPending ? sql<SqlBool>`true` : sql<SqlBool>`(c.pre_moderate = false or c.user_id = ${readerId})`;

/** The ids of the newest top-level comments of a task the reader sees. */
const topIds = (db: Kysely<Database>, taskId: number, readerId: number, seesPending: boolean) =>
  db
    .selectFrom('comments as c')
    .select('c.id')
    .where('c.task_id', '=', taskId)
    .where('c.parent_id', 'is', null)
    .where(visibleTo(readerId, seesPending))
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(COMMENT_THREAD_LIMITS.comments);

/**
 * A thread as the reader sees it, in one statement: the newest top-level comments (bounded), the newest
 * answers of each (bounded), oldest first, each with its first likers (bounded). Was three statements,
 * the likers' after the other two (bench/RESULTS.md, "Paced students", 2026-12-03); built once per
 * shape (a reader who sees pending comments or not), as every thread is read.
 */
const threadStatement = compiledOnce((db, { taskId, readerId }: { taskId: number; readerId: number }, seesPending: boolean) =>
  db
    .with('top', () => topIds(db, taskId, readerId, seesPending))
    .with('picked', (qb) => {
      const ranked = qb
        .selectFrom('comments as c')
        .select(['c.id', sql<number>`row_number() over (partition by c.parent_id order by c.created_at desc, c.id desc)`.as('n')])
        .where('c.task_id', '=', taskId)
        .where('c.parent_id', 'in', qb.selectFrom('top').select('top.id'))
        .where(visibleTo(readerId, seesPending));
      return qb
        .selectFrom('top')
        .select('top.id')
        .unionAll(qb.selectFrom(ranked.as('a')).select('a.id').where('a.n', '<=', COMMENT_THREAD_LIMITS.answersPerComment));
    })
    .selectFrom('picked as p')
    .innerJoin('comments as c', 'c.id', 'p.id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(commentColumns(readerId))
    .select(firstLikers)
    .orderBy('c.created_at')
    .orderBy('c.id'),
);

/** Reading a thread: its task, its comments and answers as a reader sees them (the owner: repository.ts). */
export function threadQueries(db: Kysely<Database>) {
  return {
    findComment(commentId: number): Promise<FoundComment | undefined> {
      return db
        .selectFrom('comments as c')
        .leftJoin('comments as p', 'p.id', 'c.parent_id')
        .select([
          'c.id',
          'c.task_id',
          'c.parent_id',
          'c.user_id',
          'c.text',
          'c.pre_moderate',
          'c.created_at',
          sql<boolean>`coalesce(p.pre_moderate, false)`.as('parent_pending'),
          'p.user_id as parent_user_id',
        ])
        .where('c.id', '=', commentId)
        .executeTakeFirst();
    },

    /** A thread as the reader sees it (`threadStatement`). */
    thread(taskId: number, reader: CommentReader): Promise<ThreadRow[]> {
      return threadStatement(db, { taskId, readerId: reader.id }, reader.seesPending);
    },

    /** One comment with its author and likes, as the reader sees it (a reply to a write). */
    oneComment(commentId: number, readerId: number): Promise<CommentRow | undefined> {
      return db
        .selectFrom('comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(commentColumns(readerId))
        .where('c.id', '=', commentId)
        .executeTakeFirst();
    },

    /** The answers of one top-level comment, oldest first (bounded like the thread's). */
    answersOf(parentId: number, reader: CommentReader): Promise<CommentRow[]> {
      return db
        .selectFrom('comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(commentColumns(reader.id))
        .where('c.parent_id', '=', parentId)
        .where(visibleTo(reader.id, reader.seesPending))
        .orderBy('c.created_at')
        .orderBy('c.id')
        .limit(COMMENT_THREAD_LIMITS.answersPerComment)
        .execute();
    },
  };
}
