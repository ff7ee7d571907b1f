import { Type } from 'typebox';
import { CUSTOM_CALL_MAX_CHARS } from '@academy/shared/contract';
import type { ServerTextKey } from '@academy/shared/server-texts';
import type { CodeLanguage } from '../../grading/code-kind';
import { staysInPlace } from '../../grading/native/spliced-call';
import type { SandboxTest, TestOutcome } from '../../grading/sandbox/pool';

/**
 * The student's own call (Run's custom input, issue 32): an expression in the task's language, on one
 * line, with no control character (the harnesses put each call on a line of its own).
 */
export const CustomCall = Type.String({
  maxLength: CUSTOM_CALL_MAX_CHARS,
  pattern: '^[^\\u0000-\\u0008\\u000A-\\u001F\\u007F\\u2028\\u2029]*$',
});

/** What a try replies about the student's own call: what it returned or threw, compared with nothing. */
export const CustomCallOutcome = Type.Object({
  call: Type.String(),
  returned: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
  truncated: Type.Optional(Type.Boolean()),
  logs: Type.Optional(Type.Array(Type.String())),
  stage: Type.Optional(Type.Literal('compile')),
});

/**
 * Why the call cannot be run in this language, or null. SQL has no call (a test's `call` is its data);
 * Java and Go splice it into generated source, where it must stay in its place (see staysInPlace).
 */
export function customCallRefusal(call: string, language: CodeLanguage): ServerTextKey | null {
  if (language === 'sql') return 'server.customCallNotInSql';
  if ((language === 'java' || language === 'go') && !staysInPlace(call, language)) return 'server.customCallNotOneExpression';
  return null;
}

/** The call as the last test of a try: after the examples, so whatever it does to the run cannot change theirs. */
export function customTest(call: string): SandboxTest {
  return { name: 'custom call', call, expected: null, custom: true };
}

/** The call's outcome as the student reads it: its value as JSON text, or its error; never a verdict. */
export function customOutcome(call: string, outcome: TestOutcome | undefined) {
  if (!outcome) return { call, error: 'No result' };
  if (outcome.stage === 'compile') return { call, stage: 'compile' as const };
  const logs = outcome.logs?.length ? { logs: outcome.logs } : {};
  if (typeof outcome.error === 'string') return { call, error: outcome.error, ...logs };
  const returned = outcome.undefined
    ? 'undefined'
    : outcome.truncated && typeof outcome.actual === 'string'
      ? outcome.actual // already the first characters of its JSON text
      : (JSON.stringify(outcome.actual) ?? 'undefined');
  return { call, returned, ...(outcome.truncated ? { truncated: true } : {}), ...logs };
}
