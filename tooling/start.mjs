// `npm start`: builds what is missing or older than its sources (the server, compiled ahead of time
// into server/dist, and the frontends, two webpack builds at a time on two cores, each once), then
// serves the whole academy (API + shell + remotes) as one process on one port, running plain
// JavaScript: `node server/dist/server.js`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FRONTENDS = [
  ['shell', 'index.html'],
  ['remote-student', 'remoteEntry.js'],
  ['remote-mentor', 'remoteEntry.js'],
  ['remote-enrollee', 'remoteEntry.js'],
  ['remote-public', 'remoteEntry.js'],
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || /\.test\.tsx?$/.test(entry) || entry === 'testing') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sharedSources = Math.max(
  newestMtime(path.join(root, 'shared', 'src')),
  newestMtime(path.join(root, 'shared', 'package.json')),
);
const frontendTooling = newestMtime(path.join(root, 'tooling', 'webpack.cjs'));
const serverTooling = newestMtime(path.join(root, 'tooling', 'build-server.mjs'));

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function isStale(built, sourcesAt) {
  if (process.env.ACADEMY_REBUILD === '1' || !fs.existsSync(built)) return true;
  return fs.statSync(built).mtimeMs < sourcesAt;
}

/** Runs one build quietly; its output is shown only when it fails. */
function runBuild(label, command, args, hint) {
  const started = Date.now();
  console.log(`Building ${label}…`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (code === 0) {
        console.log(`Built ${label} in ${seconds(started)}`);
        resolve(true);
      } else {
        process.stderr.write(output);
        console.error(`Building ${label} failed; run \`${hint}\` to see why.`);
        resolve(false);
      }
    });
  });
}

/** Runs `jobs` (functions returning a promise of success) at most `limit` at a time. */
async function runAtMost(limit, jobs) {
  let next = 0;
  let ok = true;
  async function worker() {
    while (next < jobs.length && ok) {
      const job = jobs[next++];
      if (!(await job())) ok = false;
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return ok;
}

const buildStarted = Date.now();
// The server: esbuild, a fraction of a second. Built whenever it is missing or stale, even with
// ACADEMY_SKIP_BUILD=1, since the academy cannot start without it.
const serverEntry = path.join(root, 'server', 'dist', 'server.js');
const serverSourcesAt = Math.max(sharedSources, serverTooling, newestMtime(path.join(root, 'server', 'src')));
if (
  isStale(serverEntry, serverSourcesAt) &&
  !(await runBuild('server', process.execPath, [path.join(root, 'tooling', 'build-server.mjs')], 'npm run build -w server'))
) {
  process.exit(1);
}

// The frontends: one webpack process each, as many at a time as there are cores (one builds while
// the other minifies and compresses), so nothing is built twice and a failure stops the rest.
// ACADEMY_SKIP_BUILD=1 serves whatever is built (a supervisor restarting the academy, the start-up test).
const staleFrontends = FRONTENDS.filter(
  ([workspace, marker]) =>
    process.env.ACADEMY_SKIP_BUILD !== '1' &&
    isStale(
      path.join(root, workspace, 'dist', marker),
      Math.max(sharedSources, frontendTooling, newestMtime(path.join(root, workspace, 'src'))),
    ),
);
if (staleFrontends.length > 0) {
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const limit = Math.max(1, Number(process.env.ACADEMY_BUILD_JOBS) || Math.min(cores, 2));
  console.log(`Building ${staleFrontends.length} frontend(s), ${Math.min(limit, staleFrontends.length)} at a time…`);
  const built = await runAtMost(
    limit,
    staleFrontends.map(
      ([workspace]) =>
        () =>
          runBuild(workspace, 'npm', ['run', 'build', '--workspace', workspace], `npm run build --workspace ${workspace}`),
    ),
  );
  if (!built) process.exit(1);
  console.log(`Frontends built in ${seconds(buildStarted)}`);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  stdio: 'inherit',
  // without SMTP_URL the mails of a local academy wait at http://localhost:8080/dev/mailbox
  env: { ACADEMY_DEV_MAILBOX: '1', ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
let stopping = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = signal;
    server.kill(signal);
  });
}

/**
 * The exit status of `npm start` is the server's: 0 only when it ended normally (its own clean
 * shutdown). A server killed by a signal (a crash such as SIGSEGV, the OOM killer's SIGKILL) exits
 * 128 + the signal's number, as a shell reports it, so a supervisor that restarts on failure does.
 */
function exitStatus(code, signal) {
  if (code !== null) return code;
  return 128 + (os.constants.signals[signal] ?? 0);
}

server.on('exit', (code, signal) => {
  if (signal && stopping !== signal) console.error(`The academy server died by ${signal}.`);
  process.exit(exitStatus(code, signal));
});
