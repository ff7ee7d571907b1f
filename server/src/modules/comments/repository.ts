import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { COMMENT_THREAD_LIMITS, MODERATION_PAGE_SIZE, type Direction, type RoleName } from '@academy/shared/contract';
import type { CourseKind, Database } from '../../db/schema';

/** Whose thread is read: the reader, and whether they see every comment (staff) or only the approved and their own. */
export interface CommentReader {
  id: number;
  seesPending: boolean;
}

/** A task with what the comment rules need: its course (direction, kind) and its place in it. */
export interface CommentTaskRow {
  id: number;
  title: string;
  course_id: number;
  course_name: string;
  course_kind: CourseKind;
  direction: Direction;
  module_id: number;
  module_position: number;
  chapter_position: number;
  task_position: number;
}

/** A thread's task as a reader reaches it: with whether they are enrolled in its course. */
export interface ThreadTaskRow extends CommentTaskRow {
  enrolled: boolean;
}

/** One comment with its author, its like count and whether the reader liked it. */
export interface CommentRow extends CommentCore {
  edited_at: Date | null;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  role: RoleName;
  direction: Direction | null;
  likes: number;
  liked_by_me: boolean;
}

/** A comment as the rules read it (no author details). */
export interface CommentCore {
  id: number;
  task_id: number;
  parent_id: number | null;
  user_id: number;
  text: string;
  pre_moderate: boolean;
  created_at: Date;
}

/** A comment with what the rules ask of its top-level comment when it is an answer. */
export interface FoundComment extends CommentCore {
  /** its top-level comment awaits moderation (false for a top-level comment) */
  parent_pending: boolean;
  /** the author of its top-level comment; null for a top-level comment */
  parent_user_id: number | null;
}

export interface LikerRow {
  comment_id: number;
  id: number;
  first_name: string;
  last_name: string;
}

/** A comment awaiting moderation with its student and task (the staff list). */
export interface PendingRow extends CommentTaskRow {
  comment_id: number;
  text: string;
  created_at: Date;
  parent_id: number | null;
  student_id: number;
  first_name: string;
  last_name: string;
  student_direction: Direction | null;
}

/** Every query of the comments area. */
/** The columns naming a task and where it lies (its page's address), from t, ch, m and co. */
const TASK_PLACE = [
  't.id',
  't.title',
  'co.id as course_id',
  'co.name as course_name',
  'co.kind as course_kind',
  'co.direction',
  'm.id as module_id',
  'm.position as module_position',
  'ch.position as chapter_position',
  't.position as task_position',
] as const;

export function createCommentRepository(db: Kysely<Database>) {
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

    /** Deletes a comment and its answers (moderation); false when there was none. */
    async delete(commentId: number): Promise<boolean> {
      const result = await db.deleteFrom('comments').where('id', '=', commentId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
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

    /** The names of users (the authors an answer notifies). */
    usersByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
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

export type CommentRepository = ReturnType<typeof createCommentRepository>;
