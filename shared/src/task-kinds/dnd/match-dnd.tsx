import { useId, useState, type ReactNode } from 'react';
import {
  DndContext,
  DragOverlay,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type Over,
} from '@dnd-kit/core';
import { useT } from '../texts';

export interface Definition {
  definitionId: number;
  text: string;
}

export interface Term {
  termId: number;
  text: string;
}

/** What a chip carries: its definition, and the term it was taken from (null: from the pool). */
interface Chip {
  definitionId: number;
  from: number | null;
}

const POOL = 'pool';
const chipOf = (active: Active) => active.data.current as Chip;
const termOf = (over: Over | null) => (over?.data.current as { termId?: number } | undefined)?.termId;

/** Where the finger or the pointer is; else the zone the chip covers most. */
const collisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

/**
 * Dragging definitions onto terms (issue 32), with a mouse or a finger: a finger holds a chip a moment
 * first, so a swipe over the chips still scrolls the page. The keyboard's way (and a screen reader's) is
 * each term's select; a drop sets the same answer.
 */
export function MatchDnd({
  terms,
  definitions,
  onDrop,
  children,
}: {
  terms: Term[];
  definitions: Definition[];
  /** a definition dropped from a term (or the pool: null) on a term (or the pool: null) */
  onDrop(definitionId: number, from: number | null, to: number | null): void;
  children: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const [dragged, setDragged] = useState<Definition | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
  );
  const definition = (active: Active) => definitions.find((d) => d.definitionId === chipOf(active).definitionId)?.text ?? '';
  const term = (termId: number) => terms.find((x) => x.termId === termId)?.text ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('task.matchStart', { definition: definition(active) }),
    onDragOver: ({ over }) => {
      const termId = termOf(over);
      if (termId !== undefined) return t('task.matchOver', { term: term(termId) });
      return over ? t('task.matchOverPool') : undefined;
    },
    onDragEnd: ({ active, over }) => {
      const termId = termOf(over);
      if (termId !== undefined) return t('task.matchEnd', { definition: definition(active), term: term(termId) });
      return over ? t('task.matchBack', { definition: definition(active) }) : t('task.matchCancel');
    },
    onDragCancel: () => t('task.matchCancel'),
  };
  const end = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    if (!over) return;
    const { definitionId, from } = chipOf(active);
    onDrop(definitionId, from, termOf(over) ?? null);
  };
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={({ active }) => setDragged({ definitionId: chipOf(active).definitionId, text: definition(active) })}
      onDragCancel={() => setDragged(null)}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('task.matchHint') } }}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {dragged ? <span className="match-chip match-chip--overlay">{dragged.text}</span> : null}
      </DragOverlay>
    </DndContext>
  );
}

/** A definition to drag (a mouse or a finger only: the select beside its term is the keyboard's way). */
function DraggableChip({ definition, from }: { definition: Definition; from: number | null }) {
  const chip: Chip = { definitionId: definition.definitionId, from };
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: from === null ? `definition-${definition.definitionId}` : `term-${from}-definition`,
    data: chip,
  });
  return (
    <span
      ref={setNodeRef}
      className={`match-chip match-chip--draggable${isDragging ? ' match-chip--dragging' : ''}`}
      {...listeners}
    >
      {definition.text}
    </span>
  );
}

/** The definitions no term has yet; a chip dropped here leaves its term. */
export function DefinitionPool({ definitions }: { definitions: Definition[] }) {
  const t = useT();
  const { setNodeRef, isOver } = useDroppable({ id: POOL });
  const title = useId();
  return (
    <div ref={setNodeRef} className={`match-pool${isOver ? ' match-pool--over' : ''}`}>
      <p id={title} className="match-pool__title">
        {t('task.definitions')}
      </p>
      {definitions.length > 0 ? (
        <ul className="match-pool__chips" aria-labelledby={title}>
          {definitions.map((d) => (
            <li key={d.definitionId}>
              <DraggableChip definition={d} from={null} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="match-pool__empty">{t('task.allPlaced')}</p>
      )}
    </div>
  );
}

/**
 * A term's row, where a chip is dropped (the whole row: a finger need not find a small target): the
 * term, its chip (to drag to another term or back) or a word where it goes, then `children`.
 */
export function TermZone({
  term,
  definition,
  children,
}: {
  term: Term;
  definition: Definition | undefined;
  children: ReactNode;
}) {
  const t = useT();
  const { setNodeRef, isOver } = useDroppable({ id: `term-${term.termId}`, data: { termId: term.termId } });
  return (
    <div ref={setNodeRef} className={`association__row association__zone${isOver ? ' association__zone--over' : ''}`}>
      <dt>{term.text}</dt>
      <dd className="association__answer">
        {definition ? (
          <DraggableChip definition={definition} from={term.termId} />
        ) : (
          <span className="association__placeholder" aria-hidden="true">
            {t('task.dropHere')}
          </span>
        )}
        {children}
      </dd>
    </div>
  );
}
