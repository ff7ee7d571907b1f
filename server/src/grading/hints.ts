import type { TaskKind } from '@academy/shared/contract';
import { storedList } from './types';

/**
 * Issue 32, "feedback that teaches": a task of the course file may list hints, shown one more after each
 * wrong answer. Only a kind with a verdict the student answers to gives hints: the instantly graded kinds
 * and code. A lecture has no wrong answer, a mentor check's verdict is the mentor's comment, a review step
 * is passed at the review. Every kind says which it is: a kind added to the contract without saying is a
 * type error.
 */
export const GIVES_HINTS: Record<TaskKind, boolean> = {
  lecture: false,
  word: true,
  theory: true,
  code: true,
  mentorCheckTask: false,
  review_step: false,
  ordering: true,
  association: true,
  multi_test: true,
  multi_answer: true,
  gapping: true,
  multi_input: true,
};

/**
 * The stored data of a task with its hints beside the kind's own fields (`course_tasks.data` is JSON:
 * no column of their own). Without hints the kind's data as it is.
 */
export function withHints(data: unknown, hints: readonly string[] | undefined): unknown {
  if (!hints?.length) return data;
  return { ...(data as Record<string, unknown>), hints };
}

/** The hints of a task's stored data, in the file's order (none for data imported without them). */
export function taskHints(data: unknown): string[] {
  return storedList(data, 'hints').filter((hint): hint is string => typeof hint === 'string');
}

/** The hints a student has unlocked: one per wrong answer, in order, never more than the task lists. */
export function unlockedHints(hints: readonly string[], wrongAnswers: number): string[] {
  return hints.slice(0, Math.max(0, wrongAnswers));
}
