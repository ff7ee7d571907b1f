import { Type } from 'typebox';
import { z } from 'zod';
import { base, choice, text } from '../content/manifest-parts';
import { badRequest } from '../common/errors';
import { answerList, defineKind, idList, itemId, normalize, payload, shortText, storedList, storedText } from './types';

interface Choice {
  id: number;
  text: string;
  right: boolean;
}

const numbered = <T>(items: T[]) => items.map((item, i) => ({ id: i + 1, ...item }));
const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
const IdText = Type.Object({ id: Type.Integer(), text: Type.String() });

export const theory = defineKind({
  kind: 'theory',
  manifest: z
    .object({ ...base, type: z.literal('theory'), multipleAnswer: z.boolean().default(false), answers: z.array(choice).min(2) })
    .strict()
    .superRefine((task, ctx) => {
      const right = task.answers.filter((a) => a.right).length;
      if (right === 0) ctx.addIssue({ code: 'custom', path: ['answers'], message: 'at least one answer must be right' });
      if (!task.multipleAnswer && right > 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['answers'],
          message: 'a single-answer question must have exactly one right answer',
        });
      }
    }),
  toData: (task): { multipleAnswer: boolean; answers: Choice[] } => ({
    multipleAnswer: task.multipleAnswer,
    answers: numbered(task.answers),
  }),
  grader: {
    payload: payload({ answerIds: idList }),
    grade(data, { answerIds }: { answerIds: number[] }) {
      const ids = [...new Set(answerIds)];
      if (ids.length === 0) throw badRequest('server.chooseAnswer');
      if (!data.multipleAnswer && ids.length > 1) throw badRequest('server.oneAnswerOnly');
      if (ids.some((id) => !data.answers.some((a) => a.id === id))) throw badRequest('server.unknownAnswer');
      const right = sameSet(
        ids,
        data.answers.filter((a) => a.right).map((a) => a.id),
      );
      return { right, stored: { answerIds: ids } };
    },
  },
  view: {
    schema: Type.Object({
      multipleAnswer: Type.Boolean(),
      probablyAnswers: Type.Array(IdText),
      studentAnswers: Type.Array(Type.Object({ id: Type.Integer() })),
    }),
    build: (data, stored) => ({
      multipleAnswer: data.multipleAnswer,
      probablyAnswers: data.answers.map((a) => ({ id: a.id, text: a.text })),
      studentAnswers: storedList(stored, 'answerIds').map((id) => ({ id })),
    }),
  },
});

export const word = defineKind({
  kind: 'word',
  manifest: z.object({ ...base, type: z.literal('word'), answers: z.array(text(200)).min(1) }).strict(),
  toData: (task): { answers: string[] } => ({ answers: task.answers }),
  grader: {
    payload: payload({ answer: shortText }),
    grade(data, { answer }: { answer: string }) {
      if (!answer.trim()) throw badRequest('server.enterAnswer');
      return { right: data.answers.some((a) => normalize(a) === normalize(answer)), stored: { answer } };
    },
  },
  view: {
    schema: Type.Object({ answer: Type.String() }),
    build: (_data, stored) => ({ answer: storedText(stored, 'answer') ?? '' }),
  },
});

interface Test {
  id: number;
  question: string;
  answers: Choice[];
}

