import type { FastifyReply } from 'fastify';
import type { Static } from 'typebox';
import type { AppConfig } from '../../config';
import type { UserRow } from '../../db/schema';
import { ApiError, badRequest } from '../../plugins/errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import { SESSION_COOKIE } from '../../plugins/session';
import type { UserRepository } from '../users/repository';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { REMEMBER_ME_DAYS, type AuthRepository } from './repository';
import type { CredentialsBody } from './schemas';

/** The rate limiter's kind for failed sign-ins (a recovered password clears it). */
export const SIGN_IN_FAILURES = 'sign-in';

/** The session cookie: httpOnly, SameSite=Lax; kept 30 days with remember-me, else a browser-session cookie. */
export function setSessionCookie(reply: FastifyReply, token: string, remember: boolean, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    // Without maxAge the cookie lives as long as the browser session; the server expires it too.
    ...(remember ? { maxAge: REMEMBER_ME_DAYS * 24 * 3600 } : {}),
  });
}

/** Starts a session for the user and sets its cookie (sign-in, and free registration which signs in at once). */
export async function startSession(
  sessions: AuthRepository,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
  secure: boolean,
): Promise<void> {
  const session = await sessions.createSession(userId, remember);
  setSessionCookie(reply, session.token, remember, secure);
}

/** Sign-in and sign-out: credentials checked under the rate limit, sessions started and ended. */
export function createAuthService(deps: {
  sessions: AuthRepository;
  users: UserRepository;
  limiter: RateLimiter;
  config: Pick<AppConfig, 'signInLimit' | 'cookieSecure'>;
}) {
  const { sessions, users, limiter, config } = deps;
  const { perAccount, perAddress, windowMinutes } = config.signInLimit;
  const limits = { perSubject: perAccount, perAddress, windowMinutes };

  /** The user of the credentials, or null; blocked users still pass here. Failures count towards the limit. */
  async function checkCredentials(body: Static<typeof CredentialsBody> | undefined, address: string): Promise<UserRow | null> {
    const username = (body?.username ?? '').trim();
    const password = body?.password ?? '';
    if (!username) throw badRequest('server.noLogin');
    if (!password) throw badRequest('server.noPassword');
    const account = username.toLowerCase();
    if (await limiter.exceeded(SIGN_IN_FAILURES, account, address, limits)) {
      throw new ApiError(429, 'server.tooManyAttempts', { minutes: windowMinutes });
    }
    const user = await users.findUserByEmail(account);
    let valid = false;
    if (user) valid = await verifyPassword(password, user.password_hash);
    else await burnPasswordCheck(password);
    if (!valid || !user) {
      await limiter.record(SIGN_IN_FAILURES, account, address);
      return null;
    }
    return user;
  }

  return {
    checkCredentials,

    /** Signs in: a session for the right credentials of an unblocked user. */
    async signIn(body: Static<typeof CredentialsBody> | undefined, address: string, reply: FastifyReply): Promise<UserRow> {
      const user = await checkCredentials(body, address);
      // Unknown e-mail and wrong password get the same answer, so accounts cannot be enumerated.
      if (!user) throw new ApiError(401, 'server.WrongLoginOrPassword');
      if (user.blocked) throw new ApiError(403, 'server.userIsBlocked');
      await limiter.clear(SIGN_IN_FAILURES, user.email.toLowerCase());
      await startSession(sessions, reply, user.id, body?.rememberMe === true, config.cookieSecure);
      return user;
    },

    async signOut(token: string | undefined): Promise<void> {
      if (token) await sessions.deleteSession(token);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
