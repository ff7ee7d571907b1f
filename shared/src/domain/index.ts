export { pageStatus, parseStudentId, type PageStatus } from './page-status';
export { isLearner, PASSWORD_PATH_BY_ROLE, ROOT_PATH_BY_ROLE, rootPathFor } from './roles';
export { errorAlertText, signInErrorKey, SHORT_SERVER_TEXT, type AlertText } from './errors';
export { LOGIN_NOTICES, type LoginParam } from './login-notices';
export { nextStepTarget, progressPercent, taskIconState, taskPath, type TaskIconState } from './courses';
export { videoEmbed, type VideoEmbed } from './video';
