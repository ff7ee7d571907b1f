import type { TaskKind } from '../contract';

/** Spec 1 §2: the floor of 100 × studentPoints / coursePoints; 0 for a course without points. */
export function progressPercent(studentPoints: number, coursePoints: number): number {
  if (coursePoints <= 0) return 0;
  return Math.min(100, Math.floor((100 * studentPoints) / coursePoints));
}

export type TaskIconState = 'completed' | 'need-check' | 'unright' | 'plain';

/**
 * Spec 1 §4: completed when solved (code: solved and not needToResolve; mentor check: checked and
 * solved); need-check when a mentor task is solved but not checked; unright when a mentor task is
 * checked but not solved, or a code task needs resolving.
 */
export function taskIconState(task: {
  type: TaskKind;
  solved: boolean;
  checked: boolean;
  needToResolve: boolean;
}): TaskIconState {
  if (task.type === 'mentorCheckTask') {
    if (task.solved && task.checked) return 'completed';
    if (task.solved) return 'need-check';
    if (task.checked) return 'unright';
    return 'plain';
  }
  if (task.type === 'code') {
    if (task.needToResolve) return 'unright';
    return task.solved ? 'completed' : 'plain';
  }
  return task.solved ? 'completed' : 'plain';
}

/** The address of a task page, keeping the student in view-as-student mode. */
export function taskPath(
  course: { courseId: number; additional: boolean },
  modulePosition: number,
  chapterPosition: number,
  taskPosition: number,
  studentId: number | null,
): string {
  const base = course.additional ? `/user/courses/additional/${course.courseId}` : `/user/courses/${course.courseId}`;
  return `${base}/${modulePosition}/${chapterPosition}/${taskPosition}${studentId ? `?studentId=${studentId}` : ''}`;
}

/**
 * Spec 2 §2.2, the next-step button: the next task of the chapter; else the first task of the next
 * chapter when the module has one and it is not blocked; else the first task of the next module;
 * else the root. Positions are 1-based; null means the root.
 */
export function nextStepTarget(
  at: { modulePosition: number; chapterPosition: number; taskPosition: number },
  chapterTaskCount: number,
  navigation: { currentModuleChapterCount: number; moduleCount: number; nextChapterBlocked: boolean },
): { modulePosition: number; chapterPosition: number; taskPosition: number } | null {
  const { modulePosition: m, chapterPosition: c, taskPosition: t } = at;
  if (t < chapterTaskCount) return { modulePosition: m, chapterPosition: c, taskPosition: t + 1 };
  if (c < navigation.currentModuleChapterCount && !navigation.nextChapterBlocked)
    return { modulePosition: m, chapterPosition: c + 1, taskPosition: 1 };
  if (m < navigation.moduleCount) return { modulePosition: m + 1, chapterPosition: 1, taskPosition: 1 };
  return null;
}
