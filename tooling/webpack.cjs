// One webpack + Module Federation config for the shell and every remote, so that all of them share
// exactly the same singletons (one React, one router, one store, one RTK Query API slice).
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { DefinePlugin, ExternalsPlugin } = require('webpack');

const root = path.resolve(__dirname, '..');
/** The installed version of a package (its package.json, read directly: its `exports` may not list it). */
const packageVersion = (name) =>
  JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
// the versions the library subsets (aliased below) declare for the packages they stand for
const routerVersion = packageVersion('react-router-dom');
const reduxVersion = packageVersion('react-redux');
const toolkitVersion = packageVersion('@reduxjs/toolkit');

/**
 * remote-deploy: a fingerprint of what a remote's build is made of (its sources, shared's, the
 * lockfile, the build label), the same for the same inputs. Two builds of one remote can be on one page
 * (a redeployed remote registered again while the old build's modules still run), and webpack's JSONP
 * chunk global would otherwise be shared between them: the new runtime replays the old build's chunks
 * and takes chunks of the same id for loaded, running old code. A global per build keeps them apart.
 */
function sourceFingerprint(dir, label) {
  const hash = require('node:crypto').createHash('sha256');
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(root, file)).update(fs.readFileSync(file));
    }
  };
  for (const folder of [path.join(dir, 'src'), path.join(root, 'shared', 'src')]) walk(folder);
  for (const file of [
    path.join(dir, 'package.json'),
    path.join(root, 'shared', 'package.json'),
    path.join(root, 'package-lock.json'),
  ]) {
    if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
  }
  return hash
    .update(label ?? '')
    .digest('hex')
    .slice(0, 8);
}
const rootPkg = require(path.join(root, 'shared', 'package.json'));

/** The next major (or, below 1.0, the next minor): where compatibility with `version` ends. */
function semverCeiling(version) {
  const [major, minor] = version.split('.').map(Number);
  return major > 0 ? `${major + 1}.0.0` : `0.${minor + 1}.0`;
}

// Issue 14: the families of shared libraries each page loads together, one file each (optimization below)
const VENDOR_REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const VENDOR_REDUX =
  /([\\/]node_modules[\\/](@reduxjs[\\/]toolkit|@standard-schema[\\/]utils|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store)[\\/]|[\\/]tooling[\\/](reduxjs-toolkit(-query)?|react-redux)\.mjs$)/;
// the router: react-router and the academy's subset of react-router-dom (its alias file, below)
const VENDOR_ROUTER = /([\\/]node_modules[\\/]react-router[\\/]|[\\/]tooling[\\/]react-router-dom\.mjs$)/;

/**
 * Issue 14 (bytes): the federation runtime core, carried by the shell alone. Each remote's production
 * entry held a copy of its own (9.7 KB of the student's 18.3 KB brotli); it now takes the page's, which
 * the shell lends through `tooling/provide-runtime-core.mjs` (+0.9 KB on main.js). Like a shared
 * singleton, the core is a contract between the shell and the remotes: a remote checks that the page's
 * core is of the minor it was built with, and otherwise throws as its entry starts, so the shell shows
 * the area's fallback (docs/architecture.md, "Deploying a remote alone"). (The plugin's own `externalRuntime` would
 * skip that check, and its `provideExternalRuntime` lent a second, CommonJS copy of the core: +9.9 KB
 * on main.js.) A remote's dev build keeps its own core: its page runs without the shell.
 */
const CORE_VERSION = packageVersion('@module-federation/runtime-core');
const CORE_MINOR = CORE_VERSION.split('.').slice(0, 2).join('.');
function remoteRuntimeCore(name) {
  const message = `${name} runs on the shell's federation runtime core ${CORE_MINOR}.x; this page has `;
  return (
    `(function (page, from) {` +
    ` if (!page || !from || String(from.version).split('.').slice(0, 2).join('.') !== ${JSON.stringify(CORE_MINOR)})` +
    ` throw new Error(${JSON.stringify(message)} + (from ? from.version : 'none'));` +
    ` return page; })(globalThis._FEDERATION_RUNTIME_CORE, globalThis._FEDERATION_RUNTIME_CORE_FROM)`
  );
}

