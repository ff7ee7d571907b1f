// Lighthouse (mobile preset, the default) in Debian's Chromium against a running academy (default
// http://localhost:8080): performance and accessibility scores, LCP, TBT and the JavaScript
// transferred for a page of every area and role (issue 33): the visitor's sign-in and landing pages, the
// student's course list, course page, code task, statistics, report and review pages, the enrollee's
// step, and each staff role's home page. Signed-in pages are measured with that demo account's session
// cookie in a request header.
// Lighthouse is not a dependency of the academy: the script runs the pinned version through npx
// (the npm registry is reachable here). Run the pages one after another on an otherwise idle
// machine: scores move by about ±0.05 on a busy one.
// Usage: node bench/lighthouse.mjs [baseUrl] [runs per page, default 1]; LH_ONLY=code,list picks pages;
// LH_NO_SCRIPT=1 measures the pages with the app's scripts blocked (`*.js`: the server's copy alone,
// with only its small inline script: the machine's floor for a page, what its HTML and CSS cost);
// LH_KEEP=<folder> keeps each report, LH_TRACE=1 its trace too (bench/long-tasks.mjs names the long tasks)
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { demoCodeTask } from './demo-code-task.mjs';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const base = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '');
const runs = Number(process.argv[3] ?? 1);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The browser Lighthouse drives is started here (Playwright, a dependency of the e2e suite), so that a
// signed-in page is measured with its session in the browser's cookie jar, as a student has it. A
// session sent as an extra request header (Lighthouse's `--extra-headers`) is dropped from every
// request once the page or the server has put any cookie into the jar (the zone cookie, on the first
// page): the page's own calls then get 401 and it moved to the sign-in page in the middle of the run.
const port = 9300 + Math.floor(Math.random() * 600);
const browser = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(os.tmpdir(), 'lh-profile-')), {
  executablePath: chrome,
  headless: true,
  args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
// the zone this machine's browser reports: the cookie a returning reader has (the boot script writes it)
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A demo account's session cookie (the same sign-in the page makes); the student's by default. */
async function studentCookie(email = 'student@demo.academy', attempt = 1) {
  // a new connection each time: a kept-alive one may have been closed by the server during a long run
  const response = await fetch(`${base}/token`, {
    keepalive: false,
    method: 'POST',
    headers: { 'content-type': 'application/json', zoneId: 'Europe/Moscow', origin: base },
    body: JSON.stringify({ username: email, password: 'demo123', rememberMe: false }),
  }).catch((error) => {
    if (attempt === 3) throw error;
    return null;
  });
  if (!response) return studentCookie(email, attempt + 1);
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Lighthouse in the started browser, its cookie jar holding `cookie` (a session) and the zone cookie. */
async function lighthouse(url, cookie) {
  await browser.clearCookies();
  const jar = [...(cookie ? cookie.split('; ') : []), `academy_tz=${zone}`].map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  });
  await browser.addCookies(jar);
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lh-')), 'report.json');
  const args = [
    '-y',
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility',
    `--port=${port}`,
  ];
  if (process.env.LH_NO_SCRIPT === '1') args.push('--blocked-url-patterns=*.js');
  // LH_TRACE=1 (with LH_KEEP) keeps each run's trace too: bench/long-tasks.mjs reads them
  if (process.env.LH_TRACE === '1') args.push('--save-assets');
  // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is made again, twice at most.
  for (let attempt = 1; ; attempt++) {
    try {
      // not a synchronous call: this process must keep reading what the browser sends Playwright meanwhile
      await promisify(execFile)('npx', args, { maxBuffer: 64 * 1024 * 1024 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`  (${url}: Lighthouse failed, running it again)`);
    }
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  // LH_KEEP=<folder> keeps every report there, to look at where the time went.
  if (process.env.LH_KEEP) {
    fs.mkdirSync(process.env.LH_KEEP, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
    fs.copyFileSync(out, path.join(process.env.LH_KEEP, name));
    const trace = fs.readdirSync(path.dirname(out)).find((file) => file.endsWith('.trace.json'));
    if (trace)
      fs.copyFileSync(
        path.join(path.dirname(out), trace),
        path.join(process.env.LH_KEEP, name.replace(/\.json$/, '.trace.json')),
      );
  }
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const audit = (id) => report.audits[id];
  // scripts run by the page and any only fetched for later (a prefetch): both are JavaScript transferred
  const scripts = (audit('network-requests')?.details?.items ?? []).filter(
    (r) => r.resourceType === 'Script' || new URL(r.url).pathname.endsWith('.js'),
  );
  // a page whose own calls were refused (or that moved elsewhere) is not the page asked for
  const refused = (audit('network-requests')?.details?.items ?? []).filter((r) => r.statusCode === 401 || r.statusCode === 403);
  if (refused.length > 0)
    console.error(`  (${url}: ${refused.map((r) => `${r.statusCode} ${new URL(r.url).pathname}`).join(', ')})`);
  if (report.finalDisplayedUrl !== url) console.error(`  (${url}: ended on ${report.finalDisplayedUrl})`);
  return {
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsFiles: scripts.length,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * An important unread notification opens by itself over every page until the student closes it (once:
 * closing marks it read). The pages are measured as a student sees them after that first visit: the
 * demo student's such notifications are marked read first, as closing them would, and the script says so.
 */
async function closeImportantNotifications(cookie) {
  const headers = { cookie, zoneId: 'Europe/Moscow', origin: base };
  const list = (await (await fetch(`${base}/api/student/generalNotification`, { headers })).json()).data ?? [];
  const open = list.filter((n) => n.important && !n.show);
  for (const n of open) {
    await fetch(`${base}/api/student/generalNotification`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sgnId: String(n.id) }),
    });
  }
  if (open.length > 0)
    console.log(`(closed ${open.length} important notification(s) of the demo student first, as its first visit does)`);
}

/**
 * A student who pays later writes yesterday's report before any page of the day (spec 1 §2: a dialog
 * over every page, and no page rendered on the server until then). After midnight in the demo student's
 * zone the pages would be measured behind it: the report is written first, as that dialog would.
 */
async function writeOwedReport(cookie) {
  const zone = 'Europe/Moscow';
  const headers = { cookie, zoneId: zone, origin: base };
  const profile = (await (await fetch(`${base}/api/user/profile`, { headers })).json()).data;
  if (!profile?.requireCreateReport) return;
  const day = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date())}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  const [year, month, date] = day.toISOString().slice(0, 10).split('-');
  const response = await fetch(`${base}/api/student/report`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ id: null, text: 'Повторил пройденное', countHours: 2, reportDate: `${date}.${month}.${year}` }),
  });
  if (!response.ok) throw new Error(`yesterday's report: ${response.status} ${await response.text()}`);
  console.log('(wrote the demo student’s report for yesterday first, as the dialog of the day’s first page asks)');
}

