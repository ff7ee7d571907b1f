import { api } from '@academy/shared/api';
import type { ReviewPlanningOptions, ReviewSlot, ReviewSlotInput, ReviewSlotQuery } from '@academy/shared/contract';

const CHIEF = '/api/chief/review';
/** Every list of slots (the planner's periods, the reviewing mentors' lists): a change to a slot shows in each. */
const SLOTS = { type: 'ReviewSlot' as const, id: 'LIST' };

/** Review planning (docs/courses.md, "Reviews"; REVIEW_PLANNER_ROLES): the form's options, the slots of a period, plan, move, cancel. */
const planningApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getReviewPlanningOptions: build.query<ReviewPlanningOptions, void>({
      query: () => `${CHIEF}/options`,
    }),
    getPlannedReviewSlots: build.query<ReviewSlot[], Required<Pick<ReviewSlotQuery, 'from' | 'to'>>>({
      query: ({ from, to }) => ({ url: `${CHIEF}/slots`, params: { from, to } }),
      providesTags: (slots = []) => [SLOTS, ...slots.map((slot) => ({ type: 'ReviewSlot' as const, id: slot.id }))],
    }),
    planReviewSlot: build.mutation<ReviewSlot, ReviewSlotInput>({
      query: (body) => ({ url: `${CHIEF}/slots`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [SLOTS]),
    }),
    changeReviewSlot: build.mutation<ReviewSlot, { id: number; input: ReviewSlotInput }>({
      query: ({ id, input }) => ({ url: `${CHIEF}/slots/${id}`, method: 'PUT', body: input }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [SLOTS, { type: 'ReviewSlot', id }]),
    }),
    cancelReviewSlot: build.mutation<null, number>({
      query: (id) => ({ url: `${CHIEF}/slots/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [SLOTS, { type: 'ReviewSlot', id }]),
    }),
  }),
});

export const {
  useGetReviewPlanningOptionsQuery,
  useGetPlannedReviewSlotsQuery,
  usePlanReviewSlotMutation,
  useChangeReviewSlotMutation,
  useCancelReviewSlotMutation,
} = planningApi;
