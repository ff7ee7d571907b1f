import fs from 'node:fs';
import type { AxeResults, RunOptions } from 'axe-core';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The headers a spec's own API calls send, as the academy's pages do: the server refuses a state
 * change without `zoneId` (it takes it for a cross-site request). Pages send their own.
 */
export const API_HEADERS = { zoneId: 'Europe/Moscow' };

/** Playwright's `test` whose `request` calls the API as the academy's pages do (`API_HEADERS`). */
export const test = base.extend({
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: API_HEADERS });
    await use(request);
    await request.dispose();
  },
});

/** The password of the demo accounts: only the smoke spec signs in with them. */
export const DEMO_PASSWORD = 'demo123';

/** The fixture courses the e2e server imports (server/src/testing/fixtures/content). */
export const PRACTICE = 'Практикум: JavaScript';
export const FULL_PASS = 'Курс с полным прохождением';

export type Role = 'ADMIN' | 'MENTOR' | 'CHIEF_MENTOR' | 'CURATOR' | 'MANAGER' | 'CHIEF_MANAGER' | 'PAY_STUDENT' | 'STUDENT';

export interface UserInput {
  role?: Role;
  paymentType?: 'REGULAR' | 'UNTIL_PAID' | 'TRIAL' | null;
  direction?: string | null;
  firstName?: string;
  lastName?: string;
  isViewReport?: boolean;
  /** the account was made this many days ago (the yesterday's-report rule skips a day-old account) */
  createdDaysAgo?: number;
  /** a student's assigned mentor (the review queue) */
  mentorId?: number;
  /** an inactivation reason (docs/accounts.md, "Inactivation") */
  inactivationReason?: 'PASSWORD_CHANGE_REQUIRED' | 'EXPELLED' | 'PAYMENT_OVERDUE' | 'WAITING_FOR_STREAM';
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let counter = 0;
/** A name no other spec uses, so a search finds exactly this user. */
export function uniqueName(stem: string): string {
  counter += 1;
  const letters = 'абвгдежзиклмнопрстуфхцчшэюя';
  let tag = '';
  for (let n = Date.now() * 100 + counter + Math.floor(Math.random() * 100); n > 0; n = Math.floor(n / letters.length)) {
    tag += letters[n % letters.length];
  }
  return `${stem}${tag.slice(0, 8)}`;
}

/** A user of their own, made by the e2e server's test factory (never by `npm start`). */
export async function createUser(request: APIRequestContext, input: UserInput = {}): Promise<TestUser> {
  const firstName = input.firstName ?? 'Тест';
  const lastName = input.lastName ?? uniqueName('Тестов');
  const response = await request.post('/__test__/users', { data: { direction: 'FE', ...input, firstName, lastName } });
  expect(response.ok(), await response.text()).toBe(true);
  return { ...((await response.json()) as { id: number; email: string; password: string }), firstName, lastName };
}

/** Enrols the student in a fixture course as staff do; with openModules every module is open. Returns the course id. */
export async function enrol(
  request: APIRequestContext,
  student: { id: number },
  options: { course?: 'practice' | 'full-pass' | 'review'; openModules?: boolean } = {},
): Promise<number> {
  const response = await request.post('/__test__/enrolments', {
    data: { studentId: student.id, course: options.course ?? 'practice', openModules: options.openModules ?? false },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { courseId: number }).courseId;
}

export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Пароль').fill(user.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/** Replaces the code in a task's editor with `code` (ace takes over once it is focused). */
export async function typeCode(page: Page, code: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Код решения' });
  await editor.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

/**
 * axe-core's own script. It goes into a page once and stays while the router moves it from page to
 * page (a walk checks dozens of pages in one document). @axe-core/playwright put it in again on every
 * check (650 KB parsed) and opened a blank tab to finish each run: the browser suite's every-page walk
 * spent most of its time there (docs/scripts.md, "What the suites spend their time on").
 */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // only the violations are read: the passes are not gathered
  resultTypes: ['violations'],
  // a lecture's video frame shows another site (and nothing offline): its element is checked (a title),
  // not its content
  iframes: false,
};

/**
 * axe-core's serious and critical findings on the current page, one line each. The page is judged as it
 * settles: a button's colours ease for 0.15 s (after a hover, a state's class), and axe reading them
 * halfway finds a contrast no reader is left with (a CI run did, on a task page's buttons).
 */
export async function seriousA11yIssues(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };
    return (await axe.run(document, options)).violations;
  }, AXE_OPTIONS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectNoSeriousA11yIssues(page: Page): Promise<void> {
  expect(await seriousA11yIssues(page)).toEqual([]);
}

/**
 * axe-core on the current page in both themes (issue 32): the light one, then the dark one, as the
 * system's preference switches them (the boot script follows it live), without reloading the page.
 * Soft: a walk over many pages lists every finding.
 */
export async function expectNoSeriousA11yIssuesInBothThemes(page: Page, where: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    expect.soft(await seriousA11yIssues(page), `axe on ${where}, ${theme} theme`).toEqual([]);
  }
}
