import { sql, type Kysely } from 'kysely';
import type { RoleName } from '@academy/shared/contract';
import { hashPassword } from '../modules/auth/passwords';
import type { Database, NewUser } from './schema';

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
  demo('enrollee@demo.academy', 'STUDENT', 'Елена', 'Абитуриентова', {
    payment_type: 'REGULAR',
    direction: 'FE',
    birthday: '2001-09-30',
  }),
];

/** Seeds the demo users unless an account with that e-mail exists; returns how many were added. */
export async function seedDemo(db: Kysely<Database>): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let added = 0;
  for (const user of DEMO_USERS) {
    const result = await db
      .insertInto('users')
      .values({ ...user, password_hash: passwordHash })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  await db
    .insertInto('notifications')
    .values({
      title: 'Добро пожаловать в Академию',
      message: '<p>Рады видеть вас! Начните с курса в разделе «Курсы».</p>',
      important: false,
    })
    .execute();
  return added;
}

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}
