import { api } from '@academy/shared/api';
import type { Language, Profile, SiteInfo } from '@academy/shared/contract';
import type { FreeRegistration } from '@academy/shared/accounts';

export interface InvitationForm {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword?: string;
  day?: number;
  month?: number;
  year?: number;
  birthday?: string;
  hash: string;
}

const publicApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    registerFree: build.mutation<Profile, { language: Language; form: FreeRegistration }>({
      query: ({ language, form }) => ({ url: `/api/registration/free/${language}`, method: 'POST', body: form }),
    }),
    getInvitation: build.query<{ email: string }, { hash: string; enrollee: boolean }>({
      query: ({ hash, enrollee }) => ({
        url: enrollee ? '/api/registration/enrollee/token_info' : '/api/registration/token_info',
        method: 'POST',
        body: { hash },
      }),
    }),
    registerByInvitation: build.mutation<boolean, { enrollee: boolean; form: InvitationForm }>({
      query: ({ enrollee, form }) => ({
        url: enrollee ? '/api/registration/enrollee' : '/api/registration',
        method: 'POST',
        body: form,
      }),
    }),
    sendRecoveryLink: build.mutation<boolean, { email: string; language: Language }>({
      query: ({ email, language }) => ({
        url: `/api/recovery-password/send-recovery-link/${language}`,
        method: 'POST',
        // a form, as the spec's call takes it
        body: new URLSearchParams({ email }),
      }),
    }),
    checkRecoveryToken: build.query<boolean, { token: string; language: Language }>({
      query: ({ token, language }) => ({ url: '/api/recovery-password/ensure', params: { token, locale: language } }),
    }),
    resetPassword: build.mutation<boolean, { token: string; password: string; confirmPassword: string; locale: Language }>({
      query: (body) => ({ url: '/api/recovery-password/reset', method: 'POST', body }),
    }),
    getMeetLink: build.mutation<string, string>({
      query: (linkCode) => ({ url: '/api/meet/link', params: { linkCode } }),
    }),
    getSiteInfo: build.query<SiteInfo, void>({ query: () => '/api/public/site' }),
  }),
});

export const {
  useRegisterFreeMutation,
  useGetInvitationQuery,
  useRegisterByInvitationMutation,
  useSendRecoveryLinkMutation,
  useCheckRecoveryTokenQuery,
  useResetPasswordMutation,
  useGetMeetLinkMutation,
  useGetSiteInfoQuery,
} = publicApi;
