import type { StaffActionsTextKey } from '../ru/staff-actions';

/**
 * English texts of the staff actions on a student's course page (exposed pieces, spec 1 §2): every key of
 * the Russian part, checked by the types.
 */
export const staffActionsEn: Record<StaffActionsTextKey, string> = {
  'staffActions.courseGroup': 'Staff actions on the course',
  'staffActions.moduleGroup': 'Staff actions: module {position}. {name}',
  'staffActions.markModuleDone': 'Mark module done',
  'staffActions.moduleIsDone': 'Module done',
  'staffActions.resetReview': 'Reset review',
  'staffActions.finishCourse': 'Finish course',
  'staffActions.finishTitle': 'Finish the course for the student?',
  'staffActions.finishText': 'Every task of the course “{course}” will be marked solved for the student.',
  'staffActions.finishWarning': 'This cannot be undone.',
  'staffActions.finishConfirm': 'Finish course',
  'staffActions.moduleDone': 'The module is marked done',
  'staffActions.reviewReset': 'The module’s review is reset: the student can sign up again',
  'staffActions.courseFinished': 'The course is finished for the student',
  'staffActions.notEnrolled': 'The student is not enrolled in this course.',
  'staffActions.enrollCourse': 'Enrol in the course',
  'staffActions.enrollTitle': 'Enrol the student in the course?',
  'staffActions.enrollText':
    'The student will be enrolled in “{course}”: the course appears in their list with its first module open.',
  'staffActions.enrollConfirm': 'Enrol',
  'staffActions.enrolled': 'The student is enrolled in the course',
  'staffActions.enrollModule': 'Enrol in this module',
  'staffActions.enrollModuleTitle': 'Enrol the student in the module?',
  'staffActions.enrollModuleText': 'The student will be enrolled in the course with the module “{module}” open.',
  'staffActions.openModule': 'Open the module',
  'staffActions.openModuleTitle': 'Open the module for the student?',
  'staffActions.openModuleText': 'The module “{module}” opens for the student even if the one before is not done yet.',
  'staffActions.openModuleConfirm': 'Open the module',
  'staffActions.moduleOpened': 'The module is open for the student',
};
