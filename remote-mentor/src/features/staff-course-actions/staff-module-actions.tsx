import type { StaffModuleActionsProps } from '@academy/shared/contract';
import { Button } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { ConfirmedAction } from './confirmed-action';
import { useOutcomeNotice } from './outcome-notice';
import {
  taskIdsOf,
  useDiscardStudentReviewMutation,
  useEnrollStudentInModuleMutation,
  useMarkStudentModuleDoneMutation,
} from './staff-course-actions-api';
import './staff-course-actions.css';

/**
 * Exposed as `./StaffModuleActions`: staff actions on one module of a student's course (spec 1 §2, §4),
 * shown by the student's course page in view-as-student mode. Opens a blocked module for the student
 * (enrolling them in the course first when they are not: the module's "enrol"), marks every task of it
 * done (while some is not), and resets its review (when it has a review step) so the student can sign
 * up again.
 */
export default function StaffModuleActions({ courseId, module, studentId, enrolled = true }: StaffModuleActionsProps) {
  const t = useT();
  const tell = useOutcomeNotice();
  const [markDone, marking] = useMarkStudentModuleDoneMutation();
  const [discard, discarding] = useDiscardStudentReviewMutation();
  const [open, opening] = useEnrollStudentInModuleMutation();
  const taskIds = taskIdsOf([module]);
  const reviewTaskIds = module.chapterViewDtos.flatMap((chapter) =>
    chapter.taskViews.filter((task) => task.type === 'review_step').map((task) => task.taskId),
  );
  const done = module.solvedTaskAmount >= module.allTaskAmount;
  const arg = { courseId, moduleId: module.moduleId, studentId };
  const opensModule = !enrolled || module.blocked;

  return (
    <div
      className="staff-actions"
      role="group"
      aria-label={t('staffActions.moduleGroup', { position: module.position, name: module.name })}
    >
      {opensModule && (
        <ConfirmedAction
          label={t(enrolled ? 'staffActions.openModule' : 'staffActions.enrollModule')}
          title={t(enrolled ? 'staffActions.openModuleTitle' : 'staffActions.enrollModuleTitle')}
          confirmLabel={t(enrolled ? 'staffActions.openModuleConfirm' : 'staffActions.enrollConfirm')}
          busy={opening.isLoading}
          onConfirm={async () =>
            tell(await open({ ...arg, taskIds }), enrolled ? 'staffActions.moduleOpened' : 'staffActions.enrolled')
          }
        >
          <p>{t(enrolled ? 'staffActions.openModuleText' : 'staffActions.enrollModuleText', { module: module.name })}</p>
        </ConfirmedAction>
      )}
      {enrolled &&
        (done ? (
          <span className="staff-actions__note">{t('staffActions.moduleIsDone')}</span>
        ) : (
          <Button
            variant="secondary"
            busy={marking.isLoading}
            onClick={() => void markDone({ ...arg, taskIds }).then((result) => tell(result, 'staffActions.moduleDone'))}
          >
            {t('staffActions.markModuleDone')}
          </Button>
        ))}
      {enrolled && reviewTaskIds.length > 0 && (
        <Button
          variant="ghost"
          busy={discarding.isLoading}
          onClick={() =>
            void discard({ ...arg, taskIds: reviewTaskIds }).then((result) => tell(result, 'staffActions.reviewReset'))
          }
        >
          {t('staffActions.resetReview')}
        </Button>
      )}
    </div>
  );
}
