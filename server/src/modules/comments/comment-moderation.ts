import { MODERATION_PAGE_SIZE, type PendingCommentsPage } from '@academy/shared/contract';
import { formatDateTime } from '../../common/dates';
import type { CommentDeps } from './rows';
import { badRequest, notFound } from '../../common/errors';
import { answerNotices, taskPagePath } from './answer-notices';
import { taskPlace } from './comment-access';
import type { CommentRepository } from './repository';

/** Moderation (spec 1 §6): the waiting comments a page at a time, their approval and deletion (the service: service.ts). */
export function commentModeration(deps: CommentDeps, comments: CommentRepository) {
  const { noticeAnswer } = answerNotices(deps, comments);

  return {
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
        const task = taskPlace(await deps.catalog.catalog(), approved.task_id);
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
