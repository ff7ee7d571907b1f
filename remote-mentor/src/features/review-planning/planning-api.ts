import { api } from '@academy/shared/api';
import type { ReviewPlanningOptions, ReviewSlot, ReviewSlotInput, ReviewSlotQuery } from '@academy/shared/contract';
import { todayIn } from '@academy/shared/i18n';
import type { PageData } from '@academy/shared/ssr';
import { shiftDay } from '../../components/review-slot';

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

/** The period shown: its first and last day (`yyyy-MM-dd`). */
export interface Period {
  from: string;
  to: string;
}

/** The period shown first: from today, four weeks. */
const PERIOD_DAYS = 28;
export const firstPeriod = (today: string): Period => ({ from: today, to: shiftDay(today, PERIOD_DAYS - 1) });

/**
 * The planning on the server: the first period's slots from today where the reader is, and the form's
 * options, as the page asks first. Not without the reader's zone (the slots' days and hours are theirs).
 */
export const planningPageData: PageData = (dispatch, _profile, { timeZone }) => {
  if (!timeZone) return false;
  dispatch(planningApi.endpoints.getPlannedReviewSlots.initiate(firstPeriod(todayIn(timeZone))));
  dispatch(planningApi.endpoints.getReviewPlanningOptions.initiate());
};

export const {
  useGetReviewPlanningOptionsQuery,
  useGetPlannedReviewSlotsQuery,
  usePlanReviewSlotMutation,
  useChangeReviewSlotMutation,
  useCancelReviewSlotMutation,
} = planningApi;
