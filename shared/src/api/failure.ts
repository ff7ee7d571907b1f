import type { ApiFailure } from './base-api';

/**
 * A call's failure as the page shows it: a query's or mutation's `error` (the academy's base query gives
 * an ApiFailure), or what `unwrap()` threw. Anything else (an error thrown in the page's own code, which
 * RTK Query serializes with a `message`) becomes a failure with that text, not an object read as one.
 */
export function failureOf(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && 'text' in error) return error as ApiFailure;
  const message = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : '';
  return { status: 'CUSTOM_ERROR', text: message };
}

/** `failureOf` of an error that may not be there: undefined while there is none. */
export function failureIf(error: unknown): ApiFailure | undefined {
  return error === undefined || error === null ? undefined : failureOf(error);
}
