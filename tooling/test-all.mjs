// `npm run test:all`: every check the project has, in order, each run even if an earlier one failed:
// type checks, lint, the jest run (server on PGlite, and on PostgreSQL when DATABASE_URL is set or CI
// has one), the production build, the per-page JS budgets, the browser suite and the scale-out test (two
// instances behind nginx on PostgreSQL, one killed under load; in CI, or wherever PostgreSQL and nginx
// are). Ends with one plain line:
//   tests: N passed, N failed
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNginx } from '../deploy/nginx/nginx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-results');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const CI_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

function reachable(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 1000 });
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const env = { ...process.env };
if (!env.DATABASE_URL && env.CI === 'true' && (await reachable(5432))) env.DATABASE_URL = CI_DATABASE_URL;

let passed = 0;
let failed = 0;
const summary = [];

function run(name, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...options.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  return ok;
}

function check(name, command, args, options) {
  if (run(name, command, args, options)) passed += 1;
  else failed += 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

check('type checks', 'npm', ['run', 'typecheck']);
check('lint', 'npm', ['run', 'lint']);

const jestFile = path.join(out, 'jest.json');
const jestOk = run(`jest${env.DATABASE_URL ? ' (server on PGlite and PostgreSQL)' : ' (server on PGlite)'}`, 'npm', [
  'test',
  '--',
  '--ci',
  '--json',
  `--outputFile=${jestFile}`,
]);
const jest = readJson(jestFile);
if (jest) {
  passed += jest.numPassedTests;
  failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
} else if (!jestOk) failed += 1;

const built = run('production build', 'npm', ['run', 'build']);
if (built) passed += 1;
else failed += 1;

// the redeploy spec's second build of remote-public, made here so the suite does not wait for it
if (built)
  run('second build of remote-public (redeploy spec)', 'node', [
    'tooling/build-remote-version.mjs',
    'public',
    'e2e-v2',
    'e2e/.remote-deploy/v2',
  ]);

const browser = built && run('chromium', 'bash', ['tooling/ensure-chromium.sh']);

// Issue 14: the JavaScript each page transfers stays within its budget (one test).
if (browser) check('page budgets (bench/budgets.mjs)', 'node', ['bench/budgets.mjs']);
else failed += 1;

if (browser) {
  const e2eOk = run('browser suite (Playwright, Chromium)', 'npm', ['run', 'test:e2e']);
  const report = readJson(path.join(root, 'e2e', 'test-results', 'results.json'));
  if (report?.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
  } else if (!e2eOk) failed += 1;
} else {
  failed += 1;
}

// ~40 s: two instances on a fresh PostgreSQL database, nginx, a 19 s load with one instance killed.
// After the build, so the cache headers of the built frontends are checked through nginx too. CI must
// run it (a missing nginx or PostgreSQL fails there); elsewhere it needs both and is skipped otherwise.
const scaleOutDatabase = env.SCALE_OUT_DATABASE_URL ?? env.DATABASE_URL;
if (env.CI === 'true' || (scaleOutDatabase && findNginx())) {
  check(
    'scale-out: two instances behind nginx, one killed under load',
    'node',
    ['bench/scale-out.mjs', ...(env.CI === 'true' ? ['--require'] : [])],
    { env: scaleOutDatabase ? { SCALE_OUT_DATABASE_URL: scaleOutDatabase } : {} },
  );
} else {
  summary.push(
    `skip scale-out test (${scaleOutDatabase ? 'no nginx: apt-get install -y nginx' : 'no PostgreSQL: set DATABASE_URL'})`,
  );
}

console.log(`\n${summary.join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
