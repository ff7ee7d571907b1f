import type { TaskComment } from '@academy/shared/contract';
import { formatDateTime } from '../../common/dates';
import type { CommentDeps } from './rows';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../common/errors';
import { WINDOW_MS, isStaff, readerOf } from './comment-access';
import type { CommentCore, CommentRepository, CommentRow, LikerRow } from './repository';

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

export const byComment = (rows: LikerRow[]) => {
  const map = new Map<number, LikerRow[]>();
  for (const row of rows) map.set(row.comment_id, [...(map.get(row.comment_id) ?? []), row]);
  return map;
};

/** A comment as its reader sees it: the author's picture if theirs to see, the likers, the author's window. */
export function commentViews(deps: CommentDeps, comments: CommentRepository) {
  const now = () => deps.clock.now();

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

  /**
   * A comment its author has just written, as they see it, from what the write returned: no answers,
   * likes or edits yet, and the author is the reader (no statement: a new comment was three reads).
   */
  function newCommentView(author: UserRow, created: CommentCore, zone: string): TaskComment {
    const row: CommentRow = {
      ...created,
      edited_at: null,
      first_name: author.first_name,
      last_name: author.last_name,
      avatar_url: author.avatar_url,
      role: author.role,
      direction: author.direction,
      likes: 0,
      liked_by_me: false,
    };
    return toComment(row, author, new Map(), zone);
  }

  return { toComment, commentView, newCommentView };
}
