import { api } from '@academy/shared/api';
import type { MentorReviewSlot, ReviewOutcomeInput } from '@academy/shared/contract';

/** Every list of slots (the reviewing mentor's, the planner's periods): an outcome shows in each. */
const SLOTS = { type: 'ReviewSlot' as const, id: 'LIST' };

/** The reviewing mentor's screen (docs/courses.md, "Reviews"; REVIEW_MENTOR_ROLES): their slots, and a waiting review's outcome. */
const outcomesApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getMentorReviewSlots: build.query<MentorReviewSlot[], void>({
      query: () => '/api/mentor/review/slots',
      providesTags: (slots = []) => [SLOTS, ...slots.map((slot) => ({ type: 'ReviewSlot' as const, id: slot.id }))],
    }),
    recordReviewOutcome: build.mutation<
      null,
      { studentReviewId: number; slotId: number; courseId: number; input: ReviewOutcomeInput }
    >({
      query: ({ studentReviewId, input }) => ({
        url: `/api/mentor/review/outcome/${studentReviewId}`,
        method: 'POST',
        body: input,
      }),
      // the slot's lists, and the student's course as staff may have it open (a passed review opens the next module)
      invalidatesTags: (_result, error, { slotId, courseId }) =>
        error
          ? []
          : [
              { type: 'ReviewSlot', id: slotId },
              { type: 'Course', id: courseId },
            ],
    }),
  }),
});

export const { useGetMentorReviewSlotsQuery, useRecordReviewOutcomeMutation } = outcomesApi;
