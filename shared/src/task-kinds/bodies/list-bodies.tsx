import { useId } from 'react';
import type { BodyProps } from '../body-props';
import { byId, draftList, useAnswer } from '../use-answer';
import { ItemMark, markId, sameIds, sentMarks, wrongCount } from './item-mark';
import { TaskForm } from './task-form';

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
  // one choice per question: its mark is the question's (beside it, in the group's name)
  const marks = sentMarks(
    task,
    (task.studentItems ?? []).map((i) => ({
      id: i.itemId,
      value: i.studentItemAnswers[0]?.itemAnswerId ?? 0,
      isRight: i.studentItemAnswers[0]?.isRight,
    })),
    (id) => chosen[id],
  );
  return (
    <TaskForm
      complete={tests.every((q) => chosen[q.itemId])}
      locked={locked}
      busy={busy}
      onSubmit={() => onSubmit(answer)}
      wrong={{ count: wrongCount(marks), total: tests.length }}
    >
      {tests.map((q) => (
        <fieldset key={q.itemId} className="choice-group">
          <legend className="choice-group__legend">
            {q.itemText}
            {q.itemId in marks && ' '}
            <ItemMark right={marks[q.itemId]} />
          </legend>
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
  // the question's mark: the choice is exactly right or not (never which answers are missing)
  const marks = sentMarks(
    task,
    (task.studentResults ?? []).map((r) => ({
      id: r.questionId,
      value: r.studentItemAnswers.map((a) => a.id),
      isRight: r.isRight,
    })),
    (id) => chosen[id],
    sameIds,
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
      wrong={{ count: wrongCount(marks), total: questions.length }}
    >
      {questions.map((q) => (
        <fieldset key={q.questionId} className="choice-group">
          <legend className="choice-group__legend">
            {q.questionText}
            {q.questionId in marks && ' '}
            <ItemMark right={marks[q.questionId]} />
          </legend>
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
  const scope = useId();
  const marks = sentMarks(
    task,
    (task.studentMultiInputResults ?? []).map((r) => ({ id: r.multiInputItemId, value: r.answerText, isRight: r.isRight })),
    (id) => texts[id],
  );
  return (
    <TaskForm
      complete={items.every((i) => (texts[i.id] ?? '').trim() !== '')}
      locked={locked}
      busy={busy}
      onSubmit={() => onSubmit(answer)}
      wrong={{ count: wrongCount(marks), total: items.length }}
    >
      {items.map((item) => (
        // the mark beside the field, outside its label: the field's name stays its question
        <div key={item.id} className="field">
          <label htmlFor={`${scope}-${item.id}`}>
            <code className="field__label">{item.questionText}</code>
          </label>
          <span className="item-row">
            <input
              id={`${scope}-${item.id}`}
              className="field__input"
              aria-describedby={markId(scope, item.id, marks)}
              value={texts[item.id] ?? ''}
              onChange={(e) => setTexts((all) => ({ ...all, [item.id]: e.target.value }))}
              autoComplete="off"
            />
            <ItemMark right={marks[item.id]} id={markId(scope, item.id, marks)} />
          </span>
        </div>
      ))}
    </TaskForm>
  );
}
