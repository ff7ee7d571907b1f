// Issue 14: a remote's production build has no copy of the shared modules the shell provides
// (tooling/shared-modules.cjs, `withoutCopies`): on the page it takes the shell's, or its area cannot start.
// This checks on the built apps that every shared module a remote uses is provided by the shell or by
// the remote itself (`REMOTES_PROVIDE`), and names what is missing. Run after `npm run build`
// (`npm run test:all` does); exit status 1 when a module is missing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['student', 'mentor', 'enrollee', 'public'];
const readJson = (...parts) => JSON.parse(fs.readFileSync(path.join(root, ...parts), 'utf8'));

const shellProvides = new Set(Object.keys(readJson('shell', 'dist', 'preload.json').provided));
const missing = [];
let checked = 0;
for (const remote of REMOTES) {
  const uses = readJson(`remote-${remote}`, 'dist', 'mf-manifest.json').shared.map((module) => module.name);
  const ownCopies = new Set(Object.keys(readJson(`remote-${remote}`, 'dist', 'preload.json').provided));
  for (const key of uses) {
    checked += 1;
    if (!shellProvides.has(key) && !ownCopies.has(key)) missing.push(`${remote} uses ${key}, which the shell does not provide`);
  }
}
if (missing.length > 0) {
  console.error(
    `Shared modules missing on the page:\n${missing.map((line) => `- ${line}`).join('\n')}\n` +
      'Use the module in the shell, or add it to REMOTES_PROVIDE in tooling/shared-modules.cjs.',
  );
  process.exit(1);
}
console.log(`ok   shared modules: the ${checked} uses of the ${REMOTES.length} remotes are all provided on the page`);
