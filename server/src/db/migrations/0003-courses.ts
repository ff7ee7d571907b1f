import { sql, type Kysely } from 'kysely';

const KINDS =
  "'lecture','word','theory','code','mentorCheckTask','review_step','ordering','association','multi_test','multi_answer','gapping','multi_input'";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table directions (
      code text primary key check (code in ('JAVA','MQA','GO','FE')),
      name_ru text not null,
      name_en text not null
    )`.execute(db);
  await sql`
    insert into directions (code, name_ru, name_en) values
      ('JAVA', 'Java-разработка', 'Java development'),
      ('MQA', 'Тестирование (QA)', 'Quality assurance'),
      ('GO', 'Go-разработка', 'Go development'),
      ('FE', 'Фронтенд-разработка', 'Frontend development')`.execute(db);

  await sql`
    create table courses (
      id serial primary key,
      slug text not null unique,
      direction text not null references directions(code),
      kind text not null check (kind in ('regular','additional','enrollee')),
      name text not null,
      position integer not null default 0,
      picture_svg text not null,
      target text not null default '',
      demands text not null default '',
      description_html text not null default '',
      filling text not null default '',
      transit_time text not null default '',
      author_name text not null default '',
      author_email text not null default '',
      author_about text not null default '',
      full_pass_required boolean not null default false,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index courses_direction_idx on courses (direction, kind, position)`.execute(db);

  await sql`
    create table course_modules (
      id serial primary key,
      course_id integer not null references courses(id) on delete cascade,
      slug text not null,
      position integer not null,
      name text not null,
      unique (course_id, slug)
    )`.execute(db);
  await sql`
    create table course_chapters (
      id serial primary key,
      module_id integer not null references course_modules(id) on delete cascade,
      slug text not null,
      position integer not null,
      name text not null,
      unique (module_id, slug)
    )`.execute(db);
  await sql
    .raw(
      `
    create table course_tasks (
      id serial primary key,
      chapter_id integer not null references course_chapters(id) on delete cascade,
      slug text not null,
      position integer not null,
      kind text not null check (kind in (${KINDS})),
      title text not null,
      points integer not null check (points >= 0),
      description_html text not null default '',
      data jsonb not null default '{}'::jsonb,
      unique (chapter_id, slug)
    )`,
    )
    .execute(db);

  await sql`
    create table enrollments (
      student_id integer not null references users(id) on delete cascade,
      course_id integer not null references courses(id) on delete cascade,
      enrolled_at timestamptz not null default now(),
      primary key (student_id, course_id)
    )`.execute(db);
  await sql`
    create table module_unlocks (
      student_id integer not null references users(id) on delete cascade,
      module_id integer not null references course_modules(id) on delete cascade,
      unlocked_by integer references users(id) on delete set null,
      unlocked_at timestamptz not null default now(),
      primary key (student_id, module_id)
    )`.execute(db);
  await sql`
    create table student_tasks (
      student_id integer not null references users(id) on delete cascade,
      task_id integer not null references course_tasks(id) on delete cascade,
      solved boolean not null default false,
      checked boolean not null default false,
      need_to_resolve boolean not null default false,
      points integer not null default 0,
      last_action text check (last_action in ('RIGHT','WRONG')),
      answer jsonb,
      updated_at timestamptz not null default now(),
      primary key (student_id, task_id)
    )`.execute(db);
  await sql`create index student_tasks_task_idx on student_tasks (task_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'student_tasks',
    'module_unlocks',
    'enrollments',
    'course_tasks',
    'course_chapters',
    'course_modules',
    'courses',
    'directions',
  ]) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
