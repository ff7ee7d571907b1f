import { api } from '@academy/shared/api';
import type { MentorVerdict } from '@academy/shared/contract';

const verdictApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    giveMentorVerdict: build.mutation<
      MentorVerdict,
      { studentTaskId: number; answerId: number; courseTaskId: number } & MentorVerdict
    >({
      query: ({ studentTaskId, answerId, mentorComment, right }) => ({
        url: `/api/fake/protect/user/taskInfo/${studentTaskId}/answer/${answerId}/mentorAnswer`,
        method: 'POST',
        body: { mentorComment, right },
      }),
      // reload the task, its history and the course figures (spec 2 §2.5: reload after success)
      invalidatesTags: (_r, error, { courseTaskId, studentTaskId }) =>
        error ? [] : [{ type: 'Task', id: courseTaskId }, { type: 'Task', id: `solutions-${studentTaskId}` }, { type: 'Course' }],
    }),
    getReferenceSolution: build.query<{ solution: string; codeLang: 'javascript' | 'typescript' }, number>({
      query: (courseTaskId) => ({ url: '/api/fake/protect/student/task/referenceSolution', params: { courseTaskId } }),
    }),
  }),
});

export const { useGiveMentorVerdictMutation, useGetReferenceSolutionQuery } = verdictApi;
