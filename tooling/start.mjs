// `npm start`: builds the frontends that are missing or older than their sources, then serves the
// whole academy (API + shell + remotes) as one process on one port.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
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

for (const [workspace, marker] of FRONTENDS) {
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
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
