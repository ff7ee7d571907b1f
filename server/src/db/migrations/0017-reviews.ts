import { sql, type Kysely } from 'kysely';

/**
 * Module reviews (spec 2 §2.6, §2.7, §3; docs/courses.md, "Reviews"): one-hour group review slots of a module,
 * the students' bookings of them (a student's review of the module) and the debts a failed review leaves.
 *
 * - A slot's `seats_taken` counts its WAITED bookings; the check keeps it within `capacity`, and a booking
 *   takes its seat with `seats_taken < capacity` in the same statement, so the last seat goes to exactly
 *   one student however many ask at once.
 * - A student holds at most one WAITED booking per module (a unique partial index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table review_slots (
      id serial primary key,
      module_id integer not null references course_modules(id) on delete cascade,
      starts_at timestamptz not null,
      capacity integer not null check (capacity between 1 and 100),
      seats_taken integer not null default 0,
      mentor_id integer references users(id) on delete set null,
      link_code text references meet_links(code) on delete set null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      canceled_at timestamptz,
      check (seats_taken between 0 and capacity)
    )`.execute(db);
  // the calendar of a module: its slots in a window of time
  await sql`create index review_slots_module_time_idx on review_slots (module_id, starts_at)`.execute(db);

  await sql`
    create table student_reviews (
      id serial primary key,
      slot_id integer not null references review_slots(id) on delete cascade,
      student_id integer not null references users(id) on delete cascade,
      module_id integer not null references course_modules(id) on delete cascade,
      status text not null default 'WAITED' check (status in ('WAITED','SUCCESS','FAILED','MISSED','CANCELED')),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index student_reviews_one_waited_idx on student_reviews (student_id, module_id) where status = 'WAITED'`.execute(
    db,
  );
  await sql`create index student_reviews_student_idx on student_reviews (student_id)`.execute(db);
  await sql`create index student_reviews_slot_idx on student_reviews (slot_id)`.execute(db);

  await sql`
    create table review_code_debts (
      id serial primary key,
      review_id integer not null references student_reviews(id) on delete cascade,
      task_id integer not null references course_tasks(id) on delete cascade,
      mentor_comment text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index review_code_debts_review_idx on review_code_debts (review_id)`.execute(db);
  await sql`
    create table review_theory_debts (
      id serial primary key,
      review_id integer not null references student_reviews(id) on delete cascade,
      text text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index review_theory_debts_review_idx on review_theory_debts (review_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['review_theory_debts', 'review_code_debts', 'student_reviews', 'review_slots']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
