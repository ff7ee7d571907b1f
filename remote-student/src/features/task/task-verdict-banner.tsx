import type { ApiFailure } from '@academy/shared/api';
import type { StudentTask } from '@academy/shared/contract';
import { useServerText } from '@academy/shared/i18n';
import { Alert } from '@academy/shared/ui';
import { useT } from '../../i18n/task';

/** The answer failures whose server text is shown as it is (the others: "could not send"). */
const SERVER_TEXT_STATUSES: ReadonlyArray<number | string> = [400, 423, 429, 503];

/**
 * What the page says of the task's answer (spec 1 §2's banners, issue 32): a refusal; after a right
 * answer on this visit, that it was right and the points it earned; a solved task reopened, that it is
 * solved; a wrong one, to try again.
 */
export function TaskVerdictBanner({
  task,
  failure,
  rightNow,
}: {
  task: StudentTask;
  /** the last answer of this visit was refused */
  failure: ApiFailure | undefined;
  /** the last answer of this visit was right */
  rightNow: boolean;
}) {
  const t = useT();
  const serverText = useServerText();
  if (failure)
    return (
      <Alert kind="danger">
        {SERVER_TEXT_STATUSES.includes(failure.status) ? serverText(failure) : t('FailedToSubmitSolution')}
      </Alert>
    );
  if (rightNow)
    return (
      <Alert kind="success">
        <strong>{t('TheRightSolution')}</strong>
        {task.taskPoints > 0 && <span className="task-points"> {t('task.pointsEarned', { count: task.taskPoints })}</span>}
      </Alert>
    );
  // a lecture says it was read in its body; a mentor check shows the mentor's verdict; a review is booked
  const answered = task.type !== 'lecture' && task.type !== 'review_step';
  if (answered && task.solved) return <Alert kind="success">{t('task.solvedBefore', { count: task.taskPoints })}</Alert>;
  if (task.type !== 'mentorCheckTask' && task.lastActionIsWrong)
    return <Alert kind="danger">{t('InvalidSolutionCheckAgain')}</Alert>;
  return null;
}
