import type { Kysely } from 'kysely';
import type { Database } from './schema';

const HOUR = 60 * 60 * 1000;

/**
 * Demo comments on "JavaScript: основы": a thread with a mentor's answer and likes, a long comment
 * (shown collapsed), and one comment of newcomer@demo.academy awaiting moderation, so the staff
 * screen is not empty. Written straight to the tables (no notices: the demo bell stays as seeded).
 * Seeding again finds the demo student's comments and adds nothing.
 */
export async function seedDemoComments(db: Kysely<Database>, now = new Date()): Promise<void> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['student@demo.academy', 'newcomer@demo.academy', 'mentor@demo.academy', 'chief-mentor@demo.academy'])
    .execute();
  const id = (email: string) => users.find((u) => u.email === email)?.id;
  const student = id('student@demo.academy');
  const newcomer = id('newcomer@demo.academy');
  const mentor = id('mentor@demo.academy');
  const chief = id('chief-mentor@demo.academy');
  if (!student || !newcomer || !mentor || !chief) return;
  const already = await db.selectFrom('comments').select('id').where('user_id', '=', student).limit(1).executeTakeFirst();
  if (already) return;

  const tasks = await db
    .selectFrom('course_tasks as t')
    .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
    .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
    .innerJoin('courses as c', 'c.id', 'm.course_id')
    .select(['t.id', 't.slug'])
    .where('c.slug', '=', 'js-basics')
    .where('t.slug', 'in', ['what-is-js', 'where-js-runs'])
    .execute();
  const lecture = tasks.find((t) => t.slug === 'what-is-js')?.id;
  const theory = tasks.find((t) => t.slug === 'where-js-runs')?.id;
  if (!lecture || !theory) return;

  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const write = async (values: {
    task: number;
    user: number;
    text: string;
    hoursAgo: number;
    parent?: number;
    pending?: boolean;
  }) => {
    const row = await db
      .insertInto('comments')
      .values({
        task_id: values.task,
        user_id: values.user,
        parent_id: values.parent ?? null,
        text: values.text,
        pre_moderate: values.pending ?? false,
        created_at: at(values.hoursAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const like = (comment: number, user: number, hoursAgo: number) =>
    db
      .insertInto('comment_likes')
      .values({ comment_id: comment, user_id: user, created_at: at(hoursAgo) })
      .execute();

  const question = await write({
    task: lecture,
    user: student,
    text: 'Отличная лекция :) Не понял только одно: JavaScript и Java — это правда совсем разные языки?',
    hoursAgo: 72,
  });
  const answer = await write({
    task: lecture,
    user: mentor,
    parent: question,
    text:
      'Да, совсем разные: похожи только названием, так сложилось исторически. ' +
      'Подробнее — https://developer.mozilla.org/ru/docs/Web/JavaScript/Guide/Introduction (y)',
    hoursAgo: 70,
  });
  await write({ task: lecture, user: student, parent: question, text: 'Спасибо, теперь ясно! <3', hoursAgo: 69 });
  await like(question, mentor, 70);
  await like(question, chief, 50);
  await like(answer, student, 69);
  await like(answer, newcomer, 20);

  const notes = await write({
    task: theory,
    user: student,
    text: [
      'Собрал для себя шпаргалку, вдруг пригодится:',
      '1. В браузере JavaScript работает со страницей: DOM, события, запросы к серверу.',
      '2. На сервере (Node.js) — с файлами, сетью и базами данных.',
      '3. Движок один и тот же (например, V8), отличаются доступные API.',
      '4. Поэтому `document` есть в браузере, но его нет в Node.js, а `fs` — наоборот.',
      '5. Проверить, где выполняется код, можно так: typeof window !== "undefined".',
      '',
      'Поправьте, если где-то ошибся ;)',
    ].join('\n'),
    hoursAgo: 30,
  });
  await like(notes, chief, 28);

  // the newcomer's first comment: it waits for a moderator (the staff screen and the view-as page show it)
  await write({
    task: lecture,
    user: newcomer,
    text: 'Подскажите, а где запускать примеры из лекции: прямо в браузере или нужно что-то установить?',
    hoursAgo: 2,
    pending: true,
  });
}
