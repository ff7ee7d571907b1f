import type { GeneralNotification } from '../contract';
import { api } from './base-api';

/** The notification bell (spec 1 §3): the list, polled, and marking one read. */
export const notificationsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getNotifications: build.query<GeneralNotification[], void>({
      query: () => '/api/student/generalNotification',
      providesTags: (list) => [
        { type: 'Notification', id: 'LIST' },
        ...(list ?? []).map((n) => ({ type: 'Notification' as const, id: n.id })),
      ],
    }),
    markNotificationRead: build.mutation<boolean, number>({
      query: (sgnId) => ({
        url: '/api/student/generalNotification',
        method: 'POST',
        body: new URLSearchParams({ sgnId: String(sgnId) }),
      }),
      // Optimistic, with undo on failure: opening a notification marks it read at once.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', undefined, (list) => {
            const item = list.find((n) => n.id === id);
            if (item) item.show = true;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkNotificationReadMutation } = notificationsApi;
