import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { App } from '../common/types';
import { BOOKKEEPING, bookkeepingDb, onCachedWrite } from '../db/database';

/** How often an instance reads `cache_changes`. */
export const POLL_MS = 250;
/**
 * A cache is trusted only while the last read of `cache_changes` began less than this long ago: a change
 * committed anywhere is then forgotten everywhere within a second, even when polls are late or failing
 * (the caches are bypassed until a read succeeds again).
 */
export const TRUST_MS = 900;
/** How long an id not read yet is asked for again: a row whose transaction commits late is still seen. */
const WINDOW_SECONDS = 30;
/** At most this many ids are asked for again (more are in flight only under an absurd write load). */
const MAX_MISSING = 10_000;
/**
 * A commit this soon after a write of a kind makes the next read of that kind check `cache_changes`
 * first (the write may have been in that transaction); a longer transaction is heard of by the timer.
 */
const COMMIT_WINDOW_MS = 5000;
const KINDS: readonly ChangeKind[] = ['account', 'progress', 'content', 'notice'];
/** Which caches a write to a table may concern (a user's deletion cascades to their progress and notices). */
const TABLE_KINDS: Readonly<Record<string, readonly ChangeKind[]>> = {
  users: ['account', 'progress', 'notice'],
  sessions: ['account'],
  student_tasks: ['progress'],
  // the bell's course audiences read enrolments (migration 0024)
  enrollments: ['progress', 'notice'],
  module_unlocks: ['progress'],
  courses: ['content'],
  course_modules: ['content'],
  course_chapters: ['content'],
  course_tasks: ['content'],
  notifications: ['notice'],
  notification_reads: ['notice'],
};

/**
 * What the in-process caches (sessions, course content) must forget, as the database's triggers record
 * it (migration 0021): every instance reads the new rows of `cache_changes` every 250 ms, and at
 * once after this process wrote to a cached table (`onCachedWrite`), before a cache answers again.
 */
export interface CacheChanges {
  /**
   * Resolves once every change of these kinds committed before the call is known here; false when the
   * changes cannot be read (the caches must then be bypassed). Free when this process wrote nothing of
   * these kinds since a recent read.
   */
  sync(kinds: readonly ChangeKind[]): Promise<boolean>;
  /**
   * Bumped by every change of the kind heard of: a cache fill that began under an older value may have
   * read a row older than the change and is not kept (a fill that ends before the change is heard of is
   * forgotten with it).
   */
  generation(kind: ChangeKind): number;
  /**
   * Called with the user whose row or sessions changed (`account`), whose progress changed, or whose
   * notifications or read marks changed (`notice`).
   */
  onUser(kind: UserChangeKind, listener: (userId: number) => void): void;
  /** Called when something of everyone's changed: course content, or a notification to all (`notice`). */
  onAll(kind: 'content' | 'notice', listener: () => void): void;
}

/**
 * What changed (migrations 0021, 0022): a user's account or sessions, a student's progress, course
 * content, or notifications (one user's, or everyone's).
 */
export type ChangeKind = 'account' | 'progress' | 'content' | 'notice';
export type UserChangeKind = Exclude<ChangeKind, 'content'>;

declare module 'fastify' {
  interface FastifyInstance {
    cacheChanges: CacheChanges;
  }
}

