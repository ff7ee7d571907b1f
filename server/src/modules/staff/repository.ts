import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  LEARNER_ROLES,
  type Direction,
  type LearnerRole,
  type PaymentType,
  type SortOrder,
  type StaffStudentSort,
} from '@academy/shared/contract';
import type { CourseKind, Database } from '../../db/schema';

/** Which learners a read covers. */
export interface StudentFilter {
  /** lower case; empty: everyone */
  search?: string;
  direction?: Direction | undefined;
  paymentType?: PaymentType | undefined;
  role?: LearnerRole | undefined;
  /** the learners whose assigned mentor this user is */
  mentorId?: number | undefined;
  /** only current learners: not blocked, not expelled */
  current?: boolean | undefined;
  /** one learner */
  id?: number | undefined;
}

/** A learner as the list reads it. */
export interface StudentListRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: LearnerRole;
  payment_type: PaymentType | null;
  direction: Direction | null;
  current: boolean;
  mentor_id: number | null;
  mentor_first_name: string | null;
  mentor_last_name: string | null;
  course_id: number | null;
  course_name: string | null;
  course_kind: CourseKind | null;
  course_points: number | null;
  student_points: number | null;
  percent: number | null;
  last_activity: Date | null;
}

/** A learner in short (a mentor's list). */
export interface StudentBriefRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: LearnerRole;
  payment_type: PaymentType | null;
  direction: Direction | null;
  current: boolean;
}

