// Library subsets are a contract between the shell and each remote (issue 31). The builds get subsets of
// react-router-dom, Redux Toolkit and react-redux (tooling/webpack.cjs aliases them to the files below);
// a name a subset lacks is not caught by webpack itself (imports of a federation-shared module go through
// a consume module whose exports it does not know), so it would be undefined at run time, on the page,
// in production. This plugin fails the build of whichever app imports such a name, naming the file and
// the name: a remote's team learns it when they build their remote alone. (tooling/subsets.test.ts checks
// every app's sources at once, RTK Query's own files too.)
const fs = require('node:fs');
const path = require('node:path');
const { WebpackError } = require('webpack');

const root = path.resolve(__dirname, '..');

/** Each subsetted module and the file the builds get for it. */
const SUBSETS = {
  'react-router-dom': 'tooling/react-router-dom.mjs',
  '@reduxjs/toolkit': 'tooling/reduxjs-toolkit.mjs',
  '@reduxjs/toolkit/query': 'tooling/reduxjs-toolkit-query.mjs',
  'react-redux': 'tooling/react-redux.mjs',
};

/**
 * Modules that re-export a subset's module whole (`export * from`): a name imported from them that they
 * do not define themselves comes from the subset. RTK Query's React part re-exports its core.
 */
const REEXPORTERS = {
  '@reduxjs/toolkit/query/react': {
    subset: '@reduxjs/toolkit/query',
    file: 'node_modules/@reduxjs/toolkit/dist/query/react/rtk-query-react.modern.mjs',
  },
};

/** The names a file exports in `export { … } from` lists (or, given `lists`, in other export lists). */
function exportedBy(file, lists = /export\s*\{([^}]*)\}\s*from/g) {
  const text = fs.readFileSync(path.join(root, file), 'utf8').replace(/\/\/.*$/gm, '');
  const names = new Set();
  for (const match of text.matchAll(lists)) {
    for (const specifier of (match[1] ?? '').split(',')) {
      const name = specifier
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return names;
}

class SubsetCheckPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('SubsetCheckPlugin', (compilation) => {
      const exported = new Map();
      const exportsOf = (module) => {
        if (!exported.has(module)) exported.set(module, exportedBy(SUBSETS[module]));
        return exported.get(module);
      };
      const ownOf = new Map();
      compilation.hooks.finishModules.tap('SubsetCheckPlugin', (modules) => {
        for (const module of modules) {
          for (const dependency of module.dependencies ?? []) {
            if (dependency.constructor.name !== 'HarmonyImportSpecifierDependency') continue;
            const name = dependency.ids?.[0];
            if (!name) continue;
            let subset = SUBSETS[dependency.request] ? dependency.request : null;
            const reexporter = REEXPORTERS[dependency.request];
            if (reexporter) {
              if (!ownOf.has(reexporter.file))
                ownOf.set(reexporter.file, exportedBy(reexporter.file, /export\s*\{([^}]*)\}\s*;/g));
              if (!ownOf.get(reexporter.file).has(name)) subset = reexporter.subset;
            }
            if (!subset || exportsOf(subset).has(name)) continue;
            const where = path.relative(root, module.resource ?? module.identifier());
            const error = new WebpackError(
              `${where} imports "${name}" from "${dependency.request}", which the shell's subset of it ` +
                `(${SUBSETS[subset]}) does not export: it would be undefined on the page. Add it to the subset ` +
                '(and deploy the shell before the remote), or do without it.',
            );
            error.module = module;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

module.exports = { exportedBy, REEXPORTERS, SubsetCheckPlugin, SUBSETS };
