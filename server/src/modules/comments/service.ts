import type { TaskComment } from '@academy/shared/contract';
import type { CommentDeps } from './rows';
import type { UserRow } from '../../db/schema';
import { commentAccess, readerOf } from './comment-access';
import { commentLikes } from './comment-likes';
import { commentModeration } from './comment-moderation';
import { commentViews } from './comment-view';
import { commentWrites } from './comment-writes';
import type { CommentRepository } from './repository';

export { taskPagePath } from './answer-notices';
export { COMMENT_WRITE_LIMITS } from './comment-writes';

/**
 * The comment rules (spec 1 §3–§5): who reads and writes a task's thread, pre-moderation of new
 * students, the author's five minutes, likes, answers and their notices, and moderation. One
 * responsibility a file: who may do what (comment-access.ts), a comment as its reader sees it
 * (comment-view.ts), writing (comment-writes.ts), likes (comment-likes.ts), an answer's notices
 * (answer-notices.ts) and moderation (comment-moderation.ts); reading a thread is here.
 */
export function createCommentService(deps: CommentDeps, comments: CommentRepository) {
  const { threadTask } = commentAccess(deps, comments);
  const { toComment } = commentViews(deps, comments);

  return {
    /** The thread of a task: top-level comments oldest first, each with its answers (bounded, one query). */
    async thread(user: UserRow, taskId: number, zone: string): Promise<TaskComment[]> {
      await threadTask(user, taskId);
      const rows = await comments.thread(taskId, readerOf(user));
      const likers = new Map(rows.map((row) => [row.id, row.likers]));
      const answersOf = new Map<number, TaskComment[]>();
      for (const answer of rows) {
        if (answer.parent_id === null) continue;
        const list = answersOf.get(answer.parent_id) ?? [];
        list.push(toComment(answer, user, likers, zone));
        answersOf.set(answer.parent_id, list);
      }
      return rows
        .filter((row) => row.parent_id === null)
        .map((row) => toComment(row, user, likers, zone, answersOf.get(row.id) ?? []));
    },

    ...commentWrites(deps, comments),
    ...commentLikes(deps, comments),
    ...commentModeration(deps, comments),
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
