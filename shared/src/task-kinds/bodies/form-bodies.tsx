import { Fragment, useId } from 'react';
import { useT } from '../texts';
import type { BodyProps } from '../body-props';
import { byId, draftList, useAnswer } from '../use-answer';
import { ItemMark, markId, sentMarks, wrongCount } from './item-mark';
import { TaskForm } from './task-form';

export { MultiAnswerBody, MultiInputBody, MultiTestBody } from './list-bodies';
// issue 32: ordering and association are dragged (their drag code loads with these bodies only)
export { AssociationBody } from './association-body';
export { OrderingBody } from './ordering-body';

export function TheoryBody(props: BodyProps) {
  const { task, locked, busy, onSubmit } = props;
  const t = useT();
  const [chosen, setChosen, answer] = useAnswer(
    props,
    () => (task.studentAnswers ?? []).map((a) => a.id),
    (draft) => draftList<number>(draft, 'answerIds'),
    (answerIds) => ({ answerIds }),
  );
  const multiple = task.multipleAnswer === true;
  const toggle = (id: number) =>
    setChosen((ids) => (multiple ? (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]) : [id]));
  return (
    <TaskForm complete={chosen.length > 0} locked={locked} busy={busy} onSubmit={() => onSubmit(answer)}>
      <fieldset className="choice-group">
        <legend className="visually-hidden">{t('task.choices')}</legend>
        {(task.probablyAnswers ?? []).map((answer) => (
          <label key={answer.id} className="choice">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={`theory-${task.courseTaskId}`}
              checked={chosen.includes(answer.id)}
              onChange={() => toggle(answer.id)}
            />
            {answer.text}
          </label>
        ))}
      </fieldset>
    </TaskForm>
  );
}

export function WordBody(props: BodyProps) {
  const { task, locked, busy, onSubmit } = props;
  const t = useT();
  const [answer, setAnswer] = useAnswer(
    props,
    () => task.answer ?? '',
    (draft) => (typeof draft.answer === 'string' ? draft.answer : null),
    (text) => ({ answer: text }),
  );
  return (
    <TaskForm complete={answer.trim() !== ''} locked={locked} busy={busy} onSubmit={() => onSubmit({ answer })}>
      <label className="field">
        <span className="field__label">{t('task.answer')}</span>
        <input className="field__input" value={answer} onChange={(e) => setAnswer(e.target.value)} autoComplete="off" />
      </label>
    </TaskForm>
  );
}

export function GappingBody(props: BodyProps) {
  const { task, locked, busy, onSubmit } = props;
  const t = useT();
  const gaps = task.taskGappings ?? [];
  type Gap = { gappingItemId: number; gappingText: string };
  const [texts, setTexts, answer] = useAnswer<Record<number, string>>(
    props,
    () =>
      byId(
        task.studentGappingResults ?? [],
        (r) => r.gappingItemId,
        (r) => r.gappingText,
      ),
    (draft) =>
      byId(
        draftList<Gap>(draft, 'studentAnswers'),
        (g) => g.gappingItemId,
        (g) => String(g.gappingText ?? ''),
      ),
    (all) => ({
      studentAnswers: gaps.map((g) => ({ gappingItemId: g.gappingItemId, gappingText: all[g.gappingItemId] ?? '' })),
    }),
  );
  const scope = useId();
  const marks = sentMarks(
    task,
    (task.studentGappingResults ?? []).map((r) => ({ id: r.gappingItemId, value: r.gappingText, isRight: r.isRight })),
    (id) => texts[id],
  );
  return (
    <TaskForm
      complete={gaps.every((g) => (texts[g.gappingItemId] ?? '').trim() !== '')}
      locked={locked}
      busy={busy}
      onSubmit={() => onSubmit(answer)}
      wrong={{ count: wrongCount(marks), total: gaps.length }}
    >
      <p className="gapping">
        {(task.text ?? []).map((part, i) =>
          typeof part === 'string' ? (
            <span key={i}>{part}</span>
          ) : (
            <Fragment key={i}>
              <input
                className={`gap${marks[part.gapId] === false ? ' gap--wrong' : ''}`}
                aria-label={t('task.gap', { n: part.gapId })}
                aria-describedby={markId(scope, part.gapId, marks)}
                value={texts[part.gapId] ?? ''}
                onChange={(e) => setTexts((all) => ({ ...all, [part.gapId]: e.target.value }))}
                size={Math.max(6, (texts[part.gapId] ?? '').length + 1)}
                autoComplete="off"
              />
              <ItemMark right={marks[part.gapId]} id={markId(scope, part.gapId, marks)} />
            </Fragment>
          ),
        )}
      </p>
    </TaskForm>
  );
}
