import { api, MODERATION_TAG } from '@academy/shared/api';
import type { PendingCommentsPage } from '@academy/shared/contract';

/** The staff's list of comments awaiting moderation: oldest first, a page at a time (`after` the last id). */
const moderationApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getPendingComments: build.infiniteQuery<PendingCommentsPage, void, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      query: ({ pageParam }) => ({ url: '/api/comment/moderation', params: pageParam === null ? {} : { after: pageParam } }),
      providesTags: [MODERATION_TAG],
    }),
  }),
});

export const { useGetPendingCommentsInfiniteQuery } = moderationApi;
