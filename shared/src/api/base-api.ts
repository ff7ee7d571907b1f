import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { browserTimeZone, LANGUAGES, type Envelope, type Language } from '../contract';
import { translate } from '@academy/shared/i18n';

/** A failed call as components see it: HTTP status (or a transport failure) and the server's text. */
export interface ApiFailure {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  text: string;
  key?: string;
}

/** Dispatched when the server answers 401/403: the shell signs the user out. */
export const sessionEnded = createAction<{ status: 401 | 403 }>('session/ended');

/**
 * Dispatched on a 403 `accountInactive` (docs/accounts.md, "Inactivation"): the session lives on, an inactivation
 * reason was set meanwhile; the shell reloads the profile and its guards open the reason's page.
 */
export const accountInactive = createAction('session/inactive');

export type NoticeKind = 'success' | 'info' | 'warning' | 'danger';
export interface Notice {
  kind: NoticeKind;
  /** an i18n key, or a text from the server (then `raw` is true) */
  message: string;
  raw?: boolean;
  /** milliseconds before it goes away by itself */
  timeout?: number;
}
/** Shows a toast through the shell, from any area. */
export const notify = createAction<Notice>('ui/notify');

let apiBaseUrl = '';
/** Tests run outside a browser page and need an absolute server URL; the browser uses its own origin. */
export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url.replace(/\/$/, '');
}

/** The browser's time zone (IANA name), sent with every call. */
export const browserZone = browserTimeZone() ?? 'UTC';

/** The language the page is shown in (the i18n provider keeps `<html lang>` up to date). */
const pageLanguage = (): string | undefined => globalThis.document?.documentElement.lang || undefined;

const rawBaseQuery = fetchBaseQuery({
  credentials: 'include',
  prepareHeaders: (headers) => {
    // every call carries it: the server also takes it as proof the call comes from our pages (CSRF guard)
    headers.set('zoneId', browserZone);
    // the server's texts (errors of a visitor's call) come in the page's language, not the browser's
    const language = pageLanguage();
    if (language && !headers.has('Accept-Language')) headers.set('Accept-Language', language);
    return headers;
  },
});

/**
 * What a store made on the server gives its calls (docs/architecture.md, "Server rendering"): a `fetch`
 * the host answers in-process with the caller's own session. The browser's store has none.
 */
export interface ServerCalls {
  serverFetch: typeof fetch;
}

const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' && value !== null && 'success' in value;

/**
 * A failure the academy's server did not describe (a proxy's bare 502, an HTML error page, no reply at
 * all): a text of the common catalogue, in the page's language.
 */
function textOfPage(key: 'error.unknownServer' | 'error.noConnection'): string {
  const language = pageLanguage()?.slice(0, 2);
  return translate(LANGUAGES.includes(language as Language) ? (language as Language) : 'ru', key);
}

function toFailure(error: FetchBaseQueryError): ApiFailure {
  if (typeof error.status === 'number') {
    const body = error.data;
    if (isEnvelope(body) && body.error) {
      return { status: error.status, text: body.error.text, ...(body.error.key ? { key: body.error.key } : {}) };
    }
    return { status: error.status, text: textOfPage('error.unknownServer') };
  }
  const offline = error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
  return { status: error.status, text: textOfPage(offline ? 'error.noConnection' : 'error.unknownServer') };
}

/** How many times a request the server shed for overload is sent again before the page shows the failure. */
const SHED_RETRIES = 2;

const isShed = (error: FetchBaseQueryError | undefined) =>
  error?.status === 503 && isEnvelope(error.data) && error.data.error?.key === 'overloaded';

/** Sign-in calls answer 401/403 for wrong credentials: that is not a session ending. */
const isAuthCall = (url: string) => url.startsWith('/token');

