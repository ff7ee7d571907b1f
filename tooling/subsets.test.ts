// Issue 14: the subsets of shared libraries the builds get (tooling/webpack.cjs aliases them: the router's
// react-router-dom.mjs, Redux Toolkit's reduxjs-toolkit.mjs and reduxjs-toolkit-query.mjs, react-redux.mjs) must export
// every name imported from them. A name they lack is not caught by the build: imports of a federation-
// shared module go through a consume module whose exports webpack does not know, so the name would be
// undefined at run time. Nor by tsc, which reads the real packages. This test reads the imports of the
// academy's sources, and those of RTK Query's own files, and checks each name against the subset.
import fs from 'node:fs';
import path from 'node:path';
// the subsets, their files and how their exports are read: the builds' own check (SubsetCheckPlugin)
import { exportedBy, REEXPORTERS as REEXPORTED, SUBSETS } from './subset-check-plugin.cjs';

const root = path.resolve(__dirname, '..');

/** The re-exporters by the subset they re-export (the plugin keys them by their own module). */
const REEXPORTERS: Record<string, { module: string; file: string }> = Object.fromEntries(
  Object.entries(REEXPORTED).map(([module, { subset, file }]) => [subset, { module, file }]),
);

/** Library files that import the subsets' modules themselves (RTK Query imports the toolkit and its core). */
const LIBRARY_IMPORTERS = [
  'node_modules/@reduxjs/toolkit/dist/query/rtk-query.modern.mjs',
  'node_modules/@reduxjs/toolkit/dist/query/react/rtk-query-react.modern.mjs',
];

const SOURCE_FOLDERS = [
  'shell/src',
  'shared/src',
  'remote-student/src',
  'remote-mentor/src',
  'remote-enrollee/src',
  'remote-public/src',
];

/** The value names a file imports from a module (type-only imports and specifiers left out), or '*' for a namespace import. */
function importedFrom(text: string, module: string): string[] {
  const quoted = `['"]${module.replace(/[/.]/g, '\\$&')}['"]`;
  const names: string[] = [];
  for (const match of text.matchAll(new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g'))) {
    if (match[1]) continue;
    for (const specifier of (match[2] ?? '').split(',')) {
      const trimmed = specifier.trim();
      if (!trimmed || trimmed.startsWith('type ')) continue;
      names.push(trimmed.split(/\s+as\s+/)[0] ?? trimmed);
    }
  }
  if (new RegExp(`import\\s+\\*\\s+as\\s+\\w+\\s+from\\s*${quoted}`).test(text)) names.push('*');
  return names;
}

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(file);
    }
  };
  walk(path.join(root, folder));
  return files;
}

describe('the library subsets the builds get', () => {
  const files = [...SOURCE_FOLDERS.flatMap(sourceFiles), ...LIBRARY_IMPORTERS.map((file) => path.join(root, file))];

  it.each(Object.entries(SUBSETS))('%s exports every name the academy and RTK Query import from it', (module, subset) => {
    const exported = exportedBy(subset);
    const missing: string[] = [];
    let imports = 0;
    const reexporter = REEXPORTERS[module];
    const ownNames = reexporter ? exportedBy(reexporter.file, /export\s*\{([^}]*)\}\s*;/g) : new Set<string>();
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const names = [
        ...importedFrom(text, module),
        // through the re-exporter: what it does not define itself
        ...(reexporter ? importedFrom(text, reexporter.module).filter((name) => !ownNames.has(name)) : []),
      ];
      for (const name of names) {
        imports += 1;
        if (name === '*' || !exported.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
      }
    }
    expect(imports).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('sees a name missing from a subset', () => {
    expect(importedFrom("import { a, type B, c as d } from '@reduxjs/toolkit';", '@reduxjs/toolkit')).toEqual(['a', 'c']);
    expect(importedFrom("import type { A } from 'react-router-dom';", 'react-router-dom')).toEqual([]);
    expect(importedFrom('import * as R from "@reduxjs/toolkit/query";', '@reduxjs/toolkit/query')).toEqual(['*']);
    expect(importedFrom("import { x } from '@reduxjs/toolkit/query/react';", '@reduxjs/toolkit/query')).toEqual([]);
    expect(exportedBy('tooling/reduxjs-toolkit.mjs').has('createEntityAdapter')).toBe(false);
    expect(exportedBy('tooling/reduxjs-toolkit.mjs').has('configureStore')).toBe(true);
    // RTK Query's React part defines createApi itself; retry would come from the query subset
    const reactPart = exportedBy(REEXPORTERS['@reduxjs/toolkit/query']!.file, /export\s*\{([^}]*)\}\s*;/g);
    expect(reactPart.has('createApi')).toBe(true);
    expect(reactPart.has('retry')).toBe(false);
  });
});
