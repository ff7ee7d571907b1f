import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createUser, enrol, PRACTICE } from './helpers';

/**
 * docs/architecture.md, "Remotes that deploy alone": the public remote is redeployed under a running academy while a
 * visitor has its pages open. The spec runs its own academy (the e2e server on the next port) over a
 * release folder whose `remote-public/dist` it replaces, so the shared e2e server's pages never see it.
 * Two builds of remote-public: the one `npm run build` made (v1) and one with ACADEMY_BUILD_LABEL
 * (v2, built once by tooling/build-remote-version.mjs and reused); their pages differ only in the build
 * label they show.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const WORK = path.join(ROOT, 'e2e', '.remote-deploy');
const LABEL = 'e2e-v2';
const V2 = path.join(WORK, 'v2');
const STUDENT_V2 = path.join(WORK, 'student-v2');

/**
 * The academy of one run of this file: its port, release folder and data folder. Runs side by side
 * (`--repeat-each` on two workers) each take their own by the worker's parallel index; v2 is shared.
 */
function slotOf(parallelIndex: number) {
  const folder = path.join(WORK, `slot-${parallelIndex}`);
  const port = Number(process.env.E2E_PORT ?? 8181) + 1 + parallelIndex;
  return {
    release: path.join(folder, 'release'),
    live: {
      public: path.join(folder, 'release', 'remote-public', 'dist'),
      student: path.join(folder, 'release', 'remote-student', 'dist'),
    },
    builds: {
      public: { v1: path.join(folder, 'v1'), v2: V2 },
      student: { v1: path.join(folder, 'student-v1'), v2: STUDENT_V2 },
    },
    port,
    base: `http://localhost:${port}`,
    dataDir: `.e2e-data-redeploy-${parallelIndex}`,
  };
}
let slot = slotOf(0);
/** REMOTE_CHECK_INTERVAL_MS of @academy/shared/federation: entering an area asks again after it. */
const CHECK_INTERVAL_MS = 5_000;

type Build = 'v1' | 'v2';
type Remote = 'public' | 'student';

/**
 * Puts a build in place as a static host's deploy would: `beside` uploads its files over the old ones
 * (old hashed chunks stay), `replace` swaps the whole folder (old chunks gone).
 */
function deploy(build: Build, mode: 'beside' | 'replace', remote: Remote = 'public'): void {
  const from = slot.builds[remote][build];
  const LIVE = slot.live[remote];
  if (mode === 'beside') {
    // chunks first, the server entry next, the browser's entry and the manifest last: a page never meets
    // an entry without its chunks
    const last = new Set(['remoteEntry.js', 'remoteEntry.js.br', 'remoteEntry.js.gz', 'mf-manifest.json']);
    const files = fs.readdirSync(from);
    for (const file of [...files.filter((f) => !last.has(f)), ...files.filter((f) => last.has(f))]) {
      fs.cpSync(path.join(from, file), path.join(LIVE, file), { recursive: true });
    }
    return;
  }
  const next = `${LIVE}.next`;
  fs.rmSync(next, { recursive: true, force: true });
  fs.cpSync(from, next, { recursive: true });
  fs.rmSync(`${LIVE}.old`, { recursive: true, force: true });
  if (fs.existsSync(LIVE)) fs.renameSync(LIVE, `${LIVE}.old`);
  fs.renameSync(next, LIVE);
  fs.rmSync(`${LIVE}.old`, { recursive: true, force: true });
}

let server: ChildProcess | null = null;

test.describe.configure({ mode: 'serial' });

// eslint-disable-next-line no-empty-pattern -- Playwright passes fixtures first; this hook needs none
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(300_000);
  slot = slotOf(testInfo.parallelIndex);
  const { builds: BUILDS, release: RELEASE, live: LIVE, base: BASE } = slot;
  // v2 once (a production build of a remote takes 15–60 s here), v1 as `npm run build` left it
  for (const [remote, v2] of [
    ['public', V2],
    ['student', STUDENT_V2],
  ] as const) {
    execFileSync(process.execPath, [path.join(ROOT, 'tooling', 'build-remote-version.mjs'), remote, LABEL, v2], {
      stdio: 'inherit',
    });
    fs.rmSync(BUILDS[remote].v1, { recursive: true, force: true });
    fs.cpSync(path.join(ROOT, `remote-${remote}`, 'dist'), BUILDS[remote].v1, { recursive: true });
  }

  // the release folder: the shell and the other remotes as built, the public and student remotes deployed by the tests
  fs.rmSync(RELEASE, { recursive: true, force: true });
  for (const workspace of ['shell', 'remote-mentor', 'remote-enrollee']) {
    fs.mkdirSync(path.join(RELEASE, workspace), { recursive: true });
    fs.symlinkSync(path.join(ROOT, workspace, 'dist'), path.join(RELEASE, workspace, 'dist'));
  }
  for (const remote of ['public', 'student'] as const) {
    fs.mkdirSync(path.dirname(LIVE[remote]), { recursive: true });
    deploy('v1', 'replace', remote);
  }

  server = spawn(process.execPath, [path.join(ROOT, 'tooling', 'e2e-server.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(slot.port), E2E_DATA_DIR: slot.dataDir, ACADEMY_STATIC_ROOT: RELEASE },
  });
  await expect
    .poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  // waits for the exit: a next run of this file on this worker starts its own server on the same port
  const running = server;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
});

