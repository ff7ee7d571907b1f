import { Type } from 'typebox';
import { MENTOR_QUEUE_PAGE, MENTOR_QUEUE_TAKER_ROLES } from '@academy/shared/contract';
import { Id, Nullable } from '../../common/schemas';

/** The queue's calls (shared/contract/mentor-queue.ts); every input bounded here. */

// requests
export const AnswerParams = Type.Object({ answerId: Id });
export const QueueQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({
      minimum: 1,
      maximum: MENTOR_QUEUE_PAGE.max,
      default: MENTOR_QUEUE_PAGE.default,
      description: `At most this many answers (default ${MENTOR_QUEUE_PAGE.default})`,
    }),
    mentorId: Type.Optional(Id),
    withoutMentor: Type.Optional(Type.Boolean()),
    overdueOnly: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const AssignInput = Type.Object({ mentorId: Id }, { additionalProperties: false });

// replies
const Person = Type.Object({ id: Id, firstName: Type.String(), lastName: Type.String() });
export const QueueEntrySchema = Type.Object({
  answerId: Id,
  studentTaskId: Id,
  student: Person,
  studentMentor: Nullable(Person),
  assignedTo: Nullable(Person),
  course: Type.Object({ id: Id, name: Type.String(), additional: Type.Boolean() }),
  task: Type.Object({ id: Id, title: Type.String() }),
  position: Type.Object({ module: Type.Integer(), chapter: Type.Integer(), task: Type.Integer() }),
  submittedAt: Type.String(),
  promisedBy: Type.String(),
  waitingMinutes: Type.Integer(),
  promiseState: Type.Enum(['ok', 'amber', 'red']),
  takenBy: Nullable(Person),
  takenUntil: Nullable(Type.String()),
  takenByMe: Type.Boolean(),
});
export const QueuePageSchema = Type.Object({
  entries: Type.Array(QueueEntrySchema),
  total: Type.Integer(),
  overdue: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  promiseHours: Type.Integer(),
  takeMinutes: Type.Integer(),
});
export const QueueMentorList = Type.Array(
  Type.Object({ ...Person.properties, role: Type.Enum(MENTOR_QUEUE_TAKER_ROLES), waiting: Type.Integer() }),
);
