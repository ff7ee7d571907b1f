import { Type, type TObject, type TProperties, type TSchema } from 'typebox';
import type { z } from 'zod';
import type { TaskKind } from '@academy/shared/contract';
import type { TaskManifestBase } from '../content/manifest-parts';

/** What a grader returns: right or wrong, and the answer as stored (with per-item marks). */
export interface Grade {
  right: boolean;
  stored: unknown;
}

/** What the import transform may use: stable shuffled ids (never the identity) for a task. */
export interface ImportTools {
  shuffledIds(count: number): number[];
}

/**
 * A task kind on the server, in one place: the manifest schema authors write, the import transform
 * to the stored data (answers stay on the server), the grader of an instantly graded kind, and the
 * student's view with its schema (the reply is serialised through it: a field not in the schema,
 * such as a right answer, cannot leave). Stored data and payloads arrive as JSON: `unknown` here.
 */
export interface TaskKindDefinition {
  kind: TaskKind;
  manifest: z.ZodType<TaskManifestBase>;
  toData(task: TaskManifestBase, tools: ImportTools): unknown;
  /** instantly graded kinds: the POST body's schema and the grading (a 400 for an incomplete answer) */
  grader?: { payload: TSchema; grade(data: unknown, payload: unknown): Grade };
  /** the kind's fields in the student's view, and their schema */
  view: { schema: TObject; build(data: unknown, stored: unknown): Record<string, unknown> };
}

/**
 * Declares a kind with its own types checked. The registry holds it with JSON in and out: the one
 * place that trusts stored data to be what this kind's `toData` wrote, and a payload to have passed
 * `grader.payload` (fastify validates it before the handler runs).
 */
export function defineKind<M extends TaskManifestBase, Data, Payload = never>(definition: {
  kind: M['type'];
  manifest: z.ZodType<M>;
  toData(task: M, tools: ImportTools): Data;
  grader?: { payload: TSchema; grade(data: Data, payload: Payload): Grade };
  view: { schema: TObject; build(data: Data, stored: unknown): Record<string, unknown> };
}): TaskKindDefinition & { dataOf(task: { kind: TaskKind; data: unknown }): Data } {
  const { grader, view } = definition;
  return {
    /** A stored task's data with this kind's type: only for a task of this kind (else it throws). */
    dataOf(task) {
      if (task.kind !== definition.kind) throw new Error(`a ${task.kind} task read as ${definition.kind}`);
      return task.data as Data;
    },
    kind: definition.kind,
    manifest: definition.manifest,
    toData: (task, tools) => definition.toData(task as M, tools),
    grader: grader && { payload: grader.payload, grade: (data, body) => grader.grade(data as Data, body as Payload) },
    view: { schema: view.schema, build: (data, stored) => view.build(data as Data, stored) },
  };
}

/** Case, spaces and ё/е do not matter in typed answers. */
export function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase().replace(/ё/g, 'е');
}

/** A solve body: the kind's fields plus the `taskType` every payload carries (spec 2 §7). */
export const payload = <P extends TProperties>(properties: P) =>
  Type.Object({ taskType: Type.Optional(Type.String({ maxLength: 40 })), ...properties }, { additionalProperties: false });

/** A bounded list of answer objects with exactly these fields. */
export const answerList = <P extends TProperties>(properties: P) =>
  Type.Array(Type.Object(properties, { additionalProperties: false }), { maxItems: 200 });

export const idList = Type.Array(Type.Integer({ minimum: 1, maximum: 1000000 }), { maxItems: 200 });
export const shortText = Type.String({ maxLength: 2000 });
export const itemId = Type.Integer({ minimum: 0, maximum: 1000000 });

/** A field of stored JSON (a task's data, a stored answer), or undefined. */
export function storedField(stored: unknown, key: string): unknown {
  return typeof stored === 'object' && stored !== null && key in stored ? (stored as Record<string, unknown>)[key] : undefined;
}

/** A text field of stored JSON, or undefined. */
export function storedText(stored: unknown, key: string): string | undefined {
  const value = storedField(stored, key);
  return typeof value === 'string' ? value : undefined;
}

/** The stored answer's list under `key`, or an empty list. */
export function storedList(stored: unknown, key: string): unknown[] {
  const value = storedField(stored, key);
  return Array.isArray(value) ? value : [];
}
