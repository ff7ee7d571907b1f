import type { TaskKind } from '@academy/shared/contract';

/** What a grader returns: right or wrong, and the answer as stored (with per-item marks). */
export interface Grade {
  right: boolean;
  stored: unknown;
}

/** A kind's grader: its payload schema, the grading, and the student's view of its data. */
export interface Grader<Data, Payload> {
  kind: TaskKind;
  /** JSON schema of the POST body (every payload also carries taskType) */
  schema: object;
  /** throws ApiError(400) for an incomplete answer (spec 2 §5), else grades it */
  grade(data: Data, payload: Payload): Grade;
  /** the kind's fields for the student: never the right answers */
  view(data: Data, stored: unknown): Record<string, unknown>;
}

/** Case, spaces and ё/е do not matter in typed answers. */
export function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase().replace(/ё/g, 'е');
}

export const idList = { type: 'array', items: { type: 'integer', minimum: 1, maximum: 1000000 }, maxItems: 200 } as const;
export const shortText = { type: 'string', maxLength: 2000 } as const;

/** The common body: taskType plus the kind's fields. */
export function payloadSchema(properties: Record<string, object>, required: string[]): object {
  return {
    type: 'object',
    required,
    properties: { taskType: { type: 'string', maxLength: 40 }, ...properties },
    additionalProperties: false,
  };
}

/** An array of answer objects with exactly these integer or text fields, all required. */
export function answerList(properties: Record<string, object>): object {
  return {
    type: 'array',
    maxItems: 200,
    items: { type: 'object', required: Object.keys(properties), properties, additionalProperties: false },
  };
}