// The parts of `shared` every page runs once signed in (the public pages too, but for rich text): one
// file instead of seven, 3.9 KB less on the course list. The English texts keep their own chunk, which a
// page in Russian never fetches, the code editor's ace part its own (react-ace's), and the account
// forms' rules and birthday pickers (`@academy/shared/accounts`, `…/ui/birthday`: registration, recovery
// and one's own details) theirs, and the directions' marks (`…/ui/direction`: landing, registration, staff lists).
const ACADEMY_EVERY_PAGE = (module) =>
  /[\\/]shared[\\/]src[\\/](contract|api|federation|domain|ui|i18n|rich-text)[\\/]/.test(module.resource ?? '') &&
  !/([\\/]i18n[\\/](en|server-texts-en)\.ts|[\\/]ui[\\/](ace-editor|birthday-field|direction-icon)\.tsx|[\\/]contract[\\/]accounts\.ts)$/.test(
    module.resource,
  );

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

// the ES module of `@module-federation/runtime`, the one the federation runtime in main.js is made of
const RUNTIME_API = path.join(path.dirname(require.resolve('@module-federation/runtime')), 'index.js');

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
    // (`./server-texts` is the server's entry: the browser has the texts it shows through `./i18n`)
    if (subpath.endsWith('.css') || subpath === './testing' || subpath === './server-texts') continue;
    modules[`@academy/shared/${subpath.slice(2)}`] = {
      singleton: true,
      version: rootPkg.version,
      requiredVersion: sharedRange,
      strictVersion: true,
    };
  }
  return modules;
}

/**
 * Issue 14 ("Pages"): writes `preload.json` beside the build, the JS files each part needs when it
 * starts, so the server can send `<link rel=preload>` for exactly what a path runs first instead of
 * the browser discovering them one after another (runtime → bootstrap → shared → remote → chunks).
 *   groups.bootstrap  the host's async boundary (`import('./bootstrap')`) with the shared modules it
 *                     consumes (the copies the host itself provides: the ones the runtime loads)
 *   groups.<name>     a chunk group named with `webpackChunkName` (e.g. the sign-in page), likewise
 *   groups['./App']   a remote's exposed module: its own chunks only (for the shared modules it
 *                     consumes, see `fallbacks`)
 *   provided          each share key this build provides, with the files its copy needs (the shell's
 *                     copies are the ones a page loads)
 *   fallbacks['./App'] the shared modules a remote's exposed module consumes, by share key, with the
 *                     remote's own copy's files: the server preloads the shell's copy of a key the shell
 *                     provides (formik for the public area, the account pages for the staff's) and the
 *                     remote's own of any other (`@academy/shared/task-kinds` for the student area), which
 *                     the page would otherwise ask for only once the remote's entry has run: one more
 *                     round trip before the area can render
 *   routes            a remote's addresses (relative to its area, `courses/:courseId`) whose page is a chunk
 *                     group of its own, by the group's name (from the remote's src/routes/route-chunks.json):
 *                     the server preloads that group too for such an address, so opening a course or a task
 *                     directly waits for no chunk the remote's entry would only ask for once it runs
 */
class PreloadManifestPlugin {
  /** @param {string} [routesFile] a remote's route-chunks.json (see `routes` above) */
  constructor(routesFile) {
    this.routesFile = routesFile && fs.existsSync(routesFile) ? routesFile : null;
  }

