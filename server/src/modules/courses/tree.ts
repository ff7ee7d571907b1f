import type { ChapterNavigation, ModuleSummary, ModuleView, TaskHeadingItem } from '@academy/shared/contract';
import type { CourseKind, UserRow } from '../../db/schema';
import type { Catalog, CatalogCourse } from './catalog';
import type { StructureRow, StudentState, TreeRow } from './repository';

/**
 * The course rule (docs/courses.md, "Points and the module rule"): the first module is always open; any later module is blocked while the
 * module before it is not complete (every task solved once), unless staff unlocked it for the student.
 * A module once complete stays complete: resetting a task to practise it again (spec 1 §4, the points
 * stay awarded) does not block the modules it opened.
 */
export function buildModuleViews(rows: TreeRow[], unlocked: Set<number>): ModuleView[] {
  const modules: ModuleView[] = [];
  // per module: how many of its tasks were ever solved (the solved counts shown are the current ones)
  const everSolved = new Map<number, number>();
  for (const row of rows) {
    let module = modules.at(-1);
    if (!module || module.moduleId !== row.module_id) {
      module = {
        moduleId: row.module_id,
        position: row.module_position,
        name: row.module_name,
        blocked: false,
        allTaskAmount: 0,
        solvedTaskAmount: 0,
        chapterViewDtos: [],
      };
      modules.push(module);
    }
    let chapter = module.chapterViewDtos.at(-1);
    if (!chapter || chapter.chapterId !== row.chapter_id) {
      chapter = {
        chapterId: row.chapter_id,
        position: row.chapter_position,
        name: row.chapter_name,
        allTaskAmount: 0,
        solvedTaskAmount: 0,
        taskViews: [],
      };
      module.chapterViewDtos.push(chapter);
    }
    chapter.taskViews.push({
      taskId: row.task_id,
      position: row.task_position,
      title: row.title,
      type: row.kind,
      solved: row.solved,
      checked: row.checked,
      needToResolve: row.need_to_resolve,
    });
    chapter.allTaskAmount += 1;
    module.allTaskAmount += 1;
    if (row.ever_solved || row.solved) everSolved.set(module.moduleId, (everSolved.get(module.moduleId) ?? 0) + 1);
    // a mentor check counts as solved once the mentor accepted it, not while it waits (issue 32)
    if (row.solved && (row.kind !== 'mentorCheckTask' || row.checked)) {
      chapter.solvedTaskAmount += 1;
      module.solvedTaskAmount += 1;
    }
  }
  modules.forEach((module, i) => {
    const previous = modules[i - 1];
    module.blocked =
      previous !== undefined &&
      (everSolved.get(previous.moduleId) ?? 0) < previous.allTaskAmount &&
      !unlocked.has(module.moduleId);
  });
  return modules;
}

export function toModuleSummaries(modules: ModuleView[]): ModuleSummary[] {
  return modules.map((m) => ({
    moduleId: m.moduleId,
    position: m.position,
    name: m.name,
    blocked: m.blocked,
    chapterCount: m.chapterViewDtos.length,
  }));
}

export function findChapter(modules: ModuleView[], modulePosition: number, chapterPosition: number) {
  const module = modules.find((m) => m.position === modulePosition);
  const chapter = module?.chapterViewDtos.find((c) => c.position === chapterPosition);
  return module && chapter ? { module, chapter } : null;
}

/** The heading of a chapter's task page: one item per task, available when enrolled and unblocked. */
export function headingItems(rows: TreeRow[], chapterId: number, available: boolean): TaskHeadingItem[] {
  return rows
    .filter((row) => row.chapter_id === chapterId)
    .map((row) => ({
      courseTaskId: row.task_id,
      taskTitle: row.title,
      taskType: row.kind,
      checked: row.checked,
      solved: row.solved,
      available,
      video: row.video,
      needToResolve: row.need_to_resolve,
    }));
}

/** Spec 1 §3: what the next-step control needs about a chapter's neighbours, for this student. */
export function chapterNavigation(modules: ModuleView[], chapterId: number): ChapterNavigation | null {
  const chapters = modules.flatMap((module) => module.chapterViewDtos.map((chapter) => ({ module, chapter })));
  const index = chapters.findIndex((c) => c.chapter.chapterId === chapterId);
  if (index < 0) return null;
  const { module } = chapters[index]!;
  const moduleIndex = modules.indexOf(module);
  const next = chapters[index + 1];
  return {
    prevModuleChapterCount: moduleIndex > 0 ? modules[moduleIndex - 1]!.chapterViewDtos.length : 0,
    taskCountInPrevChapter: index > 0 ? chapters[index - 1]!.chapter.allTaskAmount : 0,
    currentModuleChapterCount: module.chapterViewDtos.length,
    moduleCount: modules.length,
    nextChapterBlocked: next ? next.module.blocked : false,
  };
}

/** A course's tasks with one student's state on them. */
export function withState(tree: readonly StructureRow[], state: StudentState): TreeRow[] {
  return tree.map((row) => {
    const task = state.tasks.get(row.task_id);
    return {
      ...row,
      solved: task?.solved ?? false,
      ever_solved: task?.everSolved ?? false,
      checked: task?.checked ?? false,
      need_to_resolve: task?.needToResolve ?? false,
    };
  });
}

/**
 * The courses built from one state of a student (a kept state is never changed, only replaced): the
 * next course page or task of the same course costs no building. Keyed by the state object, so they go with it.
 */
const built = new WeakMap<StudentState, Map<number, { content: Catalog; rows: TreeRow[]; modules: ModuleView[] }>>();

/** A course's tasks with the student's state on them and its module views, built once per state and content. */
export function builtCourse(content: Catalog, state: StudentState, courseId: number) {
  let courses = built.get(state);
  if (!courses) built.set(state, (courses = new Map()));
  let course = courses.get(courseId);
  if (!course || course.content !== content) {
    const rows = withState(content.trees.get(courseId) ?? [], state);
    course = { content, rows, modules: buildModuleViews(rows, state.unlocked) };
    courses.set(courseId, course);
  }
  return course;
}

/** Whether a module of a course is blocked for a student (the module rule, docs/courses.md, "Points and the module rule"). */
export function moduleBlocked(content: Catalog, state: StudentState, courseId: number, moduleId: number): boolean {
  return builtCourse(content, state, courseId).modules.find((m) => m.moduleId === moduleId)?.blocked ?? false;
}

/** Whether a student may see a course (of their direction, or enrolled in it); never an enrollee course. */
export const mayView = (course: CatalogCourse, student: UserRow, state: StudentState, kind?: CourseKind) =>
  course.kind !== 'enrollee' &&
  (kind === undefined || course.kind === kind) &&
  (course.direction === student.direction || state.enrolled.has(course.id));
