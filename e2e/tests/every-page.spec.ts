import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSeriousA11yIssuesInBothThemes, signIn, test } from './helpers';

// Issue 29, item 23: every page of every role (and the public pages), on a 360 px phone, in Russian and
// in English, fits the screen's width (no sideways scroll) and names itself in the tab: a title of its
// own, in the page's language, never the bare name of the academy. Issue 32: and axe finds no serious
// issue on it in the light theme nor in the dark one. Signs in with the demo accounts of
// `npm start` (server/src/db/seed.ts), like the smoke spec: their pages are the ones a visitor sees first.

const PHONE = { width: 360, height: 780 };
type Language = 'ru' | 'en';
const APP_NAME: Record<Language, string> = { ru: 'Академия', en: 'Academy' };

/** The pages a staff role opens: its landing page, its staff menu, its password page and a missing page. */
const STAFF: Array<{ email: string; password: string }> = [
  { email: 'admin@demo.academy', password: '/admin/edit/password' },
  { email: 'mentor@demo.academy', password: '/mentor/edit/password' },
  { email: 'chief-mentor@demo.academy', password: '/chief-mentor/edit/password' },
  { email: 'curator@demo.academy', password: '/curator/edit/password' },
  { email: 'manager@demo.academy', password: '/manager/edit/password' },
  { email: 'chief-manager@demo.academy', password: '/chief-manager/edit/password' },
];

const LEGAL = ['contacts', 'legal_entity', 'public_offer', 'privacy_policy'];

/** Shows the page in the language (the switch's stored choice and the prerendering cookie), on a phone. */
async function prepare(page: Page, language: Language, baseURL: string) {
  await page.setViewportSize(PHONE);
  await page.context().addCookies([{ name: 'academy_lang', value: language, url: baseURL }]);
  await page.addInitScript((lang) => window.localStorage.setItem('academy.lang', lang), language);
}

/**
 * Opens the page and waits until it has settled (its main content, no skeleton), then checks the width
 * and the title. Problems are collected (soft), so one run lists every page that fails. A walk's first
 * page is loaded (`load`); the next ones are reached as a link does (the router follows the history):
 * the walk takes a third of the time, and loads of every page are the other specs' part.
 */
