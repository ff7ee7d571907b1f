import type { Credentials, GeneralNotification, Profile, Quote } from '../contract';
import { api } from './base-api';

/** Endpoints every area uses: sign-in, the principal, the quote and the notification bell. */
export const sessionApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    validateUser: build.mutation<boolean, Credentials>({
      query: (body) => ({ url: '/token/validate_user', method: 'POST', body }),
    }),
    signIn: build.mutation<Profile, Credentials>({
      query: (body) => ({ url: '/token', method: 'POST', body }),
    }),
    signOut: build.mutation<boolean, void>({
      query: () => ({ url: '/token', method: 'DELETE' }),
    }),
    getProfile: build.query<Profile, void>({
      query: () => '/api/user/profile',
      providesTags: (profile) =>
        profile
          ? [
              { type: 'Profile', id: 'ME' },
              { type: 'Profile', id: profile.id },
            ]
          : [],
    }),
    getProfileById: build.query<Profile, number>({
      query: (id) => `/api/user/profile/${id}`,
      providesTags: (_profile, _error, id) => [{ type: 'Profile', id }],
    }),
    getQuote: build.query<Quote, void>({
      query: () => '/api/excerption/',
      providesTags: ['Quote'],
    }),
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
          sessionApi.util.updateQueryData('getNotifications', undefined, (list) => {
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

export const {
  useValidateUserMutation,
  useSignInMutation,
  useSignOutMutation,
  useGetProfileQuery,
  useGetProfileByIdQuery,
  useGetQuoteQuery,
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
} = sessionApi;
