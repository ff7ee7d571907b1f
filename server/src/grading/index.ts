import type { TaskKind } from '@academy/shared/contract';
import { multiAnswer, multiTest, theory, word } from './choice-kinds';
import { code } from './code-kind';
import { lecture, mentorCheck, reviewStep } from './lecture-kinds';
import { association, ordering } from './order-kinds';
import { gapping, multiInput } from './text-kinds';
import type { TaskKindDefinition } from './types';

/**
 * The server's registry of task kinds: one entry per kind with its manifest schema, import
 * transform, grader and student view. A new kind is a new entry here (and its name in the contract).
 */
export const TASK_KIND_REGISTRY: { readonly [K in TaskKind]: TaskKindDefinition } = {
  lecture,
  theory,
  word,
  code,
  mentorCheckTask: mentorCheck,
  review_step: reviewStep,
  ordering,
  association,
  multi_test: multiTest,
  multi_answer: multiAnswer,
  gapping,
  multi_input: multiInput,
};
