import { Type } from 'typebox';
import { TASK_KINDS } from '@academy/shared/contract';
import { Id, IdParams, Nullable } from '../../common/schemas';

export const TaskKindSchema = Type.Enum(TASK_KINDS);

// requests
export const CourseParams = IdParams('courseId');
export const PositionsQuery = Type.Object({
  modulePosition: Type.Integer({ minimum: 1, maximum: 2147483647, default: 1 }),
  chapterPosition: Type.Integer({ minimum: 1, maximum: 2147483647, default: 1 }),
});
export const StaffEnrollCourseParams = IdParams('courseId', 'studentId');
export const StaffEnrollModuleParams = IdParams('courseId', 'moduleId', 'studentId');
export const OptionalStudentQuery = Type.Object({ studentId: Type.Optional(Id) });
export const TaskByPositionParams = IdParams('position');
export const ChapterIdQuery = Type.Object({ chapterId: Id });
export const TaskIdParams = IdParams('id');
export const ChapterParams = IdParams('chapterId');

// replies (spec 1 §3)
export const CourseView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  studentPoints: Type.Integer(),
  coursePoints: Type.Integer(),
  available: Type.Boolean(),
  fullPassRequired: Type.Boolean(),
  coursePicUrl: Type.String(),
  next: Type.Optional(
    Nullable(
      Type.Object({ m: Type.Integer(), c: Type.Integer(), n: Type.Integer(), title: Type.String(), chapter: Type.String() }),
    ),
  ),
});
export const LastCourse = Nullable(Type.Object({ id: Type.Integer(), coursePicUrl: Type.String(), available: Type.Boolean() }));

export const TaskView = Type.Object({
  taskId: Type.Integer(),
  position: Type.Integer(),
  title: Type.String(),
  type: TaskKindSchema,
  solved: Type.Boolean(),
  checked: Type.Boolean(),
  needToResolve: Type.Boolean(),
});
export const ChapterView = Type.Object({
  chapterId: Type.Integer(),
  position: Type.Integer(),
  name: Type.String(),
  allTaskAmount: Type.Integer(),
  solvedTaskAmount: Type.Integer(),
  taskViews: Type.Array(TaskView),
});
export const ModuleView = Type.Object({
  moduleId: Type.Integer(),
  position: Type.Integer(),
  name: Type.String(),
  blocked: Type.Boolean(),
  allTaskAmount: Type.Integer(),
  solvedTaskAmount: Type.Integer(),
  chapterViewDtos: Type.Array(ChapterView),
});
export const ModuleSummary = Type.Object({
  moduleId: Type.Integer(),
  position: Type.Integer(),
  name: Type.String(),
  blocked: Type.Boolean(),
  chapterCount: Type.Integer(),
});
export const TaskHeadingItem = Type.Object({
  courseTaskId: Type.Integer(),
  taskTitle: Type.String(),
  taskType: TaskKindSchema,
  checked: Type.Boolean(),
  solved: Type.Boolean(),
  available: Type.Boolean(),
  video: Nullable(Type.String()),
  needToResolve: Type.Boolean(),
});
export const TaskHeading = Type.Object({
  courseName: Type.String(),
  chapterName: Type.String(),
  coursePicUrl: Type.String(),
  chapterId: Type.Integer(),
  moduleId: Type.Integer(),
  taskHeadingDtos: Type.Array(TaskHeadingItem),
});
export const EnrollResult = Type.Object({
  courseId: Type.Integer(),
  modulePosition: Type.Integer(),
  chapterPosition: Type.Integer(),
  taskPosition: Type.Integer(),
});
export const CourseInfo = Type.Object({
  target: Type.String(),
  demands: Type.String(),
  description: Type.String(),
  filling: Type.String(),
  transitTime: Type.String(),
});
export const CourseAuthor = Type.Object({ name: Type.String(), email: Type.String(), about: Type.String() });
export const CourseSize = Type.Object({
  moduleCount: Type.Integer(),
  chapterCount: Type.Integer(),
  taskCount: Type.Integer(),
  coursePoints: Type.Integer(),
});
export const ChapterNavigation = Nullable(
  Type.Object({
    prevModuleChapterCount: Type.Integer(),
    taskCountInPrevChapter: Type.Integer(),
    currentModuleChapterCount: Type.Integer(),
    moduleCount: Type.Integer(),
    nextChapterBlocked: Type.Boolean(),
  }),
);
