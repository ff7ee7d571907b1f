/**
 * The draft of a task's unfinished answer (`GET/PUT /api/student/taskInfo/{id}/draft`, issue 29): the
 * answer as the kind's POST would send it, the version it is at and when it was saved (ISO).
 */
export interface TaskDraft {
  answer: unknown;
  version: number;
  savedAt: string;
}

/** A saved draft's new version and time (`PUT …/draft`); a save over an older version answers 409. */
export interface SavedTaskDraft {
  version: number;
  savedAt: string;
}

/** The header naming a submission: every retry of it carries the same key, and the server grades it once. */
export const SUBMISSION_KEY_HEADER = 'Idempotency-Key';
