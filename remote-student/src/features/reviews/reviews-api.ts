import { api } from '@academy/shared/api';
import { REVIEW_WRITE_TAGS } from '../../api/reviews-api';

/** The review list's own calls (spec 2 §2.7, §7); the list and the debts are in the area's api (the review step reads them too). */
const reviewListApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** Deletes one's own review that holds no result (opting out of a waiting one frees its seat). */
    deleteStudentReview: build.mutation<null, number>({
      query: (reviewId) => ({ url: `/api/student/review/${reviewId}`, method: 'DELETE' }),
      invalidatesTags: REVIEW_WRITE_TAGS,
    }),
  }),
});

export const { useDeleteStudentReviewMutation } = reviewListApi;