  apply(compiler) {
    const NAME = 'AcademyPreloadManifest';
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { chunkGraph } = compilation;
        const entryFiles = new Set();
        for (const entrypoint of compilation.entrypoints.values()) {
          for (const chunk of entrypoint.chunks) for (const file of chunk.files) entryFiles.add(file);
        }
        // The shared modules this build provides, by share key, with their chunk groups: the copy a
        // build registers in the share scope is the one the runtime loads (the consume's fallback is a
        // second chunk group of the same modules, sometimes other files: react-dom, the federation helpers)
        const provideGroups = new Map();
        for (const module of compilation.modules) {
          if (module.type !== 'provide-module') continue;
          provideGroups.set(
            module._name,
            module.blocks.map((block) => chunkGraph.getBlockChunkGroup(block)),
          );
        }
        /** The JS files of a chunk group, with (optionally) those of the shared modules it consumes. */
        const filesOf = (groups, withConsumes) => {
          const files = new Set();
          const seen = new Set();
          const visit = (group) => {
            if (!group || seen.has(group)) return;
            seen.add(group);
            for (const chunk of group.chunks) {
              for (const file of chunk.files) if (/\.(js|css)$/.test(file) && !entryFiles.has(file)) files.add(file);
              if (!withConsumes) continue;
              for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
                if (module.type !== 'consume-shared-module') continue;
                const provided = provideGroups.get(module.options.shareKey);
                for (const target of provided ?? module.blocks.map((block) => chunkGraph.getBlockChunkGroup(block)))
                  visit(target);
              }
            }
          };
          for (const group of groups) visit(group);
          return [...files].sort();
        };
        const groups = {};
        for (const entrypoint of compilation.entrypoints.values()) {
          // the async boundary's group only: the entry's other children are the groups of the shared
          // modules it provides (formik, yup, rich text…), which a page loads only when something consumes them
          if (entrypoint.name === 'main') {
            const boundary = entrypoint
              .getChildren()
              .filter((group) => group.origins.some((o) => o.module?.type !== 'provide-module'));
            groups.bootstrap = filesOf(boundary, true);
          }
        }
        for (const [name, group] of compilation.namedChunkGroups) {
          if (!compilation.entrypoints.has(name)) groups[name] = filesOf([group], true);
        }
        // the shared modules this build provides, with the files each needs (those of the shared modules
        // it consumes in turn included): the shell's are what a remote finds on the page
        // (keys sorted: the modules' order differs between a cold build and one from the persistent
        // cache, and both must write the same file, tooling/webpack-cache.test.ts)
        const byName = ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0);
        const provided = Object.fromEntries([...provideGroups].sort(byName).map(([key, groups]) => [key, filesOf(groups, true)]));
        /**
         * The shared modules a group consumes (and those their copies consume in turn), by share key,
         * each with this build's own copy's files: the server preloads the shell's files for a key the
         * shell provides, this build's for any other (see `fallbacks` below).
         */
        const fallbacksOf = (group) => {
          const byKey = {};
          const seen = new Set();
          const walk = (current) => {
            if (!current || seen.has(current)) return;
            seen.add(current);
            for (const chunk of current.chunks) {
              for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
                if (module.type !== 'consume-shared-module') continue;
                const key = module.options.shareKey;
                if (Object.hasOwn(byKey, key)) continue;
                const copy = provideGroups.get(key) ?? [];
                byKey[key] = filesOf(copy, false);
                for (const inner of copy) walk(inner);
              }
            }
          };
          walk(group);
          return Object.fromEntries(Object.entries(byKey).sort(byName));
        };
        const fallbacks = {};
        for (const module of compilation.modules) {
          if (module.constructor.name !== 'ContainerEntryModule') continue;
          for (const block of module.blocks) {
            const exposed = block.dependencies[0]?.exposedName;
            if (!exposed) continue;
            const group = chunkGraph.getBlockChunkGroup(block);
            groups[exposed] = filesOf([group], false);
            fallbacks[exposed] = fallbacksOf(group);
          }
        }
        // the area's routes whose page is a chunk of its own (the remote's src/routes/route-chunks.json):
        // a name the build does not have fails it, so the server never preloads what is not there
        let routes;
        if (this.routesFile) {
          compilation.fileDependencies.add(this.routesFile);
          routes = JSON.parse(fs.readFileSync(this.routesFile, 'utf8'));
          for (const [pattern, chunk] of Object.entries(routes)) {
            if (!groups[chunk]) {
              compilation.errors.push(
                new compiler.webpack.WebpackError(
                  `${path.relative(root, this.routesFile)}: the route ${pattern} names the chunk "${chunk}", which this build does not have (a webpackChunkName)`,
                ),
              );
            }
          }
        }
        const json = JSON.stringify({ groups, provided, fallbacks, ...(routes ? { routes } : {}) }, null, 2);
        compilation.emitAsset('preload.json', new compiler.webpack.sources.RawSource(json));
      });
    });
  }
}

/**
 * Brotli for the precompressed .br copies (build speed): quality 11 for files under 64 KB, 10 for the
 * bigger ones. Quality 11 cost 8.5 s of CPU for all five apps' files and 10 costs 3.6 s, for 1.6 %
 * more bytes; the big files (react-dom, ace, the router) are where the time goes, so the many small
 * route chunks keep 11: 4.8 s, 1.0 % more bytes than 11 everywhere.
 */