const buildLabel = (page: Page) => page.getByText(/^Версия страниц: /);

/** Opens a public page and waits until the shell has read what the remote's entry served (its fingerprint). */
async function openPublicPage(page: Page, pathname: string): Promise<string> {
  const fingerprinted = page.waitForResponse(
    (response) =>
      response.url() === `${slot.base}/remotes/public/remoteEntry.js` && response.request().resourceType() === 'fetch',
  );
  await page.goto(`${slot.base}${pathname}`);
  await fingerprinted;
  const label = (await buildLabel(page).textContent()) ?? '';
  expect(label).not.toContain(LABEL);
  // set on this document only: still there after the update means no page reload happened
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  return label;
}

/** Waits out the check interval, leaves the public area for the sign-in page and goes back into it. */
async function reenterAfterInterval(page: Page): Promise<void> {
  await page.waitForTimeout(CHECK_INTERVAL_MS + 500);
  await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // the URL moves before React commits the page (the router renders in a transition): going back before
  // the sign-in page is on screen would leave the area mounted, which is not a new entry into it
  await expect(page.getByRole('heading', { name: 'Вход в Академию' })).toBeVisible();
  await expect(buildLabel(page)).toHaveCount(0);
  await page.goBack();
}

const sameDocument = (page: Page) => page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument === true);

test('a redeployed remote shows on the next entry into its area, without a reload and never mixed', async ({ page }) => {
  deploy('v1', 'replace');
  const v1 = await openPublicPage(page, '/start?direction=FE');
  deploy('v2', 'beside');

  // inside the area the build it was opened with keeps working (a page of it not seen before too)
  await page.getByRole('link', { name: 'публичной оферты' }).click();
  await expect(page.getByRole('heading', { name: 'Публичная оферта' })).toBeVisible();
  await expect(buildLabel(page)).toHaveText(v1);

  // the area is left and entered again after the check interval: the new build, in place of the old
  await reenterAfterInterval(page);
  await expect(page.getByRole('heading', { name: 'Публичная оферта' })).toBeVisible();
  await expect(buildLabel(page)).toHaveText(`Версия страниц: 0.1.0+${LABEL}`);
  await expect(buildLabel(page)).toHaveCount(1);
  expect(await sameDocument(page)).toBe(true);
});

test('a chunk gone with the old build makes the area load the new build once, never a blank page', async ({ page }) => {
  deploy('v1', 'replace');
  await openPublicPage(page, '/start?direction=FE');
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && response.url().startsWith(`${slot.base}/remotes/public/`)) missing.push(response.url());
  });
  deploy('v2', 'replace');

  // the legal pages' chunk of the old build is gone: the area loads the new build instead
  await page.getByRole('link', { name: 'публичной оферты' }).click();
  await expect(page.getByRole('heading', { name: 'Публичная оферта' })).toBeVisible();
  await expect(buildLabel(page)).toHaveText(`Версия страниц: 0.1.0+${LABEL}`);
  expect(missing.length).toBeGreaterThan(0);
  expect(await sameDocument(page)).toBe(true);
});

