export { pageStatus, parseStudentId, type PageStatus } from './page-status';
export { isLearner } from './roles';
export {
  AREAS,
  areaOfPath,
  areasOf,
  PASSWORD_PATH_BY_ROLE,
  ROLE_PAGES,
  ROOT_PATH_BY_ROLE,
  rootPathFor,
  type Area,
} from './areas';
export { errorAlertText, signInErrorKey, SHORT_SERVER_TEXT, type AlertText } from './errors';
export { LOGIN_NOTICES, type LoginParam } from './login-notices';
export { nextStepTarget, progressPercent, taskIconState, taskPath, type TaskIconState } from './courses';
export { continueTarget, type ContinueTarget } from '../contract/continue-target';
export { videoEmbed, type VideoEmbed } from './video';
export { heatShade, type HeatShade } from './heat-map';
