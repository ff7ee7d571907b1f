import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ActivityDay, DaysWithoutPause } from '@academy/shared/contract';
import type { Database } from '../../db/schema';

/** A day of the caller's zone, `yyyy-mm-dd`, as the start of that day (a timestamptz): DST-proof. */
const startOfDay = (day: string, zone: string) => sql`(${day}::date)::timestamp at time zone ${zone}::text`;

/**
 * The moments of a student's activity in [from, until) (docs/courses.md, "Statistics"): every answer sent, by its
 * time. Code and mentor-check answers are the rows of `solutions`, read through the student's rows of
 * `student_tasks` (primary key) and `solutions_student_task_idx (student_task_id, created_at)`; the
 * instant kinds' answers and lectures read are the rows of `task_attempts`, read through
 * `task_attempts_student_time_idx (student_id, created_at)`. A long history costs only the window's rows.
 */
function activityMoments(studentId: number, from: RawBuilder<unknown> | null, until: RawBuilder<unknown>) {
  return sql`
    select s.created_at as at
      from student_tasks st join solutions s on s.student_task_id = st.id
     where st.student_id = ${studentId}
       ${from ? sql`and s.created_at >= ${from}` : sql``}
       and s.created_at < ${until}
    union all
    select a.created_at as at
      from task_attempts a
     where a.student_id = ${studentId}
       ${from ? sql`and a.created_at >= ${from}` : sql``}
       and a.created_at < ${until}`;
}

/** Activity per day of the zone, for the days in [from, to] that have some, ascending. */
export const activityByDayQuery = (studentId: number, zone: string, from: string, to: string) => sql<ActivityDay>`
  select to_char((a.at at time zone ${zone}::text)::date, 'YYYY-MM-DD') as date, count(*)::int as count
    from (${activityMoments(studentId, startOfDay(from, zone), sql`${startOfDay(to, zone)} + interval '1 day'`)}) a
   group by 1
   order by 1`;

/**
 * The runs of consecutive days with activity up to `today` (gaps and islands over the distinct days
 * of the zone): the longest, and the one ending today or yesterday. Only one row leaves.
 */
export const streaksQuery = (studentId: number, zone: string, today: string) => sql<DaysWithoutPause>`
  with days as (
    select distinct (a.at at time zone ${zone}::text)::date as day
      from (${activityMoments(studentId, null, sql`${startOfDay(today, zone)} + interval '1 day'`)}) a
  ), runs as (
    select count(*)::int as length, max(day) as last_day
      from (select day, day - (row_number() over (order by day))::int as run from days) numbered
     group by run
  )
  select coalesce(max(length) filter (where last_day >= ${today}::date - 1), 0)::int as "currentDaysWithoutPause",
         coalesce(max(length), 0)::int as "maxDaysWithoutPause"
    from runs`;

/** The statistics page's reads (spec 2 §2.15): activity by day, streaks, mastered topics. */
export function createStatisticsRepository(db: Kysely<Database>) {
  /** The chapters the student mastered, in course, module and chapter order (docs/courses.md, "Statistics"). */
  const masteredChapters = (studentId: number) =>
    db
      .selectFrom('enrollments as e')
      .innerJoin('courses as c', 'c.id', 'e.course_id')
      .innerJoin('course_modules as m', 'm.course_id', 'c.id')
      .innerJoin('course_chapters as ch', 'ch.module_id', 'm.id')
      .innerJoin('course_tasks as t', 't.chapter_id', 'ch.id')
      .leftJoin('student_tasks as st', (join) => join.onRef('st.task_id', '=', 't.id').on('st.student_id', '=', studentId))
      .where('e.student_id', '=', studentId)
      .where('c.kind', '!=', 'enrollee')
      // a review step is the module's group review, not a task of the chapter to solve
      .where('t.kind', '!=', 'review_step')
      .groupBy(['c.id', 'c.kind', 'c.position', 'm.id', 'm.position', 'ch.id', 'ch.position', 'ch.name'])
      .having(sql<boolean>`bool_and(coalesce(st.ever_solved, false))`);

  return {
    async activityByDay(studentId: number, zone: string, from: string, to: string): Promise<ActivityDay[]> {
      return (await activityByDayQuery(studentId, zone, from, to).execute(db)).rows;
    },

    async streaks(studentId: number, zone: string, today: string): Promise<DaysWithoutPause> {
      const { rows } = await streaksQuery(studentId, zone, today).execute(db);
      return rows[0] ?? { currentDaysWithoutPause: 0, maxDaysWithoutPause: 0 };
    },

    async masteredChapterNames(studentId: number): Promise<string[]> {
      const rows = await masteredChapters(studentId)
        .select('ch.name')
        // regular courses first, then additional ones
        .orderBy(sql`c.kind = 'additional'`)
        .orderBy('c.position')
        .orderBy('c.id')
        .orderBy('m.position')
        .orderBy('ch.position')
        .execute();
      return rows.map((row) => row.name);
    },

    async masteredChapterCount(studentId: number): Promise<number> {
      const row = await db
        .selectFrom(masteredChapters(studentId).select('ch.id').as('mastered'))
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
