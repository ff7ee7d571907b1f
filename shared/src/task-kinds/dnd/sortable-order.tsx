import { useId, useRef, useState, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useT } from '../texts';
import { moved, type OrderItem } from './order';
import { SortableItem } from './sortable-item';

/** The list moves only up and down. */
const vertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * The items of an ordering task as a sortable list (issue 32): dragged by their handles with a mouse,
 * a finger (once it moved a few pixels: a tap is a tap) or the keyboard, or moved with the up and down
 * buttons; every move gives the whole new order. The screen reader hears where the item is, in the
 * page's language.
 */
export function SortableOrder<T extends OrderItem>({
  items,
  onChange,
  mark,
  markId,
}: {
  items: T[];
  onChange(order: T[]): void;
  mark(item: T): ReactNode;
  markId(item: T): string | undefined;
}) {
  const t = useT();
  const id = useId();
  const [status, setStatus] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => String(item.id));
  const count = items.length;
  const place = (key: UniqueIdentifier) => ids.indexOf(String(key)) + 1;
  const text = (key: UniqueIdentifier) => items[place(key) - 1]?.itemText ?? '';
  // where the item was last announced: the place it is picked up from is said once, with the pickup
  const announced = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announced.current = active.id;
      return t('task.dragStart', { item: text(active.id), n: place(active.id), count });
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === announced.current) return undefined;
      announced.current = over?.id ?? null;
      return over
        ? t('task.dragOver', { item: text(active.id), n: place(over.id), count })
        : t('task.dragOutside', { item: text(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('task.dragEnd', { item: text(active.id), n: place(over.id), count })
        : t('task.dragCancel', { item: text(active.id), n: place(active.id) }),
    onDragCancel: ({ active }) => t('task.dragCancel', { item: text(active.id), n: place(active.id) }),
  };
  const move = (from: number, to: number) => {
    setStatus(t('task.dragEnd', { item: items[from]?.itemText ?? '', n: to + 1, count }));
    onChange(moved(items, from, to));
  };
  // a drop where it was taken keeps the order, and makes it the answer (the list as given may be right)
  const drop = ({ active, over }: DragEndEvent) => {
    setStatus('');
    if (over) onChange(moved(items, place(active.id) - 1, place(over.id) - 1));
  };
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[vertical]}
      onDragEnd={drop}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('task.dragInstructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="ordering">
          {items.map((item, index) => (
            <SortableItem
              key={item.id}
              id={String(item.id)}
              text={item.itemText}
              index={index}
              count={count}
              mark={mark(item)}
              markId={markId(item)}
              onMove={move}
            />
          ))}
        </ol>
      </SortableContext>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </DndContext>
  );
}
