import type { Kysely } from 'kysely';
import { ACADEMY_ZONE, dayInZone } from '../common/dates';
import type { Database } from './schema';

const DAY_MS = 86_400_000;
/** How far back the demo student's history goes: about 14 months. */
const HISTORY_DAYS = 425;

/** A small deterministic generator, so every demo database shows the same believable history. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface CodeTask {
  id: number;
  tests: Array<{ name: string; expected: unknown }>;
}

/** A code submission's stored outcomes: every test passed, or the first one failed. */
function outcomes(task: CodeTask, right: boolean) {
  return task.tests.map((test, i) => ({
    name: test.name,
    passed: right || i > 0,
    expected: test.expected,
    actual: right || i > 0 ? test.expected : null,
    ...(right || i > 0 ? {} : { error: 'TypeError: cannot read properties of undefined' }),
  }));
}

/**
 * The demo student's activity for the statistics page (docs/courses.md, "Statistics"): about 14 months of
 * code submissions on the demo course's two code tasks, more on weekdays, a two-week break in the
 * summer, a 12-day run three months ago and a current run of five days; the tasks seeded as solved
 * are dated to the first weeks, with their logged attempts (a wrong try or two before a quiz's right
 * answer). Seeds once: nothing happens when the student already has submissions.
 */
export async function seedDemoActivity(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const student = await db.selectFrom('users').select('id').where('email', '=', 'student@demo.academy').executeTakeFirst();
  if (!student) return;
  const existing = await db
    .selectFrom('solutions as s')
    .innerJoin('student_tasks as st', 'st.id', 's.student_task_id')
    .select('s.id')
    .where('st.student_id', '=', student.id)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  const course = await db.selectFrom('courses').select('id').where('slug', '=', 'js-basics').executeTakeFirst();
  if (!course) return;
  const tasks = await db
    .selectFrom('course_tasks as t')
    .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
    .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
    .select(['t.id', 't.slug', 't.kind', 't.data'])
    .where('m.course_id', '=', course.id)
    .execute();
  const code = (slug: string): CodeTask | undefined => {
    const task = tasks.find((t) => t.slug === slug && t.kind === 'code');
    return task && { id: task.id, tests: (task.data as { tests: CodeTask['tests'] }).tests };
  };
  const sum = code('sum-function');
  const palindrome = code('is-palindrome');
  if (!sum || !palindrome) return;

  const random = generator(20260310);
  // days of the academy's zone (the demo student's): at 23:30 UTC it is already tomorrow in Moscow, and a
  // run counted in UTC days would break there
  const today = Date.parse(`${dayInZone(now, ACADEMY_ZONE)}T00:00:00Z`);
  const moments: Array<{ at: Date; task: CodeTask; right: boolean }> = [];
  for (let ago = HISTORY_DAYS; ago >= 0; ago -= 1) {
    const day = today - ago * DAY_MS;
    const weekday = new Date(day).getUTCDay() % 6 !== 0;
    const run = ago <= 4 || (ago >= 90 && ago <= 101);
    const holiday = ago >= 190 && ago <= 204;
    const chance = (weekday ? 0.72 : 0.38) * (ago > HISTORY_DAYS - 45 ? 0.6 : 1);
    if (!run && (holiday || random() > chance)) continue;
    // mostly a few answers a day, now and then a long evening of them
    const count = 1 + Math.floor(random() ** 1.8 * (random() < 0.08 ? 11 : 8));
    for (let i = 0; i < count; i += 1) {
      // 07:00–19:00 UTC (10:00–22:00 in Moscow, the same Moscow day); today's answers the last minutes before now
      const at =
        ago === 0
          ? new Date(now.getTime() - (i + 1) * 9 * 60_000)
          : new Date(day + (7 + random() * 12) * 3_600_000 + i * 4 * 60_000);
      const onSum = random() < 0.5;
      moments.push({ at, task: onSum ? sum : palindrome, right: onSum && random() < 0.6 });
    }
  }

  // the two code tasks' states: the sum solved long ago, the palindrome still being worked on
  for (const task of [sum, palindrome]) {
    await db
      .insertInto('student_tasks')
      .values({ student_id: student.id, task_id: task.id, last_action: null, answer: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const states = await db
    .selectFrom('student_tasks')
    .select(['id', 'task_id'])
    .where('student_id', '=', student.id)
    .where('task_id', 'in', [sum.id, palindrome.id])
    .execute();
  const stateOf = new Map(states.map((s) => [s.task_id, s.id]));
  const rows = moments.map(({ at, task, right }) => ({
    student_task_id: stateOf.get(task.id)!,
    answer: JSON.stringify({ solution: right ? 'function sum(a, b) {\n  return a + b;\n}' : '// работаю над решением\n' }),
    result: JSON.stringify(outcomes(task, right)),
    right_answer: right,
    created_at: at,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('solutions')
      .values(rows.slice(i, i + 500))
      .execute();
  const lastPalindrome = moments.filter((m) => m.task === palindrome).at(-1);
  if (lastPalindrome) {
    await db
      .updateTable('student_tasks')
      .set({
        last_action: 'WRONG',
        answer: JSON.stringify({ solution: '// работаю над решением\n', results: outcomes(palindrome, false) }),
        updated_at: lastPalindrome.at,
      })
      .where('id', '=', stateOf.get(palindrome.id)!)
      .where('solved', '=', false)
      .execute();
  }
  // The lectures and quizzes seeded as solved were solved in the first weeks, not on the seeding day:
  // their state and their logged attempt move there, and a quiz took a wrong try or two before.
  const first = today - HISTORY_DAYS * DAY_MS;
  const solved = await db
    .selectFrom('student_tasks as st')
    .innerJoin('course_tasks as t', 't.id', 'st.task_id')
    .select(['st.id', 'st.task_id', 't.kind'])
    .where('st.student_id', '=', student.id)
    .where('st.last_action', 'is not', null)
    .where('t.kind', 'not in', ['code', 'mentorCheckTask'])
    .orderBy('t.chapter_id')
    .orderBy('t.position')
    .execute();
  for (const [i, state] of solved.entries()) {
    const at = new Date(first + (i * 2 + 1) * DAY_MS + 15 * 3_600_000);
    await db.updateTable('student_tasks').set({ updated_at: at }).where('id', '=', state.id).execute();
    await db
      .updateTable('task_attempts')
      .set({ created_at: at })
      .where('student_id', '=', student.id)
      .where('task_id', '=', state.task_id)
      .execute();
    const wrongTries = state.kind === 'lecture' ? 0 : Math.floor(random() * 3);
    if (wrongTries > 0)
      await db
        .insertInto('task_attempts')
        .values(
          Array.from({ length: wrongTries }, (_, n) => ({
            student_id: student.id,
            task_id: state.task_id,
            right: false,
            created_at: new Date(at.getTime() - (wrongTries - n) * 3 * 60_000),
          })),
        )
        .execute();
  }
}
