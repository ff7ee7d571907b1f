import { api } from '@academy/shared/api';
import {
  REVIEW_LIST_WINDOW_DAYS,
  type CodeDebt,
  type ReviewEntry,
  type ReviewSearchRequest,
  type StudentReview,
  type TheoryDebt,
} from '@academy/shared/contract';
import { todayIn } from '@academy/shared/i18n';
import type { PageData } from '@academy/shared/ssr';
import { addDays, listDate } from '../lib/review-dates';

/**
 * Module reviews (spec 2 §2.6, §2.7, §7): the sign-up calendar of a module, booking and cancelling a
 * seat, and the review list. Used by the review step's body and the /user/review page, so it lives in
 * the area's shared layer. Booking, cancelling or deleting a review refreshes every calendar and list.
 */
export const REVIEW_LIST = { type: 'Review' as const, id: 'LIST' };
export const REVIEW_WRITE_TAGS = [REVIEW_LIST, { type: 'ReviewEntry' as const }];

/** Whose reviews: the signed-in student's (null) or a student's in view-as-student (FAKE) mode. */
export interface ReviewListArg extends ReviewSearchRequest {
  studentId: number | null;
}

/** Whose review's debts: the signed-in student's (null) or a student's in view-as-student (FAKE) mode. */
interface DebtArg {
  reviewId: number;
  studentId: number | null;
}

/** Own debts under /api/student/review/{id}, the view-as twins under /api/fake/protect/student/review/{id}. */
const debts = (kind: 'code' | 'theory', { reviewId, studentId }: DebtArg) =>
  studentId === null
    ? `/api/student/review/${reviewId}/debt/${kind}`
    : { url: `/api/fake/protect/student/review/${reviewId}/debt/${kind}`, params: { studentId } };

const reviewsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** The student's own calendar (normal mode only: the call has no view-as twin). */
    getReviewEntry: build.query<ReviewEntry, { moduleId: number; reviewType?: string }>({
      query: ({ moduleId, reviewType }) => ({
        url: `/api/student/review/module/${moduleId}`,
        params: reviewType ? { reviewType } : undefined,
      }),
      providesTags: (_r, _e, { moduleId }) => [{ type: 'ReviewEntry', id: moduleId }],
    }),
    // a refusal (full meanwhile, past, already booked) refreshes the calendar too: it shows why
    bookReviewSlot: build.mutation<null, { reviewId: number; moduleId: number }>({
      query: ({ reviewId, moduleId }) => ({
        url: `/api/student/review/register/${reviewId}`,
        method: 'POST',
        params: { moduleId },
      }),
      invalidatesTags: REVIEW_WRITE_TAGS,
    }),
    cancelReviewSlot: build.mutation<null, { reviewId: number }>({
      query: ({ reviewId }) => ({ url: `/api/student/review/register/${reviewId}`, method: 'DELETE' }),
      invalidatesTags: REVIEW_WRITE_TAGS,
    }),
    /** What a failed review left to redo (spec 2 §3): its code tasks and theory questions. */
    getReviewCodeDebts: build.query<CodeDebt[], DebtArg>({
      query: (arg) => debts('code', arg),
      providesTags: (_r, _e, { reviewId }) => [{ type: 'Review', id: reviewId }],
    }),
    getReviewTheoryDebts: build.query<TheoryDebt[], DebtArg>({
      query: (arg) => debts('theory', arg),
      providesTags: (_r, _e, { reviewId }) => [{ type: 'Review', id: reviewId }],
    }),
    /** The review list: a POST that only reads (spec 2 §7); `dd.MM.yyyy` dates, null status for all. */
    getStudentReviews: build.query<StudentReview[], ReviewListArg>({
      query: ({ studentId, startTime, endTime, reviewStatus }) => ({
        url: studentId === null ? '/api/student/review/' : '/api/fake/protect/student/review',
        method: 'POST',
        params: studentId === null ? undefined : { studentId },
        body: { startTime, endTime, reviewStatus: reviewStatus ?? null },
      }),
      providesTags: (reviews = []) => [
        REVIEW_LIST,
        ...reviews.map((review) => ({ type: 'Review' as const, id: review.studentReviewId })),
      ],
    }),
  }),
});

export const {
  useGetReviewEntryQuery,
  useBookReviewSlotMutation,
  useCancelReviewSlotMutation,
  useGetStudentReviewsQuery,
  useGetReviewCodeDebtsQuery,
  useGetReviewTheoryDebtsQuery,
} = reviewsApi;

/** The days the list shows first (spec 2 §2.7, §9): 14 days before today to 14 days after. */
export const firstReviewDays = (today: string) => ({
  from: addDays(today, -REVIEW_LIST_WINDOW_DAYS),
  to: addDays(today, REVIEW_LIST_WINDOW_DAYS),
});

/** The list's call for its days (`YYYY-MM-DD`) and status (null: every status). */
export const reviewListArg = (
  studentId: number | null,
  { from, to }: { from: string; to: string },
  reviewStatus: ReviewSearchRequest['reviewStatus'],
): ReviewListArg => ({ studentId, startTime: listDate(from), endTime: listDate(to), reviewStatus });

/**
 * /user/review as the server renders it (docs/architecture.md, "Server rendering"): a paying student's
 * own list around today in the reader's zone (a search the spec makes a POST that only reads). Anyone
 * else gets the area's skeleton first.
 */
export const reviewsPageData: PageData = (dispatch, profile, { timeZone }) => {
  if (!timeZone || profile?.role.name !== 'PAY_STUDENT') return false;
  dispatch(reviewsApi.endpoints.getStudentReviews.initiate(reviewListArg(null, firstReviewDays(todayIn(timeZone)), null)));
};
