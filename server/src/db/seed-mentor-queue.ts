import type { Kysely } from 'kysely';
import { createTaskState } from '../modules/task-state/task-state';
import type { Database } from './schema';

const HOUR = 60 * 60 * 1000;

/** The demo's waiting answers: [student's e-mail, hours since it was sent, the answer]. */
const WAITING: Array<[string, number, string]> = [
  [
    'student@demo.academy',
    26,
    '<p>Написал бы так: «Хорошая идея вынести проверку в отдельную функцию. Давай добавим тест на пустой список?»</p>',
  ],
  [
    'newcomer@demo.academy',
    2,
    '<p>«Спасибо за исправления! Одно замечание: назови ветку по задаче, например <code>feature/login</code>.»</p>',
  ],
];

/**
 * The mentor's queue of the demo (docs/courses.md, "Mentor queue"): mentor@demo.academy is the assigned mentor of
 * the two demo students, who are enrolled in "Git для командной работы" and wait for a verdict on its
 * pull-request comment (an open first module): the demo student's for 26 hours (past the promise), the
 * newcomer's for 2. Seeds once: nothing happens when the task already has an answer of theirs.
 */
export async function seedDemoMentorQueue(db: Kysely<Database>, now = new Date()): Promise<void> {
  const mentor = await db.selectFrom('users').select('id').where('email', '=', 'mentor@demo.academy').executeTakeFirst();
  const course = await db.selectFrom('courses').select('id').where('slug', '=', 'git-teamwork').executeTakeFirst();
  const task = await db.selectFrom('course_tasks').select('id').where('slug', '=', 'review-etiquette').executeTakeFirst();
  if (!mentor || !course || !task) return;
  const states = createTaskState(db);
  for (const [email, hours, answer] of WAITING) {
    const student = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (!student) continue;
    await db.updateTable('users').set({ mentor_id: mentor.id, has_mentor: true }).where('id', '=', student.id).execute();
    const sent = await db
      .selectFrom('solutions as s')
      .innerJoin('student_tasks as st', 'st.id', 's.student_task_id')
      .select('s.id')
      .where('st.student_id', '=', student.id)
      .where('st.task_id', '=', task.id)
      .executeTakeFirst();
    if (sent) continue;
    await db
      .insertInto('enrollments')
      .values({ student_id: student.id, course_id: course.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // the answer goes through the task state's owner, as the student's own would
    const state = await states.opened(student.id, task.id);
    await states.sentForCheck(state, answer);
    await db
      .updateTable('solutions')
      .set({ created_at: new Date(now.getTime() - hours * HOUR) })
      .where('student_task_id', '=', state.id)
      .where('right_answer', 'is', null)
      .execute();
  }
}
