import type { CommentDeps } from './rows';
import type { UserRow } from '../../db/schema';
import { checkApproved, commentAccess } from './comment-access';
import type { CommentRepository } from './repository';

/** Likes of a comment, each answered with the new count (the service: service.ts). */
export function commentLikes(deps: CommentDeps, comments: CommentRepository) {
  const now = () => deps.clock.now();
  const { visibleComment, checkWritable } = commentAccess(deps, comments);

  return {
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
  };
}
