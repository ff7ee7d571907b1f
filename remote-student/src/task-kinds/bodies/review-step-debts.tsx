import { Link } from 'react-router-dom';
import type { StudentReview } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { Alert, Skeleton } from '@academy/shared/ui';
import { useGetReviewCodeDebtsQuery, useGetReviewTheoryDebtsQuery } from '../../api/reviews-api';
import { useT } from '../../i18n/reviews';
import { reviewTimeText } from '../../lib/review-dates';

/**
 * A review the student did not pass (failed or missed), shown on the module's review step (issue 32):
 * when it was and, for a failed one, what it left to redo (the tasks, linked, and the theory questions),
 * so the student sees it where they sign up again rather than on another tab.
 */
export function FailedReview({ review, studentId, own }: { review: StudentReview; studentId: number | null; own: boolean }) {
  const t = useT();
  const { language, timeZone } = useI18n();
  const when = reviewTimeText(review.reviewTime, language, timeZone);
  const failed = review.status === 'FAILED';
  const arg = { reviewId: review.studentReviewId, studentId: own ? null : studentId };
  const code = useGetReviewCodeDebtsQuery(arg, { skip: !failed });
  const theory = useGetReviewTheoryDebtsQuery(arg, { skip: !failed });
  const keep = own || studentId === null ? '' : `?studentId=${studentId}`;
  const text = failed
    ? t(own ? 'review.failedOwn' : 'review.failedStudent', { when })
    : t(own ? 'review.missedOwn' : 'review.missedStudent', { when });
  return (
    <div className="review-step__failed">
      <Alert kind="warning">{text}</Alert>
      {failed &&
        (code.isError || theory.isError ? (
          <Alert kind="danger">{t('reviews.details.loadError')}</Alert>
        ) : !code.data || !theory.data ? (
          <Skeleton height={48} />
        ) : (
          <>
            {code.data.length > 0 && (
              <>
                <h3 className="review-step__debts-title">{t('reviews.details.code')}</h3>
                <ul className="review-step__debts">
                  {code.data.map(
                    ({ courseId, modulePosition: m, chapterPosition: c, courseTaskPosition: n, debt, mentorComment }) => (
                      <li key={`${courseId}/${m}/${c}/${n}`}>
                        <Link to={`/user/courses/${courseId}/${m}/${c}/${n}${keep}`}>{debt}</Link>
                        {mentorComment && <span className="review-step__debt-comment"> — {mentorComment}</span>}
                      </li>
                    ),
                  )}
                </ul>
              </>
            )}
            {theory.data.length > 0 && (
              <>
                <h3 className="review-step__debts-title">{t('reviews.details.theory')}</h3>
                <ul className="review-step__debts">
                  {theory.data.map(({ value }, i) => (
                    <li key={i}>{value}</li>
                  ))}
                </ul>
              </>
            )}
          </>
        ))}
    </div>
  );
}
