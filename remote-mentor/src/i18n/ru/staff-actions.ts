/**
 * Russian texts of the staff actions on a student's course page (exposed pieces, spec 1 §2): the source of
 * the part's keys.
 */
export const staffActionsRu = {
  'staffActions.courseGroup': 'Действия сотрудника с курсом',
  'staffActions.moduleGroup': 'Действия сотрудника: модуль {position}. {name}',
  'staffActions.markModuleDone': 'Отметить модуль пройденным',
  'staffActions.moduleIsDone': 'Модуль пройден',
  'staffActions.resetReview': 'Сбросить ревью',
  'staffActions.finishCourse': 'Завершить курс',
  'staffActions.finishTitle': 'Завершить курс за студента?',
  'staffActions.finishText': 'Все задачи курса «{course}» будут отмечены решёнными за студента.',
  'staffActions.finishWarning': 'Отменить это действие нельзя.',
  'staffActions.finishConfirm': 'Завершить курс',
  'staffActions.moduleDone': 'Модуль отмечен пройденным',
  'staffActions.reviewReset': 'Ревью модуля сброшено: студент может записаться снова',
  'staffActions.courseFinished': 'Курс завершён за студента',
  'staffActions.notEnrolled': 'Студент не записан на этот курс.',
  'staffActions.enrollCourse': 'Записать на курс',
  'staffActions.enrollTitle': 'Записать студента на курс?',
  'staffActions.enrollText': 'Студент будет записан на курс «{course}»: курс появится в его списке, откроется первый модуль.',
  'staffActions.enrollConfirm': 'Записать',
  'staffActions.enrolled': 'Студент записан на курс',
  'staffActions.enrollModule': 'Записать в этот модуль',
  'staffActions.enrollModuleTitle': 'Записать студента в модуль?',
  'staffActions.enrollModuleText': 'Студент будет записан на курс, и для него откроется модуль «{module}».',
  'staffActions.openModule': 'Открыть модуль',
  'staffActions.openModuleTitle': 'Открыть модуль студенту?',
  'staffActions.openModuleText': 'Модуль «{module}» откроется студенту, даже если предыдущий ещё не пройден.',
  'staffActions.openModuleConfirm': 'Открыть модуль',
  'staffActions.moduleOpened': 'Модуль открыт студенту',
} as const;

export type StaffActionsTextKey = keyof typeof staffActionsRu;
