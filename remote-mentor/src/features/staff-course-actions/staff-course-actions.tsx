import type { StaffCourseActionsProps } from '@academy/shared/contract';
import { useT } from '../../i18n';
import { ConfirmedAction } from './confirmed-action';
import { useOutcomeNotice } from './outcome-notice';
import { taskIdsOf, useEnrollStudentInCourseMutation, useFinishStudentCourseMutation } from './staff-course-actions-api';
import './staff-course-actions.css';

/**
 * Exposed as `./StaffCourseActions`: the staff's actions on the student's course (spec 1 §2, §4), shown
 * by the student's course page in view-as-student mode: enrolling a student who is not enrolled on
 * their behalf, and finishing the whole course for an enrolled one, each after a confirmation (the
 * latter says it cannot be undone).
 */
export default function StaffCourseActions({
  courseId,
  courseName,
  modules,
  studentId,
  enrolled = true,
}: StaffCourseActionsProps) {
  const t = useT();
  const tell = useOutcomeNotice();
  const [finish, finishing] = useFinishStudentCourseMutation();
  const [enroll, enrolling] = useEnrollStudentInCourseMutation();
  const taskIds = taskIdsOf(modules);

  return (
    <div className="staff-actions staff-actions--course" role="group" aria-label={t('staffActions.courseGroup')}>
      {enrolled ? (
        <ConfirmedAction
          label={t('staffActions.finishCourse')}
          title={t('staffActions.finishTitle')}
          confirmLabel={t('staffActions.finishConfirm')}
          danger
          busy={finishing.isLoading}
          onConfirm={async () => tell(await finish({ courseId, studentId, taskIds }), 'staffActions.courseFinished')}
        >
          <p>{t('staffActions.finishText', { course: courseName })}</p>
          <p>
            <strong>{t('staffActions.finishWarning')}</strong>
          </p>
        </ConfirmedAction>
      ) : (
        <>
          <span className="staff-actions__note">{t('staffActions.notEnrolled')}</span>
          <ConfirmedAction
            label={t('staffActions.enrollCourse')}
            title={t('staffActions.enrollTitle')}
            confirmLabel={t('staffActions.enrollConfirm')}
            variant="primary"
            busy={enrolling.isLoading}
            onConfirm={async () => tell(await enroll({ courseId, studentId, taskIds }), 'staffActions.enrolled')}
          >
            <p>{t('staffActions.enrollText', { course: courseName })}</p>
          </ConfirmedAction>
        </>
      )}
    </div>
  );
}
