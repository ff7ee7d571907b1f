import { badRequest } from '../plugins/errors';
import { answerList, payloadSchema, type Grader } from './types';

interface OrderingData {
  items: Array<{ id: number; text: string; position: number }>;
}

export const ordering: Grader<OrderingData, { answerItemDtos: Array<{ id: number; position: number }> }> = {
  kind: 'ordering',
  schema: payloadSchema(
    {
      answerItemDtos: answerList({ id: { type: 'integer' }, position: { type: 'integer', minimum: 1 } }),
    },
    ['answerItemDtos'],
  ),
  grade(data, { answerItemDtos }) {
    const placed = new Map(answerItemDtos.map((a) => [a.id, a.position]));
    const positions = new Set(answerItemDtos.map((a) => a.position));
    // spec 2 §5: every item placed, each at its own place
    if (
      data.items.some((i) => !placed.has(i.id)) ||
      positions.size !== data.items.length ||
      answerItemDtos.length !== data.items.length
    ) {
      throw badRequest('Place every item exactly once');
    }
    const right = data.items.every((i) => placed.get(i.id) === i.position);
    return { right, stored: { answeredItems: [...answerItemDtos].sort((a, b) => a.position - b.position) } };
  },
  view(data, stored) {
    return {
      // listed by id, which is not the right order (ids are shuffled at import)
      taskItems: [...data.items].sort((a, b) => a.id - b.id).map((i) => ({ id: i.id, itemText: i.text })),
      answeredItems: (stored as { answeredItems?: unknown[] } | null)?.answeredItems ?? [],
    };
  },
};

interface AssociationData {
  terms: Array<{ id: number; text: string }>;
  definitions: Array<{ id: number; text: string }>;
  pairs: Array<[number, number]>;
}

export const association: Grader<AssociationData, { studentAnswers: Array<{ termId: number; definitionId: number }> }> = {
  kind: 'association',
  schema: payloadSchema(
    {
      studentAnswers: answerList({ termId: { type: 'integer' }, definitionId: { type: 'integer' } }),
    },
    ['studentAnswers'],
  ),
  grade(data, { studentAnswers }) {
    const chosen = new Map(studentAnswers.map((a) => [a.termId, a.definitionId]));
    if (data.terms.some((t) => !chosen.has(t.id))) throw badRequest('Give every term a definition');
    const known = new Set(data.definitions.map((d) => d.id));
    const right = new Map(data.pairs);
    const results = data.terms.map((t) => {
      const definitionId = chosen.get(t.id)!;
      if (!known.has(definitionId)) throw badRequest('Unknown definition id');
      return { termId: t.id, definitionId, isRight: right.get(t.id) === definitionId };
    });
    return { right: results.every((r) => r.isRight), stored: { studentAssociationResults: results } };
  },
  view(data, stored) {
    return {
      terms: data.terms.map((t) => ({ termId: t.id, text: t.text })),
      definitions: [...data.definitions].sort((a, b) => a.id - b.id).map((d) => ({ definitionId: d.id, text: d.text })),
      studentAssociationResults: (stored as { studentAssociationResults?: unknown[] } | null)?.studentAssociationResults ?? [],
    };
  },
};
