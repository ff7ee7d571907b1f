import fp from 'fastify-plugin';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { App } from '../common/types';
import type { Database } from '../db/schema';

/**
 * How many events of a kind may be made within a window: by one subject (an e-mail, an account), from
 * one address, and by one subject from one address (the pair). A missing limit is no limit.
 */
export interface RateLimits {
  perSubject: number;
  perAddress?: number;
  perPair?: number;
  windowMinutes: number;
}

/** A reserved event (`release` takes it back: the attempt did not count), or a refusal with the wait. */
export type Reservation = { ok: true; release(): Promise<void> } | { ok: false; retryAfterSeconds: number };

/** What `rate_reserve` returns: the reserved event's id, or null and the oldest event of each exhausted limit. */
export interface ReservationRow {
  reserved: string | null;
  subject_oldest: Date | string | null;
  address_oldest: Date | string | null;
  pair_oldest: Date | string | null;
}

/**
 * The arguments of `rate_reserve` (migration 0035), named so that a statement built once can send them
 * as its values beside its own (`compiledOnce`).
 */
export interface ReserveArgs {
  reserveKeyA: string;
  reserveKeyB: string | null;
  reserveKind: string;
  reserveSubject: string;
  reserveAddress: string;
  reserveSince: Date;
  reserveNow: Date;
  reservePerSubject: number;
  reservePerAddress: number | null;
  reservePerPair: number | null;
}

/** The call of `rate_reserve`: the keys locked in their order, the count, the insert. */
export const reserveCall = (a: ReserveArgs) =>
  sql<ReservationRow>`rate_reserve(${a.reserveKeyA}, ${a.reserveKeyB}, ${a.reserveKind}, ${a.reserveSubject}, ${a.reserveAddress},
    ${a.reserveSince}, ${a.reserveNow}, ${a.reservePerSubject}, ${a.reservePerAddress}, ${a.reservePerPair})`;

/** A reservation not made yet: its call of `rate_reserve` and that call's arguments, and what a row of it means. */
export interface PendingReservation {
  call: RawBuilder<ReservationRow>;
  args: ReserveArgs;
  outcome(row: ReservationRow): Reservation;
}

/** Events older than this are purged: longer than any window in use. */
const KEEP_HOURS = 24;

/**
 * The one rate limiter: events in the database (`rate_events`), so several server instances share
 * the limits; old events are purged hourly. Sign-in attempts, registrations, recoveries and password
 * changes are kinds of it.
 *
 * Atomic on PostgreSQL's read committed too. A count followed by an insert (check-then-act) lets a
 * whole parallel burst through: every request counts before any of them has inserted. So an event is
 * reserved by one call of `rate_reserve` (migration 0035), which first takes a transaction-scoped
 * advisory lock on each limited key (the subject, and the address when it is limited): requests for one
 * key queue there, and each one counts after the previous holder has committed its event (a lock is
 * released only after its transaction's rows are visible). Keys are locked in one order (sorted), so
 * two requests cannot wait for each other. One statement, one round trip (it was six).
 */
export function createRateLimiter(db: Kysely<Database>) {
  const limiter = {
    /** The limiter's clock (ms since the epoch); tests move it instead of waiting. */
    now: (): number => Date.now(),

    /**
     * The reservation as one call of `rate_reserve`, for a caller that makes it part of its own statement
     * (an answer reserved and moved in one round trip and one commit: `TaskStateOwner.answered`), and how
     * its row reads. The event counts when that statement commits; the keys stay locked until then.
     */
    reservation(kind: string, subject: string, address: string, limits: RateLimits): PendingReservation {
      const now = limiter.now();
      const since = new Date(now - limits.windowMinutes * 60_000);
      const keys = [`${kind}|s|${subject}`];
      if (limits.perAddress !== undefined) keys.push(`${kind}|a|${address}`);
      keys.sort();
      const args: ReserveArgs = {
        reserveKeyA: keys[0]!,
        reserveKeyB: keys[1] ?? null,
        reserveKind: kind,
        reserveSubject: subject,
        reserveAddress: address,
        reserveSince: since,
        reserveNow: new Date(now),
        reservePerSubject: limits.perSubject,
        reservePerAddress: limits.perAddress ?? null,
        reservePerPair: limits.perPair ?? null,
      };
      const outcome = (row: ReservationRow): Reservation => {
        if (row.reserved === null) {
          const oldest = [row.subject_oldest, row.address_oldest, row.pair_oldest].filter((date) => date !== null);
          // the wait until the oldest event of every exhausted limit has left the window
          const freeAt = Math.max(...oldest.map((date) => new Date(date).getTime())) + limits.windowMinutes * 60_000;
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
        }
        const id = row.reserved;
        return {
          ok: true,
          release: async () => {
            await db.deleteFrom('rate_events').where('id', '=', id).execute();
          },
        };
      };
      return { call: reserveCall(args), args, outcome };
    },

    /**
     * Reserves an event before the work it limits (a password check, a mail): the reservation
     * counts at once, so parallel requests cannot all pass a check made before any of them counted.
     */
    async reserve(kind: string, subject: string, address: string, limits: RateLimits): Promise<Reservation> {
      const { call, outcome } = limiter.reservation(kind, subject, address, limits);
      // one statement: the reservation alone
      const { rows } = await sql<ReservationRow>`select * from ${call}`.execute(db);
      return outcome(rows[0]!);
    },

    /** Counts an event that happens at once and says whether it was within the limits (false: refuse it). */
    async hit(kind: string, subject: string, address: string, limits: RateLimits): Promise<boolean> {
      return (await limiter.reserve(kind, subject, address, limits)).ok;
    },

    /** Forgets a subject's events of a kind (a recovered password clears the account's sign-in attempts). */
    async clear(kind: string, subject: string): Promise<void> {
      await db.deleteFrom('rate_events').where('kind', '=', kind).where('subject', '=', subject).execute();
    },

    async purge(): Promise<void> {
      await db
        .deleteFrom('rate_events')
        .where('created_at', '<', new Date(limiter.now() - KEEP_HOURS * 3600_000))
        .execute();
    },
  };
  return limiter;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export default fp(
  async function rateLimitPlugin(app: App) {
    const limiter = createRateLimiter(app.db);
    app.decorate('rateLimiter', limiter);
    const purge = setInterval(() => void limiter.purge().catch(() => undefined), 3600_000);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
