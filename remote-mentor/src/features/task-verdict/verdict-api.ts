import { api, studentTaskTagId } from '@academy/shared/api';
import type { CodeLanguage, MentorVerdict } from '@academy/shared/contract';

const verdictApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    giveMentorVerdict: build.mutation<
      MentorVerdict,
      { studentTaskId: number; answerId: number; courseTaskId: number; studentId: number } & MentorVerdict
    >({
      query: ({ studentTaskId, answerId, mentorComment, right }) => ({
        url: `/api/fake/protect/user/taskInfo/${studentTaskId}/answer/${answerId}/mentorAnswer`,
        method: 'POST',
        body: { mentorComment, right },
      }),
      // spec 2 §2.5, reload after success: that student's task and solutions, and the queue it leaves
      invalidatesTags: (_r, error, { courseTaskId, studentTaskId, studentId }) =>
        error
          ? []
          : [
              { type: 'Task', id: studentTaskTagId(courseTaskId, studentId) },
              { type: 'Solutions', id: studentTaskId },
              { type: 'MentorQueue', id: 'LIST' },
            ],
    }),
    getReferenceSolution: build.query<{ solution: string; codeLang: CodeLanguage }, number>({
      query: (courseTaskId) => ({ url: '/api/fake/protect/student/task/referenceSolution', params: { courseTaskId } }),
    }),
  }),
});

export const { useGiveMentorVerdictMutation, useGetReferenceSolutionQuery } = verdictApi;
