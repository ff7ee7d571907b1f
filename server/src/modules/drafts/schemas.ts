import { Type, type TSchema } from 'typebox';
import type { TaskKind } from '@academy/shared/contract';
import { TASK_KIND_REGISTRY } from '../../grading';
import { CodePayload } from '../../grading/code-kind';
import { IdParams, Nullable } from '../../common/schemas';

export const DraftParams = IdParams('id');

/** The most a draft may weigh as JSON: above a code task's 50,000 characters, far below the server's 1 MB body limit. */
export const DRAFT_MAX_BYTES = 64 * 1024;

export const DraftBody = Type.Object(
  {
    answer: Type.Unknown({ description: 'the answer as the task kind’s POST would send it (the kind’s payload)' }),
    version: Type.Integer({
      minimum: 0,
      maximum: 2147483647,
      description: 'the version this draft was based on (0: none yet); a save over an older one is refused with a 409',
    }),
  },
  { additionalProperties: false },
);

export const SavedDraft = Type.Object({ version: Type.Integer(), savedAt: Type.String({ format: 'date-time' }) });
export const Draft = Nullable(Type.Object({ ...SavedDraft.properties, answer: Type.Unknown() }));

/** A mentor check's draft: the text being written. */
const MentorCheckDraft = Type.Object({ answer: Type.String({ maxLength: 20_000 }) }, { additionalProperties: false });

/**
 * What a kind's draft must look like: the body its answer is sent with, so a draft is always an answer
 * the page can show and send. Null for the kinds with nothing to type (a lecture, a review step).
 */
export function draftSchema(kind: TaskKind): TSchema | null {
  if (kind === 'code') return CodePayload;
  if (kind === 'mentorCheckTask') return MentorCheckDraft;
  return TASK_KIND_REGISTRY[kind].grader?.payload ?? null;
}
