import { useCallback } from 'react';
import { failureOf } from '@academy/shared/api';
import { useServerText } from '@academy/shared/i18n';
import { useTryStudentCodeMutation } from './task-api';

/**
 * A code task's "Run" (issue 32): the code run on the task's examples and on the student's own call, or
 * why it was not (the server's words: too many tries, no examples, a call SQL has not, offline).
 * Undefined for a task that is not the student's to try.
 */
export function useCodeTry(studentTaskId: number | undefined) {
  const [tryCode] = useTryStudentCodeMutation();
  const serverText = useServerText();
  const run = useCallback(
    async (solution: string, call?: string) => {
      const reply = await tryCode({ studentTaskId: studentTaskId ?? 0, solution, ...(call?.trim() ? { call } : {}) });
      return reply.data ? { result: reply.data } : { error: serverText(failureOf(reply.error)) };
    },
    [tryCode, studentTaskId, serverText],
  );
  return studentTaskId ? run : undefined;
}
