export { api, academyBaseQuery, notify, sessionEnded, setApiBaseUrl, TAG_TYPES } from './base-api';
export type { ApiFailure, Notice, NoticeKind } from './base-api';
export * from './session-api';
export { usePageStatus, type PageStatusInfo } from './page-status';
export { createAcademyStore, type AcademyStore, type AcademyStoreOptions } from './store';
