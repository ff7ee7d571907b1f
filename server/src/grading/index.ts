import type { TaskKind } from '@academy/shared/contract';
import { multiAnswer, multiTest, theory, word } from './choice-kinds';
import { association, ordering } from './order-kinds';
import { gapping, multiInput } from './text-kinds';
import type { Grader } from './types';

/** The graders of the kinds answered in the browser and graded at once. */
export const GRADERS: Partial<Record<TaskKind, Grader<never, never>>> = {
  theory,
  word,
  multi_test: multiTest,
  multi_answer: multiAnswer,
  gapping,
  multi_input: multiInput,
  ordering,
  association,
} as Partial<Record<TaskKind, Grader<never, never>>>;

/** The kind names used in task addresses (spec 1 §7) and the stored kinds. */
export const PATH_KINDS: Record<string, TaskKind> = {
  lecture: 'lecture',
  theory: 'theory',
  word: 'word',
  code: 'code',
  mentorCheckTask: 'mentorCheckTask',
  reviewStep: 'review_step',
  review_step: 'review_step',
  ordering: 'ordering',
  association: 'association',
  multiTest: 'multi_test',
  multiAnswer: 'multi_answer',
  multiInput: 'multi_input',
  gapping: 'gapping',
};
