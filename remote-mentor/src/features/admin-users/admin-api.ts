import { api } from '@academy/shared/api';
import type { PageData } from '@academy/shared/ssr';
import { ADMIN_USERS_PAGE } from '@academy/shared/contract';
import type {
  AdminAuditPage,
  AdminAuditQuery,
  AdminBlockedInput,
  AdminChange,
  AdminInactivationInput,
  AdminMentorInput,
  AdminPaymentTypeInput,
  AdminPerson,
  AdminRoleInput,
  AdminUser,
  AdminUserPage,
  AdminUserQuery,
  InvitationLink,
  NewInvitation,
  PendingInvitation,
} from '@academy/shared/contract';

const USERS = { type: 'AdminUser' as const, id: 'LIST' };
const AUDIT = { type: 'AdminAudit' as const, id: 'ALL' };
const INVITATIONS = { type: 'Invitation' as const, id: 'LIST' };

/** What one change of a user refreshes: the lists, the user, their log and everyone's. */
const afterChange = (id: number) => [USERS, { type: 'AdminUser' as const, id }, { type: 'AdminAudit' as const, id }, AUDIT];

/** A change call: `PUT /api/admin/users/{id}/{what}`. */
const change = <Input>(what: string) => ({
  query: ({ id, ...body }: { id: number } & Input) => ({ url: `/api/admin/users/${id}/${what}`, method: 'PUT', body }),
  invalidatesTags: (_result: AdminChange | undefined, _error: unknown, { id }: { id: number }) => afterChange(id),
});

/** The administrator's users screen (docs/administration.md, "Administration"; shared/contract/admin.ts). */
const adminApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getAdminUsers: build.query<AdminUserPage, AdminUserQuery>({
      query: (params) => ({ url: '/api/admin/users', params }),
      providesTags: [USERS],
    }),
    getAdminUser: build.query<AdminUser, number>({
      query: (id) => `/api/admin/users/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'AdminUser', id }],
    }),
    getAdminUserAudit: build.query<AdminAuditPage, { id: number } & AdminAuditQuery>({
      query: ({ id, ...params }) => ({ url: `/api/admin/users/${id}/audit`, params }),
      providesTags: (_result, _error, { id }) => [{ type: 'AdminAudit', id }],
    }),
    getAdminAudit: build.query<AdminAuditPage, AdminAuditQuery>({
      query: (params) => ({ url: '/api/admin/audit', params }),
      providesTags: [AUDIT],
    }),
    // a role change may make or unmake a mentor
    getAdminMentors: build.query<AdminPerson[], void>({
      query: () => '/api/admin/mentors',
      providesTags: [USERS],
    }),
    setAdminUserRole: build.mutation<AdminChange, { id: number } & AdminRoleInput>(change<AdminRoleInput>('role')),
    setAdminUserPaymentType: build.mutation<AdminChange, { id: number } & AdminPaymentTypeInput>(
      change<AdminPaymentTypeInput>('payment-type'),
    ),
    setAdminUserMentor: build.mutation<AdminChange, { id: number } & AdminMentorInput>(change<AdminMentorInput>('mentor')),
    setAdminUserInactivation: build.mutation<AdminChange, { id: number } & AdminInactivationInput>(
      change<AdminInactivationInput>('inactivation'),
    ),
    setAdminUserBlocked: build.mutation<AdminChange, { id: number } & AdminBlockedInput>(change<AdminBlockedInput>('blocked')),
    getPendingInvitations: build.query<PendingInvitation[], void>({
      query: () => '/api/admin/invitations',
      providesTags: [INVITATIONS],
    }),
    createInvitation: build.mutation<InvitationLink, NewInvitation>({
      query: (body) => ({ url: '/api/admin/invitations', method: 'POST', body }),
      invalidatesTags: [INVITATIONS, AUDIT],
    }),
    revokeInvitation: build.mutation<PendingInvitation, number>({
      query: (id) => ({ url: `/api/admin/invitations/${id}`, method: 'DELETE' }),
      invalidatesTags: [INVITATIONS, AUDIT],
    }),
  }),
});

export const {
  useGetAdminUsersQuery,
  useGetAdminUserQuery,
  useGetAdminUserAuditQuery,
  useGetAdminAuditQuery,
  useGetAdminMentorsQuery,
  useSetAdminUserRoleMutation,
  useSetAdminUserPaymentTypeMutation,
  useSetAdminUserMentorMutation,
  useSetAdminUserInactivationMutation,
  useSetAdminUserBlockedMutation,
  useGetPendingInvitationsQuery,
  useCreateInvitationMutation,
  useRevokeInvitationMutation,
} = adminApi;

/** How many log entries one "show more" adds. */
export const AUDIT_CHUNK = 10;

/**
 * The users screen as it asks first: the first page of every user, with no filter (user-filters.tsx's
 * `toQuery`), the pending invitations and the first page of the recent changes (audit-log.tsx).
 */
export const adminUsersPageData: PageData = (dispatch) => {
  const { endpoints } = adminApi;
  dispatch(endpoints.getAdminUsers.initiate({ page: 1, pageSize: ADMIN_USERS_PAGE.default }));
  dispatch(endpoints.getPendingInvitations.initiate());
  dispatch(endpoints.getAdminAudit.initiate({ limit: AUDIT_CHUNK }));
};
