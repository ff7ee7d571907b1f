// `npm start`: builds what is missing or older than its sources (the server, compiled ahead of time
// into server/dist, and the frontends, in one webpack process with its persistent cache, each once),
// then serves the whole academy (API + shell + remotes) as one process on one port, running plain
// JavaScript: `node server/dist/server.js`. While the frontends build, the server already starts
// (database, migrations, demo data); its pages wait, answering "being built", until all are built.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SERVER_NODE_ARGS from './server-node-args.cjs';

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
const frontendTooling = Math.max(
  newestMtime(path.join(root, 'tooling', 'webpack.cjs')),
  newestMtime(path.join(root, 'tooling', 'shared-modules.cjs')),
  newestMtime(path.join(root, 'tooling', 'preload-manifest-plugin.cjs')),
  newestMtime(path.join(root, 'tooling', 'build-plugins.cjs')),
  newestMtime(path.join(root, 'tooling', 'subset-check-plugin.cjs')),
  newestMtime(path.join(root, 'tooling', 'react-router-dom.mjs')),
  newestMtime(path.join(root, 'tooling', 'build-server-entry.mjs')),
);
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

// The frontends: all stale ones in one webpack process (tooling/build-frontends.mjs, a MultiCompiler:
// the apps overlap, one running webpack's JavaScript while another's minifier and compression run on
// other threads), each built once, with a line when each starts and when it is built. The server
// starts meanwhile and holds its pages until every frontend is built; a failed build stops both.
// ACADEMY_SKIP_BUILD=1 serves whatever is built (a supervisor restarting the academy, the start-up test).
const staleFrontends = FRONTENDS.filter(
  ([workspace, marker]) =>
    process.env.ACADEMY_SKIP_BUILD !== '1' &&
    isStale(
      path.join(root, workspace, 'dist', marker),
      Math.max(sharedSources, frontendTooling, newestMtime(path.join(root, workspace, 'src'))),
    ),
).map(([workspace]) => workspace);

// the code graders' tools (bubblewrap, Go, Java): installed once where missing and root, else named
// (without them only Java, Go and Python tasks wait for grading; the academy starts either way)
spawnSync('bash', [path.join(root, 'tooling', 'ensure-graders.sh')], { cwd: root, stdio: 'inherit' });

const building = staleFrontends.length > 0;
// the server serves each dist folder from the start: make sure it exists (webpack fills it)
for (const workspace of staleFrontends) fs.mkdirSync(path.join(root, workspace, 'dist'), { recursive: true });
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, serverEntry], {
  cwd: root,
  stdio: building ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  env: {
    // without SMTP_URL the mails of a local academy wait at http://localhost:8080/dev/mailbox
    ACADEMY_DEV_MAILBOX: '1',
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    ACADEMY_FRONTENDS_BUILDING: staleFrontends.join(','),
  },
});
let stopping = null;
let builder = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = signal;
    server.kill(signal);
    builder?.kill(signal);
  });
}

if (building) {
  // ACADEMY_BUILD_JOBS=n: at most n apps at once in the webpack process (default: all of them)
  const jobs = Number(process.env.ACADEMY_BUILD_JOBS) || 0;
  console.log(`Building ${staleFrontends.length} frontend(s) in one webpack process: ${staleFrontends.join(', ')}…`);
  builder = spawn(
    process.execPath,
    [path.join(root, 'tooling', 'build-frontends.mjs'), ...(jobs ? ['--parallelism', String(jobs)] : []), ...staleFrontends],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  let errors = '';
  builder.stdout.on('data', (chunk) => process.stdout.write(chunk));
  builder.stderr.on('data', (chunk) => (errors += chunk));
  // what the server is told once it listens (it asks with { listening: true }), then as it happens
  const told = [];
  let serverListening = false;
  const tell = (message) => {
    told.push(message);
    if (serverListening && server.connected) server.send(message);
  };
  server.on('message', (message) => {
    if (!message?.listening) return;
    serverListening = true;
    for (const one of told) server.send(one);
  });
  builder.on('message', (message) => {
    if (message?.built) tell({ built: message.built });
    if (message?.allBuilt) {
      console.log(`Frontends built in ${seconds(buildStarted)}`);
      tell({ allBuilt: true });
    }
  });
  builder.on('exit', (code, signal) => {
    builder = null;
    if (code === 0 || stopping) return;
    process.stderr.write(errors);
    console.error(
      `Building the frontends failed (${signal ?? `exit ${code}`}); run \`npm run build --workspace <app>\` to see why.`,
    );
    stopping = 'SIGTERM';
    server.kill('SIGTERM');
    process.exitCode = 1;
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
  builder?.kill('SIGTERM');
  process.exit(process.exitCode || exitStatus(code, signal));
});
