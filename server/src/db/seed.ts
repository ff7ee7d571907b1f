import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { RoleName, TaskKind } from '@academy/shared/contract';
import { importCourses } from '../content/import';
import { loadContent } from '../content/load';
import { TASK_KIND_REGISTRY } from '../grading';
import { hashPassword } from '../modules/auth/passwords';
import { createTaskState } from '../modules/task-state/task-state';
import type { Database, NewUser } from './schema';
import { seedDemoActivity } from './seed-activity';
import { seedDemoComments } from './seed-comments';
import { seedDemoMentorQueue } from './seed-mentor-queue';
import { seedDemoNotifications } from './seed-notifications';
import { seedDemoReports } from './seed-reports';
import { seedDemoReviews } from './seed-reviews';

export const DEMO_PASSWORD = 'demo123';

type DemoUser = Omit<NewUser, 'password_hash'>;

const demo = (email: string, role: RoleName, first: string, last: string, extra: Partial<DemoUser> = {}): DemoUser => ({
  email,
  role,
  first_name: first,
  last_name: last,
  payment_type: null,
  direction: null,
  birthday: null,
  avatar_url: null,
  inactivation_reason: null,
  ...extra,
});

/** One demo user per role (README lists them); the password of all is `demo123`. */
export const DEMO_USERS: DemoUser[] = [
  demo('admin@demo.academy', 'ADMIN', 'Анна', 'Админова'),
  demo('mentor@demo.academy', 'MENTOR', 'Михаил', 'Менторов', { direction: 'FE' }),
  demo('chief-mentor@demo.academy', 'CHIEF_MENTOR', 'Ольга', 'Главная', { direction: 'FE' }),
  demo('curator@demo.academy', 'CURATOR', 'Кирилл', 'Кураторов'),
  demo('manager@demo.academy', 'MANAGER', 'Мария', 'Менеджерова'),
  demo('chief-manager@demo.academy', 'CHIEF_MANAGER', 'Игорь', 'Руководов'),
  demo('student@demo.academy', 'PAY_STUDENT', 'Степан', 'Студентов', {
    payment_type: 'UNTIL_PAID',
    direction: 'FE',
    is_view_report: true,
    has_mentor: true,
    birthday: '1998-04-12',
  }),
  // a second paying student who has just started: nothing solved yet
  demo('newcomer@demo.academy', 'PAY_STUDENT', 'Надежда', 'Новикова', {
    payment_type: 'REGULAR',
    direction: 'FE',
    has_mentor: true,
    birthday: '2000-02-15',
  }),
  // a paying student who owes yesterday's report: their sign-in shows the forced report dialog
  demo('reporter@demo.academy', 'PAY_STUDENT', 'Роман', 'Отчётов', {
    payment_type: 'UNTIL_PAID',
    direction: 'FE',
    has_mentor: true,
    birthday: '1999-06-03',
  }),
  // issue 30: a student of each other direction, a chapter into their direction's course
  ...(
    [
      ['java@demo.academy', 'Жанна', 'Джавова', 'JAVA'],
      ['go@demo.academy', 'Глеб', 'Гоферов', 'GO'],
      ['qa@demo.academy', 'Кира', 'Тестова', 'MQA'],
    ] as const
  ).map(([email, first, last, direction]) =>
    demo(email, 'PAY_STUDENT', first, last, { payment_type: 'REGULAR', direction, has_mentor: true, birthday: '1999-11-20' }),
  ),
  demo('enrollee@demo.academy', 'STUDENT', 'Елена', 'Абитуриентова', {
    payment_type: 'REGULAR',
    direction: 'FE',
    birthday: '2001-09-30',
  }),
];

/** How long ago the demo accounts joined: weeks, so the yesterday's-report rule applies to them (issue 29). */
export const DEMO_JOINED_DAYS_AGO = 28;

