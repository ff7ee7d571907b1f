import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { CodeDebt, StudentReview } from '@academy/shared/contract';
import { Alert, Dialog, Skeleton } from '@academy/shared/ui';
import { useGetCourseNameQuery } from '../../api/courses-api';
import { useT } from '../../i18n/reviews';
import { useI18n } from '@academy/shared/i18n';
import { reviewTimeText } from '../../lib/review-dates';
import { useGetReviewCodeDebtsQuery, useGetReviewTheoryDebtsQuery } from '../../api/reviews-api';

function CourseName({ courseId }: { courseId: number }) {
  const { data, isLoading } = useGetCourseNameQuery(courseId);
  if (isLoading) return <Skeleton width={120} height={14} />;
  return <>{data?.name ?? `#${courseId}`}</>;
}

function CodeDebtItem({ debt, keep }: { debt: CodeDebt; keep: string }) {
  const t = useT();
  const { courseId, modulePosition: m, chapterPosition: c, courseTaskPosition: n } = debt;
  return (
    <li className="review-debt">
      <Link className="review-debt__task" to={`/user/courses/${courseId}/${m}/${c}/${n}${keep}`}>
        {debt.debt}
      </Link>
      <p className="review-debt__where">
        <CourseName courseId={courseId} /> · {t('reviews.details.position', { m, c, n })}
      </p>
      {debt.mentorComment && (
        <p className="review-debt__comment">
          <span className="review-debt__comment-label">{t('reviews.details.comment')}</span> {debt.mentorComment}
        </p>
      )}
    </li>
  );
}

function DebtSkeleton() {
  const t = useT();
  return (
    <div className="review-debts__loading" role="status" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      <Skeleton height={18} width="70%" />
      <Skeleton height={14} width="45%" />
    </div>
  );
}

/**
 * The details of a passed or failed review (spec 2 §2.7): the code tasks to redo (course, positions,
 * the mentor's comment, the task as a link) and the theory questions, each list saying when it is empty.
 */
export function ReviewDetailsDialog({
  review,
  studentId,
  onClose,
}: {
  review: StudentReview;
  studentId: number | null;
  onClose(): void;
}) {
  const t = useT();
  const { language, timeZone } = useI18n();
  const codeTitle = useId();
  const theoryTitle = useId();
  const arg = { reviewId: review.studentReviewId, studentId };
  const code = useGetReviewCodeDebtsQuery(arg);
  const theory = useGetReviewTheoryDebtsQuery(arg);
  const keep = studentId === null ? '' : `?studentId=${studentId}`;
  const empty = <p className="review-debts__empty">{t('reviews.details.empty')}</p>;
  return (
    <Dialog
      open
      width={600}
      title={t('reviews.details.title', { module: review.moduleTitle })}
      onClose={onClose}
      closeLabel={t('close')}
    >
      <p className="review-details__meta">
        {reviewTimeText(review.reviewTime, language, timeZone)} · {t(`reviews.status.${review.status}`)}
      </p>
      <section className="review-debts" aria-labelledby={codeTitle}>
        <h3 id={codeTitle} className="review-debts__title">
          {t('reviews.details.code')}
        </h3>
        {code.isError ? (
          <Alert kind="danger">{t('reviews.details.loadError')}</Alert>
        ) : !code.data ? (
          <DebtSkeleton />
        ) : code.data.length === 0 ? (
          empty
        ) : (
          <ul className="review-debts__list">
            {code.data.map((debt, i) => (
              <CodeDebtItem key={i} debt={debt} keep={keep} />
            ))}
          </ul>
        )}
      </section>
      <section className="review-debts" aria-labelledby={theoryTitle}>
        <h3 id={theoryTitle} className="review-debts__title">
          {t('reviews.details.theory')}
        </h3>
        {theory.isError ? (
          <Alert kind="danger">{t('reviews.details.loadError')}</Alert>
        ) : !theory.data ? (
          <DebtSkeleton />
        ) : theory.data.length === 0 ? (
          empty
        ) : (
          <ul className="review-debts__list">
            {theory.data.map((question, i) => (
              <li key={i} className="review-debt review-debt__question">
                {question.value}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Dialog>
  );
}
