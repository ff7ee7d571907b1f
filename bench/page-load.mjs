// Page-load figures in Debian's Chromium against a running academy (default http://localhost:8080):
// time until the sign-in form is usable, and the JavaScript each app sends (bytes on the wire and
// decoded) when the demo student opens /user/courses. Usage: node bench/page-load.mjs [baseUrl]
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:8080';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function timeToSignIn() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Войти' }).waitFor();
  const ms = Date.now() - started;
  await context.close();
  return ms;
}

const runs = [];
await timeToSignIn(); // warm the server's file cache
for (let i = 0; i < 5; i++) runs.push(await timeToSignIn());
runs.sort((a, b) => a - b);
console.log(
  `time to a usable sign-in page (5 cold browser contexts): median ${runs[2]} ms, min ${runs[0]} ms, max ${runs[4]} ms`,
);

const context = await browser.newContext();
const page = await context.newPage();
await page.goto(`${base}/login`);
await page.getByLabel('E-mail').fill('student@demo.academy');
await page.getByLabel('Пароль').fill('demo123');
await page.getByRole('button', { name: 'Войти' }).click();
await page.waitForURL('**/user/courses');
await page.getByRole('figure', { name: 'Цитата дня' }).waitFor();
await page.waitForLoadState('networkidle');
// a fresh load of the student's page: what each app sends
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
const byRequest = new Map();
cdp.on('Network.responseReceived', (e) => byRequest.set(e.requestId, { url: e.response.url, type: e.type }));
const totals = {};
const decoded = new Map();
cdp.on('Network.dataReceived', (e) => decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength));
cdp.on('Network.loadingFinished', (e) => {
  const request = byRequest.get(e.requestId);
  if (!request || request.type !== 'Script') return;
  const pathname = new URL(request.url).pathname;
  const app = pathname.startsWith('/remotes/') ? `remote-${pathname.split('/')[2]}` : 'shell';
  totals[app] ??= { files: 0, wire: 0, decoded: 0 };
  totals[app].files += 1;
  totals[app].wire += e.encodedDataLength;
  totals[app].decoded += decoded.get(e.requestId) ?? 0;
});
const requests = [];
page.on('request', (r) => requests.push(new URL(r.url()).pathname));
const started = Date.now();
await page.reload();
await page.getByRole('figure', { name: 'Цитата дня' }).waitFor();
const studentMs = Date.now() - started;
await page.waitForTimeout(300);
console.log(`student page (/user/courses) until the quote shows: ${studentMs} ms, ${requests.length} requests`);
console.table(
  Object.entries(totals).map(([app, t]) => ({
    app,
    scripts: t.files,
    'KB minified': (t.decoded / 1024).toFixed(1),
    'KB on the wire (brotli)': (t.wire / 1024).toFixed(1),
  })),
);
console.log(`API calls: ${requests.filter((p) => p.startsWith('/api/') || p.startsWith('/config/')).join(', ')}`);
await browser.close();
