import { badRequest } from '../plugins/errors';
import { answerList, idList, normalize, payloadSchema, shortText, type Grader } from './types';

interface Choice {
  id: number;
  text: string;
  right: boolean;
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export const theory: Grader<{ multipleAnswer: boolean; answers: Choice[] }, { answerIds: number[] }> = {
  kind: 'theory',
  schema: payloadSchema({ answerIds: idList }, ['answerIds']),
  grade(data, { answerIds }) {
    const ids = [...new Set(answerIds)];
    if (ids.length === 0) throw badRequest('Choose an answer');
    if (!data.multipleAnswer && ids.length > 1) throw badRequest('This question has one answer: choose one');
    if (ids.some((id) => !data.answers.some((a) => a.id === id))) throw badRequest('Unknown answer id');
    const right = sameSet(
      ids,
      data.answers.filter((a) => a.right).map((a) => a.id),
    );
    return { right, stored: { answerIds: ids } };
  },
  view(data, stored) {
    return {
      multipleAnswer: data.multipleAnswer,
      probablyAnswers: data.answers.map((a) => ({ id: a.id, text: a.text })),
      studentAnswers: ((stored as { answerIds?: number[] } | null)?.answerIds ?? []).map((id) => ({ id })),
    };
  },
};

export const word: Grader<{ answers: string[] }, { answer: string }> = {
  kind: 'word',
  schema: payloadSchema({ answer: shortText }, ['answer']),
  grade(data, { answer }) {
    if (!answer.trim()) throw badRequest('Enter an answer');
    return { right: data.answers.some((a) => normalize(a) === normalize(answer)), stored: { answer } };
  },
  view(_data, stored) {
    return { answer: (stored as { answer?: string } | null)?.answer ?? '' };
  },
};

interface Test {
  id: number;
  question: string;
  answers: Choice[];
}

export const multiTest: Grader<{ tests: Test[] }, { studentAnswers: Array<{ itemId: number; itemProbablyAnswerId: number }> }> = {
  kind: 'multi_test',
  schema: payloadSchema(
    {
      studentAnswers: answerList({ itemId: { type: 'integer' }, itemProbablyAnswerId: { type: 'integer' } }),
    },
    ['studentAnswers'],
  ),
  grade(data, { studentAnswers }) {
    const chosen = new Map(studentAnswers.map((a) => [a.itemId, a.itemProbablyAnswerId]));
    if (data.tests.some((t) => !chosen.has(t.id))) throw badRequest('Answer every question');
    const marks = data.tests.map((t) => {
      const answerId = chosen.get(t.id)!;
      const answer = t.answers.find((a) => a.id === answerId);
      if (!answer) throw badRequest(`Unknown answer ${answerId} for question ${t.id}`);
      return { itemId: t.id, studentItemAnswers: [{ itemAnswerId: answerId, isRight: answer.right }] };
    });
    return { right: marks.every((m) => m.studentItemAnswers[0]!.isRight), stored: { studentItems: marks } };
  },
  view(data, stored) {
    return {
      tests: data.tests.map((t) => ({
        itemId: t.id,
        itemText: t.question,
        itemAnswers: t.answers.map((a) => ({ itemAnswerId: a.id, itemAnswerText: a.text })),
      })),
      studentItems: (stored as { studentItems?: unknown[] } | null)?.studentItems ?? [],
    };
  },
};

interface MultiAnswerData {
  answers: Array<{ id: number; text: string }>;
  questions: Array<{ id: number; question: string; right: number[] }>;
}

export const multiAnswer: Grader<
  MultiAnswerData,
  { studentAnswers: Array<{ questionId: number; studentItemAnswersIds: number[] }> }
> = {
  kind: 'multi_answer',
  schema: payloadSchema(
    {
      studentAnswers: answerList({ questionId: { type: 'integer' }, studentItemAnswersIds: idList }),
    },
    ['studentAnswers'],
  ),
  grade(data, { studentAnswers }) {
    const chosen = new Map(studentAnswers.map((a) => [a.questionId, [...new Set(a.studentItemAnswersIds)]]));
    if (data.questions.some((q) => !(chosen.get(q.id)?.length ?? 0)))
      throw badRequest('Choose at least one answer for every question');
    const known = new Set(data.answers.map((a) => a.id));
    const results = data.questions.map((q) => {
      const ids = chosen.get(q.id)!;
      if (ids.some((id) => !known.has(id))) throw badRequest('Unknown answer id');
      return {
        questionId: q.id,
        studentItemAnswers: ids.map((id) => ({ id, isRight: q.right.includes(id) })),
        right: sameSet(ids, q.right),
      };
    });
    return {
      right: results.every((r) => r.right),
      stored: { studentResults: results.map(({ questionId, studentItemAnswers }) => ({ questionId, studentItemAnswers })) },
    };
  },
  view(data, stored) {
    return {
      questions: data.questions.map((q) => ({ questionId: q.id, questionText: q.question })),
      probablyAnswers: data.answers,
      studentResults: (stored as { studentResults?: unknown[] } | null)?.studentResults ?? [],
    };
  },
};