function brotli(input, _options, callback) {
  const quality = input.length < 64 * 1024 ? 11 : 10;
  zlib.brotliCompress(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }, callback);
}

/**
 * The files every page loads (the entries and the library families): quality 11 with brotli's largest
 * window whatever their size, 2.3 KB fewer on every signed-in page for ~0.5 s of CPU per build. (Options,
 * not a function of our own: compression-webpack-plugin's cache key names the options, not the function.)
 */
const EVERY_PAGE = /(^|[\\/])(main|remoteEntry|(vendor-[a-z]+|academy-shared)\.[0-9a-f]+)\.js$/;
const BEST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 24 } };

/**
 * Makes a build from webpack's persistent cache come out exactly like a cold one (build speed).
 *
 * @module-federation/enhanced 2.9.2's ConsumeSharedPlugin, in a late `finishModules` tap (stage 10),
 * copies each consume-shared module's fallback's `buildMeta`/`buildInfo` onto it and marks its exports
 * unknown. The persistent cache stores the module with those copies, and a warm build restores it
 * without building it again, so when webpack's FlagDependencyExportsPlugin runs (stage 0) the module
 * now looks like one with declared exports (`exportsType`, a hash) yet has none of its own: its
 * exports come out as "none". A module that re-exports a shared package with `export *` then loses
 * those exports — react-router-dom's `export * from 'react-router'` vanished from the shell's shared
 * react-router-dom, and the module was concatenated without it. The copy made afterwards comes too
 * late for the re-exporters. Resetting the two fields before FlagDependencyExportsPlugin puts the
 * module back in the state a cold build sees (exports unknown); the plugin's own tap copies them again.
 */
