import { useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../texts';
import type { BodyProps } from '../body-props';
import { Button } from '@academy/shared/ui';

/** A task form: fields locked once solved, the check button disabled until the answer is complete. */
function TaskForm({
  complete,
  locked,
  busy,
  onSubmit,
  children,
}: {
  complete: boolean;
  locked: boolean;
  busy: boolean;
  onSubmit(): void;
  children: ReactNode;
}) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !locked) onSubmit();
  };
  return (
    <form className="task-form" onSubmit={submit}>
      <fieldset className="task-form__fields" disabled={locked}>
        {children}
      </fieldset>
      {!locked && (
        <Button type="submit" disabled={!complete} busy={busy}>
          {busy ? t('task.checking') : t('task.check')}
        </Button>
      )}
    </form>
  );
}

export function TheoryBody({ task, locked, busy, onSubmit }: BodyProps) {
  const t = useT();
  const [chosen, setChosen] = useState<number[]>(() => (task.studentAnswers ?? []).map((a) => a.id));
  const multiple = task.multipleAnswer === true;
  const toggle = (id: number) =>
    setChosen((ids) => (multiple ? (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]) : [id]));
  return (
    <TaskForm complete={chosen.length > 0} locked={locked} busy={busy} onSubmit={() => onSubmit({ answerIds: chosen })}>
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

export function WordBody({ task, locked, busy, onSubmit }: BodyProps) {
  const t = useT();
  const [answer, setAnswer] = useState(task.answer ?? '');
  return (
    <TaskForm complete={answer.trim() !== ''} locked={locked} busy={busy} onSubmit={() => onSubmit({ answer })}>
      <label className="field">
        <span className="field__label">{t('task.answer')}</span>
        <input className="field__input" value={answer} onChange={(e) => setAnswer(e.target.value)} autoComplete="off" />
      </label>
    </TaskForm>
  );
}

export function GappingBody({ task, locked, busy, onSubmit }: BodyProps) {
  const t = useT();
  const [texts, setTexts] = useState<Record<number, string>>(() =>
    Object.fromEntries((task.studentGappingResults ?? []).map((r) => [r.gappingItemId, r.gappingText])),
  );
  const gaps = task.taskGappings ?? [];
  const marks = new Map((task.studentGappingResults ?? []).map((r) => [r.gappingItemId, r.isRight]));
  return (
    <TaskForm
      complete={gaps.every((g) => (texts[g.gappingItemId] ?? '').trim() !== '')}
      locked={locked}
      busy={busy}
      onSubmit={() =>
        onSubmit({
          studentAnswers: gaps.map((g) => ({ gappingItemId: g.gappingItemId, gappingText: texts[g.gappingItemId] ?? '' })),
        })
      }
    >
      <p className="gapping">
        {(task.text ?? []).map((part, i) =>
          typeof part === 'string' ? (
            <span key={i}>{part}</span>
          ) : (
            <input
              key={i}
              className={`gap${marks.get(part.gapId) === false ? ' gap--wrong' : ''}`}
              aria-label={t('task.gap', { n: part.gapId })}
              value={texts[part.gapId] ?? ''}
              onChange={(e) => setTexts((all) => ({ ...all, [part.gapId]: e.target.value }))}
              size={Math.max(6, (texts[part.gapId] ?? '').length + 1)}
              autoComplete="off"
            />
          ),
        )}
      </p>
    </TaskForm>
  );
}

export function OrderingBody({ task, locked, busy, onSubmit }: BodyProps) {
  const t = useT();
  const items = task.taskItems ?? [];
  const [places, setPlaces] = useState<Record<number, number>>(() =>
    Object.fromEntries((task.answeredItems ?? []).map((a) => [a.id, a.position])),
  );
  const used = Object.values(places);
  const complete = items.every((i) => places[i.id]) && new Set(used).size === items.length;
  return (
    <TaskForm
      complete={complete}
      locked={locked}
      busy={busy}
      onSubmit={() => onSubmit({ answerItemDtos: items.map((i) => ({ id: i.id, position: places[i.id] })) })}
    >
      <ul className="ordering">
        {items.map((item) => (
          <li key={item.id} className="ordering__item">
            <select
              aria-label={t('task.place', { item: item.itemText })}
              value={places[item.id] ?? ''}
              onChange={(e) => setPlaces((all) => ({ ...all, [item.id]: Number(e.target.value) }))}
            >
              <option value="">{t('task.choose')}</option>
              {items.map((_, i) => (
                <option key={i + 1} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
            <span>{item.itemText}</span>
          </li>
        ))}
      </ul>
    </TaskForm>
  );
}

export function AssociationBody({ task, locked, busy, onSubmit }: BodyProps) {
  const t = useT();
  const terms = task.terms ?? [];
  const [chosen, setChosen] = useState<Record<number, number>>(() =>
    Object.fromEntries((task.studentAssociationResults ?? []).map((r) => [r.termId, r.definitionId])),
  );
  return (
    <TaskForm
      complete={terms.every((term) => chosen[term.termId])}
      locked={locked}
      busy={busy}
      onSubmit={() =>
        onSubmit({ studentAnswers: terms.map((term) => ({ termId: term.termId, definitionId: chosen[term.termId] })) })
      }
    >
      <dl className="association">
        {terms.map((term) => (
          <div key={term.termId} className="association__row">
            <dt>{term.text}</dt>
            <dd>
              <select
                aria-label={t('task.definitionFor', { term: term.text })}
                value={chosen[term.termId] ?? ''}
                onChange={(e) => setChosen((all) => ({ ...all, [term.termId]: Number(e.target.value) }))}
              >
                <option value="">{t('task.choose')}</option>
                {(task.definitions ?? []).map((d) => (
                  <option key={d.definitionId} value={d.definitionId}>
                    {d.text}
                  </option>
                ))}
              </select>
            </dd>
          </div>
        ))}
      </dl>
    </TaskForm>
  );
}

export function MultiTestBody({ task, locked, busy, onSubmit }: BodyProps) {
  const tests = task.tests ?? [];
  const [chosen, setChosen] = useState<Record<number, number>>(() =>
    Object.fromEntries((task.studentItems ?? []).map((i) => [i.itemId, i.studentItemAnswers[0]?.itemAnswerId ?? 0])),
  );
  return (
    <TaskForm
      complete={tests.every((q) => chosen[q.itemId])}
      locked={locked}
      busy={busy}
      onSubmit={() =>
        onSubmit({ studentAnswers: tests.map((q) => ({ itemId: q.itemId, itemProbablyAnswerId: chosen[q.itemId] })) })
      }
    >
      {tests.map((q) => (
        <fieldset key={q.itemId} className="choice-group">
          <legend className="choice-group__legend">{q.itemText}</legend>
          {q.itemAnswers.map((a) => (
            <label key={a.itemAnswerId} className="choice">
              <input
                type="radio"
                name={`test-${task.courseTaskId}-${q.itemId}`}
                checked={chosen[q.itemId] === a.itemAnswerId}
                onChange={() => setChosen((all) => ({ ...all, [q.itemId]: a.itemAnswerId }))}
              />
              {a.itemAnswerText}
            </label>
          ))}
        </fieldset>
      ))}
    </TaskForm>
  );
}

export function MultiAnswerBody({ task, locked, busy, onSubmit }: BodyProps) {
  const questions = task.questions ?? [];
  const [chosen, setChosen] = useState<Record<number, number[]>>(() =>
    Object.fromEntries((task.studentResults ?? []).map((r) => [r.questionId, r.studentItemAnswers.map((a) => a.id)])),
  );
  const toggle = (questionId: number, id: number) =>
    setChosen((all) => {
      const ids = all[questionId] ?? [];
      return { ...all, [questionId]: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id] };
    });
  return (
    <TaskForm
      complete={questions.every((q) => (chosen[q.questionId] ?? []).length > 0)}
      locked={locked}
      busy={busy}
      onSubmit={() =>
        onSubmit({
          studentAnswers: questions.map((q) => ({ questionId: q.questionId, studentItemAnswersIds: chosen[q.questionId] ?? [] })),
        })
      }
    >
      {questions.map((q) => (
        <fieldset key={q.questionId} className="choice-group">
          <legend className="choice-group__legend">{q.questionText}</legend>
          {(task.probablyAnswers ?? []).map((a) => (
            <label key={a.id} className="choice">
              <input
                type="checkbox"
                checked={(chosen[q.questionId] ?? []).includes(a.id)}
                onChange={() => toggle(q.questionId, a.id)}
              />
              {a.text}
            </label>
          ))}
        </fieldset>
      ))}
    </TaskForm>
  );
}

export function MultiInputBody({ task, locked, busy, onSubmit }: BodyProps) {
  const items = task.items ?? [];
  const [texts, setTexts] = useState<Record<number, string>>(() =>
    Object.fromEntries((task.studentMultiInputResults ?? []).map((r) => [r.multiInputItemId, r.answerText])),
  );
  return (
    <TaskForm
      complete={items.every((i) => (texts[i.id] ?? '').trim() !== '')}
      locked={locked}
      busy={busy}
      onSubmit={() => onSubmit({ studentAnswers: items.map((i) => ({ multiInputItemId: i.id, answerText: texts[i.id] ?? '' })) })}
    >
      {items.map((item) => (
        <label key={item.id} className="field">
          <code className="field__label">{item.questionText}</code>
          <input
            className="field__input"
            value={texts[item.id] ?? ''}
            onChange={(e) => setTexts((all) => ({ ...all, [item.id]: e.target.value }))}
            autoComplete="off"
          />
        </label>
      ))}
    </TaskForm>
  );
}
