import {
  MENTOR_STUDENTS_MAX,
  type StaffPerson,
  type StaffStudentBrief,
  type StaffStudentPage,
  type StaffStudentQuery,
  type StaffStudentRow,
  type StudentMentorName,
  type StudentName,
  type StudentSummary,
} from '@academy/shared/contract';
import { notFound } from '../../common/errors';
import type { Subject } from '../../plugins/subject';
import type { StaffRepository, StudentBriefRow, StudentFilter, StudentListRow } from './repository';

/** The caller of a list call. */
export interface ListViewer {
  id: number;
}

const summary = (row: StudentBriefRow | StudentListRow): StudentSummary => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  role: row.role,
  paymentType: row.payment_type,
  direction: row.direction,
});

const person = (row: { id: number; first_name: string; last_name: string }): StaffPerson => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
});

function listRow(row: StudentListRow): StaffStudentRow {
  return {
    ...summary(row),
    mentor:
      row.mentor_id === null
        ? null
        : person({ id: row.mentor_id, first_name: row.mentor_first_name ?? '', last_name: row.mentor_last_name ?? '' }),
    current: row.current,
    progress:
      row.course_id === null
        ? null
        : {
            courseId: row.course_id,
            courseName: row.course_name ?? '',
            courseKind: row.course_kind ?? 'regular',
            studentPoints: row.student_points ?? 0,
            coursePoints: row.course_points ?? 0,
            percent: row.percent ?? 0,
          },
    lastActivity: row.last_activity ? new Date(row.last_activity).toISOString() : null,
  };
}

/**
 * The staff's students (docs/courses.md, "Staff students list and view-as mode"): the list (search, filters,
 * sort, pages), one learner's row, a mentor's learners, and what the view-as bar names.
 */
export function createStaffService(staff: StaffRepository) {
  return {
    /** A page of learners: two queries (the count and the page), whatever the page's size. */
    async list(
      viewer: ListViewer,
      query: Required<Pick<StaffStudentQuery, 'sort' | 'order' | 'page' | 'pageSize'>> & StaffStudentQuery,
    ): Promise<StaffStudentPage> {
      const filter: StudentFilter = {
        search: (query.query ?? '').trim().toLowerCase(),
        direction: query.direction,
        paymentType: query.paymentType,
        role: query.role,
        mentorId: query.mine ? viewer.id : undefined,
        current: query.current,
      };
      const { page, pageSize } = query;
      const [total, rows] = await Promise.all([
        staff.count(filter),
        staff.page(filter, {
          sort: query.sort,
          order: query.order,
          offset: (page - 1) * pageSize,
          limit: pageSize,
          firstOf: query.mineFirst ? viewer.id : undefined,
        }),
      ]);
      return { items: rows.map(listRow), total, page, pageSize };
    },

    /** One learner's row; a 404 for an id that is not a learner's. */
    async single(studentId: number): Promise<StaffStudentRow> {
      const [row] = await staff.page({ id: studentId }, { sort: 'name', order: 'asc', offset: 0, limit: 1 });
      if (!row) throw notFound('server.noStudent', { id: studentId });
      return listRow(row);
    },

    /** The learners whose assigned mentor is `mentorId`, by name; a 404 when the id is not a mentor's. */
    async ofMentor(mentorId: number): Promise<StaffStudentBrief[]> {
      if (!(await staff.findMentor(mentorId))) throw notFound('server.noMentor', { id: mentorId });
      const rows = await staff.mentorStudents(mentorId, MENTOR_STUDENTS_MAX);
      return rows.map((row) => ({ ...summary(row), current: row.current }));
    },

    /** The viewed learner's name (the subject is resolved: the caller may view them). */
    name: ({ student }: Subject): StudentName => ({ id: student.id, firstName: student.first_name, lastName: student.last_name }),

    /** The viewed learner's assigned mentor, or null. */
    async mentorName({ student }: Subject): Promise<StudentMentorName> {
      if (student.mentor_id === null) return { mentor: null };
      const mentor = await staff.mentorOf(student.id);
      return { mentor: mentor ? person(mentor) : null };
    },
  };
}
