import '@testing-library/jest-dom';
import { setApiBaseUrl } from '@academy/shared/api';

setApiBaseUrl(process.env.ACADEMY_TEST_API_URL ?? '');

declare global {
  /** The cookie jar the jsdom environment (jsdom-env.cjs) gives Node's fetch. */
  var __academyCookies: { clear(): void } | undefined;
}

afterEach(() => {
  // a test may run in node (its @jest-environment docblock): then there is no jar and no storage
  globalThis.__academyCookies?.clear();
  if (typeof window !== 'undefined') window.localStorage.clear();
});
