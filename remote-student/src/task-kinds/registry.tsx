import type { ComponentType } from 'react';
import type { TaskKind } from '@academy/shared/contract';
import { lazyTaskBody, TASK_KIND_ENTRIES, type BodyProps, type TaskKindEntry } from '@academy/shared/task-kinds';

export { preloadTaskBodiesOnUse } from '@academy/shared/task-kinds';

/**
 * The kinds only the course pages answer, with this area's bodies: the mentor check (the rich-text
 * editor and sanitizer load only on those tasks) and the review step's sign-up. Every other kind's
 * body is the shared registry's (`@academy/shared/task-kinds`), the same the enrollee's steps show.
 */
const COURSE_PAGE_BODIES: Partial<Record<TaskKind, ComponentType<BodyProps>>> = {
  mentorCheckTask: lazyTaskBody(() => import('./bodies/mentor-check-body')),
  review_step: lazyTaskBody(() => import('./bodies/review-step-body')),
};

/** The entry of a kind on the course pages. */
export function taskKindEntry(kind: TaskKind): TaskKindEntry {
  const Body = COURSE_PAGE_BODIES[kind];
  return Body ? { ...TASK_KIND_ENTRIES[kind], Body } : TASK_KIND_ENTRIES[kind];
}
