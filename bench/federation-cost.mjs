// The cost of module federation, measured: the same sources built as the federated academy (`npm run
// build`) and as one single-bundle app (tooling/webpack.single.cjs: the shell imports the remotes'
// exposed modules directly), both served by the academy's own server, compared in one run in Debian's
// Chromium: JavaScript bytes (on the wire, brotli, and decoded) and the time until the demo student's
// course list shows, on a cold cache, unthrottled and throttled (Lighthouse's mobile preset: 150 ms RTT,
// 1.6 Mbit/s down, CPU 4× slower). Runs alternate between the two builds; medians are reported.
//
//   node bench/federation-cost.mjs [--runs 7] [--throttled-runs 5] [--port 8420] [--no-build]
//
// Needs `npm run build` first (the federated build); builds the single one unless --no-build.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const RUNS = Number(arg('runs', 7));
const THROTTLED_RUNS = Number(arg('throttled-runs', 5));
const PORT = Number(arg('port', 8420));
const singleRoot = path.join(root, 'bench', '.single');

if (!process.argv.includes('--no-build') || !fs.existsSync(path.join(singleRoot, 'shell', 'dist', 'index.html'))) {
  const started = Date.now();
  const build = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'),
      '--config',
      'tooling/webpack.single.cjs',
      '--mode',
      'production',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`single-bundle build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
// the shell's server entry (the sign-in page, the frames) is bundled from its sources by
// tooling/build-server-entry.mjs, the same for both builds: the single one gets it too
fs.cpSync(path.join(root, 'shell', 'dist', 'server'), path.join(singleRoot, 'shell', 'dist', 'server'), { recursive: true });
// the single build needs no remotes; the server still registers their folders
for (const remote of ['student', 'mentor', 'enrollee', 'public']) {
  const link = path.join(singleRoot, `remote-${remote}`, 'dist');
  if (!fs.existsSync(link)) {
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.join(root, `remote-${remote}`, 'dist'), link);
  }
}

/** An academy on the e2e server (demo data, fresh embedded database) serving one of the builds. */
function startServer(name, port, staticRoot) {
  const child = spawn(process.execPath, [path.join(root, 'tooling', 'e2e-server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), E2E_DATA_DIR: `.e2e-data-bench-${name}`, ACADEMY_STATIC_ROOT: staticRoot },
  });
  return child;
}
async function waitUp(base) {
  for (let i = 0; i < 180; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} did not start`);
}

const builds = {
  federated: { base: `http://localhost:${PORT}`, server: startServer('federated', PORT, root) },
  single: { base: `http://localhost:${PORT + 1}`, server: startServer('single', PORT + 1, singleRoot) },
};
const stop = () => Object.values(builds).forEach(({ server }) => server.kill('SIGTERM'));
process.on('exit', stop);
await Promise.all(Object.values(builds).map(({ base }) => waitUp(base)));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** The demo student's session cookie on a server. */
async function signedIn(base) {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill('student@demo.academy');
  await page.getByLabel('Пароль').fill('demo123');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL('**/user/courses');
  const state = await context.storageState();
  await context.close();
  return state;
}
for (const build of Object.values(builds)) build.state = await signedIn(build.base);

/** One cold load of /user/courses: ms until the course list shows, and the scripts it fetched. */
async function measure(build, throttled) {
  const context = await browser.newContext({ locale: 'ru-RU', storageState: build.state });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const scripts = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, { wire: 0, decoded: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const script = scripts.get(e.requestId);
    if (script) script.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const script = scripts.get(e.requestId);
    if (script) script.wire = e.encodedDataLength;
  });
  const started = Date.now();
  await page.goto(`${build.base}/user/courses`);
  await page.getByRole('region', { name: 'Основные курсы' }).getByRole('link').first().waitFor({ timeout: 60_000 });
  const ms = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const files = [...scripts.values()];
  await context.close();
  return {
    ms,
    files: files.length,
    wire: files.reduce((sum, f) => sum + f.wire, 0),
    decoded: files.reduce((sum, f) => sum + f.decoded, 0),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const results = { federated: { fast: [], slow: [] }, single: { fast: [], slow: [] } };
await measure(builds.federated, false); // warm both servers' file caches
await measure(builds.single, false);
for (let i = 0; i < RUNS; i++) {
  for (const name of i % 2 ? ['single', 'federated'] : ['federated', 'single'])
    results[name].fast.push(await measure(builds[name], false));
}
for (let i = 0; i < THROTTLED_RUNS; i++) {
  for (const name of i % 2 ? ['single', 'federated'] : ['federated', 'single'])
    results[name].slow.push(await measure(builds[name], true));
}
await browser.close();

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (a, b) => `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)} %`;
const summary = (name) => {
  const { fast, slow } = results[name];
  return {
    files: median(fast.map((r) => r.files)),
    wire: median(fast.map((r) => r.wire)),
    decoded: median(fast.map((r) => r.decoded)),
    fast: median(fast.map((r) => r.ms)),
    slow: median(slow.map((r) => r.ms)),
  };
};
const f = summary('federated');
const s = summary('single');
console.log(`\nthe demo student's /user/courses, cold cache; medians of ${RUNS} runs (${THROTTLED_RUNS} throttled)\n`);
console.log('| | federated | single bundle | federation overhead |');
console.log('|---|---:|---:|---:|');
console.log(`| JS files | ${f.files} | ${s.files} | ${f.files - s.files} |`);
console.log(`| JS on the wire (brotli) | ${kb(f.wire)} | ${kb(s.wire)} | ${pct(f.wire, s.wire)} |`);
console.log(`| JS decoded | ${kb(f.decoded)} | ${kb(s.decoded)} | ${pct(f.decoded, s.decoded)} |`);
console.log(`| time to the course list, unthrottled | ${f.fast} ms | ${s.fast} ms | ${pct(f.fast, s.fast)} |`);
console.log(
  `| time to the course list, throttled (150 ms RTT, 1.6 Mbit/s, CPU 4×) | ${f.slow} ms | ${s.slow} ms | ${pct(f.slow, s.slow)} |`,
);
stop();
process.exit(0);