export default fp(
  async function cacheChangesPlugin(app: App) {
    const userListeners: Record<UserChangeKind, Array<(userId: number) => void>> = { account: [], progress: [], notice: [] };
    const allListeners: Record<'content' | 'notice', Array<() => void>> = { content: [], notice: [] };
    const generations: Record<ChangeKind, number> = { account: 0, progress: 0, content: 0, notice: 0 };
    /** this process's writes of each kind so far, and how many of them the last read began after */
    const writes: Record<ChangeKind, number> = { account: 0, progress: 0, content: 0, notice: 0 };
    const writesRead: Record<ChangeKind, number> = { account: -1, progress: -1, content: -1, notice: -1 };
    /** when each kind was last written: a commit soon after may be the one that makes it visible */
    const written = new Map<ChangeKind, number>();
    let lastReadStart = 0;
    let reading: Promise<void> | null = null;
    let waiting: Promise<void> | null = null;
    let readingFrom: Record<ChangeKind, number> = { ...writes };

    const forgetUser = (kind: UserChangeKind, userId: number) => {
      // a kind a later version writes is none of this version's caches' business
      if (!(kind in userListeners)) return;
      generations[kind] += 1;
      for (const listener of userListeners[kind]) listener(userId);
    };
    const forgetAll = (kind: 'content' | 'notice') => {
      generations[kind] += 1;
      for (const listener of allListeners[kind]) listener();
    };

    type Row = { id: string | number; kind: ChangeKind; user_id: number | null };
    /** the highest id read so far (null before the first read) */
    let highest: number | null = null;
    /**
     * Ids below `highest` not read yet, with when they were first missed: a transaction that took its
     * id earlier may still commit (or it rolled back: a hole). Each read asks for them again, for
     * WINDOW_SECONDS, so a late commit is still heard of while a read stays small.
     */
    const missing = new Map<number, number>();

    function forgetRows(rows: Row[]) {
      const everyone = new Set<'content' | 'notice'>();
      for (const row of rows) {
        if (row.kind === 'content') everyone.add('content');
        else if (row.user_id !== null) forgetUser(row.kind, row.user_id);
        else if (row.kind === 'notice') everyone.add('notice');
      }
      for (const kind of everyone) forgetAll(kind);
    }

    /** Notes the ids read: the gaps below the highest become missing, the missing found are done. */
    function noteIds(ids: number[], now: number) {
      const found = new Set(ids);
      for (const id of ids) missing.delete(id);
      const top = Math.max(highest ?? 0, ...ids);
      for (let id = (highest ?? top) + 1; id < top && missing.size < MAX_MISSING; id++) if (!found.has(id)) missing.set(id, now);
      highest = top;
      for (const [id, since] of missing) if (now - since > WINDOW_SECONDS * 1000) missing.delete(id);
    }

    const bookkeeping = bookkeepingDb(app.db);
    async function read(): Promise<void> {
      const startedAt = Date.now();
      const from = { ...writes };
      let rows: Row[];
      if (highest === null) {
        // the first read: the last seconds' rows (nothing is cached yet), and the gaps among them
        ({ rows } = await sql<Row>`${sql.raw(BOOKKEEPING)}
          select id, kind, user_id from cache_changes where at > now() - make_interval(secs => ${WINDOW_SECONDS})
          union all (select id, kind, user_id from cache_changes order by id desc limit 1)`.execute(bookkeeping));
        const ids = rows.map((row) => Number(row.id));
        highest = ids.length > 0 ? Math.min(...ids) - 1 : 0;
        noteIds(ids, startedAt);
      } else {
        const gaps = [...missing.keys()];
        ({ rows } = await sql<Row>`${sql.raw(BOOKKEEPING)}
          select id, kind, user_id from cache_changes
          where id > ${highest}${gaps.length > 0 ? sql` or id = any(${gaps}::bigint[])` : sql``}`.execute(bookkeeping));
        noteIds(
          rows.map((row) => Number(row.id)),
          startedAt,
        );
        forgetRows(rows);
      }
      for (const kind of KINDS) writesRead[kind] = Math.max(writesRead[kind], from[kind]);
      lastReadStart = Math.max(lastReadStart, startedAt);
    }

    /**
     * One read at a time, and at most one waiting: a caller whose writes the running read began after
     * shares it; any other shares the waiting read, which begins when the running one ends and so after
     * every write made before it (a chain of reads, one per write heard meanwhile, would grow without
     * bound under a steady write load, and the last caller would wait for all of them).
     */
    function readAfter(kinds: readonly ChangeKind[]): Promise<void> {
      if (reading && kinds.every((kind) => readingFrom[kind] >= writes[kind])) return reading;
      if (waiting) return waiting;
      const start = (): Promise<void> => {
        waiting = null;
        readingFrom = { ...writes };
        const running: Promise<void> = read().finally(() => {
          if (reading === running) reading = null;
        });
        reading = running;
        return running;
      };
      if (!reading) return start();
      waiting = reading.catch(() => undefined).then(start);
      return waiting;
    }

    /** Whether a read began after these writes (this process's, by kind) and recently enough to trust. */
    const fresh = (kinds: readonly ChangeKind[], upTo: Record<ChangeKind, number> = writes) =>
      kinds.every((kind) => writesRead[kind] >= upTo[kind]) && Date.now() - lastReadStart < TRUST_MS;

    const unsubscribe = onCachedWrite(app.db, (write) => {
      const now = Date.now();
      if (write === 'commit') {
        // the transaction that wrote may be this one: what was written lately is checked again
        for (const [kind, at] of written) {
          if (now - at > COMMIT_WINDOW_MS) written.delete(kind);
          else writes[kind] += 1;
        }
        return;
      }
      for (const kind of TABLE_KINDS[write] ?? KINDS) {
        writes[kind] += 1;
        written.set(kind, now);
      }
    });

    const changes: CacheChanges = {
      async sync(kinds) {
        if (fresh(kinds)) return true;
        // the writes made before this call are the ones to be heard of: under a steady write load others
        // land while the read runs, and waiting for them too would bypass the caches for good
        const upTo = { ...writes };
        try {
          await readAfter(kinds);
        } catch (error) {
          app.log.warn({ err: error }, 'cache_changes could not be read: caches bypassed');
          return false;
        }
        return fresh(kinds, upTo);
      },
      generation: (kind) => generations[kind],
      onUser: (kind, listener) => void userListeners[kind].push(listener),
      onAll: (kind, listener) => void allListeners[kind].push(listener),
    };
    app.decorate('cacheChanges', changes);

    let timer: NodeJS.Timeout | null = null;
    const tick = () => {
      readAfter([])
        .catch((error: unknown) => app.log.warn({ err: error }, 'cache_changes could not be read'))
        .finally(() => {
          if (timer) timer = setTimeout(tick, POLL_MS).unref();
        });
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, POLL_MS).unref();
    });
    const purge = setInterval(
      () => void sql`delete from cache_changes where at < now() - interval '1 hour'`.execute(app.db).catch(() => undefined),
      3600_000,
    );
    purge.unref();
    app.addHook('onClose', async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      clearInterval(purge);
      unsubscribe();
      await (waiting ?? reading)?.catch(() => undefined);
    });
  },
  { name: 'cache-changes', dependencies: ['database'] },
);
