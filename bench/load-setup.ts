// The set-up of bench/load.mjs, run before the server starts (PGlite allows one process at a time):
// migrates and seeds the demo academy when empty, then makes `count` paying students of FE (direct
// inserts, the demo student's password hash), enrols them in the demo course and opens a session
// for each. Prints one line of JSON: the sessions' tokens, the course and the tasks the load uses.
// Usage: npx tsx bench/load-setup.ts <count>   (DATABASE_URL, or ACADEMY_DATA_DIR for PGlite)
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { migrate, openDatabase } from '../server/src/db/database';
import { isEmpty, seedDemo } from '../server/src/db/seed';
import { hashToken } from '../server/src/modules/auth/repository';

async function main() {
  const count = Number(process.argv[2] ?? 1000);
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir: process.env.ACADEMY_DATA_DIR ?? null,
  });
  const { db } = database;
  await migrate(db);
  if (await isEmpty(db)) await seedDemo(db);

  const demo = await db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', 'student@demo.academy')
    .executeTakeFirstOrThrow();
  await sql`
    insert into users (email, password_hash, first_name, last_name, role, payment_type, direction)
    select 'load-' || g || '@bench.academy', ${demo.password_hash}, 'Нагрузка', 'Студент ' || g, 'PAY_STUDENT', 'UNTIL_PAID', 'FE'
    from generate_series(1, ${count}) g
    where not exists (select 1 from users u where lower(u.email) = 'load-' || g || '@bench.academy')`.execute(db);
  const students = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', 'load-%@bench.academy')
    .orderBy('id')
    .limit(count)
    .execute();

  const course = await db.selectFrom('courses').select('id').where('slug', '=', 'js-basics').executeTakeFirstOrThrow();
  await sql`
    insert into enrollments (student_id, course_id)
    select u.id, ${course.id} from users u where u.email like 'load-%@bench.academy'
    on conflict do nothing`.execute(db);

  const sessions: Array<{ id: number; token: string }> = [];
  const expiresAt = new Date(Date.now() + 7 * 86400_000);
  for (let i = 0; i < students.length; i += 500) {
    const batch = students.slice(i, i + 500).map((s) => ({ id: s.id, token: randomBytes(32).toString('base64url') }));
    await db
      .insertInto('sessions')
      .values(batch.map((s) => ({ id: hashToken(s.token), user_id: s.id, remember: true, expires_at: expiresAt })))
      .execute();
    sessions.push(...batch);
  }

  // the first module's tasks (always open): every one is loaded, the word tasks are answered
  const tasks = await db
    .selectFrom('course_tasks as t')
    .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
    .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
    .select(['t.id', 't.kind'])
    .where('m.course_id', '=', course.id)
    .where('m.position', '=', 1)
    .orderBy('ch.position')
    .orderBy('t.position')
    .execute();
  await database.close();
  process.stdout.write(`${JSON.stringify({ courseId: course.id, tasks, sessions })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
