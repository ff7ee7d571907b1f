import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import type { App } from '../common/types';
import type { Database } from '../db/schema';

/** How many events of a kind one subject (an e-mail, an account) and one address may make in a window. */
export interface RateLimits {
  perSubject: number;
  perAddress: number;
  windowMinutes: number;
}

/** Events older than this are purged: longer than any window in use. */
const KEEP_HOURS = 24;

/**
 * The one rate limiter: events in the database (`rate_events`), so several server instances share
 * the limits; old events are purged hourly. Sign-in failures, registrations, recoveries and password
 * changes are kinds of it.
 */
export function createRateLimiter(db: Kysely<Database>) {
  async function counts(kind: string, subject: string, address: string, windowMinutes: number) {
    const since = new Date(Date.now() - windowMinutes * 60_000);
    return db
      .selectFrom('rate_events')
      .select([
        sql<number>`count(*) filter (where subject = ${subject})::int`.as('subject'),
        sql<number>`count(*) filter (where address = ${address})::int`.as('address'),
      ])
      .where('kind', '=', kind)
      .where('created_at', '>', since)
      .where((eb) => eb.or([eb('subject', '=', subject), eb('address', '=', address)]))
      .executeTakeFirstOrThrow();
  }

  return {
    /** Whether the subject or the address has used up the kind's limit. */
    async exceeded(kind: string, subject: string, address: string, limits: RateLimits): Promise<boolean> {
      const used = await counts(kind, subject, address, limits.windowMinutes);
      return used.subject >= limits.perSubject || used.address >= limits.perAddress;
    },

    /** Records one event. */
    async record(kind: string, subject: string, address: string): Promise<void> {
      await db.insertInto('rate_events').values({ kind, subject, address }).execute();
    },

    /** Counts an event and says whether it was within the limits (false: refuse it). */
    async hit(kind: string, subject: string, address: string, limits: RateLimits): Promise<boolean> {
      if (await this.exceeded(kind, subject, address, limits)) return false;
      await this.record(kind, subject, address);
      return true;
    },

    /** Forgets a subject's events of a kind (a successful sign-in clears its failures). */
    async clear(kind: string, subject: string): Promise<void> {
      await db.deleteFrom('rate_events').where('kind', '=', kind).where('subject', '=', subject).execute();
    },

    async purge(): Promise<void> {
      await db
        .deleteFrom('rate_events')
        .where('created_at', '<', new Date(Date.now() - KEEP_HOURS * 3600_000))
        .execute();
    },
  };
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
