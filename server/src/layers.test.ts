import fs from 'node:fs';
import path from 'node:path';

// Issue 31 (docs/architecture.md, "Server"): plugins/ is the infrastructure every area uses, modules/
// the areas. An area may use a plugin; a plugin never reaches into an area (that would make the two a
// cycle). An area's objects are made once, by its own plugin, and given to whoever needs them: no area
// builds another area's repository or service (a value import of another area's `create…`).

const SERVER = __dirname;
const sources = (dir: string) =>
  fs
    .readdirSync(path.join(SERVER, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-helpers'))
    .map((file) => ({ file: path.join(dir, file), text: fs.readFileSync(path.join(SERVER, dir, file), 'utf8') }));

/** The value imports of a file: `import { a, b } from 'x'` without `import type` and `type` names. */
function valueImports(text: string): Array<{ names: string[]; from: string }> {
  return [...text.matchAll(/^import (?!type )\{([^}]*)\} from '([^']+)';/gm)].map(([, names = '', from = '']) => ({
    names: names
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
    from,
  }));
}

describe('the server’s layers', () => {
  it('no plugin imports an area (modules/)', () => {
    const reaching = sources('plugins').filter(({ text }) => /from '(\.\.\/)+modules\//.test(text));
    expect(reaching.map(({ file }) => file)).toEqual([]);
  });

  it('no area makes another area’s objects: it is given them (its plugin’s decorations)', () => {
    const making: string[] = [];
    for (const { file, text } of sources('modules')) {
      const area = file.split(path.sep)[1];
      for (const { names, from } of valueImports(text)) {
        const other = /^\.\.\/([\w-]+)\//.exec(from)?.[1];
        if (!other || other === area) continue;
        for (const name of names.filter((n) => /^create[A-Z]/.test(n))) making.push(`${file}: ${name} from ${other}`);
      }
    }
    expect(making).toEqual([]);
  });

  it('a service takes its collaborators, not the whole app', () => {
    const taking = sources('modules').filter(({ text }) => /export function create\w+\(app: App/.test(text));
    expect(taking.map(({ file }) => file)).toEqual([]);
  });
});