/** Seeds the demo users unless an account with that e-mail exists; returns how many were added. */
export async function seedDemo(db: Kysely<Database>, now = new Date()): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const joined = new Date(now.getTime() - DEMO_JOINED_DAYS_AGO * 24 * 60 * 60 * 1000);
  let added = 0;
  for (const user of DEMO_USERS) {
    const result = await db
      .insertInto('users')
      .values({ ...user, password_hash: passwordHash, created_at: joined })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  await seedDemoCourses(db);
  await seedDemoActivity(db);
  // a meeting link for /meet?linkCode=demo-review
  await db
    .insertInto('meet_links')
    .values({ code: 'demo-review', url: 'https://meet.jit.si/academy-demo-review', title: 'Демо-ревью' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await seedDemoNotifications(db);
  await seedDemoComments(db);
  await seedDemoReports(db);
  await seedDemoReviews(db);
  await seedDemoMentorQueue(db);
  return added;
}

/** The demo courses shipped with the academy (Russian). */
export const DEMO_CONTENT_DIR = path.resolve(__dirname, '..', '..', 'content');

/**
 * Imports the demo courses and gives the demo student progress: enrolled in "JavaScript: основы",
 * the first module solved (its review passed: seed-reviews.ts) and two tasks of the second, so the
 * pages show real progress.
 */
export async function seedDemoCourses(db: Kysely<Database>): Promise<void> {
  await importCourses(db, loadContent(DEMO_CONTENT_DIR));
  const student = await db.selectFrom('users').select('id').where('email', '=', 'student@demo.academy').executeTakeFirst();
  const enrollee = await db.selectFrom('users').select('id').where('email', '=', 'enrollee@demo.academy').executeTakeFirst();
  const course = await db.selectFrom('courses').select('id').where('slug', '=', 'js-basics').executeTakeFirstOrThrow();
  const starter = await db.selectFrom('courses').select('id').where('slug', '=', 'fe-start').executeTakeFirstOrThrow();
  if (enrollee) {
    await db
      .insertInto('enrollments')
      .values({ student_id: enrollee.id, course_id: starter.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const newcomer = await db.selectFrom('users').select('id').where('email', '=', 'newcomer@demo.academy').executeTakeFirst();
  for (const enrolled of [student, newcomer]) {
    if (!enrolled) continue;
    await db
      .insertInto('enrollments')
      .values({ student_id: enrolled.id, course_id: course.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // issue 30: the other directions' students, each with their course's first chapter solved
  for (const [email, slug] of DIRECTION_STUDENTS) await enrolWithFirstChapter(db, email, slug);
  if (!student) return;
  const tasks = await db
    .selectFrom('course_tasks as t')
    .innerJoin('course_chapters as c', 'c.id', 't.chapter_id')
    .innerJoin('course_modules as m', 'm.id', 'c.module_id')
    .select(['t.id', 't.kind', 't.data', 't.points', 'm.position as module', 'c.position as chapter', 't.position as task'])
    .where('m.course_id', '=', course.id)
    .execute();
  // a module's review step is done by its passed review (seed-reviews.ts), never by an answer
  const solved = tasks.filter(
    (t) => t.kind !== 'review_step' && (t.module === 1 || (t.module === 2 && t.chapter === 1 && t.task <= 2)),
  );
  // progress goes through the task state's owner, as a student's answers would
  const states = createTaskState(db);
  for (const task of solved) {
    await states.answeredRight(await states.opened(student.id, task.id), task.points, demoRightAnswer(task.kind, task.data));
  }
}

/** The demo students of the directions other than FE, and their direction's course. */
const DIRECTION_STUDENTS = [
  ['java@demo.academy', 'java-basics'],
  ['go@demo.academy', 'go-basics'],
  ['qa@demo.academy', 'qa-sql'],
] as const;

/** Enrols a demo student in the course and solves its first chapter (a code task's accepted code kept). */
async function enrolWithFirstChapter(db: Kysely<Database>, email: string, slug: string): Promise<void> {
  const student = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  const course = await db.selectFrom('courses').select('id').where('slug', '=', slug).executeTakeFirst();
  if (!student || !course) return;
  await db
    .insertInto('enrollments')
    .values({ student_id: student.id, course_id: course.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const tasks = await db
    .selectFrom('course_tasks as t')
    .innerJoin('course_chapters as c', 'c.id', 't.chapter_id')
    .innerJoin('course_modules as m', 'm.id', 'c.module_id')
    .select(['t.id', 't.kind', 't.data', 't.points'])
    .where('m.course_id', '=', course.id)
    .where('m.position', '=', 1)
    .where('c.position', '=', 1)
    .where('t.kind', '!=', 'review_step')
    .execute();
  const states = createTaskState(db);
  for (const task of tasks) {
    const state = await states.opened(student.id, task.id);
    if (!state.solved) await states.answeredRight(state, task.points, demoRightAnswer(task.kind, task.data));
  }
}

/**
 * The answer a demo task keeps, as the kind's grader stores a right one, so a solved quiz of the demo
 * shows what was chosen and a solved code task its accepted code (issue 29: not the template); null for
 * a lecture, which has no answer.
 */
function demoRightAnswer(kind: TaskKind, data: Record<string, unknown>): unknown {
  const grader = TASK_KIND_REGISTRY[kind].grader;
  const list = <T>(name: string): T[] => (Array.isArray(data[name]) ? (data[name] as T[]) : []);
  // as a code submission stores it: the solution and every test passed
  if (kind === 'code')
    return {
      solution: data.solution,
      results: list<{ name: string; expected: unknown }>('tests').map((test) => ({
        name: test.name,
        passed: true,
        expected: test.expected,
        actual: test.expected,
      })),
    };
  let payload: unknown = null;
  if (kind === 'theory')
    payload = {
      answerIds: list<{ id: number; right: boolean }>('answers')
        .filter((a) => a.right)
        .map((a) => a.id),
    };
  else if (kind === 'word') payload = { answer: list<string>('answers')[0] ?? '' };
  else if (kind === 'gapping')
    payload = {
      studentAnswers: list<{ id: number; answers: string[] }>('gaps').map((g) => ({
        gappingItemId: g.id,
        gappingText: g.answers[0] ?? '',
      })),
    };
  else if (kind === 'ordering')
    payload = {
      answerItemDtos: list<{ id: number; position: number }>('items').map((i) => ({ id: i.id, position: i.position })),
    };
  if (payload === null || !grader) return null;
  const graded = grader.grade(data as never, payload as never);
  return graded.right ? graded.stored : null;
}

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}