async function visit(page: Page, path: string, language: Language, titles: Map<string, string>, load = false) {
  const before = await page.title();
  let arrived = false;
  if (!load) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // arrived: a title not seen before in the walk (not the bare name a page shows while it loads, nor
    // one a page before it set late, such as the course page a send-elsewhere ended on), the content in place
    const seen = [before, APP_NAME[language], ...titles.keys()];
    arrived = await page
      .waitForFunction((known) => !known.includes(document.title) && !document.querySelector('main [aria-busy="true"]'), seen, {
        timeout: 5_000,
      })
      .then(() => true)
      .catch(() => false);
  }
  // a page loaded, or one whose title did not change (a twin, reported below, or a send elsewhere)
  if (!arrived) await page.goto(path);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  // a page that sends elsewhere (a locked task to its course) is checked at its own address
  const at = new URL(page.url());
  if (`${at.pathname}${at.search}` !== path) return;
  await expect
    .soft(async () => {
      const title = await page.title();
      expect(title, `the tab's title of ${path}`).not.toBe(APP_NAME[language]);
      expect(title, `the tab's title of ${path}`).toContain(APP_NAME[language]);
    })
    .toPass({ timeout: 5_000 });
  const title = await page.title();
  const twin = titles.get(title);
  expect.soft(twin, `${path} has the title "${title}" of ${twin}`).toBeUndefined();
  titles.set(title, path);
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    // what sticks out, to name it in the failure
    wide: Array.from(document.querySelectorAll('main *'))
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`),
  }));
  expect
    .soft(width.scroll, `${path} scrolls sideways at ${PHONE.width} px (${width.wide.join(', ')})`)
    .toBeLessThanOrEqual(width.client);
  await expectNoSeriousA11yIssuesInBothThemes(page, path);
}

/** The addresses of the links in the page that match, in their order, once each. */
async function links(page: Page, selector: string, pattern: RegExp): Promise<string[]> {
  const hrefs = await page.locator(selector).evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => href.split('#')[0]!).filter((href) => pattern.test(href)))];
}

for (const language of ['ru', 'en'] as const) {
  test.describe(`every page at 360 px, ${language.toUpperCase()}`, () => {
    // the switch's choice is remembered for the account: the demo accounts go back to Russian for the other specs
    test.afterEach(async ({ page, baseURL }) => {
      if (language === 'ru') return;
      await page.request.post('/api/locale/select_lang', {
        data: { lang: 'ru' },
        headers: { zoneId: 'Europe/Moscow', origin: baseURL! },
      });
    });
    test('public pages', async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await prepare(page, language, baseURL!);
      const titles = new Map<string, string>();
      const start = language === 'en' ? '/start/en' : '/start';
      const demo = language === 'en' ? '/demo/en' : '/demo';
      for (const path of [
        '/',
        '/login',
        `${start}?direction=FE`,
        `${demo}?direction=JAVA`,
        '/recovery-pass',
        '/recovery-pass?token=not-a-token',
        '/meet',
        ...LEGAL.map((legal) => `/${legal}`),
        '/no-such-page',
      ]) {
        // loaded each: the landing page is static HTML with plain links, no router to follow them
        await visit(page, path, language, titles, true);
      }
    });

    // the walk over every course and task is split in two halves of the courses, run side by side
    for (const half of [0, 1]) {
      test(`the paying student, courses ${half + 1} of 2`, async ({ page, baseURL }) => {
        test.setTimeout(300_000);
        await signIn(page, { email: 'student@demo.academy', password: DEMO_PASSWORD });
        await page.waitForURL('**/user/courses');
        await prepare(page, language, baseURL!);
        const titles = new Map<string, string>();
        await visit(page, '/user/courses', language, titles, true);
        const all = await links(page, 'main a', /^\/user\/courses\/(additional\/)?\d+$/);
        expect(all.length).toBeGreaterThan(1);
        const courses = all.filter((_, i) => i % 2 === half);
        // a course page links its chapters' first tasks; a task page the other tasks of its chapter
        const TASK = /^\/user\/courses\/(additional\/)?\d+\/\d+\/\d+\/\d+$/;
        const tasks: string[] = [];
        for (const course of courses) {
          await visit(page, course, language, titles);
          tasks.push(...(await links(page, 'main a', TASK)).filter((task) => !tasks.includes(task)));
        }
        expect(tasks.length).toBeGreaterThan(0);
        // in Russian every task (a task page links the rest of its chapter); in English each chapter's first
        // task, whose page has the same frame and texts
        for (let i = 0; i < tasks.length; i++) {
          await visit(page, tasks[i]!, language, titles);
          if (language === 'ru') tasks.push(...(await links(page, 'main a', TASK)).filter((task) => !tasks.includes(task)));
        }
        if (half === 0) {
          // the history of the first task that keeps solutions (the others send back to the task)
          for (const task of tasks) {
            await page.goto(`${task}/solutions`);
            await expect(page.locator('main h1').first()).toBeVisible();
            if (!page.url().endsWith('/solutions')) continue;
            await visit(page, `${task}/solutions`, language, titles, true);
            break;
          }
          return;
        }
        for (const path of ['/user/statistic', '/user/report', '/user/review', '/user/password', '/user/no-such-page']) {
          await visit(page, path, language, titles);
        }
        for (const legal of LEGAL) await visit(page, `/user/${legal}`, language, titles);
      });
    }

    test('the enrollee', async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await signIn(page, { email: 'enrollee@demo.academy', password: DEMO_PASSWORD });
      await page.waitForURL('**/enrollee/1');
      await prepare(page, language, baseURL!);
      const titles = new Map<string, string>();
      await visit(page, '/enrollee/1', language, titles, true);
      const steps = await links(page, 'main nav a', /^\/enrollee\/\d+$/);
      expect(steps.length).toBeGreaterThan(1);
      for (const step of steps.filter((step) => step !== '/enrollee/1')) await visit(page, step, language, titles);
      for (const path of ['/enrollee/password', ...LEGAL.map((legal) => `/enrollee/${legal}`), '/enrollee/no-such-page']) {
        await visit(page, path, language, titles);
      }
    });

    for (const staff of STAFF) {
      test(`staff: ${staff.email}`, async ({ page, baseURL }) => {
        test.setTimeout(150_000);
        await signIn(page, { email: staff.email, password: DEMO_PASSWORD });
        await page.waitForURL((url) => url.pathname !== '/login');
        await prepare(page, language, baseURL!);
        const home = new URL(page.url()).pathname;
        const titles = new Map<string, string>();
        await visit(page, home, language, titles, true);
        const menu = await links(page, 'nav.staff-nav a', /^\//);
        // the admin's landing page is /admin/users/, its menu item /admin/users: one page
        const same = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');
        for (const path of menu.filter((path) => !same(path, home))) await visit(page, path, language, titles);
        const prefix = home.split('/')[1];
        await visit(page, staff.password, language, titles);
        await visit(page, `/${prefix}/no-such-page`, language, titles);
      });
    }

    test('staff viewing a student', async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      await signIn(page, { email: 'curator@demo.academy', password: DEMO_PASSWORD });
      await page.waitForURL((url) => url.pathname !== '/login');
      await prepare(page, language, baseURL!);
      const titles = new Map<string, string>();
      await visit(page, '/curator/students/all', language, titles, true);
      // the list arrives after the page's heading
      await expect(page.locator('main a[href*="studentId="]').first()).toBeVisible();
      const viewAs = await links(page, 'main a', /studentId=\d+/);
      expect(viewAs.length).toBeGreaterThan(0);
      const studentId = new URL(viewAs[0]!, baseURL).searchParams.get('studentId');
      for (const path of ['/user/courses', '/user/statistic', '/user/review']) {
        await visit(page, `${path}?studentId=${studentId}`, language, titles);
      }
    });
  });
}
