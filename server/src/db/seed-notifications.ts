import type { Kysely } from 'kysely';
import { sendAcademyNotice } from '../modules/notifications/academy';
import type { Database } from './schema';

const WELCOME_TITLE = 'Добро пожаловать в Академию';
const IMPORTANT_TITLE = 'Плановые работы в субботу';
const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo bell: a welcome for everyone and an important notice (open by itself for a week after the
 * seed), both published by the demo administrator, and a mentor's verdict notice for the demo student.
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
          '<ul><li>Отправьте решения заранее: черновики в редакторе не сохранятся.</li>' +
          '<li>Ревью и встречи на это время перенесены.</li></ul>' +
          '<p>Вопросы — куратору или на <a href="mailto:help@academy.example">help@academy.example</a>.</p>',
        important: true,
        end_time: new Date(now.getTime() + 7 * DAY),
        date_time: new Date(now.getTime() - 60 * 60 * 1000),
        author_id: admin?.id ?? null,
      })
      .execute();
  }

  // a mentor's verdict on the demo student's project, as `giveVerdict` sends it
  const task = await db
    .selectFrom('course_tasks as t')
    .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
    .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
    .innerJoin('courses as c', 'c.id', 'm.course_id')
    .innerJoin('enrollments as e', 'e.course_id', 'c.id')
    .innerJoin('users as u', 'u.id', 'e.student_id')
    .select(['u.id as student_id', 't.title', 'c.id as course_id', 'm.position as m', 'ch.position as ch', 't.position as t'])
    .where('u.email', '=', 'student@demo.academy')
    .where('c.slug', '=', 'js-basics')
    .where('t.kind', '=', 'mentorCheckTask')
    .orderBy('m.position')
    .orderBy('ch.position')
    .orderBy('t.position')
    .executeTakeFirst();
  if (!task) return;
  const link = `/user/courses/${task.course_id}/${task.m}/${task.ch}/${task.t}`;
  const sent = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', task.student_id)
    .where('kind', '=', 'MENTOR_VERDICT')
    .where('link', '=', link)
    .executeTakeFirst();
  if (sent) return;
  await sendAcademyNotice(
    db,
    { kind: 'MENTOR_VERDICT', userId: task.student_id, taskTitle: task.title, right: false, link },
    new Date(now.getTime() - 3 * 60 * 60 * 1000),
  );
}
