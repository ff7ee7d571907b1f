import { api } from '@academy/shared/api';
import type { StaffStudentPage, StaffStudentQuery } from '@academy/shared/contract';

/** The staff's students list (docs/courses.md, "Staff students list and view-as mode"; shared/contract/staff-students.ts). */
const staffApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getStaffStudentList: build.query<StaffStudentPage, StaffStudentQuery>({
      query: (params) => ({ url: '/api/fake/protect/user/students', params }),
      // a staff action on a student's course changes their progress
      providesTags: [{ type: 'CourseList' }],
    }),
  }),
});

export const { useGetStaffStudentListQuery } = staffApi;
