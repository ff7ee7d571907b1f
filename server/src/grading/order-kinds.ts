import { Type } from 'typebox';
import { z } from 'zod';
import { base, text } from '../content/manifest-parts';
import { badRequest } from '../common/errors';
import { answerList, defineKind, itemId, payload, storedList } from './types';

interface OrderingData {
  items: Array<{ id: number; text: string; position: number }>;
}

export const ordering = defineKind({
  kind: 'ordering',
  manifest: z.object({ ...base, type: z.literal('ordering'), items: z.array(text()).min(2) }).strict(),
  toData: (task, tools): OrderingData => {
    const ids = tools.shuffledIds(task.items.length);
    return { items: task.items.map((text, i) => ({ id: ids[i]!, text, position: i + 1 })) };
  },
  grader: {
    payload: payload({ answerItemDtos: answerList({ id: itemId, position: Type.Integer({ minimum: 1, maximum: 1000 }) }) }),
    grade(data, { answerItemDtos }: { answerItemDtos: Array<{ id: number; position: number }> }) {
      const placed = new Map(answerItemDtos.map((a) => [a.id, a.position]));
      const positions = new Set(answerItemDtos.map((a) => a.position));
      // spec 2 §5: every item placed, each at its own place
      if (
        data.items.some((i) => !placed.has(i.id)) ||
        positions.size !== data.items.length ||
        answerItemDtos.length !== data.items.length
      ) {
        throw badRequest('server.placeEveryItem');
      }
      const right = data.items.every((i) => placed.get(i.id) === i.position);
      return { right, stored: { answeredItems: [...answerItemDtos].sort((a, b) => a.position - b.position) } };
    },
  },
  view: {
    schema: Type.Object({
      taskItems: Type.Array(Type.Object({ id: Type.Integer(), itemText: Type.String() })),
      // issue 32: whether each item of the student's order is in its right place (never the right order)
      answeredItems: Type.Array(
        Type.Object({ id: Type.Integer(), position: Type.Integer(), isRight: Type.Optional(Type.Boolean()) }),
      ),
    }),
    build: (data, stored) => ({
      // listed by id, which is not the right order (ids are shuffled at import)
      taskItems: [...data.items].sort((a, b) => a.id - b.id).map((i) => ({ id: i.id, itemText: i.text })),
      answeredItems: storedList(stored, 'answeredItems').map((answered) => {
        const { id, position } = answered as { id: number; position: number };
        return { id, position, isRight: data.items.some((i) => i.id === id && i.position === position) };
      }),
    }),
  },
});

interface AssociationData {
  terms: Array<{ id: number; text: string }>;
  definitions: Array<{ id: number; text: string }>;
  pairs: Array<[number, number]>;
}

export const association = defineKind({
  kind: 'association',
  manifest: z
    .object({
      ...base,
      type: z.literal('association'),
      pairs: z.array(z.object({ term: text(), definition: text() }).strict()).min(2),
    })
    .strict(),
  toData: (task, tools): AssociationData => {
    const ids = tools.shuffledIds(task.pairs.length);
    return {
      terms: task.pairs.map((p, i) => ({ id: i + 1, text: p.term })),
      definitions: task.pairs.map((p, i) => ({ id: ids[i]!, text: p.definition })),
      pairs: task.pairs.map((_, i) => [i + 1, ids[i]!]),
    };
  },
  grader: {
    payload: payload({ studentAnswers: answerList({ termId: itemId, definitionId: itemId }) }),
    grade(data, { studentAnswers }: { studentAnswers: Array<{ termId: number; definitionId: number }> }) {
      const chosen = new Map(studentAnswers.map((a) => [a.termId, a.definitionId]));
      if (data.terms.some((t) => !chosen.has(t.id))) throw badRequest('server.matchEveryTerm');
      const known = new Set(data.definitions.map((d) => d.id));
      const right = new Map(data.pairs);
      const results = data.terms.map((t) => {
        const definitionId = chosen.get(t.id)!;
        if (!known.has(definitionId)) throw badRequest('server.unknownItem');
        return { termId: t.id, definitionId, isRight: right.get(t.id) === definitionId };
      });
      return { right: results.every((r) => r.isRight), stored: { studentAssociationResults: results } };
    },
  },
  view: {
    schema: Type.Object({
      terms: Type.Array(Type.Object({ termId: Type.Integer(), text: Type.String() })),
      definitions: Type.Array(Type.Object({ definitionId: Type.Integer(), text: Type.String() })),
      studentAssociationResults: Type.Array(
        Type.Object({ termId: Type.Integer(), definitionId: Type.Integer(), isRight: Type.Boolean() }),
      ),
    }),
    build: (data, stored) => ({
      terms: data.terms.map((t) => ({ termId: t.id, text: t.text })),
      definitions: [...data.definitions].sort((a, b) => a.id - b.id).map((d) => ({ definitionId: d.id, text: d.text })),
      studentAssociationResults: storedList(stored, 'studentAssociationResults'),
    }),
  },
});
