import { Type, type TObject } from 'typebox';
import { Id, IdParams, Nullable } from '../../common/schemas';
import { TestOutcomeSchema } from '../../grading/code-kind';
import { TaskKindSchema } from '../courses/schemas';

export const CourseTaskParams = IdParams('courseTaskId');
export const StateParams = IdParams('id');
export const VerdictParams = IdParams('studentTaskId', 'answerId');
export const CourseTaskQuery = Type.Object({ courseTaskId: Id });
export const AvailabilityParams = Type.Object({ check: Type.Enum(['codeTask', 'mentorCheckTask', 'common']) });
/** The history's page size when the call names none, and the most one page may hold. */
export const HISTORY_PAGE = { default: 20, max: 50 } as const;
export const HistoryQuery = Type.Object({
  filterResult: Type.Enum(['ALL', 'SUCCESS', 'FAILED'], { default: 'ALL' }),
  filterDate: Type.Enum(['NEW', 'OLD'], { default: 'NEW' }),
  after: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2147483647,
      description: 'The id of the last solution of the previous page: the page continues after it, in the same order',
    }),
  ),
  limit: Type.Integer({
    minimum: 1,
    maximum: HISTORY_PAGE.max,
    default: HISTORY_PAGE.default,
    description: `At most this many solutions (default ${HISTORY_PAGE.default}); fewer means there are no more`,
  }),
});
export const AnswerQuery = Type.Object({ answer: Type.Optional(Type.String({ maxLength: 20_000 })) });
export const AnswerBody = Type.Union([Type.Object({ answer: Type.Optional(Type.Unknown()) }), Type.Null()]);
export const VerdictBody = Type.Object(
  { mentorComment: Type.String({ maxLength: 20_000 }), right: Type.Boolean() },
  { additionalProperties: false },
);

/** The fields every task view has (spec 2 §3), before its kind's own. Never the right answers. */
export const TaskViewCommon = Type.Object({
  courseTaskId: Type.Integer(),
  studentTaskId: Type.Integer(),
  taskId: Type.Integer(),
  type: TaskKindSchema,
  title: Type.String(),
  description: Type.String(),
  taskPoints: Type.Integer(),
  solved: Type.Boolean(),
  resolved: Type.Boolean(),
  lastActionIsRight: Type.Boolean(),
  lastActionIsWrong: Type.Boolean(),
  /** issue 32: the task's hints the student's wrong answers unlocked, in order (absent: none) */
  hints: Type.Optional(Type.Array(Type.String())),
});

/** A kind's task view: the common fields plus exactly the kind's own (its registry view schema). */
export const taskViewSchema = (kindFields: TObject) =>
  Type.Object({ ...TaskViewCommon.properties, ...kindFields.properties }, { additionalProperties: false });

export const Availability = Type.Object({
  available: Type.Boolean(),
  reason: Nullable(Type.String()),
  reasonKey: Nullable(Type.String()),
});
const MentorVerdictSchema = Type.Object({ mentorComment: Type.String(), right: Type.Boolean() });
export const SolutionRow = Type.Object({
  id: Type.Integer(),
  date: Type.String(),
  answer: Type.Unknown(),
  // a code submission's outcomes (hidden tests redacted) or a mentor's verdict: nothing else leaves
  result: Type.Union([Type.Array(TestOutcomeSchema), MentorVerdictSchema, Type.Null()]),
  right: Nullable(Type.Boolean()),
  codeLang: Nullable(Type.String()),
  answerType: Nullable(Type.String()),
  courseTask: Type.Object({ task: Type.Object({ type: TaskKindSchema }) }),
});
export const MentorVerdict = Type.Object({ mentorComment: Type.String(), right: Type.Boolean() });
export const ReferenceSolution = Type.Object({ solution: Type.String(), codeLang: Type.String() });
