import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, Navigate, NavLink, useLocation } from 'react-router-dom';
import { useGetProfileByIdQuery, usePageStatus } from '@academy/shared/api';
import { LEARNER_ROLES, mayViewReports, STAFF_VIEW_ROLES, type RoleName } from '@academy/shared/contract';
import { rootPathFor } from '@academy/shared/domain';
import { useT, type TextKey } from '../../i18n';
import { PageSkeleton, Skeleton, useDocumentTitle } from '@academy/shared/ui';
import { QuoteOfTheDay } from './quote';
import './student-frame.css';

// The view-as bar (the student's name, their mentor, the selector) is code only a view of another
// student's pages runs: a chunk of its own, on its way as soon as such a view starts (issue 33, bytes)
const loadViewAsBar = () => import(/* webpackChunkName: "view-as-bar" */ './view-as-bar');
const ViewAsBar = lazy(async () => ({ default: (await loadViewAsBar()).ViewAsBar }));

interface Tab {
  path: string;
  label: TextKey;
}

/**
 * Spec 1 §2: courses, statistics, review, and reports on one's own pages (NORMAL only). The specs
 * differ on whom reports are for (spec 1: UNTIL_PAID; spec 2: isViewReport); the tab follows the page's
 * own rule (staff or isViewReport: the server's `mayViewReports`), so it never leads to a page that sends
 * the user away. Reviews are a paying
 * student's own, and staff's in view-as mode (spec 1 §6); a classmate viewing a student does not see them.
 */
function useTabs(): Tab[] {
  const { status, profile } = usePageStatus();
  const role = profile?.role.name;
  const tabs: Tab[] = [
    { path: '/user/courses', label: 'tabs.courses' },
    { path: '/user/statistic', label: 'tabs.statistic' },
  ];
  const staff = (STAFF_VIEW_ROLES as readonly (RoleName | undefined)[]).includes(role);
  if (status === 'NORMAL' ? role === 'PAY_STUDENT' : staff) tabs.push({ path: '/user/review', label: 'tabs.review' });
  if (status === 'NORMAL' && profile && mayViewReports({ role: profile.role.name, isViewReport: profile.isViewReport }))
    tabs.push({ path: '/user/report', label: 'tabs.reports' });
  return tabs;
}

/**
 * Spec 1 §6: a paying student may open another student's pages only within their direction. The
 * profile call answers 404 across directions, so the check never signs the student out; nothing else
 * of the student's (the bar's name: a 403 across directions, which the shell takes for a lost session)
 * is asked before it passes. Staff may open anyone's, but an id that is not a student's (a mistyped
 * link, a mentor's id) shows one clear page instead of every part of the page failing with toasts:
 * so everyone's view-as pages wait for the check (one request, cached for the next pages).
 */
function useViewAsStudentGate(): 'open' | 'checking' | 'forbidden' | 'missing' {
  const { status, profile, studentId } = usePageStatus();
  const viewing = status === 'FAKE' && studentId !== null;
  const { data: student, isSuccess, isError } = useGetProfileByIdQuery(studentId ?? 0, { skip: !viewing });
  // the bar's code comes while the check is on its way, not after it
  useEffect(() => {
    if (viewing) void loadViewAsBar();
  }, [viewing]);
  if (!viewing) return 'open';
  const classmate = profile?.role.name === 'PAY_STUDENT';
  const notStudent = isError || (isSuccess && !(LEARNER_ROLES as readonly RoleName[]).includes(student.role.name));
  if (notStudent) return classmate ? 'forbidden' : 'missing';
  return isSuccess ? 'open' : 'checking';
}

/** The page for a studentId that names no student: what happened and the way back. */
function NoSuchStudent({ studentId }: { studentId: number }) {
  const t = useT();
  useDocumentTitle(t('frame.noStudent'));
  const { profile } = usePageStatus();
  return (
    <section className="card student-missing" aria-labelledby="student-missing-title">
      <h1 id="student-missing-title">{t('frame.noStudent')}</h1>
      <p>{t('frame.noStudentText', { id: studentId })}</p>
      <Link className="btn btn--primary" to={rootPathFor(profile?.role.name)}>
        {t('frame.toStaffHome')}
      </Link>
    </section>
  );
}

/** Which build of the area this is, as its build compiled it in (tooling/webpack.cjs, tooling/build-server-entry.mjs). */
const BUILD_VERSION = process.env.ACADEMY_BUILD_VERSION ?? 'dev';

/** The student area's page frame: the 'page of student' label, the tabs and the quote. */
export function StudentFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const { status, studentId } = usePageStatus();
  const { search } = useLocation();
  const tabs = useTabs();
  const gate = useViewAsStudentGate();
  if (gate === 'forbidden') return <Navigate to="/user/courses?param=forbidden" replace />;
  // In FAKE mode every tab keeps the student whose pages are shown.
  const keep = status === 'FAKE' && studentId !== null ? `?studentId=${studentId}` : '';
  return (
    <div className="student-frame">
      {status === 'FAKE' && studentId !== null && gate === 'open' && (
        <Suspense
          fallback={
            <div className="student-label student-bar" aria-hidden>
              <Skeleton width={160} height={18} />
            </div>
          }
        >
          <ViewAsBar studentId={studentId} />
        </Suspense>
      )}
      <div className="student-frame__top">
        <nav aria-label={t('tabs.label')} className="student-tabs">
          {status === 'NOT_READY' ? (
            <Skeleton width={320} height={36} />
          ) : (
            tabs.map((tab) => (
              <NavLink
                key={tab.path}
                to={`${tab.path}${keep}`}
                className={({ isActive }) => `student-tabs__tab${isActive ? ' student-tabs__tab--active' : ''}`}
                state={{ from: search }}
              >
                {t(tab.label)}
              </NavLink>
            ))
          )}
        </nav>
        <QuoteOfTheDay />
      </div>
      <div className="student-frame__content">
        {gate === 'open' && children}
        {gate === 'checking' && <PageSkeleton label={t('loading')} />}
        {gate === 'missing' && studentId !== null && <NoSuchStudent studentId={studentId} />}
      </div>
      {/* which build of the area this is (ACADEMY_BUILD_LABEL at build time): says what a deploy changed */}
      <p className="student-frame__build">{t('frame.build', { version: BUILD_VERSION })}</p>
    </div>
  );
}
