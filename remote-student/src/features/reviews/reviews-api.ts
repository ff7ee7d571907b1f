import { api } from '@academy/shared/api';
import type { CodeDebt, TheoryDebt } from '@academy/shared/contract';
import { REVIEW_WRITE_TAGS } from '../../api/reviews-api';

/** Whose review: the signed-in student's (null) or a student's in view-as-student (FAKE) mode. */
interface DebtArg {
  reviewId: number;
  studentId: number | null;
}

/** Own debts under /api/student/review/{id}, the view-as twins under /api/fake/protect/student/review/{id}. */
const debts = (kind: 'code' | 'theory', { reviewId, studentId }: DebtArg) =>
  studentId === null
    ? `/api/student/review/${reviewId}/debt/${kind}`
    : { url: `/api/fake/protect/student/review/${reviewId}/debt/${kind}`, params: { studentId } };

/** The review list's own calls (spec 2 §2.7, §7); the list itself is in the area's api (the review step reads it too). */
const reviewListApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getReviewCodeDebts: build.query<CodeDebt[], DebtArg>({
      query: (arg) => debts('code', arg),
      providesTags: (_r, _e, { reviewId }) => [{ type: 'Review', id: reviewId }],
    }),
    getReviewTheoryDebts: build.query<TheoryDebt[], DebtArg>({
      query: (arg) => debts('theory', arg),
      providesTags: (_r, _e, { reviewId }) => [{ type: 'Review', id: reviewId }],
    }),
    /** Deletes one's own review that holds no result (opting out of a waiting one frees its seat). */
    deleteStudentReview: build.mutation<null, number>({
      query: (reviewId) => ({ url: `/api/student/review/${reviewId}`, method: 'DELETE' }),
      invalidatesTags: REVIEW_WRITE_TAGS,
    }),
  }),
});

export const { useGetReviewCodeDebtsQuery, useGetReviewTheoryDebtsQuery, useDeleteStudentReviewMutation } = reviewListApi;
