import fp from 'fastify-plugin';
import type { App } from '../../common/types';
import type { UserRow } from '../../db/schema';
import { createAuthRepository, hashToken, SESSION_IDLE_HOURS } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** sessions and sign-in tokens (made once, for the guards) */
    sessions: ReturnType<typeof createAuthRepository>;
    /** the signed-in user of a session token (cached, see `createSessionCache`) */
    sessionUser(token: string): Promise<UserRow | undefined>;
  }
}

/** At most this many sessions are cached per instance (the oldest cached goes first). */
const SESSION_CACHE_SIZE = 50_000;
/** A browser session's expiry is moved when less than this is left: at most one write in six hours. */
const SLIDE_WHEN_LEFT_MS = (SESSION_IDLE_HOURS * 3600_000) / 2;

interface CachedSession {
  user: UserRow;
  remember: boolean;
  expiresAt: number;
}

/**
 * The signed-in user of a session token, cached in process by the token's hash so a request costs no
 * query for it. Forgotten when the database says the user's row or sessions changed (`cache_changes`:
 * sign-out, a block, a new password, a role…), at once on this instance and within a second on every
 * other one; a cache that cannot be kept fresh is bypassed. Each request gets its own copy of the row.
 */
function createSessionCache(app: App, repository: ReturnType<typeof createAuthRepository>) {
  const byToken = new Map<string, CachedSession>();
  const byUser = new Map<number, Set<string>>();

  const forget = (id: string) => {
    const cached = byToken.get(id);
    if (!cached) return;
    byToken.delete(id);
    const ids = byUser.get(cached.user.id);
    ids?.delete(id);
    if (ids?.size === 0) byUser.delete(cached.user.id);
  };
  app.cacheChanges.onUser('account', (userId) => {
    for (const id of byUser.get(userId) ?? []) byToken.delete(id);
    byUser.delete(userId);
  });

  const keep = (id: string, session: CachedSession) => {
    forget(id);
    if (byToken.size >= SESSION_CACHE_SIZE) {
      const oldest = byToken.keys().next();
      if (!oldest.done) forget(oldest.value);
    }
    byToken.set(id, session);
    let ids = byUser.get(session.user.id);
    if (!ids) byUser.set(session.user.id, (ids = new Set()));
    ids.add(id);
  };

  /** Slides a browser session when less than half its idle time is left (spec: 12 idle hours). */
  async function slide(id: string, session: CachedSession): Promise<void> {
    if (session.remember || session.expiresAt - Date.now() >= SLIDE_WHEN_LEFT_MS) return;
    session.expiresAt = (await repository.slideSession(id)).getTime();
  }

  return async function sessionUser(token: string): Promise<UserRow | undefined> {
    const id = hashToken(token);
    const trusted = await app.cacheChanges.sync(['account']);
    if (trusted) {
      const cached = byToken.get(id);
      if (cached && cached.expiresAt > Date.now()) {
        await slide(id, cached);
        return { ...cached.user };
      }
    }
    const generation = app.cacheChanges.generation('account');
    const found = await repository.findSession(id);
    if (!found) {
      forget(id);
      return undefined;
    }
    const session: CachedSession = { user: found.user, remember: found.remember, expiresAt: found.expiresAt.getTime() };
    await slide(id, session);
    // a change heard of while the row was read may be newer than the row: do not keep it
    if (trusted && !found.user.blocked && app.cacheChanges.generation('account') === generation) keep(id, session);
    return { ...found.user };
  };
}

/** Sessions: the request's user, the guards above, and an hourly purge of expired sessions. */
export default fp(
  async function sessionPlugin(app: App) {
    app.decorateRequest('user', null);
    const repository = createAuthRepository(app.db);
    app.decorate('sessions', repository);
    app.decorate('sessionUser', createSessionCache(app, repository));
    const purge = setInterval(() => void repository.purgeExpired().catch(() => undefined), 3600_000);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'session', dependencies: ['database', 'cache-changes', 'users'] },
);
