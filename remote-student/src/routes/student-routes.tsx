import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useT } from '../i18n';
import { PageSkeleton } from '@academy/shared/ui';
import { StudentNotFound } from '../components/student-not-found';
import { CourseListPage } from '../features/courses/course-list-page';
import { loadCoursePage } from '../features/courses/load-course-page';
import { StudentFrame } from '../features/frame/student-frame';
import { StudentErrorBoundary } from '../features/student-error/student-error-boundary';
import { YesterdayReport } from '../features/reports/yesterday-report';
import { STUDENT_PATHS } from './paths';

// Pages load with their chunk (issue 14: the course list carries none of them). A course's and a task's
// chunks are named in route-chunks.json, so the server preloads them for their addresses.
const CoursePage = lazy(async () => ({ default: (await loadCoursePage()).CoursePage }));
// the task and history pages (task bodies, terminal, history modal) load when a task is opened
// with the comment thread under every task, composed here (features do not import each other)
const TaskPage = lazy(async () => {
  const [page, comments] = await Promise.all([
    import(/* webpackChunkName: "route-task" */ '../features/task/task-page'),
    import(/* webpackChunkName: "route-task" */ '../features/comments/comment-thread'),
    // the other kinds' bodies once the student does something (the task's own loads as it renders)
    import(/* webpackChunkName: "route-task" */ '../task-kinds/registry').then((registry) => registry.preloadTaskBodiesOnUse()),
  ]);
  const Page = page.TaskPage;
  return { default: (props: { additional: boolean }) => <Page {...props} comments={comments.CommentThread} /> };
});
// the pages every role shares (shared/account): rarely opened, loaded when they are
const PasswordChangePage = lazy(async () => ({ default: (await import('@academy/shared/account')).PasswordChangePage }));
const LegalPage = lazy(async () => ({ default: (await import('@academy/shared/account')).LegalPage }));
const SolutionsPage = lazy(async () => ({ default: (await import('../features/task/solutions-page')).SolutionsPage }));
const StatisticsPage = lazy(async () => ({
  default: (await import(/* webpackChunkName: "route-statistics" */ '../features/statistics/statistics-page')).StatisticsPage,
}));
const ReportsPage = lazy(async () => ({
  default: (await import(/* webpackChunkName: "route-reports" */ '../features/reports/reports-page')).ReportsPage,
}));
const ReviewsPage = lazy(async () => ({
  default: (await import(/* webpackChunkName: "route-reviews" */ '../features/reviews/reviews-page')).ReviewsPage,
}));

/** Routes of /user/*; pages arrive with their features, until then the area's not-found page. */
export function StudentRoutes() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <StudentFrame>
      {/* spec 2 §2.17: a page that fails shows the student error page; the frame stays */}
      <StudentErrorBoundary resetKey={pathname}>
        {/* spec 1 §2: yesterday's report comes before anything else of the area */}
        <YesterdayReport />
        <Suspense fallback={<PageSkeleton label={t('loading')} />}>
          <Routes>
            <Route path={STUDENT_PATHS.courseList} element={<CourseListPage />} />
            <Route path={STUDENT_PATHS.additionalCourse} element={<CoursePage additional />} />
            <Route path={STUDENT_PATHS.course} element={<CoursePage additional={false} />} />
            <Route path={STUDENT_PATHS.additionalTask} element={<TaskPage additional />} />
            <Route path={STUDENT_PATHS.task} element={<TaskPage additional={false} />} />
            <Route path={`${STUDENT_PATHS.additionalTask}/solutions`} element={<SolutionsPage additional />} />
            <Route path={`${STUDENT_PATHS.task}/solutions`} element={<SolutionsPage additional={false} />} />
            <Route path={STUDENT_PATHS.statistics} element={<StatisticsPage />} />
            <Route path={STUDENT_PATHS.reports} element={<ReportsPage />} />
            <Route path={STUDENT_PATHS.reviews} element={<ReviewsPage />} />
            <Route path="password" element={<PasswordChangePage />} />
            <Route path="contacts" element={<LegalPage page="contacts" />} />
            <Route path="legal_entity" element={<LegalPage page="legal_entity" />} />
            <Route path="public_offer" element={<LegalPage page="public_offer" />} />
            <Route path="privacy_policy" element={<LegalPage page="privacy_policy" />} />
            <Route path="*" element={<StudentNotFound />} />
          </Routes>
        </Suspense>
      </StudentErrorBoundary>
    </StudentFrame>
  );
}
