import { COMMENT_EDIT_WINDOW_MINUTES, COMMENT_MAX_LENGTH, isBlankComment, normalizeCommentText } from '@academy/shared/contract';
import type { CommentDeps } from './rows';
import type { UserRow } from '../../db/schema';
import { badRequest, retryLater } from '../../common/errors';
import type { RateLimits } from '../../plugins/rate-limit';
import { refreshCommentNotices, withdrawCommentNotices } from '../notifications/academy';
import { answerNotices } from './answer-notices';
import { checkApproved, commentAccess, isStaff } from './comment-access';
import { commentViews } from './comment-view';
import type { CommentCore, CommentRepository, FoundComment, ThreadTaskRow } from './repository';

/** How many comments and answers one user may write in a while: a person typing never meets it, a script does. */
export const COMMENT_WRITE_LIMITS: RateLimits = { perSubject: 10, windowMinutes: 5 };

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

/** Writing comments: a comment, an answer, the author's edit and deletion (the service: service.ts). */
export function commentWrites(deps: CommentDeps, comments: CommentRepository) {
  const now = () => deps.clock.now();
  const { threadTask, visibleComment, checkWritable, ownEditable } = commentAccess(deps, comments);
  const { commentView, newCommentView } = commentViews(deps, comments);
  const { noticeAnswer } = answerNotices(deps, comments);

  /** Writes a comment or an answer (to `answered`, attached to its top-level comment) and notifies. */
  async function write(user: UserRow, task: ThreadTaskRow, answered: FoundComment | null, raw: string, zone: string) {
    if (answered) {
      if (answered.task_id !== task.id) throw badRequest('server.commentOtherTask');
      checkApproved(user, answered);
    }
    await checkWritable(user, task);
    const text = checkedText(raw);
    // a student's comments wait for moderation until enough of theirs are approved; staff's never do;
    // an answer under a waiting comment (its author's own) waits with it. Reserved against the limit in
    // the write's own statement, so a burst of parallel posts cannot all pass a count made before any.
    const parentId = answered ? (answered.parent_id ?? answered.id) : null;
    const underWaiting = answered !== null && (answered.parent_id === null ? answered.pre_moderate : answered.parent_pending);
    const staff = isStaff(user);
    const pending = deps.rateLimiter.reservation('comment', String(user.id), '', COMMENT_WRITE_LIMITS);
    const at = now();
    const { created, reservationRow } = await comments.insertReserved(
      {
        taskId: task.id,
        userId: user.id,
        parentId,
        text,
        now: at,
        waits: !staff && underWaiting,
        approvedNeeded: staff ? 0 : deps.settings.commentsPremoderated,
      },
      pending,
    );
    const reservation = pending.outcome(reservationRow);
    if (!reservation.ok)
      throw retryLater(429, 'server.commentsTooFast', reservation.retryAfterSeconds, { seconds: reservation.retryAfterSeconds });
    // reserved means written: the insert runs on the reservation's row
    if (!created) throw new Error('a reserved comment was not written');
    const comment: CommentCore = {
      id: created.id,
      task_id: task.id,
      parent_id: parentId,
      user_id: user.id,
      text,
      pre_moderate: created.pre_moderate,
      created_at: at,
    };
    // a waiting answer notifies when approved
    if (answered) await noticeAnswer(comment, answered.parent_id === null ? null : answered, task);
    return newCommentView(user, comment, zone);
  }

  return {
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
      const backToModeration = !isStaff(user) && !(await comments.hasApproved(user.id, deps.settings.commentsPremoderated));
      const written = await comments.updateText(commentId, user.id, { text, since, now: now(), backToModeration });
      if (!written) throw badRequest('server.commentWindowClosed', { minutes: COMMENT_EDIT_WINDOW_MINUTES });
      if (comment.parent_id !== null) {
        if (written.pre_moderate) await withdrawCommentNotices(deps.db, commentId);
        else await refreshCommentNotices(deps.db, commentId);
      }
      return commentView(user, commentId, zone);
    },

    async remove(user: UserRow, commentId: number): Promise<boolean> {
      const { since } = await ownEditable(user, commentId);
      if (!(await comments.deleteOwn(commentId, user.id, since)))
        throw badRequest('server.commentWindowClosed', { minutes: COMMENT_EDIT_WINDOW_MINUTES });
      return true;
    },
  };
}
