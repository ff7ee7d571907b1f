import { api } from '@academy/shared/api';
import type { StudentSummary } from '@academy/shared/contract';

const staffApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getStaffStudentList: build.query<StudentSummary[], string>({
      query: (query) => ({ url: '/api/fake/protect/user/students', params: query ? { query } : {} }),
    }),
  }),
});

export const { useGetStaffStudentListQuery } = staffApi;
