// The project's rule: no source file over 300 lines; one that grows past it is split by responsibility.
// Tests, the browser suite's specs and course fixtures are not sources in this sense.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const MAX_LINES = 300;

describe('source files', () => {
  it(`none is over ${MAX_LINES} lines`, () => {
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((file) => /\.(ts|tsx|mjs|cjs|js)$/.test(file))
      .filter((file) => !/\.(test|spec)\.|\/fixtures\/|^e2e\//.test(file))
      .filter((file) => fs.existsSync(path.join(root, file)));
    const long = files
      .map((file) => ({ file, lines: fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});
