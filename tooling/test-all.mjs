// `npm run test:all`: every check the project has, in order, each run even if an earlier one failed:
// type checks, lint, the jest run (server on PGlite, and on PostgreSQL when DATABASE_URL is set or CI
// has one), the production build, the per-page JS budgets, the browser suite and the scale-out test (two
// instances behind nginx on PostgreSQL, one killed under load; in CI, or wherever PostgreSQL and nginx
// are). Ends with one plain line:
//   tests: N passed, N failed
import { spawn, spawnSync } from 'node:child_process';
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

/** What failed, in a few lines each: printed again just before the last line, where a CI log's tail shows it. */
const failures = [];

/** A line of a failure cut to 300 characters. */
const clip = (line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line);

/** The last lines of a text, each cut to a readable length. */
function tail(text, lines) {
  return text.trimEnd().split('\n').slice(-lines).map(clip);
}

/** Runs a step; with `capture`, its output is also kept and its tail listed if it fails. */
function run(name, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: options.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...env, ...options.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return finish(name, started, result, options);
}

/** Records a finished step: its line in the summary and, captured, its output and failing tail. */
function finish(name, started, result, options) {
  if (options.capture) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  if (!ok && options.capture) {
    const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}${result.error ? `\n${result.error.message}` : ''}`;
    failures.push(`${name}:`, ...tail(output, 12).map((line) => `  ${line}`));
  }
  return ok;
}

/** The failed tests of a Playwright JSON report: file, title and the first lines of the error. */
function playwrightFailures(report) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const result = [...(test.results ?? [])].reverse().find((r) => r.error || r.errors?.length);
        // a timeout is two errors: "Test timeout exceeded" and the step that was waiting, with its line
        const errors = result?.errors?.length ? result.errors : [result?.error ?? { message: 'no error message' }];
        found.push(`  ${spec.file}:${spec.line} › ${spec.title}`);
        for (const error of errors) {
          // eslint-disable-next-line no-control-regex
          const plain = (error.message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
          const where = error.location ? [`at ${path.basename(error.location.file)}:${error.location.line}`] : [];
          // the message, its locator, expected and received values (the call log and code frame come after)
          const lines = plain
            .split('\n')
            .filter((line) => line.trim() !== '')
            .slice(0, 5)
            .map(clip);
          found.push(...[...lines, ...where].map((line) => `    ${line}`));
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return found;
}

function check(name, command, args, options) {
  if (run(name, command, args, options)) passed += 1;
  else failed += 1;
}

/**
 * Checks that each use one core (tsc, ESLint), run side by side on the machine's two, their output
 * captured and printed in order once both are done: one check's time instead of two.
 */
async function checkTogether(steps) {
  const started = Date.now();
  console.log(`\n=== ${steps.map(([name]) => name).join(' and ')}, side by side`);
  const results = await Promise.all(
    steps.map(
      ([, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
          const stdout = [];
          const stderr = [];
          child.stdout.on('data', (chunk) => stdout.push(chunk));
          child.stderr.on('data', (chunk) => stderr.push(chunk));
          child.on('error', (error) => resolve({ status: 1, stdout: '', stderr: '', error }));
          child.on('close', (status) =>
            resolve({ status, stdout: Buffer.concat(stdout).toString(), stderr: Buffer.concat(stderr).toString() }),
          );
        }),
    ),
  );
  steps.forEach(([name], i) => {
    console.log(`\n=== ${name}`);
    if (finish(name, started, results[i], { capture: true })) passed += 1;
    else failed += 1;
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

await checkTogether([
  ['type checks', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
]);

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
  for (const file of jest.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (failedTests.length === 0 && file.status !== 'failed') continue;
    const where = path.relative(root, file.name);
    if (failedTests.length === 0) failures.push(`jest ${where}:`, ...tail(file.message ?? '', 6).map((l) => `  ${l}`));
    for (const t of failedTests) failures.push(`jest ${where} › ${t.fullName}`);
  }
} else {
  // no results to count (seen once with a failing test and a zero exit): never a silent pass
  failed += 1;
  failures.push(`jest: no results in ${path.relative(root, jestFile)} (exit ${jestOk ? 'ok' : 'failed'})`);
}

const built = run('production build', 'npm', ['run', 'build']);
if (built) passed += 1;
else failed += 1;

// the redeploy spec's second builds of remote-public and remote-student, made here so the suite does not wait for them
if (built) {
  run('second build of remote-public (redeploy spec)', 'node', [
    'tooling/build-remote-version.mjs',
    'public',
    'e2e-v2',
    'e2e/.remote-deploy/v2',
  ]);
  run('second build of remote-student (redeploy spec)', 'node', [
    'tooling/build-remote-version.mjs',
    'student',
    'e2e-v2',
    'e2e/.remote-deploy/student-v2',
  ]);
}

// Issue 14: every shared module a remote takes from the shell is provided by it (one test).
if (built) check('shared modules the remotes take from the shell', 'node', ['tooling/check-shared.mjs'], { capture: true });
else failed += 1;

const browser = built && run('chromium', 'bash', ['tooling/ensure-chromium.sh']);

// Issue 14: the JavaScript each page transfers stays within its budget (one test).
if (browser) check('page budgets (bench/budgets.mjs)', 'node', ['bench/budgets.mjs'], { capture: true });
else failed += 1;

if (browser) {
  const e2eOk = run('browser suite (Playwright, Chromium)', 'npm', ['run', 'test:e2e']);
  const report = readJson(path.join(root, 'e2e', 'test-results', 'results.json'));
  if (report?.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    const found = playwrightFailures(report);
    if (found.length > 0) failures.push('browser suite:', ...found);
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

if (failures.length > 0) console.log(`\nWhat failed:\n${failures.join('\n')}`);
console.log(`\n${summary.join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
