// Production builds of several frontends in one webpack process (a MultiCompiler), with a line when
// each starts and when it is built. Used by `npm start` (tooling/start.mjs); the product is the same
// as `npm run build -w <app>` (`webpack --mode production`: the same config, the same cache).
//   node tooling/build-frontends.mjs [--parallelism n] shell remote-student …
// One process instead of one per app saves starting Node, webpack and the federation plugin for
// every app, and the apps overlap: while one runs webpack's JavaScript, another's swc minification
// and brotli/gzip compression run on other threads. "Built <app>" is printed once its files are
// written (and sent to a parent over IPC: { built: app }, then { allBuilt: true }); the persistent
// cache is saved afterwards, and the process exits when it is.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const webpack = require('webpack');

const args = process.argv.slice(2);
let parallelism = Infinity;
const apps = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--parallelism') parallelism = Number(args[++i]) || Infinity;
  else apps.push(args[i]);
}
if (apps.length === 0) {
  console.error('usage: node tooling/build-frontends.mjs [--parallelism n] <app>…');
  process.exit(2);
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const configs = apps.map((app) => {
  const factory = require(path.join(root, app, 'webpack.config.cjs'));
  const config = typeof factory === 'function' ? factory({}, { mode: 'production' }) : factory;
  return { ...config, name: app };
});
if (Number.isFinite(parallelism)) configs.parallelism = parallelism;

const compiler = webpack(configs);
for (const child of compiler.compilers) {
  let started = 0;
  child.hooks.run.tap('build-frontends', () => {
    started = Date.now();
    console.log(`Building ${child.name}…`);
  });
  child.hooks.done.tap('build-frontends', (stats) => {
    if (stats.hasErrors()) return;
    console.log(`Built ${child.name} in ${seconds(started)}`);
    process.send?.({ built: child.name });
  });
}

compiler.run((error, stats) => {
  let failed = Boolean(error);
  if (error) console.error(error.stack ?? error);
  for (const one of stats?.stats ?? []) {
    if (one.hasErrors()) {
      failed = true;
      console.error(`${one.compilation.name}:\n${one.toString('errors-only')}`);
    }
  }
  // An app's `npm run build` ends with its server entry (tooling/build-server-entry.mjs: the pages the
  // server renders, into dist/server, which webpack's clean of dist removed): for each app built here that has one.
  for (const app of apps) {
    if (failed || !fs.existsSync(path.join(root, app, 'src', 'server-entry.tsx'))) continue;
    const entry = spawnSync(process.execPath, [path.join(root, 'tooling', 'build-server-entry.mjs')], {
      cwd: path.join(root, app),
      stdio: 'inherit',
    });
    if (entry.status !== 0) {
      failed = true;
      console.error(`The server entry of ${app} failed to build`);
    }
  }
  if (!failed) {
    if (process.send) process.send({ allBuilt: true });
    else console.log('Frontends built; saving the build cache');
  }
  compiler.close((closeError) => {
    if (closeError) console.error(closeError.stack ?? closeError);
    process.exitCode = failed ? 1 : 0;
  });
});