/** Sends credentials and zoneId, unwraps `{ success, data, error }`, reports 401/403 to the shell. */
export const academyBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiFailure> = async (args, api, extra) => {
  const request = typeof args === 'string' ? { url: args } : args;
  const serverFetch = (api.extra as Partial<ServerCalls> | undefined)?.serverFetch;
  // a server-side store's calls go through the host's fetch, which sets the headers (the caller's cookie
  // and language; zoneId only where it may)
  const send = () =>
    serverFetch
      ? fetchBaseQuery({ baseUrl: 'http://academy.internal', fetchFn: serverFetch })(request, api, extra)
      : rawBaseQuery({ ...request, url: apiBaseUrl + request.url }, api, extra);
  let result = await send();
  // a request the server shed (503 `overloaded`: refused before anything ran, so any call may be sent
  // again) waits as long as Retry-After asks, and up to half as long again at random, so that a crowd
  // does not return all at once
  for (let retry = 0; !serverFetch && retry < SHED_RETRIES && isShed(result.error); retry++) {
    const asked = Number(result.meta?.response?.headers.get('retry-after') ?? Number.NaN);
    const seconds = Number.isFinite(asked) ? Math.min(10, Math.max(0, asked)) : 2;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000 * (1 + Math.random() / 2)));
    result = await send();
  }
  if (result.error) {
    const failure = toFailure(result.error);
    if (failure.status === 403 && failure.key === 'accountInactive') api.dispatch(accountInactive());
    else if ((failure.status === 401 || failure.status === 403) && !isAuthCall(request.url)) {
      api.dispatch(sessionEnded({ status: failure.status }));
    }
    return { error: failure, meta: result.meta };
  }
  const body = result.data;
  if (isEnvelope(body)) {
    if (!body.success) {
      const status = result.meta?.response?.status ?? 500;
      return { error: { status, text: body.error?.text ?? textOfPage('error.unknownServer') }, meta: result.meta };
    }
    return { data: body.data, meta: result.meta };
  }
  return { data: body, meta: result.meta };
};

/** Every tag type of the academy, in one place. */
export const TAG_TYPES = [
  'Profile',
  'Quote',
  'Notification',
  'CourseList',
  'Course',
  'Task',
  'Solutions',
  'Comment',
  'Report',
  'ReviewSlot',
  'ReviewEntry',
  'Review',
  'MentorQueue',
  'AdminUser',
  'AdminAudit',
  'Invitation',
] as const;

/**
 * The id of a student's task tag: the same course task of two students is two items, so a verdict on
 * one student's answer refreshes that student's task only. `null` is the signed-in student's own.
 */
export function studentTaskTagId(courseTaskId: number, studentId: number | null): string {
  return `${courseTaskId}@${studentId ?? 'me'}`;
}

/**
 * The API state a page was rendered with on the server (its queries and their tags, RTK Query's
 * rehydration): dispatched once by the shell when its store is made, so the page's first render has
 * that data without a request (docs/architecture.md, "Server rendering").
 */
export const apiHydrated = createAction<ServerApiState>('api/hydrated');

/**
 * A screen that must show current data when it is opened again asks for it once its answer is older than
 * this (RTK Query's `refetchOnMountOrArgChange` in seconds): the data the page came with, stamped with the
 * browser's now when it is taken over, is used as it is (issue 33: no second request for what the server
 * just rendered).
 */
export const REFRESH_ON_MOUNT_AFTER_S = 10;

/** The part of the API state a server render hands to the browser. */
export interface ServerApiState {
  queries: Record<string, unknown>;
  mutations: Record<string, never>;
  provided: { tags: Record<string, Record<string, string[]>>; keys: Record<string, unknown> };
}

/** The one API slice: areas add endpoints with `api.injectEndpoints({ overrideExisting: 'throw' })`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: academyBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  // (the state's type names the slice's own endpoints: the payload is that state, as a server store left it)
  extractRehydrationInfo: (action) => (apiHydrated.match(action) ? (action.payload as never) : undefined),
});

/**
 * remote-deploy: a redeployed remote's new build, loaded into the same page, injects its area's
 * endpoints a second time. Until that happens `overrideExisting: 'throw'` keeps refusing two areas
 * claiming one name; once the page has registered a new build of a remote (`@academy/shared/federation`),
 * a repeated name is the new build's definition and replaces the old one.
 */
let redefinitionAllowed = false;
const injectEndpoints = api.injectEndpoints;
api.injectEndpoints = ((options) =>
  injectEndpoints(
    redefinitionAllowed && options.overrideExisting === 'throw' ? { ...options, overrideExisting: true } : options,
  )) as typeof api.injectEndpoints;

/** Called when a new build of a remote is registered on the page: its endpoints may be injected again. */
export function allowEndpointRedefinition(): void {
  redefinitionAllowed = true;
}
