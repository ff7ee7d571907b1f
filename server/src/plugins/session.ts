import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RoleName } from '@academy/shared/contract';
import type { UserRow } from '../db/schema';
import { createAuthRepository } from '../modules/auth/repository';
import { forbidden, unauthorized } from './errors';

export const SESSION_COOKIE = 'academy_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser` / `requireRoles`. */
    user: UserRow | null;
  }
}

export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('user', null);
}

/** Reads the session cookie; a missing, expired or blocked session is a 401. */
async function loadUser(request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw unauthorized();
  const repository = createAuthRepository(request.server.db);
  const user = await repository.findSessionUser(token);
  if (!user) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    throw unauthorized('Your session has ended: sign in again');
  }
  if (user.blocked) {
    await repository.deleteUserSessions(user.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    throw unauthorized('Your account is blocked', 'userIsBlocked');
  }
  request.user = user;
  return user;
}

/** preHandler: any signed-in user. */
export const requireUser: preHandlerAsyncHookHandler = async (request, reply) => {
  await loadUser(request, reply);
};

/** preHandler: a signed-in user whose role is one of `roles`. */
export function requireRoles(roles: readonly RoleName[]): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const user = await loadUser(request, reply);
    if (!roles.includes(user.role)) throw forbidden();
  };
}

/** The signed-in user inside a handler guarded by `requireUser` or `requireRoles`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
