import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createTaskState } from '../modules/task-state/task-state';
import { ACADEMY_ZONE, dayInZone } from '../common/dates';
import type { Database } from './schema';

const DAY = 24 * 60 * 60 * 1000;
/** How far ahead the demo plans review slots. */
const PLANNED_DAYS = 21;
/** The demo's review times, in the academy's zone (Moscow keeps +03:00 all year). */
const TIMES = ['12:00', '19:00'];
const CONFERENCE = 'https://meet.jit.si/academy-demo-review';

/** The debts of the demo student's failed review of the second module: [task slug, the mentor's comment]. */
const CODE_DEBTS: Array<[string, string]> = [
  ['sum-function', 'Функция должна возвращать сумму, а не выводить её в консоль: замените console.log на return.'],
  ['is-palindrome', 'Не учитываются регистр и знаки препинания: «А роза упала на лапу Азора» должна проходить.'],
];
const THEORY_DEBTS = ['Чем параметр функции отличается от аргумента?', 'Что вернёт функция, в которой нет return?'];

/** An instant of a day of the academy's zone (`yyyy-mm-dd`, `HH:mm`). */
const moscow = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`);

/**
 * Module reviews of the demo (docs/courses.md, "Reviews"): slots of the JavaScript course's modules on the
 * weekdays of the next three weeks (mentor@demo.academy reviewing, a conference each), a seat of one
 * taken by the newcomer, and the demo student's past reviews: the first module passed (its review step
 * done, so the second module is open), the second failed with two code debts and two theory questions.
 * Seeds once: nothing happens when the course already has slots.
 */
export async function seedDemoReviews(db: Kysely<Database>, now = new Date()): Promise<void> {
  const course = await db.selectFrom('courses').select('id').where('slug', '=', 'js-basics').executeTakeFirst();
  if (!course) return;
  const modules = await db
    .selectFrom('course_modules')
    .select(['id', 'position'])
    .where('course_id', '=', course.id)
    .orderBy('position')
    .execute();
  if (modules.length === 0) return;
  const seeded = await db
    .selectFrom('review_slots')
    .select('review_slots.id')
    .where(
      'module_id',
      'in',
      modules.map((m) => m.id),
    )
    .executeTakeFirst();
  if (seeded) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['mentor@demo.academy', 'chief-mentor@demo.academy', 'student@demo.academy', 'newcomer@demo.academy'])
    .execute();
  const id = (email: string) => users.find((u) => u.email === email)?.id ?? null;
  const mentor = id('mentor@demo.academy');
  const chief = id('chief-mentor@demo.academy');

  const slot = async (moduleId: number, startsAt: Date, capacity: number) => {
    const code = randomBytes(12).toString('hex');
    await db.insertInto('meet_links').values({ code, url: CONFERENCE, title: 'Ревью модуля', expires_at: null }).execute();
    const row = await db
      .insertInto('review_slots')
      .values({ module_id: moduleId, starts_at: startsAt, capacity, mentor_id: mentor, link_code: code, created_by: chief })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  // the weekdays of the next three weeks, two slots a day, the modules in turn
  const planned: Array<{ id: number; moduleId: number }> = [];
  for (let offset = 1; offset <= PLANNED_DAYS; offset += 1) {
    const day = dayInZone(new Date(now.getTime() + offset * DAY), ACADEMY_ZONE);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const [i, time] of TIMES.entries()) {
      const module = modules[(offset + i) % modules.length]!;
      planned.push({ id: await slot(module.id, moscow(day, time), i === 0 ? 6 : 8), moduleId: module.id });
    }
  }

  // the newcomer signed up for the first review of the first module
  const newcomer = id('newcomer@demo.academy');
  const first = planned.find((p) => p.moduleId === modules[0]!.id);
  if (newcomer !== null && first) {
    await db
      .insertInto('student_reviews')
      .values({ slot_id: first.id, student_id: newcomer, module_id: first.moduleId })
      .execute();
    await db.updateTable('review_slots').set({ seats_taken: 1 }).where('id', '=', first.id).execute();
  }

  const student = id('student@demo.academy');
  if (student === null) return;
  const past = (daysAgo: number) => moscow(dayInZone(new Date(now.getTime() - daysAgo * DAY), ACADEMY_ZONE), '19:00');
  // the first module: passed a week ago, its review step done as a passed review does it
  const passedSlot = await slot(modules[0]!.id, past(7), 6);
  await db
    .insertInto('student_reviews')
    .values({ slot_id: passedSlot, student_id: student, module_id: modules[0]!.id, status: 'SUCCESS' })
    .execute();
  await createTaskState(db).completedByStaff(student, { moduleIds: [modules[0]!.id], kind: 'review_step' });
  // the second module: failed two days ago, with what to redo
  if (!modules[1]) return;
  const failedSlot = await slot(modules[1].id, past(2), 6);
  const failed = await db
    .insertInto('student_reviews')
    .values({ slot_id: failedSlot, student_id: student, module_id: modules[1].id, status: 'FAILED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tasks = await db
    .selectFrom('course_tasks as t')
    .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
    .select(['t.id', 't.slug'])
    .where('ch.module_id', '=', modules[1].id)
    .where(
      't.slug',
      'in',
      CODE_DEBTS.map(([slug]) => slug),
    )
    .execute();
  for (const [slug, comment] of CODE_DEBTS) {
    const task = tasks.find((t) => t.slug === slug);
    if (task)
      await db
        .insertInto('review_code_debts')
        .values({ review_id: failed.id, task_id: task.id, mentor_comment: comment })
        .execute();
  }
  await db
    .insertInto('review_theory_debts')
    .values(THEORY_DEBTS.map((text) => ({ review_id: failed.id, text })))
    .execute();
}