class ConsumeSharedCacheFix {
  apply(compiler) {
    compiler.hooks.compilation.tap('ConsumeSharedCacheFix', (compilation) => {
      compilation.hooks.finishModules.tap({ name: 'ConsumeSharedCacheFix', stage: -100 }, (modules) => {
        for (const module of modules) {
          if (module.type !== 'consume-shared-module') continue;
          module.buildMeta = {};
          module.buildInfo = {};
        }
      });
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.dir       the workspace folder (__dirname of its webpack.config.cjs)
 * @param {string} options.name      federation name (a JS identifier)
 * @param {Record<string,string>} [options.exposes]  for remotes
 * @param {boolean} [options.host]   the shell
 * @param {number} options.port      dev-server port
 */
function createConfig({ dir, name, exposes, host = false, port }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // remote-deploy: each build's version, `<workspace version>+<ACADEMY_BUILD_LABEL>` (a CI build number,
    // a commit), compiled into the code as process.env.ACADEMY_BUILD_VERSION so a page can say which
    // build of an area it shows; the manifest (mf-manifest.json) lists the build's entry and chunks.
    const label = process.env.ACADEMY_BUILD_LABEL?.trim();
    const buildVersion = `${require(path.join(dir, 'package.json')).version}${label ? `+${label}` : ''}`;
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      // A remote's own page (index.ts → bootstrap) exists only for its dev server; in production the
      // federation container (remoteEntry.js) is its only entry.
      entry: host || !production ? { main: './src/index.ts' } : {},
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      // Webpack's persistent cache (build speed): a rebuild recompiles, minifies and compresses only
      // what changed. One cache per app and mode under node_modules/.cache/webpack; a change to this
      // file, the app's config, a package version or shared's version starts it afresh. Safe with the
      // federation plugin only together with ConsumeSharedCacheFix (below): a test builds an app cold
      // and warm and compares every file (tooling/webpack-cache.test.ts).
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(root, 'node_modules', '.cache', 'webpack'),
        // a labelled build (remote-deploy: a second version of a remote) keeps a cache of its own
        name: `${name}-${production ? 'production' : 'development'}${label ? `-${label.replace(/[^\w.-]/g, '_')}` : ''}`,
        buildDependencies: {
          config: [__filename, path.join(dir, 'webpack.config.cjs'), path.join(root, 'shared', 'package.json')],
        },
        version: rootPkg.version,
      },
      output: {
        path: path.join(dir, 'dist'),
        // [contenthash] in filename breaks the federation runtime; hashed chunk names are safe.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        publicPath: host ? '/' : 'auto',
        uniqueName: name,
        // remote-deploy: one chunk global per build of a remote (see sourceFingerprint)
        ...(exposes && production ? { chunkLoadingGlobal: `webpackChunk${name}_${sourceFingerprint(dir, label)}` } : {}),
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // Issue 14: the router subset (see tooling/react-router-dom.mjs); tests and tsc see the package
        alias: {
          'react-router-dom$': path.join(__dirname, 'react-router-dom.mjs'),
          // Issue 14: Redux Toolkit's and react-redux's subsets, likewise (see tooling/reduxjs-toolkit.mjs)
          '@reduxjs/toolkit$': path.join(__dirname, 'reduxjs-toolkit.mjs'),
          '@reduxjs/toolkit/query$': path.join(__dirname, 'reduxjs-toolkit-query.mjs'),
          'react-redux$': path.join(__dirname, 'react-redux.mjs'),
          // Issue 14 (requests): the federation runtime's API as main.js holds it (`@module-federation/enhanced/
          // runtime` only re-exports it, twice over): the re-export was a chunk of its own on every page
          '@module-federation/enhanced/runtime$': RUNTIME_API,
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules\/(?!@academy)/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
            // an import of a name a module does not export fails the build instead of being undefined at
            // run time (not through a federation-shared module, whose exports webpack does not know: a
            // name missing from a library subset fails tooling/subsets.test.ts)
            parser: { exportsPresence: 'error' },
          },
          // Issue 14 (bytes): production builds extract the styles into .css files (minified below), fetched
          // beside the chunk that imports them; before, every page's JavaScript carried its styles as
          // unminified text plus style-loader's runtime per app (~17 KB brotli of a course list's JS), run
          // on the main thread to inject them. Development keeps style-loader.
          { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
          { test: /\.(svg|png|jpe?g|gif|webp)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
        ],
      },
      plugins: [
        new ConsumeSharedCacheFix(),
        new ModuleFederationPlugin({
          // (build speed) the federation runtime's entry as a data: URI instead of a file under
          // <cwd>/node_modules/.federation, whose path (and so the entry's module ids) depended on the
          // folder webpack ran in: now `npm start` builds all apps in one process, from the repository's
          // root, exactly as `npm run build -w <app>` does from the app's folder.
          virtualRuntimeEntry: true,
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
          // Remotes are registered at runtime from /config/remotes.json, never baked into the shell.
          remotes: {},
          shared: exposes && production ? withoutCopies(sharedModules()) : sharedModules(),
          // Issue 14: a shared module comes from the copy already loaded (normally the shell's); the
          // default ('version-first') loads every registered remote's entry (all four) to compare
          // versions the first time an area loads a shared module, on every page.
          shareStrategy: 'loaded-first',
          // A remote's production entry runs on the shell's runtime core (remoteRuntimeCore above). Tried
          // before with the plugin's `externalRuntime` and `provideExternalRuntime`, a redeployed remote
          // was not picked up: the shell then held two cores (its own and the lent CommonJS copy). With one
          // core, e2e/tests/remote-redeploy.spec.ts passes.
          dts: false,
          // Issue 14 (bytes): the runtime without its Node.js paths (every build runs in the browser; the
          // server renders from the sources, not through federation), and a remote's without the snapshot
          // plugin, which resolves remotes named by a manifest: only the shell loads remotes (checked with
          // a remotes map naming the student's and public's mf-manifest.json). 1.5 KB off main.js, 2.7 KB
          // off each remote entry (brotli). A remote's runtime also goes without the code that loads
          // remotes (`disableRemote`: registerRemotes, loadRemote, entry loading), which only the shell
          // runs: 4.9 KB more off each remote entry (the student's 23.2 → 18.3 KB).
          experiments: { optimization: { target: 'web', ...(exposes ? { disableSnapshot: true, disableRemote: true } : {}) } },
          // the shell lends its runtime core to the remotes (remoteRuntimeCore above)
          ...(host ? { runtimePlugins: [path.join(__dirname, 'provide-runtime-core.mjs')] } : {}),
          // remote-deploy: a remote's mf-manifest.json (version, entry, chunks); the remotes map may name it
          // instead of the entry (docs/architecture.md, "Deploying a remote alone")
          manifest: Boolean(exposes),
        }),
        ...(production
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash:8].css',
                chunkFilename: '[name].[contenthash:8].css',
                // the areas' styles do not depend on the order their chunks load in (each part styles its
                // own class names; shared's come first, with the shell)
                ignoreOrder: true,
              }),
            ]
          : []),
        new DefinePlugin({
          'process.env.ACADEMY_BUILD_VERSION': JSON.stringify(buildVersion),
          ...(host ? { ACADEMY_FEDERATION_CORE_VERSION: JSON.stringify(CORE_VERSION) } : {}),
        }),
        ...(exposes && production
          ? [new ExternalsPlugin('var', { '@module-federation/runtime-core': remoteRuntimeCore(name) })]
          : []),
        // The shell's page in production; a remote's page only for its standalone dev server.
        ...(host || !production
          ? [
              new HtmlWebpackPlugin({
                template: host ? './src/index.html' : path.join(__dirname, 'remote-dev.html'),
                title: `Academy ${name}`,
                inject: 'body',
                scriptLoading: 'defer',
                // remote-deploy: a remote's dev page is opened at its area's deep paths (/user/courses);
                // with the output's 'auto' the page asked for /user/main.js and got the page itself
                ...(host ? {} : { publicPath: '/' }),
              }),
            ]
          : []),
        // Issue 14: which files each part needs first, for the server's preload hints.
        ...(production
          ? [new PreloadManifestPlugin(exposes ? path.join(dir, 'src', 'routes', 'route-chunks.json') : undefined)]
          : []),
        // Precompressed copies: the server sends .br or .gz when the browser accepts them.
        ...(production
          ? [
              new CompressionPlugin({
                test: /\.(js|css|html|svg)$/,
                algorithm: 'gzip',
                filename: '[path][base].gz',
                threshold: 1024,
              }),
              new CompressionPlugin({
                test: /\.(js|css|html|svg)$/,
                exclude: EVERY_PAGE,
                algorithm: brotli,
                filename: '[path][base].br',
                threshold: 1024,
              }),
              new CompressionPlugin({
                test: EVERY_PAGE,
                algorithm: 'brotliCompress',
                compressionOptions: BEST,
                filename: '[path][base].br',
                threshold: 1024,
              }),
            ]
          : []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        // Issue 14 (requests, bytes): the libraries every page loads together in one file per family
        // instead of one per shared module (react, react-dom, react-dom/client, the JSX runtime; redux,
        // immer, RTK, RTK Query and its React hooks, react-redux; the router and the academy's subset of
        // it): the course list loads 17 files instead of 25, each another request with its headers (232.6 →
        // 223.1 KB on the wire). Federation still shares each module by its own key.
        splitChunks: {
          cacheGroups: {
            react: { test: VENDOR_REACT, name: 'vendor-react', chunks: 'async', priority: 20, enforce: true },
            redux: { test: VENDOR_REDUX, name: 'vendor-redux', chunks: 'async', priority: 20, enforce: true },
            router: { test: VENDOR_ROUTER, name: 'vendor-router', chunks: 'async', priority: 20, enforce: true },
            academy: { test: ACADEMY_EVERY_PAGE, name: 'academy-shared', chunks: 'async', priority: 20, enforce: true },
          },
        },
        // Minifier (build speed): swc instead of webpack's default terser. On these 2 cores (busy) terser
        // took 57–91 s per app, swc 3–6 s, source maps included, and swc's output is slightly smaller
        // (all five apps' JS: -0.9 % minified, -0.4 % gzip and brotli); esbuild was as fast, 7 % bigger.
        minimizer: [
          new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: {}, mangle: true } }),
          new MinimizerPlugin({ test: /\.css$/, minify: MinimizerPlugin.esbuildMinifyCss }),
        ],
      },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // remote-deploy: a team runs its remote alone against any running API (ACADEMY_API_URL, default npm start's)
        proxy: [{ context: ['/api', '/token', '/config'], target: process.env.ACADEMY_API_URL ?? 'http://localhost:8080' }],
      },
    };
  };
}

module.exports = { createConfig, sharedModules };
