import { Type, type TObject } from 'typebox';
import { Id, IdParams, Nullable } from '../../common/schemas';
import { TaskKindSchema } from '../courses/schemas';

export const CourseTaskParams = IdParams('courseTaskId');
export const StateParams = IdParams('id');
export const VerdictParams = IdParams('studentTaskId', 'answerId');
export const CourseTaskQuery = Type.Object({ courseTaskId: Id });
export const AvailabilityParams = Type.Object({ check: Type.Enum(['codeTask', 'mentorCheckTask', 'common']) });
export const HistoryQuery = Type.Object({
  filterResult: Type.Enum(['ALL', 'SUCCESS', 'FAILED'], { default: 'ALL' }),
  filterDate: Type.Enum(['NEW', 'OLD'], { default: 'NEW' }),
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
});

/** A kind's task view: the common fields plus exactly the kind's own (its registry view schema). */
export const taskViewSchema = (kindFields: TObject) =>
  Type.Object({ ...TaskViewCommon.properties, ...kindFields.properties }, { additionalProperties: false });

export const Availability = Type.Object({
  available: Type.Boolean(),
  reason: Nullable(Type.String()),
  reasonKey: Nullable(Type.String()),
});
export const SolutionRow = Type.Object({
  id: Type.Integer(),
  date: Type.String(),
  answer: Type.Unknown(),
  result: Type.Unknown(),
  right: Nullable(Type.Boolean()),
  codeLang: Nullable(Type.String()),
  answerType: Nullable(Type.String()),
  courseTask: Type.Object({ task: Type.Object({ type: TaskKindSchema }) }),
});
export const MentorVerdict = Type.Object({ mentorComment: Type.String(), right: Type.Boolean() });
export const ReferenceSolution = Type.Object({ solution: Type.String(), codeLang: Type.String() });
