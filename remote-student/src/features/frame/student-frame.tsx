import type { ReactNode } from 'react';
import { Navigate, NavLink, useLocation } from 'react-router-dom';
import { useGetProfileByIdQuery, usePageStatus } from '@academy/shared/api';
import { useT, type TextKey } from '../../i18n';
import { PageSkeleton, Skeleton } from '@academy/shared/ui';
import { QuoteOfTheDay } from './quote';
import './student-frame.css';

interface Tab {
  path: string;
  label: TextKey;
}

/** Spec 1 §2: courses, statistics, review, and reports when paymentType is UNTIL_PAID (NORMAL only). */
function useTabs(): Tab[] {
  const { status, profile } = usePageStatus();
  const tabs: Tab[] = [
    { path: '/user/courses', label: 'tabs.courses' },
    { path: '/user/statistic', label: 'tabs.statistic' },
    { path: '/user/review', label: 'tabs.review' },
  ];
  if (status === 'NORMAL' && profile?.paymentType === 'UNTIL_PAID') tabs.push({ path: '/user/report', label: 'tabs.reports' });
  return tabs;
}

function StudentLabel({ studentId }: { studentId: number }) {
  const t = useT();
  const { data: student, isLoading } = useGetProfileByIdQuery(studentId);
  return (
    <p className="student-label" role="status">
      <span className="student-label__tag">{t('pageOfStudent')}</span>
      {isLoading ? (
        <Skeleton width={160} height={18} />
      ) : (
        student && <strong>{`${student.firstName} ${student.lastName}`}</strong>
      )}
    </p>
  );
}

/**
 * Spec 1 §6: a paying student may open another student's pages only within their direction. The
 * profile call answers 404 across directions, so the check never signs the student out.
 */
function useViewAsStudentGate(): 'open' | 'checking' | 'forbidden' {
  const { status, profile, studentId } = usePageStatus();
  const mustCheck = status === 'FAKE' && profile?.role.name === 'PAY_STUDENT' && studentId !== null;
  const { isSuccess, isError } = useGetProfileByIdQuery(studentId ?? 0, { skip: !mustCheck });
  if (!mustCheck) return 'open';
  if (isError) return 'forbidden';
  return isSuccess ? 'open' : 'checking';
}

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
      {status === 'FAKE' && studentId !== null && <StudentLabel studentId={studentId} />}
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
      <div className="student-frame__content">{gate === 'open' ? children : <PageSkeleton label={t('loading')} />}</div>
    </div>
  );
}
