import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/**
 * README, "Remotes that deploy alone": the public remote is redeployed under a running academy while a
 * visitor has its pages open. The spec runs its own academy (the e2e server on the next port) over a
 * release folder whose `remote-public/dist` it replaces, so the shared e2e server's pages never see it.
 * Two builds of remote-public: the one `npm run build` made (v1) and one with ACADEMY_BUILD_LABEL
 * (v2, built once by tooling/build-remote-version.mjs and reused); their pages differ only in the build
 * label they show.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const WORK = path.join(ROOT, 'e2e', '.remote-deploy');
const RELEASE = path.join(WORK, 'release');
const LIVE = path.join(RELEASE, 'remote-public', 'dist');
const BUILDS = { v1: path.join(WORK, 'v1'), v2: path.join(WORK, 'v2') };
const LABEL = 'e2e-v2';
const PORT = Number(process.env.E2E_PORT ?? 8181) + 1;
const BASE = `http://localhost:${PORT}`;
/** REMOTE_CHECK_INTERVAL_MS of @academy/shared/federation: entering an area asks again after it. */
const CHECK_INTERVAL_MS = 5_000;

type Build = keyof typeof BUILDS;

/**
 * Puts a build in place as a static host's deploy would: `beside` uploads its files over the old ones
 * (old hashed chunks stay), `replace` swaps the whole folder (old chunks gone).
 */
function deploy(build: Build, mode: 'beside' | 'replace'): void {
  if (mode === 'beside') {
    // chunks first, the entry and the manifest last: a page never meets an entry without its chunks
    const last = new Set(['remoteEntry.js', 'remoteEntry.js.br', 'remoteEntry.js.gz', 'mf-manifest.json']);
    const files = fs.readdirSync(BUILDS[build]);
    for (const file of [...files.filter((f) => !last.has(f)), ...files.filter((f) => last.has(f))]) {
      fs.copyFileSync(path.join(BUILDS[build], file), path.join(LIVE, file));
    }
    return;
  }
  const next = `${LIVE}.next`;
  fs.rmSync(next, { recursive: true, force: true });
  fs.cpSync(BUILDS[build], next, { recursive: true });
  fs.rmSync(`${LIVE}.old`, { recursive: true, force: true });
  if (fs.existsSync(LIVE)) fs.renameSync(LIVE, `${LIVE}.old`);
  fs.renameSync(next, LIVE);
  fs.rmSync(`${LIVE}.old`, { recursive: true, force: true });
}

let server: ChildProcess | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // v2 once (a production build of the remote takes 15–60 s here), v1 as `npm run build` left it
  execFileSync(process.execPath, [path.join(ROOT, 'tooling', 'build-remote-version.mjs'), 'public', LABEL, BUILDS.v2], {
    stdio: 'inherit',
  });
  fs.rmSync(BUILDS.v1, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, 'remote-public', 'dist'), BUILDS.v1, { recursive: true });

  // the release folder: the shell and the other remotes as built, remote-public deployed by the tests
  fs.rmSync(RELEASE, { recursive: true, force: true });
  for (const workspace of ['shell', 'remote-student', 'remote-mentor', 'remote-enrollee']) {
    fs.mkdirSync(path.join(RELEASE, workspace), { recursive: true });
    fs.symlinkSync(path.join(ROOT, workspace, 'dist'), path.join(RELEASE, workspace, 'dist'));
  }
  fs.mkdirSync(path.dirname(LIVE), { recursive: true });
  deploy('v1', 'replace');

  server = spawn(process.execPath, [path.join(ROOT, 'tooling', 'e2e-server.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), E2E_DATA_DIR: '.e2e-data-redeploy', ACADEMY_STATIC_ROOT: RELEASE },
  });
  await expect
    .poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

const buildLabel = (page: Page) => page.getByText(/^Версия страниц: /);

/** Opens a public page and waits until the shell has read what the remote's entry served (its fingerprint). */
async function openPublicPage(page: Page, pathname: string): Promise<string> {
  const fingerprinted = page.waitForResponse(
    (response) => response.url() === `${BASE}/remotes/public/remoteEntry.js` && response.request().resourceType() === 'fetch',
  );
  await page.goto(`${BASE}${pathname}`);
  await fingerprinted;
  const label = (await buildLabel(page).textContent()) ?? '';
  expect(label).not.toContain(LABEL);
  // set on this document only: still there after the update means no page reload happened
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  return label;
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
  await page.waitForTimeout(CHECK_INTERVAL_MS + 500);
  await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
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
    if (response.status() === 404 && response.url().startsWith(`${BASE}/remotes/public/`)) missing.push(response.url());
  });
  deploy('v2', 'replace');

  // the legal pages' chunk of the old build is gone: the area loads the new build instead
  await page.getByRole('link', { name: 'публичной оферты' }).click();
  await expect(page.getByRole('heading', { name: 'Публичная оферта' })).toBeVisible();
  await expect(buildLabel(page)).toHaveText(`Версия страниц: 0.1.0+${LABEL}`);
  expect(missing.length).toBeGreaterThan(0);
  expect(await sameDocument(page)).toBe(true);
});
