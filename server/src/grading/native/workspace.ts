import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where runs' folders are made: only the server's user may list it; a run sees its own folder alone. */
export function gradingRoot(): string {
  const root = path.join(os.tmpdir(), 'academy-grading');
  fs.mkdirSync(root, { recursive: true, mode: 0o711 });
  return root;
}

/** A run's folder with its files (readable by the run's uid), removed by `dispose`. */
export function makeWorkspace(files: Record<string, string | Buffer>): { dir: string; dispose(): void } {
  const dir = path.join(gradingRoot(), `run-${randomBytes(8).toString('hex')}`);
  fs.mkdirSync(dir, { mode: 0o755 });
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    if (!file.startsWith(dir + path.sep)) throw new Error(`A file outside the run's folder: ${name}`);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
    fs.writeFileSync(file, content, { mode: 0o644 });
  }
  return { dir, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
