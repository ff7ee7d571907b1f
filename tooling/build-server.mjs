// The production server, compiled ahead of time: server/src/server.ts and what it imports (the
// server's own code and @academy/shared) bundled by esbuild into server/dist/server.js, so `npm start`
// runs plain JavaScript. Packages from node_modules stay external (required at run time as they are:
// PGlite's wasm, quickjs, @swc/core and pino's transports find their own files). The sandbox worker and
// the PGlite thread start from their own files, copied beside the bundle (the worker with every .cjs
// file of its folder, which it requires), as do the native graders' harnesses (grading/native/harness).
// Usage: node tooling/build-server.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'server', 'src');
const dist = path.join(root, 'server', 'dist');

/** Every import that is not the server's or shared's own source is left to `require` at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@academy/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `__dirname` as each source file knows it: server/src/<dir> becomes server/dist/<dir>, the same depth,
 * so paths such as `path.resolve(__dirname, '..', '..')` (the repository, the demo content) still
 * point where they did under tsx.
 */
const ownDirname = {
  name: 'own-dirname',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(src + path.sep)) return undefined;
      const contents = await fs.promises.readFile(args.path, 'utf8');
      if (!/\b__dirname\b/.test(contents)) return undefined;
      const relative = path.relative(src, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: contents.replace(/\b__dirname\b/g, `require('node:path').join(__dirname, ${JSON.stringify(relative)})`),
        loader: 'ts',
      };
    });
  },
};

const started = Date.now();
fs.rmSync(dist, { recursive: true, force: true });
await build({
  // the API server, and the grader process (`npm run grader`: the queue's Java, Go and Python runs)
  entryPoints: [path.join(src, 'server.ts'), path.join(src, 'grader.ts')],
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, ownDirname],
});
// the sandbox worker is split into files it requires beside it (worker-*.cjs, nesting.cjs): all are copied
const sandboxFiles = fs
  .readdirSync(path.join(src, 'grading/sandbox'))
  .filter((name) => name.endsWith('.cjs'))
  .map((name) => `grading/sandbox/${name}`);
for (const file of [...sandboxFiles, 'db/pglite-worker.cjs']) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.copyFileSync(path.join(src, file), path.join(dist, file));
}
// the native graders' harnesses (Java, Go, Python runners, the warm compiler, the SQL worker)
fs.cpSync(path.join(src, 'grading/native/harness'), path.join(dist, 'grading/native/harness'), { recursive: true });
console.log(`Built server/dist/server.js and grader.js in ${((Date.now() - started) / 1000).toFixed(1)} s`);
