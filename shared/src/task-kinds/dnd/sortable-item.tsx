import type { MouseEvent, ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useT } from '../texts';

/** Six dots: the handle an item is dragged by. */
const GRIP = 'M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01';

/**
 * One item of the sortable order (issue 32): a card with its handle (drag it with a mouse or a finger;
 * or focus it, Space or Enter picks it up, the arrows move it, Space or Enter drops it, Escape puts it
 * back), its place, its text, its mark, and the plain "up" and "down" buttons.
 */
export function SortableItem({
  id,
  text,
  index,
  count,
  mark,
  markId,
  onMove,
}: {
  id: string;
  text: string;
  index: number;
  count: number;
  /** the item's mark of the graded answer (nothing without one) */
  mark: ReactNode;
  /** the mark's id, for the handle's description (only while the mark is shown) */
  markId: string | undefined;
  onMove(from: number, to: number): void;
}) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: t('task.sortableRole') },
  });
  const describedBy = [markId, attributes['aria-describedby']].filter(Boolean).join(' ');
  const move = (event: MouseEvent<HTMLButtonElement>, to: number) => {
    // the button about to be disabled (the item at the top or the bottom) hands its focus to the other one
    if (to === 0 || to === count - 1) {
      const other = to === 0 ? '.ordering__down' : '.ordering__up';
      event.currentTarget.closest('li')?.querySelector<HTMLButtonElement>(other)?.focus();
    }
    onMove(index, to);
  };
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`ordering__item ordering__card${isDragging ? ' ordering__card--dragging' : ''}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="ordering__handle"
        {...attributes}
        {...listeners}
        aria-label={t('task.dragItem', { item: text })}
        aria-describedby={describedBy || undefined}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path d={GRIP} stroke="currentColor" strokeWidth="3" strokeLinecap="round" fill="none" />
        </svg>
      </button>
      <span className="ordering__number">{index + 1}</span>
      <span className="ordering__text">{text}</span>
      {mark}
      <span className="ordering__moves">
        <button
          type="button"
          className="ordering__move ordering__up"
          aria-label={t('task.moveUp', { item: text })}
          disabled={index === 0}
          onClick={(event) => move(event, index - 1)}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="ordering__move ordering__down"
          aria-label={t('task.moveDown', { item: text })}
          disabled={index === count - 1}
          onClick={(event) => move(event, index + 1)}
        >
          <span aria-hidden="true">↓</span>
        </button>
      </span>
    </li>
  );
}
