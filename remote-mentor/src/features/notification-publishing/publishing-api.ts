import { api } from '@academy/shared/api';
import type {
  NotificationCourseOption,
  StaffNotification,
  StaffNotificationInput,
  StaffNotificationPage,
  StaffStudentPage,
  StudentSummary,
} from '@academy/shared/contract';

const STAFF = '/api/staff/notifications';
/** The staff list's pages; the bell's list (LIST) too, as the publisher may be in the audience. */
const changed = [
  { type: 'Notification' as const, id: 'STAFF' },
  { type: 'Notification' as const, id: 'LIST' },
];

/** Staff publishing (spec 1 §4 through issue 11): the sent list, publish, edit, withdraw, and the form's lookups. */
const publishingApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getSentNotifications: build.query<StaffNotificationPage, { before: number | null }>({
      query: ({ before }) => ({ url: STAFF, params: before ? { before, limit: 20 } : { limit: 20 } }),
      providesTags: [{ type: 'Notification', id: 'STAFF' }],
    }),
    getNotificationCourses: build.query<NotificationCourseOption[], void>({
      query: () => `${STAFF}/courses`,
    }),
    searchNotificationStudents: build.query<StudentSummary[], string>({
      query: (query) => ({ url: '/api/fake/protect/user/students', params: { query } }),
      transformResponse: (page: StaffStudentPage) => page.items,
    }),
    publishNotification: build.mutation<StaffNotification, StaffNotificationInput>({
      query: (body) => ({ url: STAFF, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : changed),
    }),
    editNotification: build.mutation<StaffNotification, { id: number; input: StaffNotificationInput }>({
      query: ({ id, input }) => ({ url: `${STAFF}/${id}`, method: 'PUT', body: input }),
      invalidatesTags: (_result, error) => (error ? [] : changed),
    }),
    withdrawNotification: build.mutation<StaffNotification, number>({
      query: (id) => ({ url: `${STAFF}/${id}/withdraw`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : changed),
    }),
  }),
});

export const {
  useGetSentNotificationsQuery,
  useGetNotificationCoursesQuery,
  useSearchNotificationStudentsQuery,
  usePublishNotificationMutation,
  useEditNotificationMutation,
  useWithdrawNotificationMutation,
} = publishingApi;
