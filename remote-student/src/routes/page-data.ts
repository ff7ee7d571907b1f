import { matchPath } from 'react-router-dom';
import type { PageData } from '@academy/shared/ssr';
import { quoteApi } from '@academy/shared/api';
import { reviewsPageData } from '../api/reviews-api';
import { taskCommentsData } from '../features/comments/comments-api';
import { courseListData, coursePageData } from '../features/courses/course-data';
import { reportsPageData } from '../features/reports/reports-api';
import { statisticsPageData } from '../features/statistics/statistics-api';
import { taskPageData } from '../features/task/task-data';
import { STUDENT_PATHS } from './paths';

/** A positive number of at most `digits` digits, or null. */
const positive = (value: string | undefined, digits: number) =>
  value && new RegExp(`^[1-9]\\d{0,${digits - 1}}$`).test(value) ? Number(value) : null;

type Params = Record<string, string | undefined>;

/**
 * The student pages the server renders with their data (docs/architecture.md, "Server rendering"):
 * each route's address (STUDENT_PATHS, under /user, as student-routes.tsx declares it) and the data it shows first.
 */
const PAGES: Array<[string, (params: Params) => PageData | null]> = [
  [STUDENT_PATHS.courseList, () => courseListData],
  [STUDENT_PATHS.additionalCourse, ({ courseId }) => course(courseId, true)],
  [STUDENT_PATHS.course, ({ courseId }) => course(courseId, false)],
  [STUDENT_PATHS.additionalTask, (params) => task(params, true)],
  [STUDENT_PATHS.task, (params) => task(params, false)],
  [STUDENT_PATHS.statistics, () => statisticsPageData],
  [STUDENT_PATHS.reports, () => reportsPageData],
  [STUDENT_PATHS.reviews, () => reviewsPageData],
];

function course(id: string | undefined, additional: boolean): PageData | null {
  const courseId = positive(id, 9);
  return courseId === null ? null : coursePageData(courseId, additional);
}

function task(params: Params, additional: boolean): PageData | null {
  const courseId = positive(params.courseId, 9);
  const [modulePosition, chapterPosition, taskPosition] = [
    params.modulePosition,
    params.chapterPosition,
    params.taskPosition,
  ].map((value) => positive(value, 4));
  if (courseId === null || !modulePosition || !chapterPosition || !taskPosition) return null;
  // the task with the thread under it (student-routes.tsx composes the page the same way)
  return taskPageData({ courseId, additional, modulePosition, chapterPosition, taskPosition }, taskCommentsData);
}

/** The frame's quote, shown beside every page (in the reader's language). */
const frameData: PageData = (dispatch) => void dispatch(quoteApi.endpoints.getQuote.initiate());

/** The data of the page at `pathname` with the frame's, or null: a page not rendered on the server. */
export function pageDataOf(pathname: string): PageData | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  for (const [pattern, dataOf] of PAGES) {
    const match = matchPath(`/user/${pattern}`, path);
    if (!match) continue;
    const page = dataOf(match.params);
    if (!page) return null;
    return async (dispatch, profile, context) => {
      frameData(dispatch, profile, context);
      return page(dispatch, profile, context);
    };
  }
  return null;
}
