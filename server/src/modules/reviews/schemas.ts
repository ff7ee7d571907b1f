import { Type } from 'typebox';
import { REVIEW_STATUSES } from '@academy/shared/contract';
import { Id, Nullable, Text } from '../../common/schemas';
import { CALENDAR_MAX_SLOTS, LIST_MAX_REVIEWS } from './repository';

const Status = Type.Enum(REVIEW_STATUSES);

// requests (spec 2 §7)
export const ModuleParams = Type.Object({ moduleId: Id });
export const EntryQuery = Type.Object({ reviewType: Type.Optional(Text(40)) });
export const SlotParams = Type.Object({ reviewId: Id });
export const BookQuery = Type.Object({ moduleId: Type.Optional(Id) });
export const ReviewIdParams = Type.Object({ id: Id });
export const StudentReviewIdParams = Type.Object({ studentReviewId: Id });
/** `dd.MM.yyyy` dates (empty or null: the default window), a status or null for all. */
export const SearchBody = Type.Object(
  {
    startTime: Type.Optional(Nullable(Text(10))),
    endTime: Type.Optional(Nullable(Text(10))),
    reviewStatus: Type.Optional(Nullable(Status)),
  },
  { additionalProperties: false },
);

// replies (spec 2 §3)
const TimeEntry = Type.Object({
  reviewId: Id,
  time: Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
  startsAt: Type.String({ format: 'date-time' }),
  registered: Type.Boolean(),
  full: Type.Boolean(),
});

export const ReviewEntrySchema = Type.Object({
  moduleId: Id,
  mapOfListTimeEntryDto: Type.Record(
    Type.String({ pattern: '^\\d{2}\\.\\d{2}$' }),
    Type.Array(TimeEntry, { maxItems: CALENDAR_MAX_SLOTS }),
  ),
  recordedDay: Nullable(Type.String()),
});

export const StudentReviewSchema = Type.Object({
  studentReviewId: Id,
  moduleId: Id,
  moduleTitle: Type.String(),
  reviewTime: Type.String({ format: 'date-time' }),
  status: Status,
  link: Nullable(Type.String()),
});
export const ReviewListSchema = Type.Array(StudentReviewSchema, { maxItems: LIST_MAX_REVIEWS });

export const CodeDebtList = Type.Array(
  Type.Object({
    courseId: Id,
    modulePosition: Type.Integer(),
    chapterPosition: Type.Integer(),
    courseTaskPosition: Type.Integer(),
    mentorComment: Type.String(),
    debt: Type.String(),
  }),
);
export const TheoryDebtList = Type.Array(Type.Object({ value: Type.String() }));

export const Done = Type.Null();
