import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_CONTENT_DIR } from '../db/seed';
import { FIXTURE_CONTENT_DIR } from '../testing/fixtures';
import { openTestDatabase, testDatabases } from '../testing/test-app';
import type { DatabaseHandle } from '../db/database';
import { importCourses } from './import';
import { ContentError, loadContent, renderMarkdown } from './load';

/** A copy of a fixture course (server/src/testing/fixtures/content) to break or change. */
function copyCourse(slug: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-course-'));
  fs.cpSync(path.join(FIXTURE_CONTENT_DIR, slug), dir, { recursive: true });
  return dir;
}

function edit(dir: string, change: (yaml: string) => string, file = 'course.yaml') {
  const target = path.join(dir, file);
  fs.writeFileSync(target, change(fs.readFileSync(target, 'utf8')));
}

function contentError(dir: string): ContentError {
  try {
    loadContent(dir);
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected a content error');
}

describe('content loading: errors name the file and the field', () => {
  it('the fixture has every task kind but review_step in its practice course', () => {
    const courses = loadContent(FIXTURE_CONTENT_DIR);
    expect(courses.map((c) => c.slug).sort()).toEqual(['enrollee-start', 'extra', 'full-pass', 'practice', 'review']);
    const practice = courses.find((c) => c.slug === 'practice')!;
    const kinds = new Set(practice.modules.flatMap((m) => m.chapters.flatMap((c) => c.tasks.map((t) => t.kind))));
    expect([...kinds].sort()).toEqual(
      [
        'association',
        'code',
        'gapping',
        'lecture',
        'mentorCheckTask',
        'multi_answer',
        'multi_input',
        'multi_test',
        'ordering',
        'theory',
        'word',
      ].sort(),
    );
  });

  it.each([
    [
      'a field of a task',
      (y: string) =>
        y.replace(
          '              - { text: В браузере и на сервере (Node.js), right: true }',
          '              - { text: В браузере и на сервере (Node.js), right: false }',
        ),
      'modules[0].chapters[0].tasks[1].answers: at least one answer must be right',
    ],
    ['an unknown kind', (y: string) => y.replace('type: word', 'type: riddle'), 'modules[0].chapters[0].tasks[2].type'],
    [
      'a duplicate id',
      (y: string) => y.replace('id: where-js-runs', 'id: what-is-js'),
      'modules[0].chapters[0].tasks[1].id: duplicate id "what-is-js"',
    ],
    ['a bad direction', (y: string) => y.replace('direction: FE', 'direction: RUST'), 'direction:'],
    [
      'a missing Markdown file',
      (y: string) => y.replace('text: tasks/sum-function.md', 'text: tasks/missing.md'),
      'modules[1].chapters[0].tasks[1].text: file "tasks/missing.md" does not exist',
    ],
    ['broken YAML', (y: string) => `${y}\n  - : [`, 'cannot be parsed'],
  ])('reports %s', (_name, change, expected) => {
    const dir = copyCourse('practice');
    edit(dir, change);
    const error = contentError(dir);
    expect(error.message).toContain(path.join(dir, 'course.yaml'));
    expect(error.message).toContain(expected);
  });

  it('refuses an SVG with a script, and a file outside the course folder', () => {
    const dir = copyCourse('extra');
    edit(dir, (svg) => svg.replace('<rect', '<script>alert(1)</script><rect'), 'picture.svg');
    expect(contentError(dir).message).toContain('picture.svg: contains scripts');
    const other = copyCourse('extra');
    edit(other, (y) => y.replace('description: description.md', 'description: ../../etc/passwd.md'));
    expect(contentError(other).message).toContain('info.description: "../../etc/passwd.md" is outside the course folder');
  });

  it('Markdown becomes safe HTML', () => {
    const html = renderMarkdown('**bold** <script>alert(1)</script> <img src=x onerror=alert(1)> [link](javascript:alert(1))');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toMatch(/script|onerror|javascript:/);
  });
});

describe.each(testDatabases())('content import on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('importing again updates the course in place and keeps every student’s progress', async () => {
    const dir = copyCourse('extra');
    const [first] = await importCourses(database.db, loadContent(dir));
    const { db } = database;
    const user = await db
      .insertInto('users')
      .values({
        email: `s-${kind}@x.test`,
        password_hash: 'x',
        first_name: 'A',
        last_name: 'B',
        role: 'PAY_STUDENT',
        payment_type: 'REGULAR',
        direction: 'FE',
        birthday: null,
        avatar_url: null,
        inactivation_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tasks = await db.selectFrom('course_tasks').select(['id', 'slug']).execute();
    const commit = tasks.find((t) => t.slug === 'commit-command')!;
    await db.insertInto('enrollments').values({ student_id: user.id, course_id: first!.id }).execute();
    await db
      .insertInto('student_tasks')
      .values({ student_id: user.id, task_id: commit.id, solved: true, points: 2, last_action: 'RIGHT', answer: null })
      .execute();

    edit(dir, (y) =>
      y
        .replace('name: Дополнительный практикум', 'name: Git в команде')
        .replace('title: Команда фиксации изменений', 'title: Команда commit'),
    );
    const [second] = await importCourses(db, loadContent(dir));
    expect(second!.id).toBe(first!.id);
    const course = await db.selectFrom('courses').selectAll().where('id', '=', first!.id).executeTakeFirstOrThrow();
    expect(course.name).toBe('Git в команде');
    const task = await db.selectFrom('course_tasks').selectAll().where('slug', '=', 'commit-command').executeTakeFirstOrThrow();
    expect(task.id).toBe(commit.id);
    expect(task.title).toBe('Команда commit');
    const progress = await db.selectFrom('student_tasks').selectAll().where('student_id', '=', user.id).execute();
    expect(progress).toEqual([expect.objectContaining({ task_id: commit.id, solved: true, points: 2 })]);
    expect(await db.selectFrom('enrollments').selectAll().where('student_id', '=', user.id).execute()).toHaveLength(1);

    // a task removed from the manifest is removed (the mentor-check task after branch-flow), and a
    // changed kind is taken over
    edit(dir, (y) =>
      y.replace(
        / {10}- id: branch-flow[\s\S]*$/,
        '          - id: branch-flow\n            type: lecture\n            title: Ветки\n',
      ),
    );
    const [third] = await importCourses(db, loadContent(dir));
    expect(third).toMatchObject({ tasks: 3, removedTasks: 1 });
    expect(await db.selectFrom('course_tasks').select('id').where('slug', '=', 'review-etiquette').execute()).toEqual([]);
    const kinds = await db.selectFrom('course_tasks').select('kind').where('slug', '=', 'branch-flow').executeTakeFirstOrThrow();
    expect(kinds.kind).toBe('lecture');
  });

  it('a failing import changes nothing', async () => {
    const { db } = database;
    const before = await db.selectFrom('courses').select('id').execute();
    const good = loadContent(copyCourse('full-pass'));
    const broken = loadContent(copyCourse('enrollee-start'));
    // a database-level failure in the second course rolls back the first as well
    (broken[0] as { direction: string }).direction = 'NOPE';
    await expect(importCourses(db, [...good, ...broken])).rejects.toThrow();
    expect(await db.selectFrom('courses').select('id').execute()).toEqual(before);
  });
});

