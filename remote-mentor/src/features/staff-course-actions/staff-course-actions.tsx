import { useState } from 'react';
import type { StaffCourseActionsProps } from '@academy/shared/contract';
import { Button, Dialog } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { useOutcomeNotice } from './outcome-notice';
import { taskIdsOf, useFinishStudentCourseMutation } from './staff-course-actions-api';
import './staff-course-actions.css';

/**
 * Exposed as `./StaffCourseActions`: finishing the whole course for the student (spec 1 §2), shown by
 * the student's course page in view-as-student mode, after a confirmation that it cannot be undone.
 */
export default function StaffCourseActions({ courseId, courseName, modules, studentId }: StaffCourseActionsProps) {
  const t = useT();
  const tell = useOutcomeNotice();
  const [confirming, setConfirming] = useState(false);
  const [finish, finishing] = useFinishStudentCourseMutation();

  const confirm = async () => {
    const result = await finish({ courseId, studentId, taskIds: taskIdsOf(modules) });
    setConfirming(false);
    tell(result, 'staffActions.courseFinished');
  };

  return (
    <div className="staff-actions staff-actions--course" role="group" aria-label={t('staffActions.courseGroup')}>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('staffActions.finishCourse')}
      </Button>
      <Dialog
        open={confirming}
        title={t('staffActions.finishTitle')}
        onClose={() => setConfirming(false)}
        closeLabel={t('close')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button variant="danger" busy={finishing.isLoading} onClick={() => void confirm()}>
              {t('staffActions.finishConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('staffActions.finishText', { course: courseName })}</p>
        <p>
          <strong>{t('staffActions.finishWarning')}</strong>
        </p>
      </Dialog>
    </div>
  );
}
