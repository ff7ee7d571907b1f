import '@testing-library/jest-dom';
import { setApiBaseUrl } from '@academy/shared/api';

setApiBaseUrl(process.env.ACADEMY_TEST_API_URL ?? '');

declare global {
  /** The cookie jar the jsdom environment (jsdom-env.cjs) gives Node's fetch. */
  var __academyCookies: { clear(): void };
}

afterEach(() => {
  globalThis.__academyCookies.clear();
  window.localStorage.clear();
});
