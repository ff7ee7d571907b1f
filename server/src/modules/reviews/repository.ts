import { sql, type Kysely, type Transaction } from 'kysely';
import type { CodeDebt, ReviewStatus, TheoryDebt } from '@academy/shared/contract';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import type { CourseRepository } from '../courses/repository';
import { buildModuleViews } from '../courses/tree';

/** A slot of the sign-up calendar, its day and time in the caller's zone. */
export interface CalendarSlotRow {
  id: number;
  starts_at: Date;
  day: string;
  time: string;
  full: boolean;
  registered: boolean;
}

export interface ReviewListRow {
  id: number;
  module_id: number;
  module_title: string;
  starts_at: Date;
  status: ReviewStatus;
  link_code: string | null;
}

/** The outcome of a booking statement. */
export type BookingOutcome = 'booked' | 'noSeat' | 'alreadyBooked';

/** The most slots a calendar shows, and the most reviews a list returns. */
export const CALENDAR_MAX_SLOTS = 1000;
export const LIST_MAX_REVIEWS = 500;

/** An instant as a timestamptz parameter (both drivers). */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The first instant of the month after next in the zone: the end of the sign-up calendar (spec 2 §9). */
const calendarEnd = (now: Date, zone: string) =>
  sql`((date_trunc('month', ${instant(now)} at time zone ${zone}::text) + interval '2 months') at time zone ${zone}::text)`;

/** The start of a day of the zone (`yyyy-mm-dd`, or today plus `offset` days when null): DST-proof. */
const dayStart = (day: string | null, offset: number, now: Date, zone: string) =>
  sql`((coalesce(${day}::date, (${instant(now)} at time zone ${zone}::text)::date + ${offset}::int))::timestamp at time zone ${zone}::text)`;

/**
 * Locks a slot's row. Every transaction that changes a slot and its bookings takes the slot first
 * (booking, cancelling, deleting, planning, outcomes, staff resets), so none of them waits for another
 * in a circle: a student's cancel used to lock the booking and then the slot while the planner's
 * cancel of the slot locked them the other way round, and PostgreSQL broke the deadlock with a 500.
 */
export const lockSlotOf = {
  slot: (trx: Transaction<Database>, slotId: number) =>
    sql`select id from review_slots where id = ${slotId} for update`.execute(trx),
  review: (trx: Transaction<Database>, reviewId: number) =>
    sql`select id from review_slots where id = (select slot_id from student_reviews where id = ${reviewId}) for update`.execute(
      trx,
    ),
};

