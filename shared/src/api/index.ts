export {
  accountInactive,
  allowEndpointRedefinition,
  api,
  academyBaseQuery,
  apiHydrated,
  browserZone,
  notify,
  REFRESH_ON_MOUNT_AFTER_S,
  sessionEnded,
  setApiBaseUrl,
  studentTaskTagId,
  TAG_TYPES,
} from './base-api';
export type { ApiFailure, Notice, NoticeKind, ServerApiState, ServerCalls } from './base-api';
export { failureIf, failureOf } from './failure';
export * from './session-api';
export * from './notifications-api';
export * from './quote-api';
export * from './comment-moderation-api';
export { usePageStatus, type PageStatusInfo } from './page-status';
export {
  createAcademyStore,
  useAcademyDispatch,
  type AcademyDispatch,
  type AcademyStore,
  type AcademyStoreOptions,
} from './store';
