import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A saved draft: the answer as typed, its version and when it was saved. */
export interface DraftRow {
  answer: unknown;
  version: number;
  saved_at: Date;
}

/** The queries of the drafts (`task_drafts`, migration 0028): reads, and saves conditional on the version. */
export function createDraftRepository(db: Kysely<Database>) {
  return {
    find(stateId: number): Promise<DraftRow | undefined> {
      return db
        .selectFrom('task_drafts')
        .select(['answer', 'version', 'saved_at'])
        .where('student_task_id', '=', stateId)
        .executeTakeFirst();
    },

    /**
     * Saves the answer over version `base` (0: the first draft of the task): the saved row, or undefined
     * when the draft is no longer at that version (another tab saved first). One conditional statement,
     * so of two saves over the same version exactly one lands.
     */
    async save(stateId: number, answer: unknown, base: number): Promise<DraftRow | undefined> {
      const json = JSON.stringify(answer);
      if (base === 0)
        return db
          .insertInto('task_drafts')
          .values({ student_task_id: stateId, answer: json, version: 1, saved_at: new Date() })
          .onConflict((oc) => oc.doNothing())
          .returning(['answer', 'version', 'saved_at'])
          .executeTakeFirst();
      return db
        .updateTable('task_drafts')
        .set({ answer: json, version: sql<number>`version + 1`, saved_at: new Date() })
        .where('student_task_id', '=', stateId)
        .where('version', '=', base)
        .returning(['answer', 'version', 'saved_at'])
        .executeTakeFirst();
    },
  };
}

export type DraftRepository = ReturnType<typeof createDraftRepository>;
