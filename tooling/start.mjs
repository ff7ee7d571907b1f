// `npm start`: builds the frontends that are missing or older than their sources, then serves the
// whole academy (API + shell + remotes) as one process on one port.
import { spawn, spawnSync } from 'node:child_process';
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
  newestMtime(path.join(root, 'tooling', 'webpack.cjs')),
);

// ACADEMY_SKIP_BUILD=1 serves whatever is built (a supervisor restarting the academy, the start-up test)
for (const [workspace, marker] of process.env.ACADEMY_SKIP_BUILD === '1' ? [] : FRONTENDS) {
  const built = path.join(root, workspace, 'dist', marker);
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(sharedSources, newestMtime(path.join(root, workspace, 'src')));
  if (builtAt >= sourcesAt && process.env.ACADEMY_REBUILD !== '1') continue;
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', workspace], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) {
    console.error(`Building ${workspace} failed; run \`npm run build --workspace ${workspace}\` to see why.`);
    process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'server.ts')], {
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
