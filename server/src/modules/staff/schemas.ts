import { Type } from 'typebox';
import {
  DIRECTIONS,
  LEARNER_ROLES,
  PAYMENT_TYPES,
  SORT_ORDERS,
  STAFF_STUDENT_PAGE,
  STAFF_STUDENT_SORTS,
  TASK_KINDS,
} from '@academy/shared/contract';
import { Id, Nullable, Text } from '../../common/schemas';

/** The staff's students calls (shared/contract/staff-students.ts); every input bounded here. */

// requests
export const StudentListQuery = Type.Object(
  {
    query: Type.Optional(Text(100, { description: 'A part of the name (either order) or of the e-mail' })),
    direction: Type.Optional(Type.Enum(DIRECTIONS)),
    paymentType: Type.Optional(Type.Enum(PAYMENT_TYPES)),
    role: Type.Optional(Type.Enum(LEARNER_ROLES)),
    mine: Type.Optional(Type.Boolean({ description: 'Only the caller’s students (their assigned mentor is the caller)' })),
    current: Type.Optional(Type.Boolean({ description: 'Only current learners: not blocked, not expelled' })),
    mineFirst: Type.Optional(
      Type.Boolean({ description: 'The caller’s students before the others, each part in the order asked' }),
    ),
    sort: Type.Enum(STAFF_STUDENT_SORTS, { default: 'name' }),
    order: Type.Enum(SORT_ORDERS, { default: 'asc' }),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({
      minimum: 1,
      maximum: STAFF_STUDENT_PAGE.max,
      default: STAFF_STUDENT_PAGE.default,
      description: `At most this many learners (default ${STAFF_STUDENT_PAGE.default})`,
    }),
  },
  { additionalProperties: false },
);
export const StudentIdParams = Type.Object({ studentId: Id });
/** `/student/{mentorOrRoleId}`: the spec's name; it is a mentor's id. */
export const MentorIdParams = Type.Object({ id: Id });
export const ProblemParams = Type.Object({ courseTaskId: Id });

// replies
const Person = Type.Object({ id: Id, firstName: Type.String(), lastName: Type.String() });

/** A row's summary fields (`StudentSummary` of the contract). */
const summary = {
  id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.Enum(LEARNER_ROLES),
  paymentType: Nullable(Type.Enum(PAYMENT_TYPES)),
  direction: Nullable(Type.Enum(DIRECTIONS)),
};

export const StudentRowSchema = Type.Object({
  ...summary,
  mentor: Nullable(Person),
  current: Type.Boolean(),
  progress: Nullable(
    Type.Object({
      courseId: Id,
      courseName: Type.String(),
      courseKind: Type.Enum(['regular', 'additional', 'enrollee']),
      studentPoints: Type.Integer(),
      coursePoints: Type.Integer(),
      percent: Type.Integer(),
    }),
  ),
  lastActivity: Nullable(Type.String()),
});
export const StudentPageSchema = Type.Object({
  items: Type.Array(StudentRowSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export const StudentBriefList = Type.Array(Type.Object({ ...summary, current: Type.Boolean() }));
export const StudentNameSchema = Person;
export const MentorNameSchema = Type.Object({ mentor: Nullable(Person) });
export const TaskProblemSchema = Type.Object({
  courseTaskId: Id,
  title: Type.String(),
  type: Type.Enum(TASK_KINDS),
  description: Type.String(),
  taskPoints: Type.Integer(),
});
