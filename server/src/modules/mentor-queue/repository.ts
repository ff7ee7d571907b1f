import { sql, type Expression, type Kysely } from 'kysely';
import { MENTOR_QUEUE_TAKER_ROLES } from '@academy/shared/contract';
import { isForeignKeyViolation } from '../../db/errors';
import type { Database } from '../../db/schema';

/** The most mentors the assign list holds. */
export const MENTOR_LIST_MAX = 500;

/** Whose answers a read covers: a MENTOR's own queue, or everyone's (chief mentor, administrator). */
export type QueueScope = { kind: 'mentor'; mentorId: number } | { kind: 'all' };

/** What a read of the queue asks for. */
export interface QueueFilter {
  scope: QueueScope;
  /** the answers this mentor answers for */
  mentorId?: number | undefined;
  /** the answers nobody answers for */
  withoutMentor?: boolean | undefined;
  /** only answers sent at or before this instant (past their promise) */
  sentBy?: Date | undefined;
  /** one answer */
  answerId?: number | undefined;
}

/** A waiting answer with its student, task and take, as the queue reads it. */
export interface QueueRow {
  answer_id: number;
  student_task_id: number;
  created_at: Date;
  student_id: number;
  student_first_name: string;
  student_last_name: string;
  student_mentor_id: number | null;
  student_mentor_first_name: string | null;
  student_mentor_last_name: string | null;
  assigned_id: number | null;
  assigned_first_name: string | null;
  assigned_last_name: string | null;
  course_id: number;
  course_name: string;
  course_kind: string;
  task_id: number;
  task_title: string;
  module_position: number;
  chapter_position: number;
  task_position: number;
  /** only a live take (null once it ran out) */
  taken_by: number | null;
  taken_first_name: string | null;
  taken_last_name: string | null;
  take_expires_at: Date | null;
}

/** A live take's holder. */
export interface TakeHolder {
  id: number;
  first_name: string;
  last_name: string;
  take_expires_at: Date;
}

/** The mentor who answers for an answer: the one the chief mentor gave it to, else the student's. */
const answeringMentor = sql<number | null>`coalesce(q.assigned_mentor_id, u.mentor_id)`;

