import type { ApiErrorBody, Envelope, Language } from '@academy/shared/contract';
import type { ServerTextKey } from '@academy/shared/server-texts';

// The academy's errors and reply envelopes (docs/security.md, "Malformed input"): plain values every
// layer uses, the areas and the infrastructure alike (the errors plugin writes them as replies).

type Params = Record<string, string | number>;

/**
 * The one way to send an error a person reads: a status and a key of the server catalogue
 * (`shared/src/i18n/server-texts.ts`); the text is the key's, in the reader's language, filled in
 * when the reply is written. The key travels with the text so the browser can show its own wording.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: ServerTextKey,
    readonly params?: Params,
    /** the reply's language when the request names one (a registration page's `lang`) */
    readonly language?: Language,
  ) {
    super(key);
  }

  /** seconds after which the request may be sent again (a 429 or 503): sent as Retry-After */
  retryAfter?: number;
}

/** A 429 or 503 the client may retry after `seconds` (the reply carries Retry-After). */
export function retryLater(status: 429 | 503, key: ServerTextKey, seconds: number, params?: Params): ApiError {
  const error = new ApiError(status, key, params);
  error.retryAfter = seconds;
  return error;
}

export const badRequest = (key: ServerTextKey, params?: Params) => new ApiError(400, key, params);
export const unauthorized = (key: ServerTextKey = 'server.signIn', params?: Params) => new ApiError(401, key, params);
export const forbidden = (key: ServerTextKey = 'server.forbidden', params?: Params) => new ApiError(403, key, params);
export const notFound = (key: ServerTextKey, params?: Params) => new ApiError(404, key, params);
export const locked = (key: ServerTextKey, params?: Params) => new ApiError(423, key, params);

/** Wraps a successful result in the reply envelope. */
export function ok<T>(data: T): { success: true; data: T; error: null } {
  return { success: true, data, error: null };
}

export function failure(code: number, text: string, key?: string): Envelope<never> {
  const error: ApiErrorBody = key ? { code, text, key } : { code, text };
  return { success: false, data: null, error };
}