/** What a page asks for besides the filter. */
export interface StudentPageRequest {
  sort: StaffStudentSort;
  order: SortOrder;
  /** the learners whose assigned mentor this user is come first */
  firstOf?: number | undefined;
  offset: number;
  limit: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A learner who is neither blocked nor expelled (the "current" students of the managers' lists). */
const isCurrent = sql<boolean>`(not u.blocked and u.inactivation_reason is distinct from 'EXPELLED')`;

/** The tasks of a course with their modules: what the points and the progress read. */
const COURSE_TASKS = sql`course_tasks t join course_chapters ch on ch.id = t.chapter_id join course_modules m on m.id = ch.module_id`;

/**
 * The learner's latest activity (`b` is the learner): an answer sent (the `solutions` of code and
 * mentor checks, the `task_attempts` of the instant kinds and lectures read), or a task they opened,
 * reset or took an answer back from (a state `new`: solved, checked and the last action unset; review
 * steps left out, as only staff reset those). Greatest ignores the nulls: null only without any.
 */
const LAST_ACTIVITY = sql<Date | null>`greatest(
  (select max(a.created_at) from task_attempts a where a.student_id = b.id),
  (select max(s.created_at) from student_tasks st join solutions s on s.student_task_id = st.id where st.student_id = b.id),
  (select max(st.updated_at) from student_tasks st join course_tasks t on t.id = st.task_id
    where st.student_id = b.id and not st.solved and not st.checked and st.last_action is null and t.kind <> 'review_step'))`;

/**
 * The learner's current course with their points (`b` is the learner): a paying student's course of
 * those they are enrolled in that they worked on last (the latest of the enrolment and their last task
 * change in it, the rule of `/last-course`), an enrollee's their direction's first enrollee course.
 */
const PROGRESS = sql`lateral (
  select c.id as course_id, c.name as course_name, c.kind as course_kind,
         coalesce(cp.points, 0) as course_points,
         coalesce(sp.points, 0) as student_points
    from courses c
    left join course_points cp on cp.course_id = c.id
    left join enrollments e on e.student_id = b.id and e.course_id = c.id
    left join lateral (
      select sum(st.points)::int as points, max(st.updated_at) as touched
        from student_tasks st join ${COURSE_TASKS} on t.id = st.task_id
       where st.student_id = b.id and m.course_id = c.id
    ) sp on true
   where case when b.role = 'STUDENT' then c.kind = 'enrollee' and c.direction = b.direction
              else e.student_id is not null and c.kind <> 'enrollee' end
   order by case when b.role = 'STUDENT' then c.position end,
            greatest(e.enrolled_at, sp.touched) desc nulls last, c.position, c.id
   limit 1
)`;

/** Whether the learner (`alias`) is the mentor's: first when a page asks for them first. */
const isMentorsOwn = (alias: 'u' | 'r', mentorId: number) =>
  sql<boolean>`coalesce(${sql.ref(`${alias}.mentor_id`)} = ${mentorId}, false)`;

/** The order of a page: the mentor's own first (when asked), the sort key (a null is the lowest value), then the name. */
function orderOf({ sort, order, firstOf }: StudentPageRequest) {
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  const nulls = order === 'asc' ? sql`nulls first` : sql`nulls last`;
  const own = firstOf === undefined ? sql`` : sql`${isMentorsOwn('r', firstOf)} desc, `;
  if (sort === 'name') return sql`${own}r.last_name ${dir}, r.first_name ${dir}, r.id ${dir}`;
  const key = sort === 'progress' ? sql`r.percent` : sql`r.last_activity`;
  return sql`${own}${key} ${dir} ${nulls}, r.last_name, r.first_name, r.id`;
}

/** The staff's reads of learners: the list with progress and activity, a learner, a mentor's learners. */
export function createStaffRepository(db: Kysely<Database>) {
  /** The learners within the filter (users only: cheap to count). */
  function learners(filter: StudentFilter) {
    let query = db.selectFrom('users as u').where('u.role', 'in', [...LEARNER_ROLES]);
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(u.first_name || ' ' || u.last_name)`, 'like', pattern),
          eb(sql`lower(u.last_name || ' ' || u.first_name)`, 'like', pattern),
          eb(sql`lower(u.email)`, 'like', pattern),
        ]),
      );
    }
    if (filter.direction) query = query.where('u.direction', '=', filter.direction);
    if (filter.paymentType) query = query.where('u.payment_type', '=', filter.paymentType);
    if (filter.role) query = query.where('u.role', '=', filter.role);
    if (filter.mentorId !== undefined) query = query.where('u.mentor_id', '=', filter.mentorId);
    if (filter.current) query = query.where(isCurrent as Expression<SqlBool>);
    if (filter.id !== undefined) query = query.where('u.id', '=', filter.id);
    return query;
  }

  const learnerColumns = [
    'u.id',
    'u.first_name',
    'u.last_name',
    'u.email',
    'u.role',
    'u.payment_type',
    'u.direction',
    'u.mentor_id',
    isCurrent.as('current'),
  ] as const;

  return {
    /** How many learners the filter holds. */
    async count(filter: StudentFilter): Promise<number> {
      const row = await learners(filter)
        .select(sql<string>`count(*)`.as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /**
     * A page of learners with their mentor, current course's progress and last activity: one query.
     * Sorted by name, the page is cut from the learners first, so only its rows read progress and
     * activity; sorted by those, every learner of the filter does (the sort needs them).
     */
    async page(filter: StudentFilter, request: StudentPageRequest): Promise<StudentListRow[]> {
      const { sort, order, offset, limit, firstOf } = request;
      let base = learners(filter).select(learnerColumns);
      if (sort === 'name') {
        if (firstOf !== undefined) base = base.orderBy(isMentorsOwn('u', firstOf), 'desc');
        base = base
          .orderBy('u.last_name', order)
          .orderBy('u.first_name', order)
          .orderBy('u.id', order)
          .offset(offset)
          .limit(limit);
      }
      const cut = sort === 'name' ? sql`` : sql`offset ${offset} limit ${limit}`;
      const result = await sql<StudentListRow>`
        with course_points as (
          select m.course_id, sum(t.points)::int as points from ${COURSE_TASKS} group by m.course_id
        )
        select r.* from (
          select b.id, b.first_name, b.last_name, b.email, b.role, b.payment_type, b.direction, b.current,
                 mu.id as mentor_id, mu.first_name as mentor_first_name, mu.last_name as mentor_last_name,
                 p.course_id, p.course_name, p.course_kind, p.course_points, p.student_points,
                 case when p.course_id is null then null
                      when p.course_points > 0 then floor(100.0 * p.student_points / p.course_points)::int
                      else 0 end as percent,
                 ${LAST_ACTIVITY} as last_activity
            from (${base}) b
            left join users mu on mu.id = b.mentor_id
            left join ${PROGRESS} p on true
        ) r
        order by ${orderOf(request)}
        ${cut}`.execute(db);
      return result.rows;
    },

    /** A mentor (MENTOR or CHIEF_MENTOR) by id; undefined for anyone else. */
    findMentor(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('id', '=', id)
        .where('role', 'in', ['MENTOR', 'CHIEF_MENTOR'])
        .executeTakeFirst();
    },

    /** The learners whose assigned mentor is `mentorId`, by name, at most `limit`. */
    mentorStudents(mentorId: number, limit: number): Promise<StudentBriefRow[]> {
      return learners({ mentorId })
        .select(learnerColumns)
        .$narrowType<{ role: LearnerRole }>()
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('u.id')
        .limit(limit)
        .execute();
    },

    /** A learner's assigned mentor, or undefined when none (the learner is known to exist). */
    mentorOf(studentId: number) {
      return db
        .selectFrom('users as u')
        .innerJoin('users as mu', 'mu.id', 'u.mentor_id')
        .select(['mu.id', 'mu.first_name', 'mu.last_name'])
        .where('u.id', '=', studentId)
        .executeTakeFirst();
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