const cookie = await studentCookie();
await closeImportantNotifications(cookie);
await writeOwedReport(cookie);
const { course, path: code, solvedPath: solvedCode } = await demoCodeTask(base, cookie);
// [name, path, the demo account whose session it is measured with (null: a visitor)]
const STUDENT = 'student@demo.academy';
const pages = [
  ['sign-in', '/login', null],
  ['landing', '/', null],
  ['course list', '/user/courses', STUDENT],
  ['course page', `/user/courses/${course}`, STUDENT],
  ...(code ? [[code === solvedCode ? 'code task, solved' : 'code task', code, STUDENT]] : []),
  ...(solvedCode && solvedCode !== code ? [['code task, solved', solvedCode, STUDENT]] : []),
  ['statistics', '/user/statistic', STUDENT],
  ['report', '/user/report', STUDENT],
  ['student review', '/user/review', STUDENT],
  ['enrollee step', '/enrollee/1', 'enrollee@demo.academy'],
  ['mentor review table', '/mentor/review/table', 'mentor@demo.academy'],
  ['chief mentor planning', '/chief/review/planning', 'chief-mentor@demo.academy'],
  ['curator students', '/curator/students/all', 'curator@demo.academy'],
  ['manager students', '/manager/students/current', 'manager@demo.academy'],
  ['chief manager students', '/chief-manager/students/current', 'chief-manager@demo.academy'],
  ['admin users', '/admin/users/', 'admin@demo.academy'],
];
const cookies = new Map([[STUDENT, cookie]]);
const cookieOf = async (email) => {
  if (!cookies.has(email)) cookies.set(email, await studentCookie(email));
  return cookies.get(email);
};

console.log(
  `Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile preset, ${runs} run(s) per page (median)${process.env.LH_NO_SCRIPT === '1' ? ', the app’s scripts blocked' : ''}, ${base}`,
);
console.log('| Page | Performance | Accessibility | LCP | TBT | JS transferred |');
console.log('|---|---:|---:|---:|---:|---:|');
// LH_ONLY=<words> measures only the pages whose name contains one of them (e.g. LH_ONLY=code,list)
const only = process.env.LH_ONLY?.split(',').filter(Boolean);
for (const [name, pathname, account] of pages) {
  if (only && !only.some((word) => name.includes(word))) continue;
  const results = [];
  const session = account ? await cookieOf(account) : null;
  for (let i = 0; i < runs; i++) results.push(await lighthouse(`${base}${pathname}`, session));
  const pick = (key) => median(results.map((r) => r[key]));
  console.log(
    `| ${name} (\`${pathname}\`) | ${pick('performance').toFixed(2)} | ${pick('accessibility').toFixed(2)} | ` +
      `${(pick('lcp') / 1000).toFixed(1)} s | ${Math.round(pick('tbt'))} ms | ` +
      `${Math.round(pick('jsBytes') / 1024)} KB in ${pick('jsFiles')} files |`,
  );
}
await browser.close();
