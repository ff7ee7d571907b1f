import type { Kysely } from 'kysely';
import { sendAcademyNotice } from '../modules/notifications/academy';
import type { Database } from './schema';

const WELCOME_TITLE = 'Добро пожаловать в Академию';
const IMPORTANT_TITLE = 'Плановые работы в субботу';
const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo bell: a welcome for everyone and an important notice (open by itself for a week after the
 * seed), both published by the demo administrator, and the notice of a mentor's answer to the demo student.
 * Each is added once: seeding again finds it and adds nothing.
 */
export async function seedDemoNotifications(db: Kysely<Database>, now = new Date()): Promise<void> {
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.academy').executeTakeFirst();
  const published = async (title: string) =>
    (await db
      .selectFrom('notifications')
      .select('id')
      .where('kind', '=', 'STAFF')
      .where('title', '=', title)
      .executeTakeFirst()) !== undefined;

  if (!(await published(WELCOME_TITLE))) {
    await db
      .insertInto('notifications')
      .values({
        title: WELCOME_TITLE,
        message: '<p>Рады видеть вас! Начните с курса в разделе «Курсы».</p>',
        important: false,
        date_time: new Date(now.getTime() - 2 * DAY),
        author_id: admin?.id ?? null,
      })
      .execute();
  }
  if (!(await published(IMPORTANT_TITLE))) {
    await db
      .insertInto('notifications')
      .values({
        title: IMPORTANT_TITLE,
        message:
          '<p>В субботу с <strong>10:00 до 12:00 по Москве</strong> Академия будет недоступна: мы обновляем серверы.</p>' +
          '<ul><li>Отправьте решения заранее: во время работ ответы не проверяются (черновики сохранятся).</li>' +
          '<li>Ревью и встречи на это время перенесены.</li></ul>' +
          '<p>Вопросы — куратору или на <a href="mailto:help@academy.example">help@academy.example</a>.</p>',
        important: true,
        // the students' notice (solutions, reviews): it does not open over staff pages (issue 29)
        audience: 'ROLE',
        audience_role: 'PAY_STUDENT',
        end_time: new Date(now.getTime() + 7 * DAY),
        date_time: new Date(now.getTime() - 60 * 60 * 1000),
        author_id: admin?.id ?? null,
      })
      .execute();
  }

  // the mentor's answer to the demo student's question under the first lecture (seed-comments.ts), as the
  // comments module sends it: the notice leads to a task the demo student can open
  const task = await db
    .selectFrom('course_tasks as t')
    .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
    .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
    .innerJoin('courses as c', 'c.id', 'm.course_id')
    .select(['t.title', 'c.id as course_id', 'm.position as m', 'ch.position as ch', 't.position as t'])
    .where('c.slug', '=', 'js-basics')
    .where('t.slug', '=', 'what-is-js')
    .executeTakeFirst();
  const people = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('email', 'in', ['student@demo.academy', 'mentor@demo.academy'])
    .execute();
  const student = people.find((p) => p.email === 'student@demo.academy');
  const mentor = people.find((p) => p.email === 'mentor@demo.academy');
  if (!task || !student || !mentor) return;
  const link = `/user/courses/${task.course_id}/${task.m}/${task.ch}/${task.t}`;
  const sent = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', student.id)
    .where('kind', '=', 'COMMENT_ANSWER')
    .where('link', '=', link)
    .executeTakeFirst();
  if (sent) return;
  await sendAcademyNotice(
    db,
    {
      kind: 'COMMENT_ANSWER',
      userId: student.id,
      authorName: `${mentor.first_name} ${mentor.last_name}`,
      taskTitle: task.title,
      excerpt: 'Да, совсем разные: похожи только названием, так сложилось исторически.',
      link,
    },
    new Date(now.getTime() - 71 * 60 * 60 * 1000),
  );
}
