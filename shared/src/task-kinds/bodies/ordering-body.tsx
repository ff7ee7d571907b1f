import { useId } from 'react';
import { useT } from '../texts';
import type { BodyProps } from '../body-props';
import { byId, draftList, useAnswer } from '../use-answer';
import { orderOf, placesOf } from '../dnd/order';
import { SortableOrder } from '../dnd/sortable-order';
import { ItemMark, markId, sentMarks, wrongCount } from './item-mark';
import { TaskForm } from './task-form';

/**
 * "Put the items in order" (issue 32): a list the student sorts by dragging (a mouse, a finger, the
 * keyboard) or with the up and down buttons. The answer is the places as before: every move places
 * every item; until the first one nothing is placed (the list as the task gives it is no answer yet).
 */
export function OrderingBody(props: BodyProps) {
  const { task, locked, busy, onSubmit } = props;
  const t = useT();
  const items = task.taskItems ?? [];
  type Place = { id: number; position: number };
  const [places, setPlaces, answer] = useAnswer<Record<number, number>>(
    props,
    () =>
      byId(
        task.answeredItems ?? [],
        (a) => a.id,
        (a) => a.position,
      ),
    (draft) =>
      byId(
        draftList<Place>(draft, 'answerItemDtos'),
        (a) => a.id,
        (a) => Number(a.position),
      ),
    // a draft holds the places chosen so far
    (all) => ({ answerItemDtos: items.filter((i) => all[i.id]).map((i) => ({ id: i.id, position: all[i.id] })) }),
  );
  const used = Object.values(places);
  const complete = items.every((i) => places[i.id]) && new Set(used).size === items.length;
  const scope = useId();
  // each item of the order as sent: in its right place or not (the right order never comes)
  const marks = sentMarks(
    task,
    (task.answeredItems ?? []).map((a) => ({ id: a.id, value: a.position, isRight: a.isRight })),
    (id) => places[id],
  );
  const order = orderOf(items, places);
  const setOrder = (next: typeof items) => setPlaces(placesOf(next));
  const mark = (item: { id: number }) => <ItemMark right={marks[item.id]} id={markId(scope, item.id, marks)} />;
  return (
    <TaskForm
      complete={complete}
      locked={locked}
      busy={busy}
      onSubmit={() => onSubmit(answer)}
      wrong={{ count: wrongCount(marks), total: items.length }}
    >
      {locked ? (
        // the answer as it stands, nothing to drag
        <ol className="ordering">
          {order.map((item, index) => (
            <li key={item.id} className="ordering__item ordering__card">
              <span className="ordering__number">{places[item.id] ? index + 1 : '–'}</span>
              <span className="ordering__text">{item.itemText}</span>
              {mark(item)}
            </li>
          ))}
        </ol>
      ) : (
        <div className="ordering-board">
          <p className="ordering__hint">{t('task.orderHint')}</p>
          <SortableOrder items={order} onChange={setOrder} mark={mark} markId={(item) => markId(scope, item.id, marks)} />
          {!complete && (
            <button type="button" className="ordering__keep" onClick={() => setOrder(order)}>
              {t('task.keepOrder')}
            </button>
          )}
        </div>
      )}
    </TaskForm>
  );
}
