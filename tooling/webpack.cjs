// One webpack + Module Federation config for the shell and every remote, so that all of them share
// exactly the same singletons (one React, one router, one store, one RTK Query API slice).
const path = require('node:path');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { DefinePlugin, ExternalsPlugin } = require('webpack');
const { PreloadManifestPlugin } = require('./preload-manifest-plugin.cjs');
const { SubsetCheckPlugin } = require('./subset-check-plugin.cjs');
const { BEST, brotli, CompileHintPlugin, ConsumeSharedCacheFix, EVERY_PAGE, sourceFingerprint } = require('./build-plugins.cjs');
const { packageVersion, rootPkg, sharedModules, withoutCopies } = require('./shared-modules.cjs');

const root = path.resolve(__dirname, '..');
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
// and one's own details) theirs, the directions' marks (`…/ui/direction`: landing, registration, staff lists), and the query-state
// ladder (`…/ui/query-state`: statistics, reviews, reports, staff lists), the code editor (`…/ui/code-editor`: code
// tasks, their history, a mentor's verdict) and the rich-text editor (`…/rich-text/editor`: a mentor check's answer,
// a mentor's verdict, a notification being written; every page keeps only rich text's viewer and sanitizer).
const ACADEMY_EVERY_PAGE = (module) =>
  /[\\/]shared[\\/]src[\\/](contract|api|federation|domain|ui|i18n|rich-text)[\\/]/.test(module.resource ?? '') &&
  !/([\\/]i18n[\\/](en|server-texts-en)\.ts|[\\/]ui[\\/](ace-editor|code-editor|birthday-field|direction-icon|query-state)\.tsx|[\\/]rich-text[\\/](index|toolbar|link-dialog|commands|paste|texts)\.tsx?|[\\/]contract[\\/]accounts\.ts)$/.test(
    module.resource,
  );

// the ES module of `@module-federation/runtime`, the one the federation runtime in main.js is made of
const RUNTIME_API = path.join(path.dirname(require.resolve('@module-federation/runtime')), 'index.js');

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
        // a name a library subset lacks fails this app's build, not the page (issue 31)
        new SubsetCheckPlugin(),
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
        // Issue 33: what every page runs as it starts compiled eagerly, off the main thread (build-plugins.cjs)
        ...(production ? [new CompileHintPlugin()] : []),
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
