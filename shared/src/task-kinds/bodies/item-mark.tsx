import type { StudentTask } from '@academy/shared/contract';
import { useT } from '../texts';

/** One item of the answer as it was sent: its id, its value then, and whether the server found it right. */
export interface SentItem<V> {
  id: number;
  value: V;
  isRight: boolean | undefined;
}

/**
 * Issue 32: which items of the graded answer are right, by id. Only for an answer the server graded (the
 * last one, right or wrong), and only the items still as they were sent: a changed item is a new answer,
 * its mark is gone. The server says only whether each of the student's own items is right, never the
 * right answer.
 */
export function sentMarks<V>(
  task: Pick<StudentTask, 'lastActionIsRight' | 'lastActionIsWrong'>,
  sent: Array<SentItem<V>>,
  current: (id: number) => V | undefined,
  same: (now: V, then: V) => boolean = Object.is,
): Record<number, boolean> {
  const marks: Record<number, boolean> = {};
  if (!task.lastActionIsRight && !task.lastActionIsWrong) return marks;
  for (const item of sent) {
    const now = current(item.id);
    if (typeof item.isRight === 'boolean' && now !== undefined && same(now, item.value)) marks[item.id] = item.isRight;
  }
  return marks;
}

/** The same ids, in any order. */
export const sameIds = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** How many marks say wrong (the form's line above its button). */
export const wrongCount = (marks: Record<number, boolean>) => Object.values(marks).filter((right) => !right).length;

/** The id of an item's mark, for the control's `aria-describedby`: only while the mark is shown. */
export const markId = (scope: string, id: number, marks: Record<number, boolean>) =>
  id in marks ? `mark-${scope}-${id}` : undefined;

/** A mark beside an item: ✓ or ✗ with its word for screen readers (not colour only); nothing without a mark. */
export function ItemMark({ right, id }: { right: boolean | undefined; id?: string }) {
  const t = useT();
  if (right === undefined) return null;
  return (
    <span id={id} className={`item-mark item-mark--${right ? 'right' : 'wrong'}`}>
      <span aria-hidden="true">{right ? '✓' : '✗'}</span>
      <span className="visually-hidden">{right ? t('task.markRight') : t('task.markWrong')}</span>
    </span>
  );
}
