import {
  COMMENT_EDIT_WINDOW_MINUTES,
  COMMENT_MAX_LENGTH,
  MODERATION_PAGE_SIZE,
  STAFF_VIEW_ROLES,
  isBlankComment,
  normalizeCommentText,
  type PendingCommentsPage,
  type TaskComment,
} from '@academy/shared/contract';
import type { App } from '../../common/types';
import type { UserRow } from '../../db/schema';
import { ApiError, badRequest, forbidden, locked, notFound, retryLater } from '../../plugins/errors';
import type { RateLimits } from '../../plugins/rate-limit';
import { moduleBlocked } from '../courses/service';
import { refreshCommentNotices, sendAcademyNotice, withdrawCommentNotices } from '../notifications/academy';
import type {
  CommentCore,
  CommentReader,
  CommentRepository,
  CommentRow,
  CommentTaskRow,
  FoundComment,
  LikerRow,
  ThreadTaskRow,
} from './repository';
import { formatDateTime } from '../../common/dates';

const WINDOW_MS = COMMENT_EDIT_WINDOW_MINUTES * 60_000;

/** How many comments and answers one user may write in a while: a person typing never meets it, a script does. */
export const COMMENT_WRITE_LIMITS: RateLimits = { perSubject: 10, windowMinutes: 5 };

/** The task page of the student area (spec 2 §9), in view-as-student mode when `studentId` is given. */
export function taskPagePath(task: CommentTaskRow, studentId: number | null = null): string {
  const base =
    task.course_kind === 'additional' ? `/user/courses/additional/${task.course_id}` : `/user/courses/${task.course_id}`;
  const path = `${base}/${task.module_position}/${task.chapter_position}/${task.task_position}`;
  return studentId ? `${path}?studentId=${studentId}` : path;
}

/**
 * The text as stored (bidi controls taken out, trimmed) within the limits, or the catalogue's refusal:
 * a text nobody would see (only spaces, zero-width and format characters, fillers) counts as empty.
 */
function checkedText(raw: string): string {
  const text = normalizeCommentText(raw);
  if (isBlankComment(text)) throw badRequest('server.commentEmpty');
  if (text.length > COMMENT_MAX_LENGTH) throw badRequest('server.commentTooLong', { max: COMMENT_MAX_LENGTH });
  return text;
}

const isStaff = (user: UserRow) => STAFF_VIEW_ROLES.includes(user.role);

/** Whether a reader may see an author's picture: the profile's reading rule (profile/service.ts) for a thread's readers. */
function seesPicture(reader: UserRow, author: Pick<CommentRow, 'user_id' | 'role' | 'direction'>): boolean {
  if (reader.id === author.user_id || isStaff(reader)) return true;
  return (
    reader.role === 'PAY_STUDENT' &&
    (author.role === 'PAY_STUDENT' || author.role === 'STUDENT') &&
    reader.direction !== null &&
    reader.direction === author.direction
  );
}

/**
 * The comment rules (spec 1 §3–§5): who reads and writes a task's thread, pre-moderation of new
 * students, the author's five minutes, likes, answers and their notices, and moderation.
 */