/** The queue's reads and its writes (takes, assignments); the answers themselves belong to task-state. */
export function createMentorQueueRepository(db: Kysely<Database>) {
  /** Waiting mentor-check answers within the filter, with who took them while the take lasts. */
  function waiting(filter: QueueFilter, now: Date) {
    let query = db
      .selectFrom('solutions as s')
      .innerJoin('student_tasks as st', 'st.id', 's.student_task_id')
      .innerJoin('course_tasks as t', 't.id', 'st.task_id')
      .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
      .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
      .innerJoin('courses as c', 'c.id', 'm.course_id')
      .innerJoin('users as u', 'u.id', 'st.student_id')
      .leftJoin('answer_queue as q', 'q.answer_id', 's.id')
      .where('s.right_answer', 'is', null)
      .where('t.kind', '=', 'mentorCheckTask');
    const { scope } = filter;
    if (scope.kind === 'mentor') {
      const me = scope.mentorId;
      // their students' answers and those nobody answers for, and what they hold
      query = query.where((eb) =>
        eb.or([
          eb(answeringMentor, '=', me),
          eb(answeringMentor, 'is', null),
          eb.and([eb('q.taken_by', '=', me), eb('q.take_expires_at', '>', now)]),
        ]),
      );
    }
    if (filter.mentorId !== undefined) query = query.where(answeringMentor, '=', filter.mentorId);
    if (filter.withoutMentor) query = query.where(answeringMentor, 'is', null);
    if (filter.sentBy) query = query.where('s.created_at', '<=', filter.sentBy);
    if (filter.answerId !== undefined) query = query.where('s.id', '=', filter.answerId);
    return query;
  }

  return {
    /** A page of the waiting answers, oldest first. */
    page(filter: QueueFilter, now: Date, offset: number, limit: number): Promise<QueueRow[]> {
      return waiting(filter, now)
        .leftJoin('users as sm', 'sm.id', 'u.mentor_id')
        .leftJoin('users as am', 'am.id', 'q.assigned_mentor_id')
        .leftJoin('users as tk', (join) => join.onRef('tk.id', '=', 'q.taken_by').on('q.take_expires_at', '>', now))
        .select([
          's.id as answer_id',
          'st.id as student_task_id',
          's.created_at',
          'u.id as student_id',
          'u.first_name as student_first_name',
          'u.last_name as student_last_name',
          'sm.id as student_mentor_id',
          'sm.first_name as student_mentor_first_name',
          'sm.last_name as student_mentor_last_name',
          'am.id as assigned_id',
          'am.first_name as assigned_first_name',
          'am.last_name as assigned_last_name',
          'c.id as course_id',
          'c.name as course_name',
          'c.kind as course_kind',
          't.id as task_id',
          't.title as task_title',
          'm.position as module_position',
          'ch.position as chapter_position',
          't.position as task_position',
          'tk.id as taken_by',
          'tk.first_name as taken_first_name',
          'tk.last_name as taken_last_name',
          sql<Date | null>`case when tk.id is null then null else q.take_expires_at end`.as('take_expires_at'),
        ])
        .orderBy('s.created_at', 'asc')
        .orderBy('s.id', 'asc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    /** How many answers the filter holds, and how many of them were sent at or before `overdueBy`. */
    async count(filter: QueueFilter, now: Date, overdueBy: Date): Promise<{ total: number; overdue: number }> {
      const row = await waiting(filter, now)
        .select([
          sql<string>`count(*)`.as('total'),
          sql<string>`count(*) filter (where s.created_at <= ${overdueBy.toISOString()}::timestamptz)`.as('overdue'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), overdue: Number(row.overdue) };
    },

    /**
     * Takes a waiting answer of the `scope`'s queue for `mentorId` until `until`: one conditional upsert,
     * won only when nobody holds it, the take ran out, or the mentor holds it already (then extended). Of
     * many mentors taking at once exactly one wins (the row's lock makes the others re-check). False: not
     * won, no longer waiting, or not in the scope's queue.
     */
    async take(answerId: number, mentorId: number, scope: QueueScope, now: Date, until: Date): Promise<boolean> {
      try {
        const won = await db
          .insertInto('answer_queue')
          .columns(['answer_id', 'taken_by', 'taken_at', 'take_expires_at'])
          .expression(
            // only an answer of the caller's queue: the queue's rule is part of the write
            waiting({ scope, answerId }, now).select([
              's.id',
              sql<number>`${mentorId}::int`.as('taken_by'),
              sql<Date>`${now.toISOString()}::timestamptz`.as('taken_at'),
              sql<Date>`${until.toISOString()}::timestamptz`.as('take_expires_at'),
            ]),
          )
          .onConflict((oc) =>
            oc
              .column('answer_id')
              .doUpdateSet((eb) => ({
                taken_by: eb.ref('excluded.taken_by'),
                taken_at: eb.ref('excluded.taken_at'),
                take_expires_at: eb.ref('excluded.take_expires_at'),
              }))
              .where((eb) =>
                eb.or([
                  eb('answer_queue.taken_by', 'is', null),
                  eb('answer_queue.take_expires_at', '<=', now),
                  eb('answer_queue.taken_by', '=', mentorId),
                ]),
              ),
          )
          .returning('answer_id')
          .executeTakeFirst();
        return won !== undefined;
      } catch (error) {
        if (isForeignKeyViolation(error)) return false;
        throw error;
      }
    },

    /** Ends the mentor's own take of an answer; false when they hold none. */
    async release(answerId: number, mentorId: number): Promise<boolean> {
      const released = await db
        .updateTable('answer_queue')
        .set({ taken_by: null, taken_at: null, take_expires_at: null })
        .where('answer_id', '=', answerId)
        .where('taken_by', '=', mentorId)
        .returning('answer_id')
        .executeTakeFirst();
      return released !== undefined;
    },

    /** Who holds a live take of an answer that still waits, if anyone (a judged answer's take is over). */
    liveTake(answerId: number, now: Date): Promise<TakeHolder | undefined> {
      return db
        .selectFrom('answer_queue as q')
        .innerJoin('solutions as s', 's.id', 'q.answer_id')
        .innerJoin('users as u', 'u.id', 'q.taken_by')
        .select(['u.id', 'u.first_name', 'u.last_name', sql<Date>`q.take_expires_at`.as('take_expires_at')])
        .where('q.answer_id', '=', answerId)
        .where('s.right_answer', 'is', null)
        .where('q.take_expires_at', '>', now)
        .executeTakeFirst();
    },

    /**
     * Gives a waiting answer to a mentor: any take ends, unless that mentor holds it. False when the
     * answer no longer waits.
     */
    async assign(answerId: number, mentorId: number, assignedBy: number, now: Date): Promise<boolean> {
      const keepsTake = (column: 'taken_by' | 'taken_at' | 'take_expires_at') =>
        sql<never>`case when answer_queue.taken_by = excluded.assigned_mentor_id then ${sql.ref(`answer_queue.${column}`)} else null end`;
      try {
        const assigned = await db
          .insertInto('answer_queue')
          .columns(['answer_id', 'assigned_mentor_id', 'assigned_by', 'assigned_at'])
          .expression(
            db
              .selectFrom('solutions')
              .select([
                'id',
                sql<number>`${mentorId}::int`.as('assigned_mentor_id'),
                sql<number>`${assignedBy}::int`.as('assigned_by'),
                sql<Date>`${now.toISOString()}::timestamptz`.as('assigned_at'),
              ])
              .where('id', '=', answerId)
              .where('right_answer', 'is', null),
          )
          .onConflict((oc) =>
            oc.column('answer_id').doUpdateSet((eb) => ({
              assigned_mentor_id: eb.ref('excluded.assigned_mentor_id'),
              assigned_by: eb.ref('excluded.assigned_by'),
              assigned_at: eb.ref('excluded.assigned_at'),
              taken_by: keepsTake('taken_by'),
              taken_at: keepsTake('taken_at'),
              take_expires_at: keepsTake('take_expires_at'),
            })),
          )
          .returning('answer_id')
          .executeTakeFirst();
        return assigned !== undefined;
      } catch (error) {
        if (isForeignKeyViolation(error)) return false;
        throw error;
      }
    },

    /** A user answers may be given to: an active mentor or chief mentor. */
    findMentor(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('id', '=', id)
        .where('role', 'in', MENTOR_QUEUE_TAKER_ROLES)
        .where('blocked', '=', false)
        .executeTakeFirst();
    },

    /** The active mentors and chief mentors, each with how many waiting answers they answer for. */
    mentors() {
      const waitingFor = (mentor: Expression<number>) =>
        sql<string>`(
          select count(*) from solutions s
            join student_tasks st on st.id = s.student_task_id
            join course_tasks t on t.id = st.task_id
            join users u on u.id = st.student_id
            left join answer_queue q on q.answer_id = s.id
           where s.right_answer is null and t.kind = 'mentorCheckTask'
             and coalesce(q.assigned_mentor_id, u.mentor_id) = ${mentor})`;
      return db
        .selectFrom('users as mu')
        .select((eb) => ['mu.id', 'mu.first_name', 'mu.last_name', 'mu.role', waitingFor(eb.ref('mu.id')).as('waiting')])
        .where('mu.role', 'in', MENTOR_QUEUE_TAKER_ROLES)
        .where('mu.blocked', '=', false)
        .orderBy('mu.last_name')
        .orderBy('mu.first_name')
        .orderBy('mu.id')
        .limit(MENTOR_LIST_MAX)
        .execute();
    },
  };
}

export type MentorQueueRepository = ReturnType<typeof createMentorQueueRepository>;
