import { api } from '@academy/shared/api';
import type { CourseAuthor, CourseInfo, CourseSize, CourseView, EnrollResult, ModuleView } from '@academy/shared/contract';

/** Whose courses: the signed-in student (null) or a student viewed in FAKE mode. */
export interface StudentArg {
  studentId: number | null;
}

/** Own calls under /api/student/course, view-as-student twins under /api/fake/user/course. */
const route = (own: string, fake: string, { studentId }: StudentArg) =>
  studentId === null ? own : { url: fake, params: { studentId } };

export const coursesApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getStudentCourseViews: build.query<CourseView[], StudentArg>({
      query: (arg) => route('/api/student/course/all-views', '/api/fake/user/course/all-views', arg),
      providesTags: [{ type: 'CourseList', id: 'REGULAR' }],
    }),
    getStudentAdditionalCourseViews: build.query<CourseView[], StudentArg>({
      query: (arg) => route('/api/student/course/additional', '/api/fake/user/course/additional/all-views', arg),
      providesTags: [{ type: 'CourseList', id: 'ADDITIONAL' }],
    }),
    getStudentCourseModules: build.query<ModuleView[], StudentArg & { courseId: number; additional: boolean }>({
      query: ({ courseId, additional, studentId }) => {
        const path = additional ? `/additional/${courseId}/views` : `/views/${courseId}`;
        return route(`/api/student/course${path}`, `/api/fake/user/course${path}`, { studentId });
      },
      providesTags: (_r, _e, { courseId }) => [{ type: 'Course', id: courseId }],
    }),
    getStudentCourseEnrolling: build.query<boolean, StudentArg & { courseId: number }>({
      query: ({ courseId, studentId }) =>
        route(`/api/student/course/${courseId}/is-enrolling`, `/api/fake/user/course/${courseId}/is-enrolling`, { studentId }),
      providesTags: (_r, _e, { courseId }) => [{ type: 'Course', id: courseId }],
    }),
    getCourseName: build.query<{ name: string }, number>({ query: (courseId) => `/api/user/course/${courseId}/name` }),
    getCoursePicture: build.query<{ coursePicUrl: string }, number>({
      query: (courseId) => `/api/user/course/${courseId}/course-pic`,
    }),
    getCourseInfo: build.query<CourseInfo, number>({ query: (courseId) => `/api/user/course/${courseId}/course-info` }),
    getCourseAuthor: build.query<CourseAuthor, number>({ query: (courseId) => `/api/user/course/${courseId}/course-author` }),
    getCourseSize: build.query<CourseSize, number>({ query: (courseId) => `/api/user/course/${courseId}/size` }),
    enrollInCourse: build.mutation<EnrollResult, number>({
      query: (courseId) => ({ url: `/api/student/course/enroll/${courseId}`, method: 'POST' }),
      invalidatesTags: (_r, _e, courseId) => [{ type: 'Course', id: courseId }, { type: 'CourseList' }],
    }),
  }),
});

export const {
  useGetStudentCourseViewsQuery,
  useGetStudentAdditionalCourseViewsQuery,
  useLazyGetStudentCourseViewsQuery,
  useLazyGetStudentAdditionalCourseViewsQuery,
  useGetStudentCourseModulesQuery,
  useGetStudentCourseEnrollingQuery,
  useGetCourseNameQuery,
  useGetCoursePictureQuery,
  useGetCourseInfoQuery,
  useGetCourseAuthorQuery,
  useGetCourseSizeQuery,
  useEnrollInCourseMutation,
} = coursesApi;
