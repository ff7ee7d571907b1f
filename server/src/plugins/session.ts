import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RoleName } from '@academy/shared/contract';
import type { App } from '../common/types';
import type { UserRow } from '../db/schema';
import { createAuthRepository } from '../modules/auth/repository';
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
 * guard and stay open. README, "Inactivation".
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
  const user = await repository.findSessionUser(token);
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

/** Sessions: the request's user, the guards above, and an hourly purge of expired sessions. */
export default fp(
  async function sessionPlugin(app: App) {
    app.decorateRequest('user', null);
    const repository = createAuthRepository(app.db);
    app.decorate('sessions', repository);
    app.decorate('users', createUserRepository(app.db));
    const purge = setInterval(() => void repository.purgeExpired().catch(() => undefined), 3600_000);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'session', dependencies: ['database'] },
);
