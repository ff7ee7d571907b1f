import { Type, type Static, type TObject } from 'typebox';
import { DIRECTIONS, MAX_STEP_POSITION, TASK_KINDS } from '@academy/shared/contract';
import { Id, IdParams, Nullable } from '../../common/schemas';
import { TASK_KIND_REGISTRY } from '../../grading';
import { TaskKindSchema } from '../courses/schemas';
import { type TaskViewCommon, taskViewSchema } from '../tasks/schemas';

/** A step's number in the row (1-based), bounded. */
const Position = Type.Integer({ minimum: 1, maximum: MAX_STEP_POSITION });

// requests
export const HeadingQuery = Type.Object({
  directionTaskPosition: Type.Integer({
    minimum: 1,
    maximum: MAX_STEP_POSITION,
    default: 1,
    description: 'The step shown (1-based); the first when not given',
  }),
});
export const StepParams = Type.Object({ position: Position, taskId: Id });
/** A student's task state id, as the step's task view names it (`studentTaskId`). */
export const StateParams = IdParams('id');
/**
 * A step's answer (spec 2 §7): the payload of the step's kind, with the `taskType` every one carries.
 * Only the step's task knows its kind, so the payload is checked against that kind's schema after the
 * task is found (the same schemas the course pages' answers pass); the body as a whole is bounded by
 * the server's body limit.
 */
export const StepAnswerBody = Type.Object({ taskType: Type.Optional(Type.String({ maxLength: 40 })) });

// replies
export const DirectionPic = Type.Object({
  direction: Type.Enum(DIRECTIONS),
  directionName: Nullable(Type.String()),
  directionPicUrl: Type.String(),
});

export const StepIcon = Type.Object({
  position: Type.Integer(),
  directionTaskId: Type.Integer(),
  taskType: TaskKindSchema,
  title: Type.String(),
  solved: Type.Boolean(),
  checked: Type.Boolean(),
  needToResolve: Type.Boolean(),
  current: Type.Boolean(),
});

export const StepHeading = Type.Object({
  courseName: Type.String(),
  directionName: Nullable(Type.String()),
  coursePoints: Type.Integer(),
  studentPoints: Type.Integer(),
  currentTaskPosition: Type.Integer(),
  currentTaskType: TaskKindSchema,
  taskIcons: Type.Array(StepIcon),
});

/** A step's task as the course pages show a task, whichever its kind: each kind's view bounds it (never the right answers). */
export const StepTaskView = Type.Unsafe<Static<typeof TaskViewCommon>>(
  Type.Union(TASK_KINDS.map((kind): TObject => taskViewSchema(TASK_KIND_REGISTRY[kind].view.schema))),
);
