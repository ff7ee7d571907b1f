// The modules the shell and the remotes share through module federation, with the rules of their versions
// (tooling/webpack.cjs builds every app with them; tooling/check-shared.mjs checks the built apps).
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
/** The installed version of a package (its package.json, read directly: its `exports` may not list it). */
const packageVersion = (name) =>
  JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
// the versions the library subsets (aliased below) declare for the packages they stand for
const routerVersion = packageVersion('react-router-dom');
const reduxVersion = packageVersion('react-redux');
const toolkitVersion = packageVersion('@reduxjs/toolkit');

const rootPkg = require(path.join(root, 'shared', 'package.json'));

/** The next major (or, below 1.0, the next minor): where compatibility with `version` ends. */
function semverCeiling(version) {
  const [major, minor] = version.split('.').map(Number);
  return major > 0 ? `${major + 1}.0.0` : `0.${minor + 1}.0`;
}

/**
 * Issue 14 (bytes): a remote's production build takes the shared modules from the shell only, without a
 * copy of its own (`import: false`): the shell provides each of them on every page, and a copy of a
 * singleton was never loaded. (A remote would refuse a copy of another version anyway, see the versioning
 * rule below.) Its entry lists no modules to provide, no fallbacks to consume: 1.2 KB brotli less in
 * the student's remoteEntry.js, and no fallback chunks in its build. The exception are the keys the shell
 * does not use, which the remotes provide to each other (the task kinds; the directions' marks, which only
 * the public and staff pages show). tooling/check-shared.mjs checks on the built apps that
 * the shell provides every key a remote takes without a copy. A remote's dev build keeps its copies: its
 * page runs alone.
 */
const REMOTES_PROVIDE = new Set(['@academy/shared/task-kinds', '@academy/shared/ui/direction']);
const withoutCopies = (modules) =>
  Object.fromEntries(
    Object.entries(modules).map(([key, options]) => [key, REMOTES_PROVIDE.has(key) ? options : { ...options, import: false }]),
  );

/**
 * Subpaths of shared that are not federation-shared: the tests' helpers, the server's texts and the
 * server entries' renderer; the query-state ladder, a small stateless component each remote bundles
 * where its pages use it (shared, its entry in every remote's remoteEntry.js cost the course list 0.15 KB
 * brotli, more than a copy in the few pages that use it); and the code editor, off every other page's file.
 */
const NOT_SHARED = new Set([
  './testing',
  './server-texts',
  './ssr',
  './ui/query-state',
  './ui/code-editor',
  './rich-text/editor',
]);

/** Packages that must exist once on the page. `@academy/shared/*` subpaths hold the one API slice. */
function sharedModules() {
  const dep = (name) => rootPkg.dependencies[name];
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion, strictVersion: false });
  const modules = {
    react: singleton(dep('react')),
    'react/jsx-runtime': singleton(dep('react')),
    'react-dom': singleton(dep('react-dom')),
    'react-dom/client': singleton(dep('react-dom')),
    // the academy's subset of the router (tooling/react-router-dom.mjs, aliased below): its version is
    // the package's, not the alias file's; `react-router` itself is bundled inside it, not shared
    'react-router-dom': { ...singleton(dep('react-router-dom')), version: routerVersion },
    // (react-redux's and Redux Toolkit's subsets likewise: tooling/react-redux.mjs, reduxjs-toolkit*.mjs)
    'react-redux': { ...singleton(dep('react-redux')), version: reduxVersion },
    '@reduxjs/toolkit': { ...singleton(dep('@reduxjs/toolkit')), version: toolkitVersion },
    '@reduxjs/toolkit/query': { ...singleton(dep('@reduxjs/toolkit')), version: toolkitVersion },
    '@reduxjs/toolkit/query/react': singleton(dep('@reduxjs/toolkit')),
    formik: singleton(dep('formik')),
    yup: singleton(dep('yup')),
  };
  // The versioning rule of shared (README): shared is versioned with semver in shared/package.json and
  // every build declares the version it was built with. The page keeps one copy of each shared entry
  // (the first loaded, normally the shell's); a remote built against a newer minor or another major is
  // refused by the federation runtime (strictVersion) and shows its fallback, instead of running
  // against an API it does not know. So a change to shared that a remote relies on ships with the shell
  // first (bump the minor, deploy the shell, then the remote); a breaking change bumps the major and
  // ships with the shell and every remote together.
  const sharedRange = `>=${rootPkg.version} <${semverCeiling(rootPkg.version)}`;
  for (const subpath of Object.keys(rootPkg.exports)) {
    // (`./server-texts` is the server's entry: the browser has the texts it shows through `./i18n`;
    // `./ssr` only the apps' server entries import)
    if (subpath.endsWith('.css') || NOT_SHARED.has(subpath)) continue;
    modules[`@academy/shared/${subpath.slice(2)}`] = {
      singleton: true,
      version: rootPkg.version,
      requiredVersion: sharedRange,
      strictVersion: true,
    };
  }
  return modules;
}

module.exports = { packageVersion, rootPkg, REMOTES_PROVIDE, sharedModules, withoutCopies };
