import { api } from '@academy/shared/api';
import type { PageData } from '@academy/shared/ssr';
import type { TaskComment } from '@academy/shared/contract';

/** A task's thread is one cache item: every change to it refreshes that thread and nothing else. */
const threadTags = (taskId: number) => [{ type: 'Comment' as const, id: taskId }];
const invalidatesThread = (_r: unknown, _e: unknown, { taskId }: { taskId: number }) => threadTags(taskId);

/** The spec's calls take form fields (`text`, `newText`). */
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** A comment of a thread by id, top-level or answer. */
function findComment(thread: TaskComment[], id: number): TaskComment | undefined {
  for (const comment of thread) {
    if (comment.id === id) return comment;
    const answer = comment.dependentComments.find((a) => a.id === id);
    if (answer) return answer;
  }
  return undefined;
}

/** Puts a comment the server returned into the cached thread at once (the thread is read again anyway). */
function placeComment(thread: TaskComment[], comment: TaskComment): void {
  const existing = findComment(thread, comment.id);
  if (existing) {
    Object.assign(existing, comment);
    return;
  }
  if (comment.parentId === null) thread.push(comment);
  else thread.find((c) => c.id === comment.parentId)?.dependentComments.push(comment);
}

const commentsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getTaskComments: build.query<TaskComment[], number>({
      query: (taskId) => `/api/user/comment/task/${taskId}`,
      providesTags: (_r, _e, taskId) => threadTags(taskId),
    }),
    createTaskComment: build.mutation<TaskComment, { taskId: number; text: string }>({
      query: ({ taskId, text }) => ({ url: `/api/user/comment/task/${taskId}`, method: 'POST', body: form({ text }) }),
      // the returned comment goes into the cached thread at once: the page never shows the old text meanwhile
      async onQueryStarted({ taskId }, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result)
          dispatch(commentsApi.util.updateQueryData('getTaskComments', taskId, (thread) => placeComment(thread, result.data)));
      },
      invalidatesTags: invalidatesThread,
    }),
    /** An answer to a comment; to an answer, the server puts it under the same top-level comment. */
    answerTaskComment: build.mutation<TaskComment, { taskId: number; commentId: number; text: string }>({
      query: ({ commentId, text }) => ({ url: `/api/user/comment/${commentId}/answer`, method: 'POST', body: form({ text }) }),
      // the returned comment goes into the cached thread at once: the page never shows the old text meanwhile
      async onQueryStarted({ taskId }, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result)
          dispatch(commentsApi.util.updateQueryData('getTaskComments', taskId, (thread) => placeComment(thread, result.data)));
      },
      invalidatesTags: invalidatesThread,
    }),
    editTaskComment: build.mutation<TaskComment, { taskId: number; commentId: number; newText: string }>({
      query: ({ commentId, newText }) => ({ url: `/api/user/comment/${commentId}`, method: 'PUT', body: form({ newText }) }),
      // the new text at once (the old one never shows again meanwhile), undone when the server refuses
      async onQueryStarted({ taskId, commentId, newText }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          commentsApi.util.updateQueryData('getTaskComments', taskId, (thread) => {
            const comment = findComment(thread, commentId);
            if (comment) Object.assign(comment, { text: newText, edited: true });
          }),
        );
        const result = await queryFulfilled.catch(() => null);
        if (result)
          dispatch(commentsApi.util.updateQueryData('getTaskComments', taskId, (thread) => placeComment(thread, result.data)));
        else patch.undo();
      },
      invalidatesTags: invalidatesThread,
    }),
    deleteTaskComment: build.mutation<boolean, { taskId: number; commentId: number }>({
      query: ({ commentId }) => ({ url: `/api/user/comment/${commentId}`, method: 'DELETE' }),
      invalidatesTags: invalidatesThread,
    }),
    /**
     * Like or take the like back: shown at once (undone when the server refuses), then the server's
     * count; the thread is read again for the names of who liked it.
     */
    setTaskCommentLike: build.mutation<number, { taskId: number; commentId: number; like: boolean }>({
      query: ({ commentId, like }) => ({ url: `/api/user/comment/${commentId}/like`, method: like ? 'POST' : 'DELETE' }),
      async onQueryStarted({ taskId, commentId, like }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          commentsApi.util.updateQueryData('getTaskComments', taskId, (thread) => {
            const comment = findComment(thread, commentId);
            if (!comment || comment.likedByMe === like) return;
            comment.likedByMe = like;
            comment.likes = Math.max(0, comment.likes + (like ? 1 : -1));
          }),
        );
        try {
          const { data: count } = await queryFulfilled;
          dispatch(
            commentsApi.util.updateQueryData('getTaskComments', taskId, (thread) => {
              const comment = findComment(thread, commentId);
              if (comment) comment.likes = count;
            }),
          );
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, error, { taskId }) => (error ? [] : threadTags(taskId)),
    }),
  }),
});

export const {
  useGetTaskCommentsQuery,
  useCreateTaskCommentMutation,
  useAnswerTaskCommentMutation,
  useEditTaskCommentMutation,
  useDeleteTaskCommentMutation,
  useSetTaskCommentLikeMutation,
} = commentsApi;

/** A task's thread on the server's page, when the browser has told its time zone (the comments' times follow it). */
export const taskCommentsData =
  (taskId: number): PageData =>
  (dispatch, _profile, { timeZone }) => {
    if (timeZone) dispatch(commentsApi.endpoints.getTaskComments.initiate(taskId));
  };
