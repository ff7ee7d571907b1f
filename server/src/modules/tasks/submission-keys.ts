import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, badRequest } from '../../common/errors';
import type { Subject } from '../../plugins/subject';

/** The header a browser names a submission with; every retry of that submission sends the same key. */
export const SUBMISSION_KEY_HEADER = 'idempotency-key';
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,100}$/;
/** How long a retry waits for the first request of its key to be graded before it is told to come back. */
const WAIT_MS = 60_000;
const POLL_MS = 50;
/** A claim this old without a reply belongs to a request that died (a killed process): a retry takes it over. */
const LEASE_MS = 2 * 60_000;
/** How long a key is kept: a browser's offline queue sends within a day or gives up. */
const KEEP_MS = 24 * 60 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Submissions graded once (issue 29): the first request with a key claims it (the primary key on
 * user and key decides, on both databases, however many arrive at once) and is graded; its reply is
 * kept. Every other request with that key (a parallel retry, a reload in the middle of sending, the
 * browser's offline queue) waits for that reply and gets it, without grading. A first request that
 * fails releases the key, so a retry is graded as if it were the first.
 */
export function createSubmissionKeys(db: Kysely<Database>) {
  const keys = () => db.selectFrom('submission_keys');

  async function claim(userId: number, key: string, stateId: number): Promise<boolean> {
    const now = new Date();
    await db
      .deleteFrom('submission_keys')
      .where('user_id', '=', userId)
      .where('claimed_at', '<', new Date(now.getTime() - KEEP_MS))
      .execute();
    const claimed = await db
      .insertInto('submission_keys')
      .values({ user_id: userId, key, student_task_id: stateId, reply: null, claimed_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('key')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  /** Takes over a claim whose request died (no reply after the lease): one conditional update, one winner. */
  async function takeOver(userId: number, key: string, claimedAt: Date): Promise<boolean> {
    const taken = await db
      .updateTable('submission_keys')
      .set({ claimed_at: new Date() })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('reply', 'is', null)
      .where('claimed_at', '=', claimedAt)
      .returning('key')
      .executeTakeFirst();
    return taken !== undefined;
  }

  async function graded<T>(userId: number, key: string, act: () => Promise<T>): Promise<T> {
    try {
      const reply = await act();
      await db
        .updateTable('submission_keys')
        .set({ reply: JSON.stringify(reply) })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
      return reply;
    } catch (error) {
      await db
        .deleteFrom('submission_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('reply', 'is', null)
        .execute();
      throw error;
    }
  }

  return {
    /**
     * Runs `act` (the grading of a submission to the task state `stateId`) once per key the request
     * names; without a key, every request is graded. The key belongs to the caller (the viewer).
     */
    async once<T>(subject: Subject, request: FastifyRequest, stateId: number, act: () => Promise<T>): Promise<T> {
      const header = request.headers[SUBMISSION_KEY_HEADER];
      if (header === undefined) return act();
      if (typeof header !== 'string' || !KEY_SHAPE.test(header)) throw badRequest('server.submissionKeyInvalid');
      const userId = subject.viewer.id;
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        if (await claim(userId, header, stateId)) return graded(userId, header, act);
        const row = await keys()
          .select(['student_task_id', 'reply', 'claimed_at'])
          .where('user_id', '=', userId)
          .where('key', '=', header)
          .executeTakeFirst();
        if (!row) continue; // the first request failed and let the key go: this one is graded
        if (row.student_task_id !== stateId) throw badRequest('server.submissionKeyReused');
        if (row.reply !== null) return row.reply as T;
        const claimedAt = new Date(row.claimed_at);
        if (Date.now() - claimedAt.getTime() > LEASE_MS && (await takeOver(userId, header, claimedAt)))
          return graded(userId, header, act);
        if (Date.now() > deadline) throw new ApiError(409, 'server.submissionInProgress');
        await sleep(POLL_MS);
      }
    },
  };
}

export type SubmissionKeys = ReturnType<typeof createSubmissionKeys>;
