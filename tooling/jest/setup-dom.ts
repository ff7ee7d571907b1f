import '@testing-library/jest-dom';
import { setApiBaseUrl } from '@academy/shared/api';

setApiBaseUrl(process.env.ACADEMY_TEST_API_URL ?? '');

afterEach(() => {
  (globalThis as unknown as { __academyCookies: { clear(): void } }).__academyCookies.clear();
  window.localStorage.clear();
});
