import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TaskStateOwner } from '../task-state/task-state';

/** The staff's course actions: a module's review reset, a module marked done, a course finished for a student. */
export function courseActionQueries(db: Kysely<Database>, states: TaskStateOwner) {
  return {
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
  };
}
