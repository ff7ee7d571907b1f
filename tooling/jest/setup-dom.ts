import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { act } from 'react';
import { setApiBaseUrl } from '@academy/shared/api';
import { loadLanguage } from '@academy/shared/i18n';

setApiBaseUrl(process.env.ACADEMY_TEST_API_URL ?? '');

// the tests talk to a real server: on a loaded CI machine a first page load can take over RTL's 1 s
configure({ asyncUtilTimeout: 3000 });

declare global {
  /** The cookie jar the jsdom environment (jsdom-env.cjs) gives Node's fetch. */
  var __academyCookies: { clear(): void } | undefined;
}

afterEach(() => {
  // a test may run in node (its @jest-environment docblock): then there is no jar and no storage
  globalThis.__academyCookies?.clear();
  if (typeof window !== 'undefined') window.localStorage.clear();
});

// RTK's auto-batching tells React about store changes in an animation frame. In the browser that is
// just a later render; in jsdom under load the frame can fire between a test's awaits, outside act(),
// and React warns. Each frame's callbacks run inside act() here, unless RTL is waiting already.
if (typeof window !== 'undefined') {
  const requestFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    requestFrame((time) => {
      // inside RTL's waitFor/findBy the act environment is switched off, and updates are expected
      if ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT) act(() => callback(time));
      else callback(time);
    });
}

// English texts are chunks of their own (loaded when a page shows English): the tests have every
// registered catalogue at hand, as a page that has loaded them does
beforeAll(() => loadLanguage('en'));
