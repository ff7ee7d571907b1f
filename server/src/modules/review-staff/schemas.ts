import { Type } from 'typebox';
import { REVIEW_OUTCOMES, REVIEW_STATUSES } from '@academy/shared/contract';
import { Id, Nullable, Text } from '../../common/schemas';
import { SLOT_LIST_MAX } from './repository';

/**
 * The staff's review calls (shared/contract/reviews.ts). Inputs are bounded here; the form's own limits
 * (REVIEW_LIMITS) are checked by the service, so a person reads which one was broken.
 */

// requests
export const SlotIdParams = Type.Object({ id: Id });
export const StudentReviewParams = Type.Object({ studentReviewId: Id });
export const SlotQuery = Type.Object(
  {
    from: Type.Optional(Text(10)),
    to: Type.Optional(Text(10)),
    moduleId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export const SlotInput = Type.Object(
  {
    moduleId: Id,
    startsAt: Text(40),
    capacity: Type.Integer({ minimum: -2147483648, maximum: 2147483647 }),
    mentorId: Nullable(Id),
    conferenceUrl: Nullable(Text(4000)),
  },
  { additionalProperties: false },
);
/** Debts beyond these bounds are refused by the schema; the limits people meet are REVIEW_LIMITS. */
const DEBTS_BOUND = 200;
const DEBT_TEXT_BOUND = 10_000;
export const OutcomeInput = Type.Object(
  {
    status: Type.Enum(REVIEW_OUTCOMES),
    codeDebts: Type.Optional(
      Type.Array(Type.Object({ taskId: Id, mentorComment: Text(DEBT_TEXT_BOUND) }, { additionalProperties: false }), {
        maxItems: DEBTS_BOUND,
      }),
    ),
    theoryDebts: Type.Optional(Type.Array(Text(DEBT_TEXT_BOUND), { maxItems: DEBTS_BOUND })),
  },
  { additionalProperties: false },
);
export const DiscardQuery = Type.Object({ moduleId: Id, studentId: Id });
export const ModuleDoneParams = Type.Object({ courseId: Id, moduleId: Id, studentId: Id });
export const FinishParams = Type.Object({ courseId: Id, studentId: Id });

// replies
const Booking = Type.Object({
  studentReviewId: Id,
  studentId: Id,
  studentName: Type.String(),
  status: Type.Enum(REVIEW_STATUSES),
});

const slotProperties = {
  id: Id,
  moduleId: Id,
  moduleName: Type.String(),
  modulePosition: Type.Integer(),
  courseId: Id,
  courseName: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  capacity: Type.Integer(),
  seatsTaken: Type.Integer(),
  mentorId: Nullable(Id),
  mentorName: Nullable(Type.String()),
  conferenceUrl: Nullable(Type.String()),
  canceled: Type.Boolean(),
  bookings: Type.Array(Booking),
};

export const ReviewSlotSchema = Type.Object(slotProperties);
export const ReviewSlotList = Type.Array(ReviewSlotSchema, { maxItems: SLOT_LIST_MAX });
export const MentorSlotList = Type.Array(
  Type.Object({
    ...slotProperties,
    debtTasks: Type.Array(
      Type.Object({ taskId: Id, chapterPosition: Type.Integer(), taskPosition: Type.Integer(), title: Type.String() }),
    ),
  }),
  { maxItems: SLOT_LIST_MAX },
);
export const PlanningOptionsSchema = Type.Object({
  modules: Type.Array(
    Type.Object({
      courseId: Id,
      courseName: Type.String(),
      moduleId: Id,
      modulePosition: Type.Integer(),
      moduleName: Type.String(),
    }),
  ),
  mentors: Type.Array(Type.Object({ id: Id, name: Type.String() })),
});

export const Done = Type.Null();
