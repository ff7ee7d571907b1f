import { Type, type Static } from 'typebox';
import { z } from 'zod';
import { base, text } from '../content/manifest-parts';
import { Nullable } from '../common/schemas';
import type { SandboxTest, TestOutcome } from './sandbox/pool';
import { defineKind, payload } from './types';

/** A test of a code task: an example shows its call, expected and actual values; a hidden one only passes or fails. */
export interface CodeTest extends SandboxTest {
  /** absent in data imported before tests could be hidden: read as hidden (nothing shown that might not be meant to) */
  hidden?: boolean;
}

export interface CodeData {
  language: 'javascript' | 'typescript';
  placeholder: string;
  solution: string;
  tests: CodeTest[];
}

/**
 * An outcome as a student sees it. An example test: its call's expected and actual values or its
 * error (stored results are shown as kept: optional values, so an older row never fails the reply).
 * A hidden test: a neutral name and passed or failed, nothing else: no value, no error text (a
 * solution could throw the hidden inputs in an error), not even the author's name of the test.
 */
export const TestOutcomeSchema = Type.Object({
  name: Type.String(),
  passed: Type.Boolean(),
  hidden: Type.Optional(Type.Boolean()),
  expected: Type.Optional(Type.Unknown()),
  actual: Type.Optional(Type.Unknown()),
  error: Type.Optional(Nullable(Type.String())),
  truncated: Type.Optional(Type.Boolean()),
});

type StoredOutcome = Partial<TestOutcome> & { truncated?: boolean };

function storedCode(stored: unknown): { solution?: string; results?: StoredOutcome[] } | null {
  return typeof stored === 'object' && stored !== null ? stored : null;
}

/**
 * The stored outcomes of a submission as the student may see them (task view and history alike).
 * An outcome is shown in full only when it is the outcome of an example test (same position, same
 * name: the task's tests may have changed since); anything else is reported as hidden.
 */
export function outcomesForStudent(data: CodeData, results: unknown): Array<Static<typeof TestOutcomeSchema>> | null {
  if (!Array.isArray(results)) return null;
  return (results as StoredOutcome[]).map((outcome, i) => {
    const test = data.tests[i];
    const passed = outcome?.passed === true;
    if (test?.hidden !== false || test.name !== outcome?.name) return { name: `Hidden test ${i + 1}`, passed, hidden: true };
    return {
      name: test.name,
      passed,
      hidden: false,
      expected: outcome.expected,
      actual: outcome.actual,
      error: outcome.error ?? null,
      ...(outcome.truncated ? { truncated: true } : {}),
    };
  });
}

/** A code task: the student's JavaScript or TypeScript run against the task's tests in the sandbox. */
export const code = defineKind({
  kind: 'code',
  manifest: z
    .object({
      ...base,
      type: z.literal('code'),
      language: z.enum(['javascript', 'typescript']).default('javascript'),
      placeholder: z.string().max(10000).default(''),
      solution: text(20000),
      // a test is hidden unless marked `hidden: false` (an example): forgetting the mark keeps the answer key hidden
      tests: z
        .array(z.object({ name: text(200), call: text(1000), expected: z.json(), hidden: z.boolean().default(true) }).strict())
        .min(1)
        .max(100),
    })
    .strict(),
  toData: (task): CodeData => ({
    language: task.language,
    placeholder: task.placeholder,
    solution: task.solution,
    tests: task.tests,
  }),
  view: {
    schema: Type.Object({
      codeLang: Type.String(),
      placeholder: Type.String(),
      answer: Type.String(),
      result: Nullable(Type.Array(TestOutcomeSchema)),
      checkType: Type.Literal('INTERNAL'),
      mentorTaskReviewCommentDto: Type.Null(),
    }),
    build: (data, stored) => {
      const last = storedCode(stored);
      return {
        codeLang: data.language,
        placeholder: data.placeholder,
        answer: last?.solution ?? data.placeholder,
        result: outcomesForStudent(data, last?.results),
        checkType: 'INTERNAL',
        mentorTaskReviewCommentDto: null,
      };
    },
  },
});

/** The body of a code submission. */
export const CodePayload = payload({ solution: Type.String({ maxLength: 50_000 }) });
