import { api } from './base-api';

/** The tag of the staff's list of comments awaiting moderation. */
export const MODERATION_TAG = { type: 'Comment', id: 'MODERATION' } as const;

/** A comment to moderate; `taskId` names the thread to refresh (null: only the moderation list). */
export interface ModeratedComment {
  commentId: number;
  taskId: number | null;
}

const moderatedTags = (_r: unknown, _e: unknown, { taskId }: ModeratedComment) => [
  MODERATION_TAG,
  ...(taskId === null ? [] : [{ type: 'Comment' as const, id: taskId }]),
];

/**
 * Moderation of comments (spec 1 §6, §7): staff approve or delete a comment awaiting it, on the
 * student's task page (view-as-student) and on the staff screen alike.
 */
export const commentModerationApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    approveComment: build.mutation<{ id: number; preModerate: false }, ModeratedComment>({
      query: ({ commentId }) => ({ url: `/api/comment/moderation/${commentId}`, method: 'PUT' }),
      invalidatesTags: moderatedTags,
    }),
    deleteCommentAsModerator: build.mutation<boolean, ModeratedComment>({
      query: ({ commentId }) => ({ url: `/api/comment/moderation/${commentId}`, method: 'DELETE' }),
      invalidatesTags: moderatedTags,
    }),
  }),
});

export const { useApproveCommentMutation, useDeleteCommentAsModeratorMutation } = commentModerationApi;
