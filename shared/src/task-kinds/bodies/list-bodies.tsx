import { useT } from '../texts';
import type { BodyProps } from '../body-props';
import { byId, draftList, useAnswer } from '../use-answer';
import { TaskForm } from './task-form';

export function AssociationBody(props: BodyProps) {
  const { task, locked, busy, onSubmit } = props;
  const t = useT();
  const terms = task.terms ?? [];
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
  return (
    <TaskForm complete={terms.every((term) => chosen[term.termId])} locked={locked} busy={busy} onSubmit={() => onSubmit(answer)}>
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

export function MultiTestBody(props: BodyProps) {
  const { task, locked, busy, onSubmit } = props;
  const tests = task.tests ?? [];
  type Choice = { itemId: number; itemProbablyAnswerId: number };
  const [chosen, setChosen, answer] = useAnswer<Record<number, number>>(
    props,
    () =>
      byId(
        task.studentItems ?? [],
        (i) => i.itemId,
        (i) => i.studentItemAnswers[0]?.itemAnswerId ?? 0,
      ),
    (draft) =>
      byId(
        draftList<Choice>(draft, 'studentAnswers'),
        (c) => c.itemId,
        (c) => Number(c.itemProbablyAnswerId),
      ),
    (all) => ({
      studentAnswers: tests.filter((q) => all[q.itemId]).map((q) => ({ itemId: q.itemId, itemProbablyAnswerId: all[q.itemId] })),
    }),
  );
  return (
    <TaskForm complete={tests.every((q) => chosen[q.itemId])} locked={locked} busy={busy} onSubmit={() => onSubmit(answer)}>
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

export function MultiAnswerBody(props: BodyProps) {
  const { task, locked, busy, onSubmit } = props;
  const questions = task.questions ?? [];
  type Chosen = { questionId: number; studentItemAnswersIds: number[] };
  const [chosen, setChosen, answer] = useAnswer<Record<number, number[]>>(
    props,
    () =>
      byId(
        task.studentResults ?? [],
        (r) => r.questionId,
        (r) => r.studentItemAnswers.map((a) => a.id),
      ),
    (draft) =>
      byId(
        draftList<Chosen>(draft, 'studentAnswers'),
        (c) => c.questionId,
        (c) => (Array.isArray(c.studentItemAnswersIds) ? c.studentItemAnswersIds : []),
      ),
    (all) => ({
      studentAnswers: questions.map((q) => ({ questionId: q.questionId, studentItemAnswersIds: all[q.questionId] ?? [] })),
    }),
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
      onSubmit={() => onSubmit(answer)}
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

export function MultiInputBody(props: BodyProps) {
  const { task, locked, busy, onSubmit } = props;
  const items = task.items ?? [];
  type Input = { multiInputItemId: number; answerText: string };
  const [texts, setTexts, answer] = useAnswer<Record<number, string>>(
    props,
    () =>
      byId(
        task.studentMultiInputResults ?? [],
        (r) => r.multiInputItemId,
        (r) => r.answerText,
      ),
    (draft) =>
      byId(
        draftList<Input>(draft, 'studentAnswers'),
        (i) => i.multiInputItemId,
        (i) => String(i.answerText ?? ''),
      ),
    (all) => ({ studentAnswers: items.map((i) => ({ multiInputItemId: i.id, answerText: all[i.id] ?? '' })) }),
  );
  return (
    <TaskForm
      complete={items.every((i) => (texts[i.id] ?? '').trim() !== '')}
      locked={locked}
      busy={busy}
      onSubmit={() => onSubmit(answer)}
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
