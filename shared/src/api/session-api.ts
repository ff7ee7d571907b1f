import type { Credentials, Profile } from '../contract';
import { api } from './base-api';

/** Endpoints every area uses: sign-in, the principal, the password and the picture, the language. */
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
    /** Spec 1 §7: the old password is checked on the server; the profile comes back. */
    changePassword: build.mutation<Profile, { oldPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/api/user/profile/password', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Profile', id: 'ME' }],
    }),
    /** One's own names and birthday (DD.MM.YYYY); the e-mail is not changed here (spec 2 §5). */
    updateDetails: build.mutation<Profile, { id: number; firstName: string; lastName: string; birthday: string }>({
      query: (body) => ({ url: '/api/user/profile', method: 'PUT', body }),
      // the header shows the new name at once
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Profile', id: 'ME' },
        { type: 'Profile', id },
      ],
    }),
    uploadAvatar: build.mutation<Profile, { userId: number; file: File }>({
      query: ({ userId, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/api/user/profile/image', method: 'POST', params: { userId }, body };
      },
      // the header shows the new picture at once
      invalidatesTags: (_r, _e, { userId }) => [
        { type: 'Profile', id: 'ME' },
        { type: 'Profile', id: userId },
      ],
    }),
    selectLanguage: build.mutation<string, 'ru' | 'en'>({
      query: (lang) => ({ url: '/api/locale/select_lang', method: 'POST', body: new URLSearchParams({ lang }) }),
      // the academy's notices and the quote are written in the reader's language: both are read anew
      invalidatesTags: [{ type: 'Notification', id: 'LIST' }, 'Quote'],
    }),
  }),
});

export const {
  useValidateUserMutation,
  useSignInMutation,
  useSignOutMutation,
  useGetProfileQuery,
  useGetProfileByIdQuery,
  useChangePasswordMutation,
  useUpdateDetailsMutation,
  useUploadAvatarMutation,
  useSelectLanguageMutation,
} = sessionApi;
