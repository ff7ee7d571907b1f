import { Value } from 'typebox/value';
import { ApiError, badRequest } from '../../common/errors';
import type { Subject } from '../../plugins/subject';
import type { TaskService } from '../tasks/service';
import type { DraftRepository, DraftRow } from './repository';
import { DRAFT_MAX_BYTES, draftSchema } from './schemas';

const shown = (row: DraftRow) => ({ answer: row.answer, version: row.version, savedAt: new Date(row.saved_at).toISOString() });

/**
 * Drafts (docs/product-decisions.md, "Nothing a student typed is lost"): the unfinished answer of a student's task, kept on the server so it
 * survives a reload, another device, a reset or a cancelled sending. The task rules (whose task, open
 * to them) are the tasks service's; a draft must be the kind's answer shape, and a save names the
 * version it was based on, so a stale tab is told (409) instead of overwriting a newer draft.
 */
export function createDraftService(tasks: TaskService, drafts: DraftRepository) {
  return {
    /** The draft of one of the subject's tasks, or null; a view-as read looks without writing. */
    async read(subject: Subject, studentTaskId: number) {
      await tasks.taskOfState(subject, studentTaskId);
      const row = await drafts.find(studentTaskId);
      return row ? shown(row) : null;
    },

    /** Saves the student's draft over `version`; its new version and time, or a 409 when another save came first. */
    async save(subject: Subject, studentTaskId: number, answer: unknown, version: number) {
      const task = await tasks.taskOfState(subject, studentTaskId);
      const schema = draftSchema(task.kind);
      if (!schema) throw badRequest('server.draftNotForKind');
      if (JSON.stringify(answer).length > DRAFT_MAX_BYTES) throw badRequest('server.answerTooLong');
      if (!Value.Check(schema, answer)) throw badRequest('server.draftInvalid');
      const saved = await drafts.save(studentTaskId, answer, version);
      if (!saved) throw new ApiError(409, 'server.draftConflict');
      const { version: next, savedAt } = shown(saved);
      return { version: next, savedAt };
    },
  };
}
