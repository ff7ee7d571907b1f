import { api } from '@academy/shared/api';
import type {
  MentorQueueAssignInput,
  MentorQueueEntry,
  MentorQueueMentor,
  MentorQueuePage,
  MentorQueueQuery,
  TaskProblem,
} from '@academy/shared/contract';
import { MENTOR_QUEUE_ASSIGNER_ROLES, MENTOR_QUEUE_PAGE } from '@academy/shared/contract';
import type { PageData } from '@academy/shared/ssr';

/** Every page of the queue: a take, a release or a reassignment changes what any page shows. */
const QUEUE = { type: 'MentorQueue' as const, id: 'LIST' };

/** The mentor's work queue (docs/courses.md, "Mentor queue"; shared/contract/mentor-queue.ts). */
const queueApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getMentorQueue: build.query<MentorQueuePage, MentorQueueQuery>({
      query: (params) => ({ url: '/api/mentor/queue', params }),
      providesTags: [QUEUE],
    }),
    getMentorQueueMentors: build.query<MentorQueueMentor[], void>({
      query: () => '/api/mentor/queue/mentors',
      providesTags: [QUEUE],
    }),
    // the task's statement as the student sees it: never its answers (docs/courses.md, "Staff students list and view-as mode")
    getQueueTaskProblem: build.query<TaskProblem, { courseTaskId: number; studentId: number }>({
      query: ({ courseTaskId, studentId }) => ({
        url: `/api/fake/user/task/part/${courseTaskId}/problem`,
        params: { studentId },
      }),
    }),
    // a refusal (someone took it first) refreshes the queue too: the row then shows who has it
    takeQueueAnswer: build.mutation<MentorQueueEntry, number>({
      query: (answerId) => ({ url: `/api/mentor/queue/${answerId}/take`, method: 'POST' }),
      invalidatesTags: [QUEUE],
    }),
    releaseQueueAnswer: build.mutation<MentorQueueEntry, number>({
      query: (answerId) => ({ url: `/api/mentor/queue/${answerId}/take`, method: 'DELETE' }),
      invalidatesTags: [QUEUE],
    }),
    assignQueueAnswer: build.mutation<MentorQueueEntry, { answerId: number } & MentorQueueAssignInput>({
      query: ({ answerId, mentorId }) => ({ url: `/api/mentor/queue/${answerId}/assign`, method: 'POST', body: { mentorId } }),
      invalidatesTags: [QUEUE],
    }),
  }),
});

export const {
  useGetMentorQueueQuery,
  useGetMentorQueueMentorsQuery,
  useGetQueueTaskProblemQuery,
  useTakeQueueAnswerMutation,
  useReleaseQueueAnswerMutation,
  useAssignQueueAnswerMutation,
} = queueApi;

/** The queue page as it asks first: its first page, and the mentors for a role that gives answers to others. */
export const queuePageData: PageData = (dispatch, profile) => {
  dispatch(queueApi.endpoints.getMentorQueue.initiate({ page: 1, pageSize: MENTOR_QUEUE_PAGE.default }));
  const role = profile?.role.name;
  if (role && (MENTOR_QUEUE_ASSIGNER_ROLES as readonly string[]).includes(role))
    dispatch(queueApi.endpoints.getMentorQueueMentors.initiate());
};