export function createCommentService(app: App, comments: CommentRepository) {
  const now = () => app.clock.now();

  /**
   * The task whose thread the user opens: staff read any; a paying student one of a regular or
   * additional course of their direction (or one they were enrolled in). A course they cannot see
   * answers as a missing task, as the task pages do.
   */
  async function threadTask(user: UserRow, taskId: number): Promise<ThreadTaskRow> {
    const task = await comments.findTask(taskId, user.id);
    if (!task) throw notFound('server.noTask', { id: taskId });
    if (isStaff(user)) return task;
    const ownCourse = user.direction !== null && user.direction === task.direction;
    if (user.role !== 'PAY_STUDENT' || task.course_kind === 'enrollee' || !(ownCourse || task.enrolled))
      throw notFound('server.noTask', { id: taskId });
    return task;
  }

  const readerOf = (user: UserRow): CommentReader => ({ id: user.id, seesPending: isStaff(user) });

  /**
   * A comment the user may see (its thread is theirs; a pending one, or an answer under a pending
   * one, is the author's or staff's), with its task. Any refusal names the comment, never its task:
   * which task a comment is under is not told to those who may not read that thread.
   */
  async function visibleComment(user: UserRow, commentId: number): Promise<{ comment: FoundComment; task: ThreadTaskRow }> {
    const hidden = notFound('server.noComment', { id: commentId });
    const comment = await comments.findComment(commentId);
    if (!comment) throw hidden;
    const task = await threadTask(user, comment.task_id).catch((error: unknown) => {
      throw error instanceof ApiError ? hidden : error;
    });
    if (!isStaff(user)) {
      if (comment.pre_moderate && comment.user_id !== user.id) throw hidden;
      if (comment.parent_pending && comment.parent_user_id !== user.id) throw hidden;
    }
    return { comment, task };
  }

  /** Others may like or answer a comment only once it is approved, and an answer only while its top-level comment is. */
  function checkApproved(user: UserRow, comment: FoundComment): void {
    if ((comment.pre_moderate && comment.user_id !== user.id) || comment.parent_pending)
      throw badRequest('server.commentAwaitsModeration');
  }

  /**
   * Reading a thread is the direction's; writing in it (a comment, an answer, a like) is for a student
   * who may open the task: enrolled in its course, its module not blocked (the task pages' 423).
   */
  async function checkWritable(user: UserRow, task: ThreadTaskRow): Promise<void> {
    if (user.role !== 'PAY_STUDENT') return;
    if (!task.enrolled) throw locked('server.courseNotEnrolled');
    const [content, state] = await Promise.all([app.courseCatalog.catalog(), app.studentProgress(user.id)]);
    if (moduleBlocked(content, state, task.course_id, task.module_id)) throw locked('server.moduleBlocked');
  }

  function toComment(
    row: CommentRow,
    reader: UserRow,
    likers: Map<number, LikerRow[]>,
    zone: string,
    answers: TaskComment[] = [],
  ): TaskComment {
    const mine = row.user_id === reader.id;
    const until = new Date(row.created_at.getTime() + WINDOW_MS);
    return {
      id: row.id,
      text: row.text,
      date: formatDateTime(row.created_at, zone),
      createdAt: row.created_at.toISOString(),
      edited: row.edited_at !== null,
      user: {
        id: row.user_id,
        firstName: row.first_name,
        lastName: row.last_name,
        avatarUrl: row.avatar_url && seesPicture(reader, row) ? row.avatar_url : null,
      },
      commentsLikes: (likers.get(row.id) ?? []).map((l) => ({ id: l.id, firstName: l.first_name, lastName: l.last_name })),
      likes: row.likes,
      likedByMe: row.liked_by_me,
      dependentComments: answers,
      preModerate: row.pre_moderate,
      editableUntil: mine && until.getTime() >= now().getTime() ? until.toISOString() : null,
      mine,
      parentId: row.parent_id,
    };
  }

  const byComment = (rows: LikerRow[]) => {
    const map = new Map<number, LikerRow[]>();
    for (const row of rows) map.set(row.comment_id, [...(map.get(row.comment_id) ?? []), row]);
    return map;
  };

  /** One comment as the reader sees it, with its answers when it is a top-level one. */
  async function commentView(user: UserRow, commentId: number, zone: string): Promise<TaskComment> {
    const row = await comments.oneComment(commentId, user.id);
    if (!row) throw notFound('server.noComment', { id: commentId });
    const answers = row.parent_id === null ? await comments.answersOf(row.id, readerOf(user)) : [];
    const likers = byComment(await comments.likers([row.id, ...answers.map((a) => a.id)]));
    return toComment(
      row,
      user,
      likers,
      zone,
      answers.map((a) => toComment(a, user, likers, zone)),
    );
  }

  /** Tells the authors an answer concerns (the top-level comment's, and the answered answer's), never the writer. */
  async function noticeAnswer(answer: CommentCore, answered: CommentCore | null, task: CommentTaskRow): Promise<void> {
    if (answer.parent_id === null || answer.pre_moderate) return;
    const parent = await comments.findComment(answer.parent_id);
    const recipients = new Set([parent?.user_id, answered?.user_id].filter((id): id is number => id !== undefined));
    recipients.delete(answer.user_id);
    if (recipients.size === 0) return;
    const [writer] = await comments.usersByIds([answer.user_id]);
    const authorName = writer ? `${writer.first_name} ${writer.last_name}` : '';
    for (const userId of recipients) {
      await sendAcademyNotice(
        app.db,
        {
          kind: 'COMMENT_ANSWER',
          userId,
          authorName,
          taskTitle: task.title,
          excerpt: answer.text,
          link: taskPagePath(task),
          commentId: answer.id,
        },
        now(),
      );
    }
  }

  /** Writes a comment or an answer (to `answered`, attached to its top-level comment) and notifies. */
  async function write(user: UserRow, task: ThreadTaskRow, answered: FoundComment | null, raw: string, zone: string) {
    if (answered) {
      if (answered.task_id !== task.id) throw badRequest('server.commentOtherTask');
      checkApproved(user, answered);
    }
    await checkWritable(user, task);
    const text = checkedText(raw);
    // reserved before the write, so a burst of parallel posts cannot all pass a count made before any
    const reservation = await app.rateLimiter.reserve('comment', String(user.id), '', COMMENT_WRITE_LIMITS);
    if (!reservation.ok)
      throw retryLater(429, 'server.commentsTooFast', reservation.retryAfterSeconds, { seconds: reservation.retryAfterSeconds });
    // a student's comments wait for moderation until enough of theirs are approved; staff's never do;
    // an answer under a waiting comment (its author's own) waits with it
    const parentId = answered ? (answered.parent_id ?? answered.id) : null;
    const underWaiting = answered !== null && (answered.parent_id === null ? answered.pre_moderate : answered.parent_pending);
    const preModerate =
      !isStaff(user) && (underWaiting || !(await comments.hasApproved(user.id, app.config.commentsPremoderated)));
    const at = now();
    const id = await comments.insert({ taskId: task.id, userId: user.id, parentId, text, preModerate, now: at });
    const created: CommentCore = {
      id,
      task_id: task.id,
      parent_id: parentId,
      user_id: user.id,
      text,
      pre_moderate: preModerate,
      created_at: at,
    };
    // a waiting answer notifies when approved
    if (answered) await noticeAnswer(created, answered.parent_id === null ? null : answered, task);
    return commentView(user, id, zone);
  }

  /** The author's comment while the window is open: its time is checked here, and again by the write itself. */
  async function ownEditable(user: UserRow, commentId: number) {
    const found = await visibleComment(user, commentId);
    if (found.comment.user_id !== user.id) throw forbidden('server.commentNotYours');
    if (now().getTime() - found.comment.created_at.getTime() > WINDOW_MS)
      throw badRequest('server.commentWindowClosed', { minutes: COMMENT_EDIT_WINDOW_MINUTES });
    return { ...found, since: new Date(now().getTime() - WINDOW_MS) };
  }

  return {
    /** The thread of a task: top-level comments oldest first, each with its answers (bounded, four queries). */
    async thread(user: UserRow, taskId: number, zone: string): Promise<TaskComment[]> {
      await threadTask(user, taskId);
      const reader = readerOf(user);
      const [top, answers] = await Promise.all([comments.topLevel(taskId, reader), comments.answers(taskId, reader)]);
      const likers = byComment(await comments.likers([...top, ...answers].filter((c) => c.likes > 0).map((c) => c.id)));
      const answersOf = new Map<number, TaskComment[]>();
      for (const answer of answers) {
        const list = answersOf.get(answer.parent_id!) ?? [];
        list.push(toComment(answer, user, likers, zone));
        answersOf.set(answer.parent_id!, list);
      }
      return top.map((row) => toComment(row, user, likers, zone, answersOf.get(row.id) ?? []));
    },

    /** A new comment; with `mainId` an answer to that comment of the same task. */
    async create(user: UserRow, taskId: number, mainId: number | undefined, text: string, zone: string) {
      const task = await threadTask(user, taskId);
      const answered = mainId === undefined ? null : (await visibleComment(user, mainId)).comment;
      return write(user, task, answered, text, zone);
    },

    /** An answer to a comment (to an answer: under the same top-level comment). */
    async answer(user: UserRow, commentId: number, text: string, zone: string) {
      const { comment, task } = await visibleComment(user, commentId);
      return write(user, task, comment, text, zone);
    },

    /**
     * The author's edit. A student not (yet) trusted (fewer approved comments than pre-moderation
     * asks, ACADEMY_COMMENTS_PREMODERATED) sends the new text to moderation again, so an approved
     * comment cannot become another unread one; an answer's notices quote the new text, or are
     * taken back while it waits (approving sends them again).
     */
    async edit(user: UserRow, commentId: number, raw: string, zone: string) {
      const text = checkedText(raw);
      const { comment, since } = await ownEditable(user, commentId);
      const backToModeration = !isStaff(user) && !(await comments.hasApproved(user.id, app.config.commentsPremoderated));
      const written = await comments.updateText(commentId, user.id, { text, since, now: now(), backToModeration });
      if (!written) throw badRequest('server.commentWindowClosed', { minutes: COMMENT_EDIT_WINDOW_MINUTES });
      if (comment.parent_id !== null) {
        if (written.pre_moderate) await withdrawCommentNotices(app.db, commentId);
        else await refreshCommentNotices(app.db, commentId);
      }
      return commentView(user, commentId, zone);
    },

    async remove(user: UserRow, commentId: number): Promise<boolean> {
      const { since } = await ownEditable(user, commentId);
      if (!(await comments.deleteOwn(commentId, user.id, since)))
        throw badRequest('server.commentWindowClosed', { minutes: COMMENT_EDIT_WINDOW_MINUTES });
      return true;
    },

    /** Likes (idempotent) and answers with the count. */
    async like(user: UserRow, commentId: number): Promise<number> {
      const { comment, task } = await visibleComment(user, commentId);
      checkApproved(user, comment);
      await checkWritable(user, task);
      await comments.like(commentId, user.id, now());
      return comments.likeCount(commentId);
    },

    async unlike(user: UserRow, commentId: number): Promise<number> {
      await visibleComment(user, commentId);
      await comments.unlike(commentId, user.id);
      return comments.likeCount(commentId);
    },

    /**
     * Approves a waiting comment (again: nothing changes); a waiting answer notifies now. An answer
     * under a waiting comment waits for that one: approving it first would show it under a comment
     * others cannot see.
     */
    async approve(commentId: number) {
      const approved = await comments.approve(commentId);
      if (!approved) {
        const found = await comments.findComment(commentId);
        if (!found) throw notFound('server.noComment', { id: commentId });
        if (found.pre_moderate && found.parent_pending) throw badRequest('server.commentApproveParentFirst');
        return { id: commentId, preModerate: false as const };
      }
      if (approved.parent_id !== null) {
        const task = await comments.findTask(approved.task_id, approved.user_id);
        if (task) await noticeAnswer({ ...approved, pre_moderate: false }, null, task);
      }
      return { id: commentId, preModerate: false as const };
    },

    async moderationDelete(commentId: number): Promise<boolean> {
      if (!(await comments.delete(commentId))) throw notFound('server.noComment', { id: commentId });
      return true;
    },

    /** The comments awaiting moderation, oldest first, a page at a time. */
    async pending(after: number | undefined, zone: string): Promise<PendingCommentsPage> {
      const rows = await comments.pending(after);
      const page = rows.slice(0, MODERATION_PAGE_SIZE);
      return {
        items: page.map((row) => ({
          id: row.comment_id,
          text: row.text,
          date: formatDateTime(row.created_at, zone),
          createdAt: row.created_at.toISOString(),
          parentId: row.parent_id,
          student: { id: row.student_id, firstName: row.first_name, lastName: row.last_name, direction: row.student_direction },
          task: { id: row.id, title: row.title, courseId: row.course_id, courseName: row.course_name },
          taskPath: taskPagePath(row, row.student_id),
        })),
        next: rows.length > MODERATION_PAGE_SIZE ? page.at(-1)!.comment_id : null,
      };
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
