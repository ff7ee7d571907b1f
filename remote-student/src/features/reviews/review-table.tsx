import { useId } from 'react';
import type { ReviewStatus, StudentReview } from '@academy/shared/contract';
import { Button, Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n/reviews';
import { useI18n } from '@academy/shared/i18n';
import { reviewTimeText } from '../../lib/review-dates';

/** What a row's action opens. */
export type ReviewAction = 'details' | 'reject' | 'signUp';

/** Spec 2 §2.7: each status's action; in view-as mode only the details (the reject modal is normal mode only). */
const ACTIONS: Record<ReviewStatus, { action: ReviewAction; ownOnly: boolean }> = {
  SUCCESS: { action: 'details', ownOnly: false },
  FAILED: { action: 'details', ownOnly: false },
  CANCELED: { action: 'signUp', ownOnly: true },
  WAITED: { action: 'reject', ownOnly: true },
  MISSED: { action: 'reject', ownOnly: true },
};

const STATUS_CHIP: Record<ReviewStatus, string> = {
  SUCCESS: 'chip chip--success',
  FAILED: 'chip review-chip--failed',
  WAITED: 'chip review-chip--waited',
  MISSED: 'chip chip--warning',
  CANCELED: 'chip',
};

function ReviewRow({
  review,
  own,
  onAction,
}: {
  review: StudentReview;
  own: boolean;
  onAction(review: StudentReview, action: ReviewAction): void;
}) {
  const t = useT();
  const { language, timeZone } = useI18n();
  const moduleId = useId();
  const { action, ownOnly } = ACTIONS[review.status];
  return (
    <tr className="review-row">
      <td id={moduleId} className="review-row__module" data-label={t('reviews.column.module')}>
        {review.moduleTitle}
      </td>
      <td className="review-row__time" data-label={t('reviews.column.time')}>
        {reviewTimeText(review.reviewTime, language, timeZone)}
      </td>
      <td data-label={t('reviews.column.status')}>
        <span className={STATUS_CHIP[review.status]}>{t(`reviews.status.${review.status}`)}</span>
      </td>
      <td className="review-row__link" data-label={t('reviews.column.link')}>
        {review.link ? (
          <a href={review.link} target="_blank" rel="noopener noreferrer" aria-describedby={moduleId}>
            {t('review.conference')}
            <span className="visually-hidden"> {t('review.newTab')}</span>
          </a>
        ) : (
          <span className="review-row__none">—</span>
        )}
      </td>
      <td className="review-row__action">
        {(own || !ownOnly) && (
          <Button variant="secondary" aria-describedby={moduleId} onClick={() => onAction(review, action)}>
            {t(`reviews.action.${review.status}`)}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The review list (spec 2 §2.7): module, time, status, conference link and the status's action; cards on a phone. */
export function ReviewTable({
  reviews,
  own,
  label,
  onAction,
}: {
  reviews: StudentReview[];
  own: boolean;
  label: string;
  onAction(review: StudentReview, action: ReviewAction): void;
}) {
  const t = useT();
  return (
    <table className="review-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('reviews.column.module')}</th>
          <th scope="col">{t('reviews.column.time')}</th>
          <th scope="col">{t('reviews.column.status')}</th>
          <th scope="col">{t('reviews.column.link')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('reviews.column.action')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {reviews.map((review) => (
          <ReviewRow key={review.studentReviewId} review={review} own={own} onAction={onAction} />
        ))}
      </tbody>
    </table>
  );
}

/** The list's skeleton while it loads. */
export function ReviewTableSkeleton() {
  const t = useT();
  return (
    <div className="review-table-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="review-table-skeleton__row">
          <Skeleton height={18} width="30%" />
          <Skeleton height={18} width="25%" />
          <Skeleton height={18} width="15%" />
          <Skeleton height={32} width="15%" />
        </div>
      ))}
    </div>
  );
}
