import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createAcademyStore, type AcademyStore } from '../api';
import type { Direction, InactivationReason, Language, PaymentType, Profile, RoleName } from '../contract';
import { I18nProvider, type Catalogues } from '../i18n';

/** The real API server the test run started (tooling/jest/global-setup.cjs). */
export function testApiUrl(): string {
  const url = process.env.ACADEMY_TEST_API_URL;
  if (!url) throw new Error('ACADEMY_TEST_API_URL is not set: run tests through the root jest config');
  return url;
}

export interface TestUserInput {
  role?: RoleName;
  paymentType?: PaymentType | null;
  direction?: Direction | null;
  blocked?: boolean;
  firstName?: string;
  lastName?: string;
  mustChangePassword?: boolean;
  /** an inactivation reason (docs/accounts.md, "Inactivation") */
  inactivationReason?: InactivationReason;
  isViewReport?: boolean;
  /** an account made that many days ago (one made today owes no report for yesterday) */
  createdDaysAgo?: number;
  /** the student's assigned mentor (the mentor's queue) */
  mentorId?: number;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/**
 * A call to the test server as the academy's own pages make it: its address, and the `zoneId` header
 * that every call of ours carries (the server refuses a state change without it, as cross-site).
 */
export function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('zoneId')) headers.set('zoneId', 'UTC');
  return fetch(`${testApiUrl()}${path}`, { ...init, headers });
}

/** Creates a user of its own for the test through the server's test factory. */
export async function createTestUser(input: TestUserInput = {}): Promise<TestUser> {
  const response = await apiFetch('/__test__/users', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`test user factory: HTTP ${response.status}`);
  return (await response.json()) as TestUser;
}

/** Signs in as the user; the session cookie is kept by the test environment like a browser would. */
export async function signInAs(user: { email: string; password: string }): Promise<Profile> {
  const response = await apiFetch('/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.email, password: user.password }),
  });
  const body = (await response.json()) as { success: boolean; data: Profile };
  if (!body.success) throw new Error(`sign-in failed for ${user.email}`);
  return body.data;
}

/** A new user of the role, signed in. */
export async function signedInUser(input: TestUserInput = {}): Promise<TestUser & { profile: Profile }> {
  const user = await createTestUser(input);
  return { ...user, profile: await signInAs(user) };
}

/** The `data` of an API reply, with the test's session. */
export async function apiData<T>(path: string, init?: RequestInit): Promise<T> {
  return ((await (await apiFetch(path, init)).json()) as { data: T }).data;
}

/**
 * Enrols the student in the named course and opens every module for them, as staff do; the cookie
 * jar must hold a staff session (a mentor of the student's direction). Returns the course id.
 */
export async function openCourseFor(studentId: number, courseName: string): Promise<number> {
  const courses = await apiData<Array<{ id: number; name: string }>>(`/api/fake/user/course/all-views?studentId=${studentId}`);
  const courseId = courses.find((c) => c.name === courseName)!.id;
  await apiFetch(`/api/fake/protect/enroll/course/${courseId}/${studentId}`, { method: 'POST' });
  const modules = await apiData<Array<{ moduleId: number }>>(`/api/fake/user/course/views/${courseId}?studentId=${studentId}`);
  for (const m of modules) {
    await apiFetch(`/api/fake/protect/enroll/module/${courseId}/${m.moduleId}/${studentId}`, { method: 'POST' });
  }
  return courseId;
}

/** Renders the current location so tests can assert where navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  route?: string;
  /** the route pattern the element is mounted at, like the shell mounts an area ('/user/*') */
  path?: string;
  language?: Language;
  store?: AcademyStore;
}

/** Renders with a fresh store, i18n and a memory router, the way the shell hosts an area. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', language = 'ru', store = createAcademyStore() }: RenderOptions = {},
): RenderResult & { store: AcademyStore; user: UserEvent } {
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <I18nProvider initial={language}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
  return { ...result, store, user };
}

/** The plural selectors each language needs (Intl.PluralRules' categories for integers). */
const PLURAL_FORMS: Record<Language, string[]> = { ru: ['one', 'few', 'many'], en: ['one', 'other'] };

/**
 * The parity test of a catalogue: English has exactly the Russian keys, no text is left
 * untranslated by mistake (but `sameInBoth`), and every plural has the forms its language needs.
 */
export function expectCompleteCatalogues(catalogues: Catalogues, sameInBoth: string[] = []): void {
  const { ru, en } = catalogues;
  expect(Object.keys(en).sort()).toEqual(Object.keys(ru).sort());
  const identical = Object.keys(ru).filter((key) => ru[key] === en[key]);
  expect(identical.sort()).toEqual([...sameInBoth].sort());
  for (const language of ['ru', 'en'] as const) {
    for (const [key, text] of Object.entries(catalogues[language])) {
      for (const [, options] of text.matchAll(/\{\s*\w+\s*,\s*plural\s*,((?:[^{}]|\{[^{}]*\})*)\}/g)) {
        const selectors = [...(options ?? '').matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{/g)].map((m) => m[1]);
        const missing = PLURAL_FORMS[language].filter((form) => !selectors.includes(form));
        expect({ key, language, missing }).toEqual({ key, language, missing: [] });
      }
    }
  }
}
export { hostFetch, serverThenLive } from './server-render';
export { keepSessionCookies } from './node-session';
