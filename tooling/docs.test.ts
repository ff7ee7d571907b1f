// Issue 31: the README and docs/ say true things about the code. Every link and every repository path
// they name exists, and every reference to a section of them from the code or the docs
// (`docs/courses.md, "Reviews"`) names a page that has that section: a heading or a bold lead-in.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const DOCS = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
  'bench/RESULTS.md',
];
/** What a fresh clone does not have until it builds or runs: named in the docs, never checked out. */
const MADE_LATER =
  /(^|\/)(dist|\.data|\.cache|node_modules|\.remote-deploy)(\/|$)|^bench\/results\/|^e2e\/(screenshots|test-results)/;
const TOP = '(?:server|shared|shell|remote-[a-z]+|tooling|bench|e2e|docs|deploy)';

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The section names of a page: its headings (with and without a parenthesis after) and bold lead-ins. */
function sectionsOf(file: string): Set<string> {
  const names = new Set<string>();
  let fenced = false;
  for (const line of read(file).split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading) {
      names.add(heading[1]!.trim());
      names.add(heading[1]!.split(/ \(`| \(issue/)[0]!.trim());
    }
    for (const bold of line.matchAll(/\*\*([^*]{2,80}?)\*\*/g)) names.add(bold[1]!.trim().replace(/[.:]$/, ''));
  }
  return names;
}

describe('the docs', () => {
  it('the README stays a five-minute read', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });

  it.each(DOCS)('%s: every link and every repository path it names exists', (file) => {
    const text = read(file);
    const missing: string[] = [];
    for (const link of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = link[1]!.split('#')[0]!;
      if (!target || /^(https?:|mailto:|\/)/.test(link[1]!)) continue;
      if (!fs.existsSync(path.resolve(root, path.dirname(file), target))) missing.push(`link ${link[1]}`);
    }
    for (const code of text.matchAll(new RegExp('`(' + TOP + '/[^`\\s*<>{}…|]+?)[.,:;]?`', 'g'))) {
      const named = code[1]!.replace(/:\d+$/, '');
      if (MADE_LATER.test(named)) continue;
      // `shared/ui` and the like: a subpath of @academy/shared, in shared/src
      const inShared = named.startsWith('shared/') && fs.existsSync(path.join(root, 'shared/src', named.slice(7)));
      if (!fs.existsSync(path.join(root, named)) && !inShared) missing.push(`path ${named}`);
    }
    expect(missing).toEqual([]);
  });

  it('every reference to a section of the docs names a page that has it', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((file) => /\.(ts|tsx|mjs|cjs|md|sh|css)$/.test(file));
    const pages = new Map<string, Set<string>>();
    const wrong: string[] = [];
    const reference = /((?:docs\/[a-z-]+|bench\/RESULTS|README)\.md|README), "([^"]{1,100})"/g;
    for (const file of files) {
      if (!fs.existsSync(path.join(root, file))) continue;
      for (const match of read(file).matchAll(reference)) {
        const page = match[1] === 'README' ? 'README.md' : match[1]!;
        // a reference may wrap across comment lines: its words, without the comment's stars
        const title = match[2]!.replace(/\s*\n\s*(\*\s*|\/\/\s*)?/g, ' ').trim();
        if (!fs.existsSync(path.join(root, page))) {
          wrong.push(`${file}: ${page} does not exist`);
          continue;
        }
        if (!pages.has(page)) pages.set(page, sectionsOf(page));
        if (!pages.get(page)!.has(title)) wrong.push(`${file}: ${page} has no "${title}"`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
