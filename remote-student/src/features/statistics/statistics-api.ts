import { api } from '@academy/shared/api';
import type { ActivityDay, DaysWithoutPause } from '@academy/shared/contract';
import type { PageData } from '@academy/shared/ssr';
import { coursesApi } from '../../api/courses-api';

/** Whose statistics: the signed-in student's (null) or a student's in view-as-student (FAKE) mode. */
interface StudentArg {
  studentId: number | null;
}

/** The course the student worked on last (`/api/student/course/last-course`), or null before any. */
export interface LastCourse {
  id: number;
  coursePicUrl: string;
  available: boolean;
}

/** Own calls under /api/student/profile, view-as-student twins under /api/fake/profile (spec 2 §7). */
const profile = (path: string, { studentId }: StudentArg) =>
  studentId === null ? `/api/student/profile${path}` : { url: `/api/fake/profile${path}`, params: { studentId } };

// Statistics change with every answer elsewhere: each visit of the page asks again (no tags to keep).
const fresh = { keepUnusedDataFor: 0 };

const statisticsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getStudentDaysWithoutPause: build.query<DaysWithoutPause, StudentArg>({
      query: (arg) => profile('/day_without_pause', arg),
      ...fresh,
    }),
    getStudentActivityYear: build.query<ActivityDay[], StudentArg>({
      query: (arg) => profile('/solution-activity-year', arg),
      ...fresh,
    }),
    getStudentTopicsCount: build.query<number, StudentArg>({
      query: (arg) => profile('/topics-count', arg),
      ...fresh,
    }),
    getStudentTopicNames: build.query<string[], StudentArg>({
      query: (arg) => profile('/topics-names', arg),
      ...fresh,
    }),
    getStudentLastCourse: build.query<LastCourse | null, StudentArg>({
      query: ({ studentId }) =>
        studentId === null
          ? '/api/student/course/last-course'
          : { url: '/api/fake/user/course/last-course', params: { studentId } },
      ...fresh,
    }),
  }),
});

export const {
  useGetStudentDaysWithoutPauseQuery,
  useGetStudentActivityYearQuery,
  useGetStudentTopicsCountQuery,
  useGetStudentTopicNamesQuery,
  useGetStudentLastCourseQuery,
} = statisticsApi;

/**
 * The signed-in student's statistics page as it asks first (the same endpoints and arguments: a server
 * render hands the answers over under the same keys; docs/architecture.md, "Server rendering").
 */
export const statisticsPageData: PageData = (dispatch) => {
  const own = { studentId: null };
  const { endpoints } = statisticsApi;
  dispatch(endpoints.getStudentDaysWithoutPause.initiate(own));
  dispatch(endpoints.getStudentTopicsCount.initiate(own));
  dispatch(endpoints.getStudentActivityYear.initiate(own));
  dispatch(endpoints.getStudentLastCourse.initiate(own));
  dispatch(coursesApi.endpoints.getStudentCourseViews.initiate(own));
  dispatch(coursesApi.endpoints.getStudentAdditionalCourseViews.initiate(own));
};
