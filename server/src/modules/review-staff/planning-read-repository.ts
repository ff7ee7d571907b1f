import { sql, type Kysely } from 'kysely';
import {
  REVIEW_MENTOR_ROLES,
  type ReviewBooking,
  type ReviewDebtTaskOption,
  type ReviewMentorOption,
  type ReviewModuleOption,
} from '@academy/shared/contract';
import type { Database } from '../../db/schema';

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

const slotColumns = sql`s.id, s.module_id, m.name as module_name, m.position as module_position, c.id as course_id,
         c.name as course_name, s.starts_at, s.capacity, s.seats_taken, s.mentor_id,
         case when u.id is null then null else u.first_name || ' ' || u.last_name end as mentor_name,
         l.url as conference_url, s.canceled_at is not null as canceled
    from review_slots s
    join course_modules m on m.id = s.module_id
    join courses c on c.id = m.course_id
    left join users u on u.id = s.mentor_id
    left join meet_links l on l.code = s.link_code`;

/**
 * What staff read of reviews (the writes: planning-write-repository.ts and the outcomes' and course
 * actions' repositories): the planning form's options, the slot lists with their bookings, the code
 * tasks a failed review may name, the zone a notice names times in.
 */
export function planningReads(db: Kysely<Database>) {
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

    /** The user's zone (null when unknown), for the times a notice names. */
    async zoneOf(userId: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('time_zone').where('id', '=', userId).executeTakeFirst();
      return row?.time_zone ?? null;
    },
  };
}
