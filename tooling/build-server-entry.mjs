// An app's server entry (docs/architecture.md, "Server rendering"): `src/server-entry.tsx` of the app
// in the current folder, bundled whole for Node (React included, so the file needs nothing beside it)
// into `<out>/server/entry.cjs`, with the CSS its pages import, minified, in `<out>/server/entry.css`.
// An app with `src/boot-script.ts` (the shell) gets it compiled and minified into `<out>/server/boot-script.js`.
// Run by each app's `npm run build` after webpack (`<out>` is `dist`), and by
// tooling/build-remote-version.mjs for another build of a remote (`--out <folder>`). It reads only the
// app it is run in: the entry imports that app's sources and shared packages, never another app's.
// Usage: node ../tooling/build-server-entry.mjs [--out <folder>]
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const dir = process.cwd();
const outIndex = process.argv.indexOf('--out');
const out = path.resolve(dir, outIndex > 0 ? process.argv[outIndex + 1] : 'dist');
const started = Date.now();
// the build's version, as tooling/webpack.cjs compiles it into the browser's code
const label = process.env.ACADEMY_BUILD_LABEL?.trim();
const version = `${JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version}${label ? `+${label}` : ''}`;

const result = await build({
  entryPoints: [path.join(dir, 'src', 'server-entry.tsx')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  jsx: 'automatic',
  minify: true,
  outfile: path.join(out, 'server', 'entry.cjs'),
  // images are not part of the server's markup (the pages refer to their URLs)
  loader: { '.svg': 'empty', '.png': 'empty' },
  define: {
    'process.env.NODE_ENV': '"production"',
    'process.env.ACADEMY_BUILD_VERSION': JSON.stringify(version),
  },
  metafile: true,
  logLevel: 'warning',
});
// the shell's inline boot script (src/boot-script.ts): the page runs it in <head>, the server inlines it
// and allows it by its hash (server/src/plugins/static/boot-script.ts)
const boot = path.join(dir, 'src', 'boot-script.ts');
if (fs.existsSync(boot)) {
  const script = await build({
    entryPoints: [boot],
    bundle: true,
    format: 'iife',
    target: 'es2019',
    minify: true,
    outfile: path.join(out, 'server', 'boot-script.js'),
    metafile: true,
    logLevel: 'warning',
  });
  Object.assign(result.metafile.outputs, script.metafile.outputs);
}
const sizes = Object.entries(result.metafile.outputs)
  .map(([file, { bytes }]) => `${path.basename(file)} ${(bytes / 1024).toFixed(0)} KB`)
  .join(', ');
console.log(`${path.basename(dir)}: server entry ${version} (${sizes}) in ${Date.now() - started} ms`);
