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

/** The languages a code task may be in: JavaScript and TypeScript in QuickJS, the others natively (grading/native). */
export const CODE_LANGUAGES = ['javascript', 'typescript', 'java', 'go', 'python', 'sql'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export interface CodeData {
  language: CodeLanguage;
  placeholder: string;
  solution: string;
  tests: CodeTest[];
  /** SQL: the task's tables and base data (each test's `call` is its own data, run after) */
  schema?: string;
  /** SQL: rows compared in order (else as a multiset) */
  orderMatters?: boolean;
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
  stage: Type.Optional(Type.Literal('compile')),
});

type StoredOutcome = Partial<TestOutcome>;

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
    // the compiler's words on the student's own file: no test ran, nothing of any test is in them
    const compile =
      outcome?.stage === 'compile' && typeof outcome.error === 'string'
        ? { stage: 'compile' as const, error: outcome.error }
        : {};
    if (test?.hidden !== false || test.name !== outcome?.name)
      return { name: `Hidden test ${i + 1}`, passed, hidden: true, ...compile };
    return {
      name: test.name,
      passed,
      hidden: false,
      expected: outcome.expected,
      actual: outcome.actual,
      error: outcome.error ?? null,
      ...(outcome.truncated ? { truncated: true } : {}),
      ...compile,
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
      language: z.enum(CODE_LANGUAGES).default('javascript'),
      placeholder: z.string().max(10000).default(''),
      solution: text(20000),
      // a test is hidden unless marked `hidden: false` (an example): forgetting the mark keeps the answer key hidden.
      // `call`: the expression whose value is checked; in SQL, the test's own data ('' for the base data)
      tests: z
        .array(
          z
            .object({
              name: text(200),
              call: z.string().trim().max(5000).default(''),
              expected: z.json(),
              hidden: z.boolean().default(true),
            })
            .strict(),
        )
        .min(1)
        .max(100),
      schema: z.string().trim().min(1).max(50_000).optional(),
      orderMatters: z.boolean().optional(),
    })
    .strict()
    .superRefine((task, context) => {
      const sql = task.language === 'sql';
      if (sql && !task.schema)
        context.addIssue({ code: 'custom', path: ['schema'], message: 'an SQL task needs its schema (tables and data)' });
      if (!sql && (task.schema !== undefined || task.orderMatters !== undefined))
        context.addIssue({ code: 'custom', path: ['schema'], message: 'only an SQL task has a schema and orderMatters' });
      task.tests.forEach((test, i) => {
        if (!sql && !test.call) context.addIssue({ code: 'custom', path: ['tests', i, 'call'], message: 'must not be empty' });
        if (sql && !Array.isArray(test.expected))
          context.addIssue({
            code: 'custom',
            path: ['tests', i, 'expected'],
            message: 'must be the rows, each an array of values',
          });
      });
    }),
  toData: (task): CodeData => ({
    language: task.language,
    placeholder: task.placeholder,
    solution: task.solution,
    tests: task.tests,
    ...(task.language === 'sql' ? { schema: task.schema, orderMatters: task.orderMatters ?? false } : {}),
  }),
  view: {
    schema: Type.Object({
      codeLang: Type.String(),
      placeholder: Type.String(),
      answer: Type.String(),
      result: Nullable(Type.Array(TestOutcomeSchema)),
      checkType: Type.Literal('INTERNAL'),
      mentorTaskReviewCommentDto: Type.Null(),
      /** a Java, Go or Python answer still being graded (the task view adds it): where its grading is */
      run: Type.Optional(
        Nullable(
          Type.Object({
            id: Type.Integer(),
            status: Type.Union([Type.Literal('queued'), Type.Literal('compiling'), Type.Literal('running')]),
            test: Nullable(Type.Integer()),
            tests: Type.Integer(),
          }),
        ),
      ),
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
