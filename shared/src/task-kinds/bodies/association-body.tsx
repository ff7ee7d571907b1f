import { useId } from 'react';
import { useT } from '../texts';
import type { BodyProps } from '../body-props';
import { byId, draftList, useAnswer } from '../use-answer';
import { DefinitionPool, MatchDnd, TermZone } from '../dnd/match-dnd';
import { dropDefinition } from '../dnd/match-drop';
import { ItemMark, markId, sentMarks, wrongCount } from './item-mark';
import { TaskForm } from './task-form';

/**
 * "Pick the definition for each term": each term's select (the keyboard's and a screen reader's way),
 * and (issue 32) the definitions as chips to drag onto the terms with a mouse or a finger; a drop sets
 * the same answer. A locked body shows the answer, nothing to drag.
 */
export function AssociationBody(props: BodyProps) {
  const { task, locked, busy, onSubmit } = props;
  const t = useT();
  const terms = task.terms ?? [];
  const definitions = task.definitions ?? [];
  type Pair = { termId: number; definitionId: number };
  const [chosen, setChosen, answer] = useAnswer<Record<number, number>>(
    props,
    () =>
      byId(
        task.studentAssociationResults ?? [],
        (r) => r.termId,
        (r) => r.definitionId,
      ),
    (draft) =>
      byId(
        draftList<Pair>(draft, 'studentAnswers'),
        (p) => p.termId,
        (p) => Number(p.definitionId),
      ),
    (all) => ({
      studentAnswers: terms
        .filter((term) => all[term.termId])
        .map((term) => ({ termId: term.termId, definitionId: all[term.termId] })),
    }),
  );
  const scope = useId();
  const marks = sentMarks(
    task,
    (task.studentAssociationResults ?? []).map((r) => ({ id: r.termId, value: r.definitionId, isRight: r.isRight })),
    (id) => chosen[id],
  );
  const definitionOf = (termId: number) => definitions.find((d) => d.definitionId === chosen[termId]);
  const used = new Set(terms.map((term) => chosen[term.termId]));
  const picker = (term: (typeof terms)[number]) => (
    <span className="item-row">
      <select
        aria-label={t('task.definitionFor', { term: term.text })}
        aria-describedby={markId(scope, term.termId, marks)}
        value={chosen[term.termId] || ''}
        onChange={(e) => setChosen((all) => ({ ...all, [term.termId]: Number(e.target.value) }))}
      >
        <option value="">{t('task.choose')}</option>
        {definitions.map((d) => (
          <option key={d.definitionId} value={d.definitionId}>
            {d.text}
          </option>
        ))}
      </select>
      <ItemMark right={marks[term.termId]} id={markId(scope, term.termId, marks)} />
    </span>
  );
  const rows = (
    <dl className="association">
      {terms.map((term) => {
        const definition = definitionOf(term.termId);
        return locked ? (
          <div key={term.termId} className="association__row">
            <dt>{term.text}</dt>
            <dd className="association__answer">
              {definition && <span className="match-chip">{definition.text}</span>}
              {picker(term)}
            </dd>
          </div>
        ) : (
          <TermZone key={term.termId} term={term} definition={definition}>
            {picker(term)}
          </TermZone>
        );
      })}
    </dl>
  );
  return (
    <TaskForm
      complete={terms.every((term) => chosen[term.termId])}
      locked={locked}
      busy={busy}
      onSubmit={() => onSubmit(answer)}
      wrong={{ count: wrongCount(marks), total: terms.length }}
    >
      {locked ? (
        rows
      ) : (
        <MatchDnd
          terms={terms}
          definitions={definitions}
          onDrop={(definitionId, from, to) => setChosen((all) => dropDefinition(all, definitionId, from, to))}
        >
          <div className="association-board">
            <p className="association__hint">{t('task.matchHint')}</p>
            <DefinitionPool definitions={definitions.filter((d) => !used.has(d.definitionId))} />
            {rows}
          </div>
        </MatchDnd>
      )}
    </TaskForm>
  );
}