test('a build deployed while the page loads the old one is still picked up on the next entry', async ({ page }) => {
  deploy('v1', 'replace');
  // the shell's read of the entry after the area's module loaded (its fingerprint) waits for the test
  await page.addInitScript(() => {
    const fetchNow = window.fetch.bind(window);
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    Object.assign(window, { entryReadWaiting: false, releaseEntryRead: () => release() });
    window.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/remotes/public/remoteEntry.js')) {
        Object.assign(window, { entryReadWaiting: true });
        await released;
      }
      return fetchNow(input, init);
    };
  });
  await page.goto(`${slot.base}/start?direction=FE`);
  await page.waitForFunction(() => (window as Window & { entryReadWaiting?: boolean }).entryReadWaiting === true);
  await expect(buildLabel(page)).not.toContainText(LABEL);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // v2 lands between the runtime's load of v1's entry and the shell's read of it
  deploy('v2', 'beside');
  await page.evaluate(() => (window as Window & { releaseEntryRead?: () => void }).releaseEntryRead?.());

  // the page still knows it runs v1, so the next entry after the interval loads v2
  await reenterAfterInterval(page);
  await expect(buildLabel(page)).toHaveText(`Версия страниц: 0.1.0+${LABEL}`);
  await expect(buildLabel(page)).toHaveCount(1);
  expect(await sameDocument(page)).toBe(true);
});

/** Where the page's content is: each heading, link, button and paragraph of the area, its text and its place down the page. */
const layoutOf = (page: Page) =>
  page.locator('.student-frame__content').evaluate((content) => {
    // from the content's top: the quote above it is picked at random for each load, and may wrap
    const top = content.getBoundingClientRect().y;
    return Array.from(content.querySelectorAll('h1, h2, h3, a, button, p, img'), (element) => {
      const box = element.getBoundingClientRect();
      // where it is down the page, to 8 px: a skeleton or a page that moves is a jump, a few pixels of a
      // late sideways detail (seen once under load) is not
      return [element.tagName, element.textContent?.trim(), Math.round((box.y - top) / 8), Math.round(box.height / 8)];
    });
  });

test('a redeployed student remote renders its pages on the server at once: the new markup, the student’s data, no flash', async ({
  browser,
  playwright,
}) => {
  deploy('v1', 'replace', 'student');
  const api = await playwright.request.newContext({ baseURL: slot.base, extraHTTPHeaders: { zoneId: 'Europe/Moscow' } });
  const student = await createUser(api, { firstName: 'Вера' });
  const courseId = await enrol(api, student);
  await api.dispose();
  const coursePath = `/user/courses/${courseId}`;
  const label = (page: Page) => page.getByText(/^Версия страниц: /);
  const signedIn = async (scripts: boolean) => {
    const context = await browser.newContext({ baseURL: slot.base });
    if (!scripts) await context.route(/\.js(\?|$)/, (route) => route.abort());
    const response = await context.request.post('/token', {
      data: { username: student.email, password: student.password },
      headers: { zoneId: 'Europe/Moscow' },
    });
    expect(response.ok()).toBe(true);
    return context;
  };

  // the server's page alone (no script runs): v1's markup with the student's course
  const still = await signedIn(false);
  const plain = await still.newPage();
  await plain.goto(coursePath);
  await expect(plain.getByRole('heading', { level: 1, name: PRACTICE })).toBeVisible();
  await expect(label(plain)).not.toContainText(LABEL);

  // v2 lands (its server entry with it); nothing is restarted
  deploy('v2', 'replace', 'student');
  await plain.goto(coursePath);
  await expect(label(plain)).toHaveText(`Версия страниц: 0.1.0+${LABEL}`);
  await expect(plain.getByRole('heading', { level: 1, name: PRACTICE })).toBeVisible();
  await expect(plain.getByRole('heading', { name: 'Модуль 1. Знакомство с JavaScript' })).toBeVisible();
  const served = await layoutOf(plain);
  await still.close();

  // with the scripts: the live page (v2 too) takes over from the server's copy without a visible change
  const live = await signedIn(true);
  const page = await live.newPage();
  // every frame until the live page is there: a skeleton never shows in place of the course
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { skeletonsSeen: seen });
    // what is on screen: the server's copy while it is there (the live page renders hidden behind it), then the live page
    const look = () => {
      const copy = document.getElementById('prerendered');
      const shown = copy ?? document.getElementById('root');
      if (shown?.querySelector('main .skeleton, main [aria-busy="true"]')) seen.push(copy ? 'copy' : 'live');
      if (document.getElementById('prerendered') || document.readyState !== 'complete') requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto(coursePath);
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(label(page)).toHaveText(`Версия страниц: 0.1.0+${LABEL}`);
  await expect(page.getByRole('heading', { name: 'Модуль 1. Знакомство с JavaScript' })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { skeletonsSeen?: string[] }).skeletonsSeen)).toEqual([]);
  // the same page in the same places: every heading, link, button and text of the course, where it was
  expect(await layoutOf(page)).toEqual(served);
  await page.screenshot({ path: test.info().outputPath('student-course-v2.png'), fullPage: true });
  await live.close();
  deploy('v1', 'replace', 'student');
});
