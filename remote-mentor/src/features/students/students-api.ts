import { api } from '@academy/shared/api';
import type { RoleName, StaffStudentPage, StaffStudentQuery } from '@academy/shared/contract';
import type { PageData } from '@academy/shared/ssr';
import { listScopeOf, readParams, toQuery } from './list-params';

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

/**
 * The staff home's list as it asks first, for a role (an address with no query: the list's first page
 * in the role's order; a server render hands the answer over under the same key).
 */
export const staffHomeData =
  (role: RoleName): PageData =>
  (dispatch) => {
    const scope = listScopeOf(role);
    const params = readParams(new URLSearchParams(), scope);
    dispatch(staffApi.endpoints.getStaffStudentList.initiate(toQuery(params, params.query, scope)));
  };
