// The guards every area's routes declare (who may call), and the request's user they load through the
// session plugin's decorations (modules/auth/session.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RoleName } from '@academy/shared/contract';
import type { UserRow } from '../db/schema';
import { clearSiteCookie, SESSION_COOKIE, sessionToken } from './cookies';
import { ApiError, forbidden, unauthorized } from '../common/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser` / `requireRoles`. */
    user: UserRow | null;
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
