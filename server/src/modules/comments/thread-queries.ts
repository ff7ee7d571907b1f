import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { COMMENT_THREAD_LIMITS } from '@academy/shared/contract';
import type { Database } from '../../db/schema';
import { TASK_PLACE, type CommentReader, type CommentRow, type FoundComment, type ThreadTaskRow } from './rows';

/** Reading a thread: its task, its comments and answers as a reader sees them (the owner: repository.ts). */
export function threadQueries(db: Kysely<Database>) {
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
      sql<boolean>`exists (select 1 from comment_likes l where l.comment_id = c.id and l.user_id = ${readerId})`.as(
        'liked_by_me',
      ),
    ] as const;

  /** What a reader may see: approved comments and their own pending ones (staff: everything). */
  const visibleTo = (reader: CommentReader): Expression<SqlBool> =>
    reader.seesPending ? sql<SqlBool>`true` : sql<SqlBool>`(c.pre_moderate = false or c.user_id = ${reader.id})`;

  /** The ids of the newest top-level comments of a task the reader sees. */
  const topIds = (taskId: number, reader: CommentReader) =>
    db
      .selectFrom('comments as c')
      .select('c.id')
      .where('c.task_id', '=', taskId)
      .where('c.parent_id', 'is', null)
      .where(visibleTo(reader))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(COMMENT_THREAD_LIMITS.comments);

  return {
    /** A task, its course and positions; undefined when there is none. `viewerId`: whether they are enrolled. */
    findTask(taskId: number, viewerId: number): Promise<ThreadTaskRow | undefined> {
      return db
        .selectFrom('course_tasks as t')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .innerJoin('courses as co', 'co.id', 'm.course_id')
        .select([
          ...TASK_PLACE,
          sql<boolean>`exists (select 1 from enrollments e where e.course_id = co.id and e.student_id = ${viewerId})`.as(
            'enrolled',
          ),
        ])
        .where('t.id', '=', taskId)
        .executeTakeFirst();
    },

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

    /** The thread's top-level comments the reader sees: the newest (bounded), oldest first. */
    async topLevel(taskId: number, reader: CommentReader): Promise<CommentRow[]> {
      const rows = await db
        .selectFrom('comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(commentColumns(reader.id))
        .where('c.task_id', '=', taskId)
        .where('c.parent_id', 'is', null)
        .where(visibleTo(reader))
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(COMMENT_THREAD_LIMITS.comments)
        .execute();
      return rows.reverse();
    },

    /** The answers the reader sees under those top-level comments: the newest of each (bounded), oldest first. */
    async answers(taskId: number, reader: CommentReader): Promise<CommentRow[]> {
      const ranked = db
        .selectFrom('comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(commentColumns(reader.id))
        .select(sql<number>`row_number() over (partition by c.parent_id order by c.created_at desc, c.id desc)`.as('n'))
        .where('c.task_id', '=', taskId)
        .where('c.parent_id', 'in', topIds(taskId, reader))
        .where(visibleTo(reader));
      return db
        .selectFrom(ranked.as('a'))
        .select([
          'a.id',
          'a.task_id',
          'a.parent_id',
          'a.user_id',
          'a.text',
          'a.pre_moderate',
          'a.created_at',
          'a.edited_at',
          'a.first_name',
          'a.last_name',
          'a.avatar_url',
          'a.role',
          'a.direction',
          'a.likes',
          'a.liked_by_me',
        ])
        .where('a.n', '<=', COMMENT_THREAD_LIMITS.answersPerComment)
        .orderBy('a.created_at')
        .orderBy('a.id')
        .execute();
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
        .where(visibleTo(reader))
        .orderBy('c.created_at')
        .orderBy('c.id')
        .limit(COMMENT_THREAD_LIMITS.answersPerComment)
        .execute();
    },
  };
}
