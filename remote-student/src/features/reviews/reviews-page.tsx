import { useId, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { REFRESH_ON_MOUNT_AFTER_S, usePageStatus } from '@academy/shared/api';
import { STAFF_VIEW_ROLES, type RoleName, type StudentReview } from '@academy/shared/contract';
import { rootPathFor } from '@academy/shared/domain';
import { useToday } from '@academy/shared/i18n';
import { PageSkeleton, TextField, useDocumentTitle, usePrerenderedHandoff } from '@academy/shared/ui';
import { QueryState } from '@academy/shared/ui/query-state';
import { firstReviewDays, reviewListArg, useGetStudentReviewsQuery } from '../../api/reviews-api';
import { ReviewSignUpDialog } from '../../components/review-sign-up/review-sign-up-dialog';
import { useT } from '../../i18n/reviews';
import { ReviewDetailsDialog } from './review-details-dialog';
import { ReviewRejectDialog } from './review-reject-dialog';
import { ReviewTable, ReviewTableSkeleton, type ReviewAction } from './review-table';
import './reviews.css';

/** The status filter (spec 2 §2.7): all, passed, failed, future. */
const FILTERS = ['ALL', 'SUCCESS', 'FAILED', 'WAITED'] as const;
type Filter = (typeof FILTERS)[number];

type Opened = { review: StudentReview; action: ReviewAction } | null;

/** The list of one student: one's own (`studentId` null) or, for staff, a viewed student's. */
function ReviewList({ studentId }: { studentId: number | null }) {
  const t = useT();
  const own = studentId === null;
  const headingId = useId();
  const today = useToday();
  const [filter, setFilter] = useState<Filter>('ALL');
  // the days the server rendered the list with (`reviewsPageData`); an emptied date keeps the one before
  const [from, setFrom] = useState(() => firstReviewDays(today).from);
  const [to, setTo] = useState(() => firstReviewDays(today).to);
  const [opened, setOpened] = useState<Opened>(null);
  const { currentData, isFetching, isError } = useGetStudentReviewsQuery(
    reviewListArg(studentId, { from, to }, filter === 'ALL' ? null : filter),
    { refetchOnMountOrArgChange: REFRESH_ON_MOUNT_AFTER_S },
  );
  // the list the server rendered stays until this one is here
  usePrerenderedHandoff(currentData !== undefined || isError);
  const close = () => setOpened(null);
  const heading = t(own ? 'reviews.own' : 'reviews.student');

  return (
    <div className="reviews-page">
      <h1 className="page-title">{t('reviews.title')}</h1>
      <section className="card reviews-page__list" aria-labelledby={headingId}>
        <h2 id={headingId} className="reviews-page__heading">
          {heading}
        </h2>
        <div className="reviews-page__filters" role="group" aria-label={t('reviews.filters')}>
          <label className="field reviews-page__status">
            <span className="field__label">{t('reviews.status')}</span>
            <select className="field__input" value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
              {FILTERS.map((value) => (
                <option key={value} value={value}>
                  {t(`reviews.filter.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label={t('reviews.from')}
            type="date"
            value={from}
            max={to}
            onChange={(event) => event.target.value && setFrom(event.target.value)}
          />
          <TextField
            label={t('reviews.to')}
            type="date"
            value={to}
            min={from}
            onChange={(event) => event.target.value && setTo(event.target.value)}
          />
        </div>
        <div className="reviews-page__rows" aria-busy={isFetching}>
          <QueryState
            query={{ data: currentData, isError }}
            skeleton={<ReviewTableSkeleton />}
            error={t('reviews.loadError')}
            empty={
              <div className="review-empty">
                <p className="review-empty__title">{t('reviews.emptyTitle')}</p>
                <p className="review-empty__text">{t('reviews.emptyText')}</p>
              </div>
            }
          >
            {(reviews) => (
              <ReviewTable
                reviews={reviews}
                own={own}
                label={heading}
                onAction={(review, action) => setOpened({ review, action })}
              />
            )}
          </QueryState>
        </div>
      </section>
      {opened?.action === 'details' && <ReviewDetailsDialog review={opened.review} studentId={studentId} onClose={close} />}
      {opened?.action === 'reject' && (opened.review.status === 'WAITED' || opened.review.status === 'MISSED') && (
        <ReviewRejectDialog review={opened.review} status={opened.review.status} onClose={close} />
      )}
      {opened?.action === 'signUp' && (
        <ReviewSignUpDialog moduleId={opened.review.moduleId} moduleName={opened.review.moduleTitle} onClose={close} />
      )}
    </div>
  );
}

/** Staff on their own pages: reviews are a student's, seen from the student's pages. */
function StaffNotice({ role }: { role: RoleName | undefined }) {
  const t = useT();
  return (
    <div className="reviews-page">
      <h1 className="page-title">{t('reviews.title')}</h1>
      <div className="card review-empty">
        <p className="review-empty__title">{t('reviews.staffTitle')}</p>
        <p className="review-empty__text">{t('reviews.staffText')}</p>
        <Link className="btn btn--primary" to={rootPathFor(role)}>
          {t('reviews.toStaffHome')}
        </Link>
      </div>
    </div>
  );
}

/**
 * /user/review "Group review" (spec 2 §2.7): the student's own reviews, or in view-as-student mode
 * (staff only: the view-as list is theirs) the student's. A classmate viewing a student has no review
 * list to see and goes to that student's statistics, as the tab is not shown to them.
 */
export function ReviewsPage() {
  const t = useT();
  useDocumentTitle(t('reviews.title'));
  const { status, profile, studentId } = usePageStatus();
  if (status === 'NOT_READY') return <PageSkeleton label={t('loading')} />;
  const role = profile?.role.name;
  if (status === 'FAKE') {
    if (studentId === null || !(STAFF_VIEW_ROLES as readonly (RoleName | undefined)[]).includes(role))
      return <Navigate to={`/user/statistic${studentId === null ? '' : `?studentId=${studentId}`}`} replace />;
    return <ReviewList key={studentId} studentId={studentId} />;
  }
  if (role !== 'PAY_STUDENT') return <StaffNotice role={role} />;
  return <ReviewList studentId={null} />;
}