export const multiTest = defineKind({
  kind: 'multi_test',
  manifest: z
    .object({
      ...base,
      type: z.literal('multi_test'),
      tests: z
        .array(
          z
            .object({ question: text(), answers: z.array(choice).min(2) })
            .strict()
            .refine((q) => q.answers.filter((a) => a.right).length === 1, {
              path: ['answers'],
              message: 'exactly one answer must be right',
            }),
        )
        .min(1),
    })
    .strict(),
  toData: (task): { tests: Test[] } => ({
    tests: task.tests.map((t, i) => ({ id: i + 1, question: t.question, answers: numbered(t.answers) })),
  }),
  grader: {
    payload: payload({ studentAnswers: answerList({ itemId, itemProbablyAnswerId: itemId }) }),
    grade(data, { studentAnswers }: { studentAnswers: Array<{ itemId: number; itemProbablyAnswerId: number }> }) {
      const chosen = new Map(studentAnswers.map((a) => [a.itemId, a.itemProbablyAnswerId]));
      if (data.tests.some((t) => !chosen.has(t.id))) throw badRequest('server.answerEveryQuestion');
      const marks = data.tests.map((t) => {
        const answerId = chosen.get(t.id)!;
        const answer = t.answers.find((a) => a.id === answerId);
        if (!answer) throw badRequest('server.unknownAnswer');
        return { itemId: t.id, studentItemAnswers: [{ itemAnswerId: answerId, isRight: answer.right }] };
      });
      return { right: marks.every((m) => m.studentItemAnswers[0]!.isRight), stored: { studentItems: marks } };
    },
  },
  view: {
    schema: Type.Object({
      tests: Type.Array(
        Type.Object({
          itemId: Type.Integer(),
          itemText: Type.String(),
          itemAnswers: Type.Array(Type.Object({ itemAnswerId: Type.Integer(), itemAnswerText: Type.String() })),
        }),
      ),
      studentItems: Type.Array(
        Type.Object({
          itemId: Type.Integer(),
          studentItemAnswers: Type.Array(Type.Object({ itemAnswerId: Type.Integer(), isRight: Type.Boolean() })),
        }),
      ),
    }),
    build: (data, stored) => ({
      tests: data.tests.map((t) => ({
        itemId: t.id,
        itemText: t.question,
        itemAnswers: t.answers.map((a) => ({ itemAnswerId: a.id, itemAnswerText: a.text })),
      })),
      studentItems: storedList(stored, 'studentItems'),
    }),
  },
});

interface MultiAnswerData {
  answers: Array<{ id: number; text: string }>;
  questions: Array<{ id: number; question: string; right: number[] }>;
}

export const multiAnswer = defineKind({
  kind: 'multi_answer',
  manifest: z
    .object({
      ...base,
      type: z.literal('multi_answer'),
      answers: z.array(text()).min(2),
      questions: z.array(z.object({ question: text(), right: z.array(z.number().int().min(1)).min(1) }).strict()).min(1),
    })
    .strict()
    .superRefine((task, ctx) => {
      task.questions.forEach((q, i) => {
        if (q.right.some((n) => n > task.answers.length)) {
          ctx.addIssue({
            code: 'custom',
            path: ['questions', i, 'right'],
            message: `answer numbers go from 1 to ${task.answers.length}`,
          });
        }
      });
    }),
  toData: (task): MultiAnswerData => ({
    answers: task.answers.map((text, i) => ({ id: i + 1, text })),
    questions: task.questions.map((q, i) => ({ id: i + 1, question: q.question, right: q.right })),
  }),
  grader: {
    payload: payload({ studentAnswers: answerList({ questionId: itemId, studentItemAnswersIds: idList }) }),
    grade(data, { studentAnswers }: { studentAnswers: Array<{ questionId: number; studentItemAnswersIds: number[] }> }) {
      const chosen = new Map(studentAnswers.map((a) => [a.questionId, [...new Set(a.studentItemAnswersIds)]]));
      if (data.questions.some((q) => !(chosen.get(q.id)?.length ?? 0))) throw badRequest('server.answerEveryQuestion');
      const known = new Set(data.answers.map((a) => a.id));
      const results = data.questions.map((q) => {
        const ids = chosen.get(q.id)!;
        if (ids.some((id) => !known.has(id))) throw badRequest('server.unknownAnswer');
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
  },
  view: {
    schema: Type.Object({
      questions: Type.Array(Type.Object({ questionId: Type.Integer(), questionText: Type.String() })),
      probablyAnswers: Type.Array(IdText),
      studentResults: Type.Array(
        Type.Object({
          questionId: Type.Integer(),
          studentItemAnswers: Type.Array(Type.Object({ id: Type.Integer(), isRight: Type.Boolean() })),
          // issue 32: the student's choice for the question is exactly right (never which answers are)
          isRight: Type.Optional(Type.Boolean()),
        }),
      ),
    }),
    build: (data, stored) => ({
      questions: data.questions.map((q) => ({ questionId: q.id, questionText: q.question })),
      probablyAnswers: data.answers,
      studentResults: storedList(stored, 'studentResults').map((result) => {
        const { questionId, studentItemAnswers } = result as { questionId: number; studentItemAnswers: Array<{ id: number }> };
        const right = data.questions.find((q) => q.id === questionId)?.right ?? [];
        return {
          questionId,
          studentItemAnswers,
          isRight: sameSet(
            studentItemAnswers.map((a) => a.id),
            right,
          ),
        };
      }),
    }),
  },
});
