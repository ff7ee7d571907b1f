import { Type } from 'typebox';
import { z } from 'zod';
import { base, text } from '../content/manifest-parts';
import { badRequest } from '../common/errors';
import { answerList, defineKind, itemId, normalize, payload, shortText, storedList } from './types';

interface GappingData {
  parts: Array<string | { gapId: number }>;
  gaps: Array<{ id: number; position: number; answers: string[] }>;
}

export const gapping = defineKind({
  kind: 'gapping',
  manifest: z
    .object({ ...base, type: z.literal('gapping'), gapText: text(5000) })
    .strict()
    .refine((task) => /\{\{[^{}]+\}\}/.test(task.gapText), {
      path: ['gapText'],
      message: 'must contain at least one gap written as {{answer}} or {{answer|alternative}}',
    }),
  toData: (task): GappingData => {
    const parts: Array<string | { gapId: number }> = [];
    const gaps: GappingData['gaps'] = [];
    let last = 0;
    for (const match of task.gapText.matchAll(/\{\{([^{}]+)\}\}/g)) {
      parts.push(task.gapText.slice(last, match.index));
      const id = gaps.length + 1;
      gaps.push({
        id,
        position: id,
        answers: match[1]!
          .split('|')
          .map((a) => a.trim())
          .filter(Boolean),
      });
      parts.push({ gapId: id });
      last = match.index + match[0].length;
    }
    parts.push(task.gapText.slice(last));
    return { parts: parts.filter((p) => p !== ''), gaps };
  },
  grader: {
    payload: payload({ studentAnswers: answerList({ gappingItemId: itemId, gappingText: shortText }) }),
    grade(data, { studentAnswers }: { studentAnswers: Array<{ gappingItemId: number; gappingText: string }> }) {
      const texts = new Map(studentAnswers.map((a) => [a.gappingItemId, a.gappingText]));
      if (data.gaps.some((g) => !texts.get(g.id)?.trim())) throw badRequest('server.fillEveryGap');
      const results = data.gaps.map((g) => {
        const text = texts.get(g.id)!;
        return { gappingItemId: g.id, gappingText: text, isRight: g.answers.some((a) => normalize(a) === normalize(text)) };
      });
      return { right: results.every((r) => r.isRight), stored: { studentGappingResults: results } };
    },
  },
  view: {
    schema: Type.Object({
      text: Type.Array(Type.Union([Type.String(), Type.Object({ gapId: Type.Integer() })])),
      taskGappings: Type.Array(Type.Object({ gappingItemId: Type.Integer(), gappingItemPosition: Type.Integer() })),
      studentGappingResults: Type.Array(
        Type.Object({ gappingItemId: Type.Integer(), gappingText: Type.String(), isRight: Type.Boolean() }),
      ),
    }),
    build: (data, stored) => ({
      text: data.parts,
      taskGappings: data.gaps.map((g) => ({ gappingItemId: g.id, gappingItemPosition: g.position })),
      studentGappingResults: storedList(stored, 'studentGappingResults'),
    }),
  },
});

type MultiInputAnswer = { multiInputItemId: number; answerText: string } | { itemId: number; answerText: string };

interface MultiInputData {
  items: Array<{ id: number; question: string; answers: string[] }>;
}

export const multiInput = defineKind({
  kind: 'multi_input',
  manifest: z
    .object({
      ...base,
      type: z.literal('multi_input'),
      items: z.array(z.object({ question: text(), answers: z.array(text(200)).min(1) }).strict()).min(1),
    })
    .strict(),
  toData: (task): MultiInputData => ({
    items: task.items.map((item, i) => ({ id: i + 1, question: item.question, answers: item.answers })),
  }),
  grader: {
    // spec 2 §7 names the item both `multiInputItemId` and `itemId`: either is accepted, one per answer
    payload: payload({
      studentAnswers: Type.Array(
        Type.Union([
          Type.Object({ multiInputItemId: itemId, answerText: shortText }, { additionalProperties: false }),
          Type.Object({ itemId, answerText: shortText }, { additionalProperties: false }),
        ]),
        { maxItems: 200 },
      ),
    }),
    grade(data, { studentAnswers }: { studentAnswers: MultiInputAnswer[] }) {
      // spec 2 §5: as many answers as items, none empty
      const texts = new Map(studentAnswers.map((a) => ['itemId' in a ? a.itemId : a.multiInputItemId, a.answerText]));
      if (studentAnswers.length !== data.items.length || data.items.some((i) => !texts.get(i.id)?.trim()))
        throw badRequest('server.fillEveryField');
      const results = data.items.map((item) => {
        const text = texts.get(item.id)!;
        return {
          multiInputItemId: item.id,
          answerText: text,
          isRight: item.answers.some((a) => normalize(a) === normalize(text)),
        };
      });
      return { right: results.every((r) => r.isRight), stored: { studentMultiInputResults: results } };
    },
  },
  view: {
    schema: Type.Object({
      items: Type.Array(Type.Object({ id: Type.Integer(), questionText: Type.String() })),
      studentMultiInputResults: Type.Array(
        Type.Object({ multiInputItemId: Type.Integer(), answerText: Type.String(), isRight: Type.Boolean() }),
      ),
    }),
    build: (data, stored) => ({
      items: data.items.map((i) => ({ id: i.id, questionText: i.question })),
      studentMultiInputResults: storedList(stored, 'studentMultiInputResults'),
    }),
  },
});
