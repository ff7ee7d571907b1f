import { api } from '@academy/shared/api';
import type {
  StaffStudentBrief,
  StaffStudentPage,
  StaffStudentRow,
  StudentMentorName,
  StudentName,
} from '@academy/shared/contract';

/** How many learners the selector's search offers at once. */
export const SELECTOR_RESULTS = 8;

/**
 * The view-as-student bar (spec 1 §6, §7 "Staff"; docs/courses.md, "Staff students list and view-as mode"):
 * the viewed student's name and mentor, and the selector's lists.
 */
const viewAsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getViewedStudentName: build.query<StudentName, number>({
      query: (studentId) => `/api/fake/user/name/${studentId}`,
    }),
    getViewedStudentMentor: build.query<StudentMentorName, number>({
      query: (studentId) => `/api/fake/user/mentorName/${studentId}`,
    }),
    getSelectorStudent: build.query<StaffStudentRow, number>({
      query: (studentId) => `/api/fake/protect/user/singleStudent/${studentId}`,
    }),
    getMentorStudentList: build.query<StaffStudentBrief[], number>({
      query: (mentorId) => `/api/fake/protect/user/student/${mentorId}`,
    }),
    // the paying students only: an enrollee has no pages in the /user area
    searchSelectorStudents: build.query<StaffStudentRow[], string>({
      query: (query) => ({
        url: '/api/fake/protect/user/students',
        params: { query, role: 'PAY_STUDENT', pageSize: SELECTOR_RESULTS },
      }),
      transformResponse: (page: StaffStudentPage) => page.items,
    }),
  }),
});

export const {
  useGetViewedStudentNameQuery,
  useGetViewedStudentMentorQuery,
  useGetSelectorStudentQuery,
  useGetMentorStudentListQuery,
  useSearchSelectorStudentsQuery,
} = viewAsApi;
