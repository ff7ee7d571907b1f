import type { PageData } from '@academy/shared/ssr';
import { coursesApi } from '../../api/courses-api';

// The data the course list and a course page show first, asked as their pages ask it (the same
// endpoints, the same arguments: a server render hands the answers over under the same keys). The
// signed-in student's own pages: `studentId` null.

/** The course list: both lists. */
export const courseListData: PageData = (dispatch) => {
  dispatch(coursesApi.endpoints.getStudentCourseViews.initiate({ studentId: null }));
  dispatch(coursesApi.endpoints.getStudentAdditionalCourseViews.initiate({ studentId: null }));
};

/** A course page: its modules, name, picture, description, author, size and enrolment. */
export const coursePageData =
  (courseId: number, additional: boolean): PageData =>
  (dispatch) => {
    const { endpoints } = coursesApi;
    dispatch(endpoints.getStudentCourseModules.initiate({ courseId, additional, studentId: null }));
    dispatch(endpoints.getStudentCourseEnrolling.initiate({ courseId, studentId: null }));
    dispatch(endpoints.getCourseName.initiate(courseId));
    dispatch(endpoints.getCoursePicture.initiate(courseId));
    dispatch(endpoints.getCourseInfo.initiate(courseId));
    dispatch(endpoints.getCourseAuthor.initiate(courseId));
    dispatch(endpoints.getCourseSize.initiate(courseId));
  };
