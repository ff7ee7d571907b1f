import type { Kysely } from 'kysely';
import { ACADEMY_ZONE } from '../common/dates';
import { dayInZone } from '../common/dates';
import type { Database } from './schema';

const DAY = 24 * 60 * 60 * 1000;

/** What the demo student wrote, most recent first: [days ago, hours, text]; the long ones show Show. */
const STUDENT_REPORTS: Array<[number, number, string]> = [
  [1, 3, 'Решил задачи модуля 2 про массивы: map, filter, reduce. Reduce сначала не давался, помог разбор в комментариях.'],
  [2, 2.5, 'Модуль 2: прочитал лекцию про объекты и деструктуризацию, прошёл тест.'],
  [3, 1, 'Повторил области видимости.'],
  [
    5,
    4,
    'Модуль 2, глава 1: написал функцию группировки по ключу, переписал её три раза, пока не прошли все тесты. Разобрался, чем отличаются == и ===.',
  ],
  [6, 2, 'Прошёл тест по типам данных, исправил ошибки в задаче на строки.'],
  [8, 3, 'Закончил модуль 1, готовлюсь к ревью.'],
  [9, 1.5, 'Циклы for и while, задачи на подсчёт.'],
  [10, 2, 'Модуль 1: условия и логические операторы.'],
  [12, 3.5, 'Настроил редактор и Node.js, запустил первые примеры из лекций.'],
  [13, 2, 'Модуль 1: переменные, let и const, первые задачи.'],
  [15, 1, 'Прочитал введение курса и правила академии.'],
  [16, 2, 'Знакомство с платформой, первая лекция.'],
  [19, 1.5, 'Установил Git, сделал первый коммит.'],
];

/** The newcomer's, fewer and shorter (she has just started): the grid shows two people. */
const NEWCOMER_REPORTS: Array<[number, number, string]> = [
  [1, 2, 'Модуль 1: первая лекция и тест про переменные.'],
  [2, 1, 'Прочитала введение курса.'],
  [4, 1.5, 'Установила Node.js и редактор, разобралась с платформой.'],
  [8, 0.5, 'Зарегистрировалась, посмотрела программу курса.'],
];

/**
 * Daily reports of the last weeks for the demo student (up to yesterday, so the yesterday's-report
 * modal does not stop the demo's first sign-in) and for newcomer@demo.academy, a classmate of the same
 * direction, so the report grid shows two people. Days are counted in the academy's zone at seed time.
 * Seeding again the same day adds nothing (one report per user and day).
 */
export async function seedDemoReports(db: Kysely<Database>, now = new Date()): Promise<void> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['student@demo.academy', 'newcomer@demo.academy'])
    .execute();
  const id = (email: string) => users.find((u) => u.email === email)?.id;
  const rows = [
    ...STUDENT_REPORTS.map((report) => ({ user: id('student@demo.academy'), report })),
    ...NEWCOMER_REPORTS.map((report) => ({ user: id('newcomer@demo.academy'), report })),
  ].flatMap(({ user, report: [daysAgo, hours, text] }) =>
    user === undefined
      ? []
      : [{ user_id: user, report_date: dayInZone(new Date(now.getTime() - daysAgo * DAY), ACADEMY_ZONE), hours, text }],
  );
  if (rows.length === 0) return;
  await db
    .insertInto('reports')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'report_date']).doNothing())
    .execute();
}
