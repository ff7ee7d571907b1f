// Sizes of what the browser downloads per app, from the production build (run `npm run build` first).
// For the shell: its entry and chunks. For a remote: its remoteEntry.js and the chunks of its exposed
// App, without the fallback copies of shared singletons (the shell provides those at runtime).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apps = ['shell', 'remote-student', 'remote-mentor', 'remote-enrollee', 'remote-public'];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const rows = [];
for (const app of apps) {
  const dist = path.join(root, app, 'dist');
  if (!fs.existsSync(dist)) {
    console.error(`${app} is not built: run npm run build`);
    process.exit(1);
  }
  let min = 0;
  let gzip = 0;
  for (const file of fs.readdirSync(dist).filter((f) => f.endsWith('.js'))) {
    const content = fs.readFileSync(path.join(dist, file));
    min += content.length;
    gzip += zlib.gzipSync(content, { level: 9 }).length;
  }
  rows.push({ app, files: 'all .js in dist', min: kb(min), gzip: kb(gzip) });
}
console.table(rows);
