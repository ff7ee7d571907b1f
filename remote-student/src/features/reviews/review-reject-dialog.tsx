import { failureIf, notify, useAcademyDispatch } from '@academy/shared/api';
import type { StudentReview } from '@academy/shared/contract';
import { useI18n, useServerText } from '@academy/shared/i18n';
import { Alert, Button, Dialog } from '@academy/shared/ui';
import { useT } from '../../i18n/reviews';
import { reviewTimeText } from '../../lib/review-dates';
import { useDeleteStudentReviewMutation } from './reviews-api';

/** The reviews the reject modal takes out of the list: opting out of a waiting one, or a missed one. */
export type RejectableStatus = 'WAITED' | 'MISSED';

/**
 * The reject-confirm modal (spec 2 §2.7, normal mode only): confirming deletes the review (a waiting
 * one gives its seat back) and the list drops it; a refusal stays in the modal with the server's text.
 */
export function ReviewRejectDialog({
  review,
  status,
  onClose,
}: {
  review: StudentReview;
  status: RejectableStatus;
  onClose(): void;
}) {
  const t = useT();
  const serverText = useServerText();
  const { language, timeZone } = useI18n();
  const dispatch = useAcademyDispatch();
  const [remove, removing] = useDeleteStudentReviewMutation();
  const failure = failureIf(removing.error);
  const confirm = async () => {
    const result = await remove(review.studentReviewId);
    if (result.error) return;
    dispatch(notify({ kind: 'success', message: `reviews.rejected.${status}`, timeout: 5000 }));
    onClose();
  };
  return (
    <Dialog
      open
      title={t(`reviews.reject.title.${status}`)}
      onClose={onClose}
      closeLabel={t('close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button variant="danger" busy={removing.isLoading} onClick={() => void confirm()}>
            {t(`reviews.reject.confirm.${status}`)}
          </Button>
        </>
      }
    >
      <p className="review-reject__text">
        {t(`reviews.reject.text.${status}`, {
          module: review.moduleTitle,
          time: reviewTimeText(review.reviewTime, language, timeZone),
        })}
      </p>
      {failure && (
        <Alert kind="danger">
          {failure.status === 400 || failure.status === 404 ? serverText(failure) : t('reviews.reject.error')}
        </Alert>
      )}
    </Dialog>
  );
}