/** Every query of the reviews area: slots, bookings (student reviews) and their debts. */
export function createReviewRepository(db: Kysely<Database>, courses: CourseRepository) {
  return {
    /** The module and its course when the student is enrolled in that course; undefined otherwise. */
    studentModule(studentId: number, moduleId: number) {
      return db
        .selectFrom('course_modules as m')
        .innerJoin('enrollments as e', (join) => join.onRef('e.course_id', '=', 'm.course_id').on('e.student_id', '=', studentId))
        .select(['m.id', 'm.course_id'])
        .where('m.id', '=', moduleId)
        .executeTakeFirst();
    },

    /** The module's live slots from now to the end of next month in the zone, by start. */
    async calendar(moduleId: number, studentId: number, now: Date, zone: string): Promise<CalendarSlotRow[]> {
      const { rows } = await sql<CalendarSlotRow>`
        select s.id, s.starts_at,
               to_char(s.starts_at at time zone ${zone}::text, 'DD.MM') as day,
               to_char(s.starts_at at time zone ${zone}::text, 'HH24:MI') as time,
               s.seats_taken >= s.capacity as full,
               exists (select 1 from student_reviews r
                        where r.slot_id = s.id and r.student_id = ${studentId} and r.status = 'WAITED') as registered
          from review_slots s
         where s.module_id = ${moduleId}
           and s.canceled_at is null
           and s.starts_at > ${instant(now)}
           and s.starts_at < ${calendarEnd(now, zone)}
         order by s.starts_at, s.id
         limit ${CALENDAR_MAX_SLOTS}`.execute(db);
      return rows;
    },

    /** The day (`dd.MM` in the zone) of the student's waiting booking of the module, if any. */
    async waitedDay(studentId: number, moduleId: number, zone: string): Promise<string | null> {
      const { rows } = await sql<{ day: string }>`
        select to_char(s.starts_at at time zone ${zone}::text, 'DD.MM') as day
          from student_reviews r join review_slots s on s.id = r.slot_id
         where r.student_id = ${studentId} and r.module_id = ${moduleId} and r.status = 'WAITED'`.execute(db);
      return rows[0]?.day ?? null;
    },

    /** Whether the module is blocked for the student by the course rule (docs/courses.md, "Points and the module rule"). */
    async moduleBlocked(studentId: number, courseId: number, moduleId: number): Promise<boolean> {
      const { rows, unlocked } = await courses.courseTree(courseId, studentId);
      return buildModuleViews(rows, unlocked).find((m) => m.moduleId === moduleId)?.blocked ?? false;
    },

    /**
     * Whether the student passed the module's review: its review steps completed (a passed review
     * completes them, staff may mark them done or reset them); for a module without a review step, a
     * passed review of it.
     */
    async passed(studentId: number, moduleId: number): Promise<boolean> {
      const { rows } = await sql<{ steps: number; completed: number; succeeded: boolean }>`
        select count(t.id)::int as steps,
               count(t.id) filter (where st.ever_solved)::int as completed,
               exists (select 1 from student_reviews r
                        where r.student_id = ${studentId} and r.module_id = ${moduleId} and r.status = 'SUCCESS') as succeeded
          from course_tasks t
          join course_chapters ch on ch.id = t.chapter_id
          left join student_tasks st on st.task_id = t.id and st.student_id = ${studentId}
         where ch.module_id = ${moduleId} and t.kind = 'review_step'`.execute(db);
      const row = rows[0]!;
      return row.steps > 0 ? row.completed === row.steps : row.succeeded;
    },

    findSlot(slotId: number) {
      return db
        .selectFrom('review_slots')
        .select(['id', 'module_id', 'starts_at', 'capacity', 'seats_taken', 'canceled_at'])
        .where('id', '=', slotId)
        .executeTakeFirst();
    },

    /**
     * Books a seat in one statement: the slot's counter takes the seat only while one is left (the row
     * lock serializes rivals, each re-reading the count) and the slot is still of the module the student
     * was checked for (a planner may change an empty slot's module meanwhile), and the booking row is
     * inserted with it; the unique index on waiting bookings refuses a second booking of the module,
     * undoing the seat.
     */
    async book(slotId: number, moduleId: number, studentId: number, now: Date): Promise<BookingOutcome> {
      try {
        const { rows } = await sql<{ id: number }>`
          with seat as (
            update review_slots set seats_taken = seats_taken + 1
             where id = ${slotId} and module_id = ${moduleId} and canceled_at is null
               and starts_at > ${instant(now)} and seats_taken < capacity
            returning id, module_id
          )
          insert into student_reviews (slot_id, student_id, module_id)
          select id, ${studentId}, module_id from seat
          returning id`.execute(db);
        return rows.length > 0 ? 'booked' : 'noSeat';
      } catch (error) {
        if (isUniqueViolation(error)) return 'alreadyBooked';
        throw error;
      }
    },

    /** Removes the student's waiting booking of a slot not started yet and frees its seat; false when none. */
    cancelBooking(slotId: number, studentId: number, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockSlotOf.slot(trx, slotId);
        const { rows } = await sql<{ id: number }>`
          with gone as (
            delete from student_reviews r using review_slots s
             where r.slot_id = s.id and r.slot_id = ${slotId} and r.student_id = ${studentId}
               and r.status = 'WAITED' and s.starts_at > ${instant(now)}
            returning r.slot_id
          )
          update review_slots set seats_taken = seats_taken - 1
           where id in (select slot_id from gone)
          returning id`.execute(trx);
        return rows.length > 0;
      });
    },

    /** Whether the student holds a waiting booking of the slot. */
    async hasBooking(slotId: number, studentId: number): Promise<boolean> {
      const row = await db
        .selectFrom('student_reviews')
        .select('id')
        .where('slot_id', '=', slotId)
        .where('student_id', '=', studentId)
        .where('status', '=', 'WAITED')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The student's review with its slot's start, or undefined. */
    findReview(reviewId: number) {
      return db
        .selectFrom('student_reviews as r')
        .innerJoin('review_slots as s', 's.id', 'r.slot_id')
        .select(['r.id', 'r.student_id', 'r.slot_id', 'r.status', 's.starts_at'])
        .where('r.id', '=', reviewId)
        .executeTakeFirst();
    },

    /**
     * Deletes a student's review that holds no result (CANCELED, MISSED, or WAITED before its start),
     * freeing the seat of a waiting one; false when it changed meanwhile.
     */
    deleteReview(reviewId: number, studentId: number, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockSlotOf.review(trx, reviewId);
        const { rows } = await sql<{ deleted: number }>`
          with gone as (
            delete from student_reviews r using review_slots s
             where r.slot_id = s.id and r.id = ${reviewId} and r.student_id = ${studentId}
               and (r.status in ('CANCELED', 'MISSED') or (r.status = 'WAITED' and s.starts_at > ${instant(now)}))
            returning r.slot_id, r.status
          ), freed as (
            update review_slots set seats_taken = seats_taken - 1
             where id in (select slot_id from gone where status = 'WAITED')
          )
          select count(*)::int as deleted from gone`.execute(trx);
        return (rows[0]?.deleted ?? 0) > 0;
      });
    },

    /**
     * The student's reviews whose slot starts in [from, to] (days of the zone, `yyyy-mm-dd`; null: today
     * minus or plus `windowDays`), by start.
     */
    async list(
      studentId: number,
      range: { from: string | null; to: string | null; windowDays: number },
      status: ReviewStatus | null,
      now: Date,
      zone: string,
    ): Promise<ReviewListRow[]> {
      const { rows } = await sql<ReviewListRow>`
        select r.id, r.module_id, m.name as module_title, s.starts_at, r.status, s.link_code
          from student_reviews r
          join review_slots s on s.id = r.slot_id
          join course_modules m on m.id = r.module_id
         where r.student_id = ${studentId}
           and s.starts_at >= ${dayStart(range.from, -range.windowDays, now, zone)}
           and s.starts_at < ${dayStart(range.to, range.windowDays, now, zone)} + interval '1 day'
           ${status ? sql`and r.status = ${status}` : sql``}
         order by s.starts_at, r.id
         limit ${LIST_MAX_REVIEWS}`.execute(db);
      return rows;
    },

    /** The code tasks a review left to redo, in the order the mentor named them. */
    codeDebts(reviewId: number): Promise<CodeDebt[]> {
      return db
        .selectFrom('review_code_debts as d')
        .innerJoin('course_tasks as t', 't.id', 'd.task_id')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .select([
          'm.course_id as courseId',
          'm.position as modulePosition',
          'ch.position as chapterPosition',
          't.position as courseTaskPosition',
          'd.mentor_comment as mentorComment',
          't.title as debt',
        ])
        .where('d.review_id', '=', reviewId)
        .orderBy('d.id')
        .execute();
    },

    /** The theory questions a review left to learn. */
    theoryDebts(reviewId: number): Promise<TheoryDebt[]> {
      return db
        .selectFrom('review_theory_debts')
        .select('text as value')
        .where('review_id', '=', reviewId)
        .orderBy('id')
        .execute();
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