describe('npm run content:import', () => {
  it('imports a folder into the embedded database, and explains a broken one without importing', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-import-'));
    const env = { ...process.env, ACADEMY_DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: process.cwd() };
    const cli = path.join(__dirname, 'import-cli.ts');
    const output = execFileSync(process.execPath, ['--import', 'tsx', cli, FIXTURE_CONTENT_DIR], { env, encoding: 'utf8' });
    expect(output).toMatch(/practice \(id \d+\): 3 modules, 6 chapters, 16 tasks/);
    const broken = copyCourse('full-pass');
    edit(broken, (y) => y.replace('points: 8', 'points: -1'));
    let failure = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', cli, broken], { env, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failure = String((error as { stderr: string }).stderr);
    }
    expect(failure).toContain('Nothing was imported.');
    expect(failure).toContain('modules[1].chapters[0].tasks[0].points');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('the demo content (server/content)', () => {
  // a test of the demo courses themselves, the only test that reads them: every other test uses the fixture
  it('loads and imports without errors', async () => {
    const courses = loadContent(DEMO_CONTENT_DIR);
    expect(courses.length).toBeGreaterThan(0);
    const database = await openTestDatabase('pglite');
    try {
      const summaries = await importCourses(database.db, courses);
      expect(summaries.map((s) => s.course)).toEqual(courses.map((c) => c.slug));
      expect(summaries.every((s) => s.tasks > 0)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('no task repeats its title as the first heading of its text (the page shows the title above it)', () => {
    const bare = (text: string) =>
      text
        .replace(/<[^>]+>/g, '')
        .replace(/[!?.:…]+$/u, '')
        .trim()
        .toLowerCase();
    const repeated = loadContent(DEMO_CONTENT_DIR).flatMap((course) =>
      course.modules.flatMap((module) =>
        module.chapters.flatMap((chapter) =>
          chapter.tasks
            .filter((task) => {
              const opening = /^\s*<h[1-6][^>]*>(.*?)<\/h[1-6]>/is.exec(task.descriptionHtml)?.[1];
              return opening !== undefined && bare(opening) === bare(task.title);
            })
            .map((task) => `${course.slug}/${task.slug}`),
        ),
      ),
    );
    expect(repeated).toEqual([]);
  });
});
