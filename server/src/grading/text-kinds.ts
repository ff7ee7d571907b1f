import { badRequest } from '../plugins/errors';
import { answerList, normalize, payloadSchema, shortText, type Grader } from './types';

interface GappingData {
  parts: Array<string | { gapId: number }>;
  gaps: Array<{ id: number; position: number; answers: string[] }>;
}

export const gapping: Grader<GappingData, { studentAnswers: Array<{ gappingItemId: number; gappingText: string }> }> = {
  kind: 'gapping',
  schema: payloadSchema(
    {
      studentAnswers: answerList({ gappingItemId: { type: 'integer' }, gappingText: shortText }),
    },
    ['studentAnswers'],
  ),
  grade(data, { studentAnswers }) {
    const texts = new Map(studentAnswers.map((a) => [a.gappingItemId, a.gappingText]));
    if (data.gaps.some((g) => !texts.get(g.id)?.trim())) throw badRequest('Fill in every gap');
    const results = data.gaps.map((g) => {
      const text = texts.get(g.id)!;
      return { gappingItemId: g.id, gappingText: text, isRight: g.answers.some((a) => normalize(a) === normalize(text)) };
    });
    return { right: results.every((r) => r.isRight), stored: { studentGappingResults: results } };
  },
  view(data, stored) {
    return {
      text: data.parts,
      taskGappings: data.gaps.map((g) => ({ gappingItemId: g.id, gappingItemPosition: g.position })),
      studentGappingResults: (stored as { studentGappingResults?: unknown[] } | null)?.studentGappingResults ?? [],
    };
  },
};

interface MultiInputData {
  items: Array<{ id: number; question: string; answers: string[] }>;
}

export const multiInput: Grader<MultiInputData, { studentAnswers: Array<{ multiInputItemId: number; answerText: string }> }> = {
  kind: 'multi_input',
  schema: payloadSchema(
    {
      studentAnswers: answerList({ multiInputItemId: { type: 'integer' }, answerText: shortText }),
    },
    ['studentAnswers'],
  ),
  grade(data, { studentAnswers }) {
    // spec 2 §5: as many answers as items, none empty
    if (studentAnswers.length !== data.items.length) throw badRequest(`Give ${data.items.length} answers, one per field`);
    const texts = new Map(studentAnswers.map((a) => [a.multiInputItemId, a.answerText]));
    if (data.items.some((i) => !texts.get(i.id)?.trim())) throw badRequest('Fill in every field');
    const results = data.items.map((item) => {
      const text = texts.get(item.id)!;
      return { multiInputItemId: item.id, answerText: text, isRight: item.answers.some((a) => normalize(a) === normalize(text)) };
    });
    return { right: results.every((r) => r.isRight), stored: { studentMultiInputResults: results } };
  },
  view(data, stored) {
    return {
      items: data.items.map((i) => ({ id: i.id, questionText: i.question })),
      studentMultiInputResults: (stored as { studentMultiInputResults?: unknown[] } | null)?.studentMultiInputResults ?? [],
    };
  },
};
