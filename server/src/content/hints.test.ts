import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURE_CONTENT_DIR } from '../testing/fixtures';
import { ContentError, loadContent } from './load';

// Issue 32: a task's hints in the course file are 1 to 5 one-line texts of at most 500 characters, on a
// kind with a verdict only; anything else is a content error naming the file and the field.
const WORD_TASK = 'modules[0].chapters[0].tasks[2]';
const WORD_HINTS = `            hints:
              - Это ключевое слово объявления переменной.
              - Переназначить такую переменную нельзя, а var и let можно.
`;

/** The practice fixture course with the word task's hints (YAML lines under `hints:`) replaced. */
function practiceWith(change: (yaml: string) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-hints-'));
  fs.cpSync(path.join(FIXTURE_CONTENT_DIR, 'practice'), dir, { recursive: true });
  const file = path.join(dir, 'course.yaml');
  const yaml = fs.readFileSync(file, 'utf8');
  if (!yaml.includes(WORD_HINTS)) throw new Error('the fixture word task’s hints changed: update this test');
  fs.writeFileSync(file, change(yaml));
  return dir;
}

const wordHints = (lines: string) => (yaml: string) => yaml.replace(WORD_HINTS, `            hints:${lines}\n`);

function contentError(dir: string): string {
  try {
    loadContent(dir);
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  throw new Error('expected a content error');
}

describe('hints in the course file', () => {
  it('are stored with the task’s data, in order; a task without them has none', () => {
    const practice = loadContent(FIXTURE_CONTENT_DIR).find((course) => course.slug === 'practice')!;
    const tasks = practice.modules.flatMap((m) => m.chapters.flatMap((c) => c.tasks));
    expect(tasks.find((task) => task.slug === 'const-keyword')!.data).toMatchObject({
      answers: ['const'],
      hints: ['Это ключевое слово объявления переменной.', 'Переназначить такую переменную нельзя, а var и let можно.'],
    });
    expect(tasks.find((task) => task.slug === 'where-js-runs')!.data).not.toHaveProperty('hints');
  });

  const many = Array.from({ length: 6 }, (_, i) => `\n              - Подсказка ${i + 1}`).join('');
  it.each([
    ['too many', wordHints(many), `${WORD_TASK}.hints: must list at most 5 hints`],
    ['an empty list', wordHints(' []'), `${WORD_TASK}.hints: must list at least one hint`],
    [
      'a hint too long',
      wordHints(`\n              - ${'а'.repeat(501)}`),
      `${WORD_TASK}.hints[0]: a hint must be at most 500 characters`,
    ],
    ['a number', wordHints('\n              - Первая\n              - 42'), `${WORD_TASK}.hints[1]: a hint must be a text`],
    ['an object', wordHints('\n              - { text: Первая }'), `${WORD_TASK}.hints[0]: a hint must be a text`],
    ['one text, not a list', wordHints(' Просто текст'), `${WORD_TASK}.hints: must be a list of texts`],
    ['an empty hint', wordHints("\n              - '  '"), `${WORD_TASK}.hints[0]: a hint must not be empty`],
    [
      'a hint of several lines',
      wordHints('\n              - |\n                Первая строка\n                Вторая строка'),
      `${WORD_TASK}.hints[0]: a hint must be one line of plain text`,
    ],
    [
      'hints on a lecture',
      (yaml: string) =>
        yaml.replace(
          '            text: tasks/lecture.md\n',
          '            text: tasks/lecture.md\n            hints: [Прочитайте]\n',
        ),
      'modules[0].chapters[0].tasks[0].hints: a lecture task has no wrong answers',
    ],
  ])('refuses %s, naming the field', (_name, change, expected) => {
    const dir = practiceWith(change);
    const message = contentError(dir);
    expect(message).toContain(path.join(dir, 'course.yaml'));
    expect(message).toContain(expected);
  });

  it('refuses them on a mentor check too', () => {
    const dir = practiceWith((yaml) => yaml.replace(/(\n {12}type: mentorCheckTask\n)/, '$1            hints: [Подумайте]\n'));
    expect(contentError(dir)).toMatch(/\.hints: a mentorCheckTask task has no wrong answers/);
  });
});
