import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  REVIEW_MENTOR_ROLES,
  type ReviewBooking,
  type ReviewDebtTaskOption,
  type ReviewMentorOption,
  type ReviewModuleOption,
  type ReviewOutcome,
  type ReviewStatus,
} from '@academy/shared/contract';
import type { Database } from '../../db/schema';
import { lockSlotOf } from '../reviews/repository';
import { createTaskState } from '../task-state/task-state';

/** The most slots a staff list returns (a planning window, the mentor's screen). */
export const SLOT_LIST_MAX = 500;

/** An instant as a timestamptz parameter (both drivers). */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The start of a day of the zone (`yyyy-mm-dd`), plus `offset` days: DST-proof. */
const dayStart = (day: string, offset: number, zone: string) =>
  sql`((${day}::date + ${offset}::int)::timestamp at time zone ${zone}::text)`;

/** The start of today in the zone, plus `offset` days. */
const todayStart = (now: Date, zone: string, offset: number) =>
  sql`(((${instant(now)} at time zone ${zone}::text)::date + ${offset}::int)::timestamp at time zone ${zone}::text)`;

/** A slot as staff read it, before its bookings are added. */
export interface SlotRow {
  id: number;
  module_id: number;
  module_name: string;
  module_position: number;
  course_id: number;
  course_name: string;
  starts_at: Date;
  capacity: number;
  seats_taken: number;
  mentor_id: number | null;
  mentor_name: string | null;
  conference_url: string | null;
  canceled: boolean;
}

/** A booking of a slot with its student, for the staff lists. */
export type BookingRow = ReviewBooking & { slotId: number };

/** A slot as an edit or a cancel sees it, locked. */
interface LockedSlot {
  id: number;
  module_id: number;
  starts_at: Date;
  seats_taken: number;
  link_code: string | null;
  canceled_at: Date | null;
}

/** What planning writes for a slot. */
export interface SlotValues {
  moduleId: number;
  moduleName: string;
  startsAt: Date;
  capacity: number;
  mentorId: number | null;
  conferenceUrl: string | null;
}

/** A waiting student a change of their slot concerns. */
export interface WaitingStudent {
  student_id: number;
}

export type SlotEdit =
  | { result: 'edited'; moved: WaitingStudent[]; previousStart: Date }
  | { result: 'missing' | 'canceled' | 'belowTaken' | 'moduleBooked'; taken: number };

/** A review as its outcome needs it. */
export interface OutcomeTarget {
  id: number;
  student_id: number;
  module_id: number;
  module_name: string;
  status: ReviewStatus;
  starts_at: Date;
  mentor_id: number | null;
}

/** The debts of a failed review, checked. */
export interface OutcomeDebts {
  code: Array<{ taskId: number; mentorComment: string }>;
  theory: string[];
}

/** A link code for a conference: the page `/meet?linkCode=` resolves it, the address never leaves staff replies. */
const newLinkCode = () => randomBytes(12).toString('hex');

