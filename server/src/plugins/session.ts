import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RoleName } from '@academy/shared/contract';
import type { App } from '../common/types';
import type { UserRow } from '../db/schema';
import { createAuthRepository, hashToken, SESSION_IDLE_HOURS } from '../modules/auth/repository';
import { createUserRepository, type UserRepository } from '../modules/users/repository';
import { ApiError, forbidden, unauthorized } from './errors';

export const SESSION_COOKIE = 'academy_session';

/** The `__Host-` form of a cookie's name: the browser keeps it only Secure, host-only and for Path=/. */
const hostOnly = (name: string) => `__Host-${name}`;

/**
 * Whether the cookies of this reply must be Secure: configured so (COOKIE_SECURE=1), or the request
 * came over HTTPS (behind a proxy named in TRUST_PROXY, its X-Forwarded-Proto says so).
 */
export function cookieIsSecure(request: FastifyRequest): boolean {
  return request.server.config.cookieSecure || request.protocol === 'https';
}

/**
 * A cookie's value: over HTTPS only under its `__Host-` name (a plain-named one may have been planted
 * by a sibling subdomain or an http:// reply: session fixation), over plain HTTP under either name.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  if (cookieIsSecure(request)) return request.cookies[hostOnly(name)];
  return request.cookies[hostOnly(name)] ?? request.cookies[name];
}

/** The request's session token (see `readCookie` for which name counts). */
export const sessionToken = (request: FastifyRequest) => readCookie(request, SESSION_COOKIE);

/**
 * Sets an httpOnly SameSite=Lax cookie for the whole site: over HTTPS Secure and named `__Host-…`
 * (no Domain, so no sibling host can set or read it); without `maxAge` it lasts the browser session.
 */
export function setSiteCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds?: number,
): void {
  const secure = cookieIsSecure(request);
  reply.setCookie(secure ? hostOnly(name) : name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  });
  // the other name would shadow or outlive this one
  if (secure && request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/' });
}

/** Clears a cookie under whichever of its names the browser sent. */
export function clearSiteCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  if (request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/' });
  if (request.cookies[hostOnly(name)] !== undefined) {
    reply.clearCookie(hostOnly(name), { path: '/', secure: true, httpOnly: true, sameSite: 'lax' });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser` / `requireRoles`. */
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** sessions and sign-in tokens (made once, for the guards) */
    sessions: ReturnType<typeof createAuthRepository>;
    /** the signed-in user of a session token (cached, see `createSessionCache`) */
    sessionUser(token: string): Promise<UserRow | undefined>;
    /** the one user lookup (find a user, find a student) */
    users: UserRepository;
  }
}

/** Whether the route's `:id` (or `?userId`) names the caller: calls about one's own account only. */
const own =
  (from: 'params' | 'query', name: string) =>
  (request: FastifyRequest, user: UserRow): boolean =>
    String((request[from] as Record<string, unknown> | undefined)?.[name]) === String(user.id);

/**
 * Spec 2 §4, never trusting the browser: a user with an inactivation reason (`INACTIVATION_REASONS`)
 * may make only these signed-in calls, about their own account: read it, its picture, change the
 * picture, the password and the language. Every other guarded route answers 403 `accountInactive`,
 * whatever the role; public calls (sign-in, sign-out, the site's details for the legal pages) have no
 * guard and stay open. docs/accounts.md, "Inactivation".
 */
export const ALLOWED_WHILE_INACTIVE: Readonly<Record<string, (request: FastifyRequest, user: UserRow) => boolean>> = {
  'GET /api/user/profile': () => true,
  'GET /api/user/profile/:id': own('params', 'id'),
  'GET /api/user/profile/:id/image': own('params', 'id'),
  'POST /api/user/profile/image': own('query', 'userId'),
  'PUT /api/user/profile/password': () => true,
  'POST /api/locale/select_lang': () => true,
};

/** Whether a user with an inactivation reason may make this call (the allow-list above). */
function allowedWhileInactive(request: FastifyRequest, user: UserRow): boolean {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const allowed = ALLOWED_WHILE_INACTIVE[`${method} ${request.routeOptions.url}`];
  return allowed !== undefined && allowed(request, user);
}

/**
 * Reads the session cookie; a missing, expired or blocked session is a 401. A user with an
 * inactivation reason keeps the session but gets a 403 `accountInactive` outside the allow-list.
 */
async function loadUser(request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
  const token = sessionToken(request);
  if (!token) throw unauthorized();
  const repository = request.server.sessions;
  const user = await request.server.sessionUser(token);
  if (!user) {
    clearSiteCookie(request, reply, SESSION_COOKIE);
    throw unauthorized('server.sessionEnded');
  }
  if (user.blocked) {
    await repository.deleteUserSessions(user.id);
    await repository.deleteUserDevices(user.id);
    clearSiteCookie(request, reply, SESSION_COOKIE);
    throw new ApiError(401, 'server.userIsBlocked');
  }
  // set first: the refusal below is written in the user's language
  request.user = user;
  if (user.inactivation_reason && !allowedWhileInactive(request, user)) throw forbidden('server.accountInactive');
  return user;
}

/** A guard: refuses the request by throwing an ApiError. The access plugin runs it first thing (onRequest). */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Who a guard lets in: anyone signed in, or the signed-in users of some roles. */
export type GuardRule = { roles: 'any' } | { roles: readonly RoleName[] };

/** Each guard carries its declaration, so the route table says who may call what (plugins/access.ts). */
const guardRules = new WeakMap<Guard, GuardRule>();

/** The declaration a guard carries; undefined for a function that is not one of ours. */
export function guardRule(guard: unknown): GuardRule | undefined {
  return typeof guard === 'function' ? guardRules.get(guard as Guard) : undefined;
}

/** preHandler: any signed-in user. */
export const requireUser: Guard = async (request, reply) => {
  await loadUser(request, reply);
};
guardRules.set(requireUser, { roles: 'any' });

/** preHandler: a signed-in user whose role is one of `roles`. */
export function requireRoles(roles: readonly RoleName[]): Guard {
  const guard: Guard = async (request, reply) => {
    const user = await loadUser(request, reply);
    if (!roles.includes(user.role)) throw forbidden();
  };
  guardRules.set(guard, { roles: [...roles] });
  return guard;
}

/** The signed-in user inside a handler guarded by `requireUser` or `requireRoles`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
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
    app.decorate('users', createUserRepository(app.db));
    const purge = setInterval(() => void repository.purgeExpired().catch(() => undefined), 3600_000);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'session', dependencies: ['database', 'cache-changes'] },
);
