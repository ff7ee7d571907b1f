import { Type } from 'typebox';
import { z } from 'zod';
import { base, text } from '../content/manifest-parts';
import { Nullable } from '../common/schemas';
import type { SandboxTest, TestOutcome } from './sandbox/pool';
import { defineKind, payload } from './types';

export interface CodeData {
  language: 'javascript' | 'typescript';
  placeholder: string;
  solution: string;
  tests: SandboxTest[];
}

// stored results are shown as they were kept: optional values, so an older row never fails the reply
const TestOutcomeSchema = Type.Object({
  name: Type.String(),
  passed: Type.Boolean(),
  expected: Type.Optional(Type.Unknown()),
  actual: Type.Optional(Type.Unknown()),
  error: Type.Optional(Nullable(Type.String())),
});

function storedCode(stored: unknown): { solution?: string; results?: TestOutcome[] } | null {
  return typeof stored === 'object' && stored !== null ? stored : null;
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
      tests: z.array(z.object({ name: text(200), call: text(1000), expected: z.json() }).strict()).min(1),
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
        result: last?.results ?? null,
        checkType: 'INTERNAL',
        mentorTaskReviewCommentDto: null,
      };
    },
  },
});

/** The body of a code submission. */
export const CodePayload = payload({ solution: Type.String({ maxLength: 50_000 }) });
