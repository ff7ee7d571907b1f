import { COMMENT_EDIT_WINDOW_MINUTES, STAFF_VIEW_ROLES } from '@academy/shared/contract';
import type { CommentDeps } from './rows';
import type { UserRow } from '../../db/schema';
import { ApiError, badRequest, forbidden, locked, notFound } from '../../common/errors';
import { moduleBlocked } from '../courses/tree';
import type { Catalog } from '../courses/catalog';
import type { CommentReader, CommentRepository, CommentTaskRow, FoundComment, ThreadTaskRow } from './repository';

/** The author's window to edit or delete a comment, in milliseconds. */
export const WINDOW_MS = COMMENT_EDIT_WINDOW_MINUTES * 60_000;

export const isStaff = (user: UserRow) => STAFF_VIEW_ROLES.includes(user.role);

export const readerOf = (user: UserRow): CommentReader => ({ id: user.id, seesPending: isStaff(user) });

/**
 * A task and where it lies, from the course content kept in process (no query: a thread is read, and
 * a comment written or approved, without asking the database where its task is); undefined when there
 * is none.
 */
export function taskPlace(content: Catalog, taskId: number): CommentTaskRow | undefined {
  const courseId = content.taskCourse.get(taskId);
  const course = courseId === undefined ? undefined : content.byId.get(courseId);
  const row = course && content.trees.get(course.id)?.find((r) => r.task_id === taskId);
  if (!course || !row) return undefined;
  return {
    id: row.task_id,
    title: row.title,
    course_id: course.id,
    course_name: course.name,
    course_kind: course.kind,
    direction: course.direction,
    module_id: row.module_id,
    module_position: row.module_position,
    chapter_position: row.chapter_position,
    task_position: row.task_position,
  };
}

/** Others may like or answer a comment only once it is approved, and an answer only while its top-level comment is. */
export function checkApproved(user: UserRow, comment: FoundComment): void {
  if ((comment.pre_moderate && comment.user_id !== user.id) || comment.parent_pending)
    throw badRequest('server.commentAwaitsModeration');
}

/** Who may read and write what: a thread's task, a comment, the author's window (the service: service.ts). */
export function commentAccess(deps: CommentDeps, comments: CommentRepository) {
  const now = () => deps.clock.now();

  /**
   * The task whose thread the user opens: staff read any; a paying student one of a regular or
   * additional course of their direction (or one they were enrolled in). A course they cannot see
   * answers as a missing task, as the task pages do.
   */
  async function threadTask(user: UserRow, taskId: number): Promise<ThreadTaskRow> {
    const place = taskPlace(await deps.catalog.catalog(), taskId);
    if (!place) throw notFound('server.noTask', { id: taskId });
    // only a student's enrolment counts (staff read any thread; others none)
    const enrolled = user.role === 'PAY_STUDENT' && (await deps.progress(user.id)).enrolled.has(place.course_id);
    const task = { ...place, enrolled };
    if (isStaff(user)) return task;
    const ownCourse = user.direction !== null && user.direction === task.direction;
    if (user.role !== 'PAY_STUDENT' || task.course_kind === 'enrollee' || !(ownCourse || task.enrolled))
      throw notFound('server.noTask', { id: taskId });
    return task;
  }

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

  /**
   * Reading a thread is the direction's; writing in it (a comment, an answer, a like) is for a student
   * who may open the task: enrolled in its course, its module not blocked (the task pages' 423).
   */
  async function checkWritable(user: UserRow, task: ThreadTaskRow): Promise<void> {
    if (user.role !== 'PAY_STUDENT') return;
    if (!task.enrolled) throw locked('server.courseNotEnrolled');
    const [content, state] = await Promise.all([deps.catalog.catalog(), deps.progress(user.id)]);
    if (moduleBlocked(content, state, task.course_id, task.module_id)) throw locked('server.moduleBlocked');
  }

  /** The author's comment while the window is open: its time is checked here, and again by the write itself. */
  async function ownEditable(user: UserRow, commentId: number) {
    const found = await visibleComment(user, commentId);
    if (found.comment.user_id !== user.id) throw forbidden('server.commentNotYours');
    if (now().getTime() - found.comment.created_at.getTime() > WINDOW_MS)
      throw badRequest('server.commentWindowClosed', { minutes: COMMENT_EDIT_WINDOW_MINUTES });
    return { ...found, since: new Date(now().getTime() - WINDOW_MS) };
  }

  return { threadTask, visibleComment, checkWritable, ownEditable };
}