/** Every query of the staff side of reviews: planning, outcomes, the staff's course actions, reminders. */
export function createReviewStaffRepository(db: Kysely<Database>) {
  const states = createTaskState(db);

  /** The conference of a slot: a new code for a new address, the same code for a changed one. */
  async function writeLink(trx: Transaction<Database>, code: string | null, values: SlotValues): Promise<string | null> {
    if (values.conferenceUrl === null) {
      if (code) await trx.deleteFrom('meet_links').where('code', '=', code).execute();
      return null;
    }
    const link = { url: values.conferenceUrl, title: values.moduleName.slice(0, 200) };
    if (code) {
      await trx.updateTable('meet_links').set(link).where('code', '=', code).execute();
      return code;
    }
    const created = newLinkCode();
    await trx
      .insertInto('meet_links')
      .values({ code: created, ...link, expires_at: null })
      .execute();
    return created;
  }

  const lockSlot = (trx: Transaction<Database>, slotId: number) =>
    sql<LockedSlot>`select id, module_id, starts_at, seats_taken, link_code, canceled_at
                      from review_slots where id = ${slotId} for update`
      .execute(trx)
      .then((result) => result.rows[0]);

  const slotColumns = sql`s.id, s.module_id, m.name as module_name, m.position as module_position, c.id as course_id,
         c.name as course_name, s.starts_at, s.capacity, s.seats_taken, s.mentor_id,
         case when u.id is null then null else u.first_name || ' ' || u.last_name end as mentor_name,
         l.url as conference_url, s.canceled_at is not null as canceled
    from review_slots s
    join course_modules m on m.id = s.module_id
    join courses c on c.id = m.course_id
    left join users u on u.id = s.mentor_id
    left join meet_links l on l.code = s.link_code`;

  return {
    /** The modules of regular and additional courses, regular courses first, in course order. */
    moduleOptions(): Promise<ReviewModuleOption[]> {
      return db
        .selectFrom('course_modules as m')
        .innerJoin('courses as c', 'c.id', 'm.course_id')
        .select([
          'c.id as courseId',
          'c.name as courseName',
          'm.id as moduleId',
          'm.position as modulePosition',
          'm.name as moduleName',
        ])
        .where('c.kind', 'in', ['regular', 'additional'])
        .orderBy(sql`c.kind = 'additional'`)
        .orderBy('c.position')
        .orderBy('c.id')
        .orderBy('m.position')
        .execute();
    },

    /** Active users who may review (REVIEW_MENTOR_ROLES), by name. */
    async mentorOptions(): Promise<ReviewMentorOption[]> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('role', 'in', [...REVIEW_MENTOR_ROLES])
        .where('blocked', '=', false)
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}` }));
    },

    /** A module a review can be planned for (of a regular or additional course). */
    findModule(moduleId: number) {
      return db
        .selectFrom('course_modules as m')
        .innerJoin('courses as c', 'c.id', 'm.course_id')
        .select(['m.id', 'm.name', 'm.course_id'])
        .where('m.id', '=', moduleId)
        .where('c.kind', 'in', ['regular', 'additional'])
        .executeTakeFirst();
    },

    /** Whether the user is active and may review. */
    async isReviewer(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('role', 'in', [...REVIEW_MENTOR_ROLES])
        .where('blocked', '=', false)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Slots starting within [from, to] (days of the zone, both included), optionally of one module, by start. */
    async slotsBetween(range: { from: string; to: string; moduleId?: number }, zone: string): Promise<SlotRow[]> {
      const { rows } = await sql<SlotRow>`
        select ${slotColumns}
         where s.starts_at >= ${dayStart(range.from, 0, zone)}
           and s.starts_at < ${dayStart(range.to, 1, zone)}
           ${range.moduleId === undefined ? sql`` : sql`and s.module_id = ${range.moduleId}`}
         order by s.starts_at, s.id
         limit ${SLOT_LIST_MAX}`.execute(db);
      return rows;
    },

    /**
     * The reviewing mentor's slots (every slot when `mentorId` is null): each from today on, and those
     * of the last `waitingDays` days while a booking still waits for its outcome; by start.
     */
    async mentorSlots(mentorId: number | null, now: Date, zone: string, waitingDays: number): Promise<SlotRow[]> {
      const { rows } = await sql<SlotRow>`
        select ${slotColumns}
         where (s.starts_at >= ${todayStart(now, zone, 0)}
                or (s.starts_at >= ${todayStart(now, zone, -waitingDays)}
                    and exists (select 1 from student_reviews r where r.slot_id = s.id and r.status = 'WAITED')))
           ${mentorId === null ? sql`` : sql`and s.mentor_id = ${mentorId}`}
         order by s.starts_at, s.id
         limit ${SLOT_LIST_MAX}`.execute(db);
      return rows;
    },

    /** One slot as staff read it. */
    async slot(slotId: number): Promise<SlotRow | undefined> {
      const { rows } = await sql<SlotRow>`select ${slotColumns} where s.id = ${slotId}`.execute(db);
      return rows[0];
    },

    /** The bookings of slots with their students' names, by slot, then name. */
    async bookings(slotIds: number[]): Promise<BookingRow[]> {
      if (slotIds.length === 0) return [];
      return db
        .selectFrom('student_reviews as r')
        .innerJoin('users as u', 'u.id', 'r.student_id')
        .select([
          'r.slot_id as slotId',
          'r.id as studentReviewId',
          'r.student_id as studentId',
          sql<string>`u.first_name || ' ' || u.last_name`.as('studentName'),
          'r.status',
        ])
        .where('r.slot_id', 'in', slotIds)
        .orderBy('r.slot_id')
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('r.id')
        .execute();
    },

    /** The code tasks of modules (what a failed review may name as debts), in course order. */
    async codeTasks(moduleIds: number[]): Promise<Array<ReviewDebtTaskOption & { moduleId: number }>> {
      if (moduleIds.length === 0) return [];
      return db
        .selectFrom('course_tasks as t')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .select([
          'ch.module_id as moduleId',
          't.id as taskId',
          'ch.position as chapterPosition',
          't.position as taskPosition',
          't.title',
        ])
        .where('ch.module_id', 'in', moduleIds)
        .where('t.kind', '=', 'code')
        .orderBy('ch.module_id')
        .orderBy('ch.position')
        .orderBy('t.position')
        .execute();
    },

    /** Plans a slot, its conference behind a new link code; returns its id. */
    createSlot(values: SlotValues, createdBy: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const code = await writeLink(trx, null, values);
        const row = await trx
          .insertInto('review_slots')
          .values({
            module_id: values.moduleId,
            starts_at: values.startsAt,
            capacity: values.capacity,
            mentor_id: values.mentorId,
            link_code: code,
            created_by: createdBy,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    /**
     * Moves or edits a live slot. The slot's row is locked first, so bookings wait while the seats are
     * compared with the new capacity (the check on `seats_taken` holds in any case); the module changes
     * only while no booking waits. A move clears the waiting bookings' reminders and returns their
     * students.
     */
    editSlot(slotId: number, values: SlotValues): Promise<SlotEdit> {
      return db.transaction().execute(async (trx): Promise<SlotEdit> => {
        const slot = await lockSlot(trx, slotId);
        if (!slot) return { result: 'missing', taken: 0 };
        if (slot.canceled_at !== null) return { result: 'canceled', taken: slot.seats_taken };
        if (values.capacity < slot.seats_taken) return { result: 'belowTaken', taken: slot.seats_taken };
        if (values.moduleId !== slot.module_id && slot.seats_taken > 0)
          return { result: 'moduleBooked', taken: slot.seats_taken };
        const code = await writeLink(trx, slot.link_code, values);
        await trx
          .updateTable('review_slots')
          .set({
            module_id: values.moduleId,
            starts_at: values.startsAt,
            capacity: values.capacity,
            mentor_id: values.mentorId,
            link_code: code,
          })
          .where('id', '=', slotId)
          .execute();
        const moved = slot.starts_at.getTime() !== values.startsAt.getTime();
        const students = moved
          ? await trx
              .updateTable('student_reviews')
              .set({ reminded_day_at: null, reminded_hour_at: null })
              .where('slot_id', '=', slotId)
              .where('status', '=', 'WAITED')
              .returning('student_id')
              .execute()
          : [];
        return { result: 'edited', moved: students, previousStart: slot.starts_at };
      });
    },

    /**
     * Cancels a live slot: its waiting bookings become CANCELED and their seats free, its conference
     * link expires. Undefined when there is no such live slot (a second cancel changes nothing).
     */
    cancelSlot(
      slotId: number,
      now: Date,
    ): Promise<{ canceled: WaitingStudent[]; module_id: number; starts_at: Date } | 'missing' | 'canceled'> {
      return db.transaction().execute(async (trx) => {
        const slot = await lockSlot(trx, slotId);
        if (!slot) return 'missing' as const;
        if (slot.canceled_at !== null) return 'canceled' as const;
        await trx.updateTable('review_slots').set({ canceled_at: now, seats_taken: 0 }).where('id', '=', slotId).execute();
        const canceled = await trx
          .updateTable('student_reviews')
          .set({ status: 'CANCELED' })
          .where('slot_id', '=', slotId)
          .where('status', '=', 'WAITED')
          .returning('student_id')
          .execute();
        if (slot.link_code)
          await trx.updateTable('meet_links').set({ expires_at: now }).where('code', '=', slot.link_code).execute();
        return { canceled, module_id: slot.module_id, starts_at: slot.starts_at };
      });
    },

    /** A review with its slot and module, for recording its outcome. */
    outcomeTarget(reviewId: number): Promise<OutcomeTarget | undefined> {
      return db
        .selectFrom('student_reviews as r')
        .innerJoin('review_slots as s', 's.id', 'r.slot_id')
        .innerJoin('course_modules as m', 'm.id', 'r.module_id')
        .select(['r.id', 'r.student_id', 'r.module_id', 'm.name as module_name', 'r.status', 's.starts_at', 's.mentor_id'])
        .where('r.id', '=', reviewId)
        .executeTakeFirst();
    },

    /**
     * Records the outcome of a waiting review whose slot has started, exactly once: the conditional
     * update lets one of any number of simultaneous calls through. Its seat is freed, its debts stored
     * and, when passed, the module's review steps completed for the student, all in one transaction.
     * The slot is locked first, as every writer of a slot and its bookings does (`lockSlotOf`). False
     * when the review no longer waits (or has not started).
     */
    recordOutcome(reviewId: number, outcome: ReviewOutcome, debts: OutcomeDebts, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockSlotOf.review(trx, reviewId);
        const review = await trx
          .updateTable('student_reviews as r')
          .set({ status: outcome })
          .where('r.id', '=', reviewId)
          .where('r.status', '=', 'WAITED')
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('review_slots as s')
                .select('s.id')
                .whereRef('s.id', '=', 'r.slot_id')
                .where('s.starts_at', '<=', now),
            ),
          )
          .returning(['r.id', 'r.slot_id', 'r.student_id', 'r.module_id'])
          .executeTakeFirst();
        if (!review) return false;
        await trx
          .updateTable('review_slots')
          .set((eb) => ({ seats_taken: eb('seats_taken', '-', 1) }))
          .where('id', '=', review.slot_id)
          .execute();
        if (debts.code.length > 0)
          await trx
            .insertInto('review_code_debts')
            .values(
              debts.code.map((debt) => ({ review_id: review.id, task_id: debt.taskId, mentor_comment: debt.mentorComment })),
            )
            .execute();
        if (debts.theory.length > 0)
          await trx
            .insertInto('review_theory_debts')
            .values(debts.theory.map((text) => ({ review_id: review.id, text })))
            .execute();
        if (outcome === 'SUCCESS')
          await states.completedByStaff(review.student_id, { moduleIds: [review.module_id], kind: 'review_step' }, trx);
        return true;
      });
    },

    /** A paying student enrolled in the course, or the reason they are not one. */
    async enrolledStudent(studentId: number, courseId: number): Promise<'enrolled' | 'notEnrolled' | 'noStudent'> {
      const student = await db
        .selectFrom('users as u')
        .select((eb) => [
          'u.id',
          eb
            .exists(
              eb
                .selectFrom('enrollments as e')
                .select('e.course_id')
                .whereRef('e.student_id', '=', 'u.id')
                .where('e.course_id', '=', courseId),
            )
            .as('enrolled'),
        ])
        .where('u.id', '=', studentId)
        .where('u.role', '=', 'PAY_STUDENT')
        .executeTakeFirst();
      if (!student) return 'noStudent';
      return student.enrolled ? 'enrolled' : 'notEnrolled';
    },

    /** A regular or additional course with its modules, in order; undefined when there is none. */
    async courseModules(courseId: number): Promise<number[] | undefined> {
      const course = await db
        .selectFrom('courses')
        .select('id')
        .where('id', '=', courseId)
        .where('kind', 'in', ['regular', 'additional'])
        .executeTakeFirst();
      if (!course) return undefined;
      const modules = await db
        .selectFrom('course_modules')
        .select('id')
        .where('course_id', '=', courseId)
        .orderBy('position')
        .execute();
      return modules.map((m) => m.id);
    },

    /** Whether the module has a review step. */
    async hasReviewStep(moduleId: number): Promise<boolean> {
      const row = await db
        .selectFrom('course_tasks as t')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .select('t.id')
        .where('ch.module_id', '=', moduleId)
        .where('t.kind', '=', 'review_step')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Every task of the modules solved for the student (points once). */
    completeModules: (studentId: number, moduleIds: number[]) => states.completedByStaff(studentId, { moduleIds }),

    /**
     * Staff reset a module's review for the student: a waiting booking of the module CANCELED with its
     * seat freed, and its review steps as if never passed, in one transaction. Past reviews stay. The
     * waiting booking's slot is locked first, then the booking, then the steps: the order an outcome
     * takes them in, so a reset racing an outcome waits for it instead of deadlocking.
     */
    discardReview(studentId: number, moduleId: number): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await sql`select s.id from review_slots s join student_reviews r on r.slot_id = s.id
                   where r.student_id = ${studentId} and r.module_id = ${moduleId} and r.status = 'WAITED'
                   for update of s`.execute(trx);
        await sql`
          with canceled as (
            update student_reviews set status = 'CANCELED'
             where student_id = ${studentId} and module_id = ${moduleId} and status = 'WAITED'
            returning slot_id
          )
          update review_slots set seats_taken = seats_taken - 1
           where id in (select slot_id from canceled)`.execute(trx);
        await states.reviewDiscarded(studentId, moduleId, trx);
      });
    },

    /** The user's zone (null when unknown), for the times a notice names. */
    async zoneOf(userId: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('time_zone').where('id', '=', userId).executeTakeFirst();
      return row?.time_zone ?? null;
    },
  };
}

export type ReviewStaffRepository = ReturnType<typeof createReviewStaffRepository>;
