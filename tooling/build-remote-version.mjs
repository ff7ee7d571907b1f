// A second build of one remote, as its team would deploy it: `node tooling/build-remote-version.mjs
// <remote> <label> <output folder>` builds remote-<remote> with ACADEMY_BUILD_LABEL=<label> into the
// folder (never into its dist). Skipped when the folder holds a build of that label newer than the
// remote's dist, so the browser suite's redeploy spec pays for the build once (test:all runs this
// before the suite).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [remote, label, out] = process.argv.slice(2);
if (!remote || !label || !out) {
  console.error('usage: node tooling/build-remote-version.mjs <remote> <label> <output folder>');
  process.exit(2);
}
const workspace = path.join(root, `remote-${remote}`);
const output = path.resolve(out);
const stamp = path.join(output, 'build-label.txt');
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

const upToDate =
  fs.existsSync(stamp) &&
  fs.readFileSync(stamp, 'utf8') === label &&
  mtime(path.join(output, 'remoteEntry.js')) >= mtime(path.join(workspace, 'dist', 'remoteEntry.js'));
if (upToDate) {
  console.log(`remote-${remote} ${label}: up to date in ${path.relative(root, output)}`);
  process.exit(0);
}
const started = Date.now();
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production', '--output-path', output],
  { cwd: workspace, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ACADEMY_BUILD_LABEL: label } },
);
if (result.status !== 0) process.exit(result.status ?? 1);
// the remote's server entry beside its browser build, as its own `npm run build` makes it
if (fs.existsSync(path.join(workspace, 'src', 'server-entry.tsx'))) {
  const entry = spawnSync(process.execPath, [path.join(root, 'tooling', 'build-server-entry.mjs'), '--out', output], {
    cwd: workspace,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ACADEMY_BUILD_LABEL: label },
  });
  if (entry.status !== 0) process.exit(entry.status ?? 1);
}
fs.writeFileSync(stamp, label);
console.log(`remote-${remote} ${label}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
