// The build's preload.json (see the class's comment); required by tooling/webpack.cjs, which webpack's
// persistent cache follows (its buildDependencies include this file through webpack.cjs's require).
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/**
 * The chunk groups behind an entry's async boundary (the shell's bootstrap, a remote's exposes): the
 * entry's other children are the groups of the shared modules it provides (formik, yup, rich text…),
 * which a page loads only when something consumes them.
 */
function asyncBoundary(entrypoint) {
  return entrypoint.getChildren().filter((group) => group.origins.some((o) => o.module?.type !== 'provide-module'));
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
 *                     directly waits for no chunk the remote's entry would only ask for once it runs;
 *                     `fallbacks[<group>]` lists the shared modules that page consumes, as for './App'
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
          if (entrypoint.name === 'main') groups.bootstrap = filesOf(asyncBoundary(entrypoint), true);
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
            // the shared modules its page consumes beyond the area's (the staff's forms: formik, yup)
            const routeGroup = compilation.namedChunkGroups.get(chunk);
            if (routeGroup && !fallbacks[chunk]) fallbacks[chunk] = fallbacksOf(routeGroup);
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

module.exports = { asyncBoundary, PreloadManifestPlugin };
