// What tooling/webpack.cjs adds to every build besides federation: a remote build's fingerprint, brotli
// options for the precompressed copies, and the fix that makes a build from webpack's persistent cache
// come out like a cold one.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { asyncBoundary } = require('./preload-manifest-plugin.cjs');

const root = path.resolve(__dirname, '..');

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
 * Issue 33: V8's explicit compile hint (v8.dev/blog/explicit-compile-hints) on the files every page of
 * a build runs whole as it starts: its entry (the shell's main.js: webpack's and the federation's
 * runtime; a remote's remoteEntry.js), the chunks behind the entry's async boundary (the shell's
 * bootstrap: the app's frame; a remote's exposed `./App`) and the libraries every page loads
 * (`EVERY_PAGE`: vendor-router, vendor-redux, academy-shared; vendor-react below). V8 then compiles each whole
 * while it streams in, off the main thread, instead of function by function on it as the page starts.
 * Chunks loaded on demand keep lazy compiling. Measured: main.js's task at 4x CPU 141 -> 81 ms; every
 * page's Lighthouse TBT (bench/RESULTS.md).
 * Except vendor-react (`LAZY_COMPILED`): react-dom is the boot's first stage, needed as soon as main.js
 * runs, and its 219 KB compiled whole had often not finished on the background thread by then, so the
 * main thread waited for it (47–90 ms of `v8.compile` in Lighthouse's traces on a slow 2-core machine);
 * compiled lazily, its functions compile as they first run, inside React's yielding render.
 */
const LAZY_COMPILED = /(^|[\\/])vendor-react\.[0-9a-f]+\.js$/;
class CompileHintPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintPlugin', (compilation) => {
      // after the minifier (which drops comments), before the source maps and the compressed copies
      const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1;
      compilation.hooks.processAssets.tap({ name: 'CompileHintPlugin', stage }, () => {
        const groups = [...compilation.entrypoints.values()].flatMap((entrypoint) => [
          entrypoint,
          // not a remote's other exposed parts (a verdict, a legal page: loaded by another area when it shows them)
          ...asyncBoundary(entrypoint).filter(
            (group) => !group.name?.startsWith('__federation_expose_') || group.name === '__federation_expose_App',
          ),
        ]);
        const files = new Set(groups.flatMap((group) => group.chunks.flatMap((chunk) => [...chunk.files])));
        for (const file of Object.keys(compilation.assets)) if (EVERY_PAGE.test(file)) files.add(file);
        for (const file of files) {
          if (!file.endsWith('.js') || LAZY_COMPILED.test(file)) continue;
          compilation.updateAsset(file, (old) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', old));
        }
      });
    });
  }
}

module.exports = { brotli, CompileHintPlugin, EVERY_PAGE, BEST, ConsumeSharedCacheFix, sourceFingerprint };
