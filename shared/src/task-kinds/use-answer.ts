import { useEffect, useRef, useState } from 'react';
import type { BodyProps } from './body-props';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list field of a draft, or an empty list (a draft is the student's own, shaped by the server's schema). */
export const draftList = <T>(draft: Record<string, unknown>, name: string): T[] =>
  Array.isArray(draft[name]) ? (draft[name] as T[]) : [];

/** A map of the answers a list holds, by the id each names (entries without one are left out). */
export const byId = <T, V>(list: T[], id: (item: T) => unknown, value: (item: T) => V): Record<number, V> =>
  Object.fromEntries(list.filter((item) => typeof id(item) === 'number').map((item) => [id(item) as number, value(item)]));

/**
 * A body's answer (issue 29): it starts from the page's draft when the body is open for answering (else
 * from the task, e.g. a solved task's accepted answer), and reports the answer, as its submission would
 * carry it, once on mount and on every change, so the page keeps it as the draft.
 * `fromDraft` reads a draft back (null: it does not fit), `toAnswer` makes the submission of a state.
 */
export function useAnswer<S>(
  { draft, locked, onAnswerChange }: Pick<BodyProps, 'draft' | 'locked' | 'onAnswerChange'>,
  fromTask: () => S,
  fromDraft: (draft: Record<string, unknown>) => S | null,
  toAnswer: (state: S) => Record<string, unknown>,
) {
  const [state, setState] = useState<S>(() => {
    const restored = !locked && isRecord(draft) ? fromDraft(draft) : null;
    return restored ?? fromTask();
  });
  const answer = toAnswer(state);
  const text = JSON.stringify(answer);
  const report = useRef(onAnswerChange);
  useEffect(() => {
    report.current = onAnswerChange;
  }, [onAnswerChange]);
  const reported = useRef(false);
  useEffect(() => {
    report.current?.(JSON.parse(text) as Record<string, unknown>, !reported.current);
    reported.current = true;
  }, [text]);
  return [state, setState, answer] as const;
}
