import type { ModuleView } from './courses';

/** Where a student goes on in a course: a task's place, its title and its chapter's name. */
export interface ContinueTarget {
  m: number;
  c: number;
  n: number;
  title: string;
  chapter: string;
}

/**
 * The next thing to do in a course (issue 32, "continue where I left off"): its first task not yet
 * solved (or to be solved again) in an open module, in the course's order; a mentor check waiting for its
 * verdict is done for now. Null when nothing is left or the next module is still closed.
 */
export function continueTarget(modules: ModuleView[]): ContinueTarget | null {
  for (const module of modules) {
    if (module.blocked) return null;
    for (const chapter of module.chapterViewDtos) {
      for (const task of chapter.taskViews) {
        if (task.solved && !task.needToResolve) continue;
        return { m: module.position, c: chapter.position, n: task.position, title: task.title, chapter: chapter.name };
      }
    }
  }
  return null;
}
