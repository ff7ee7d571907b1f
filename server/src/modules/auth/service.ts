import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { AppConfig } from '../../config';
import type { UserRow } from '../../db/schema';
import { ApiError, badRequest } from '../../common/errors';
import type { RateLimiter, RateLimits } from '../../plugins/rate-limit';
import { readCookie, SESSION_COOKIE, setSiteCookie } from '../../plugins/cookies';
import { sentZone } from '../../plugins/zone';
import type { UserRepository } from '../users/repository';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { DEVICE_DAYS, hashToken, isLinkToken, REMEMBER_ME_DAYS, type AuthRepository } from './repository';
import type { CredentialsBody } from './schemas';

/** The rate limiter's kind for sign-in attempts on an account (a recovered password clears it). */
export const SIGN_IN_ATTEMPTS = 'sign-in';
/** The rate limiter's kind for sign-in attempts from a known device (its cookie's token hash). */
const DEVICE_ATTEMPTS = 'sign-in-device';
/** The cookie of a browser that has signed in to an account before (OWASP "device cookies"). */
export const DEVICE_COOKIE = 'academy_device';

/** The browser's device token, when the cookie can be one at all (a random token: no query otherwise). */
function deviceToken(request: FastifyRequest): string | null {
  const token = readCookie(request, DEVICE_COOKIE);
  return isLinkToken(token) ? token : null;
}

/**
 * Starts a session for the user and sets its cookie: kept 30 days with remember-me, else a
 * browser-session cookie (the server expires it too). Sign-in, and free registration which signs in.
 */
export async function startSession(
  sessions: AuthRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
): Promise<void> {
  const session = await sessions.createSession(userId, remember);
  setSiteCookie(request, reply, SESSION_COOKIE, session.token, remember ? REMEMBER_ME_DAYS * 24 * 3600 : undefined);
}

/**
 * Sign-in and sign-out. Every attempt is counted before its password is checked (so a parallel burst
 * gets no more checks than the limit), and counted so that guessing cannot lock the owner out:
 * - from a browser without the account's device cookie: at most `perAddress` attempts per account
 *   from one address (a hard limit for that address only: a shared proxy is never locked out as a
 *   whole), and at most `perAccount` per account from all addresses (a throttle: the reply says how
 *   many seconds until the oldest attempt leaves the window);
 * - from a known device: at most `perAddress` failures per device, nothing else.
 * A right password takes its attempt back; a wrong one keeps it for the window.
 */
export function createAuthService(deps: {
  sessions: AuthRepository;
  users: UserRepository;
  limiter: RateLimiter;
  config: Pick<AppConfig, 'signInLimit'>;
}) {
  const { sessions, users, limiter, config } = deps;
  const { perAccount, perAddress, windowMinutes } = config.signInLimit;
  const accountLimits: RateLimits = { perSubject: perAccount, perPair: perAddress, windowMinutes };
  const deviceLimits: RateLimits = { perSubject: perAddress, windowMinutes };

  /** The device token of the request when it is known for the user. */
  async function knownDevice(request: FastifyRequest, user: UserRow | undefined): Promise<string | null> {
    const token = deviceToken(request);
    if (!token) return null;
    // looked up whether or not the account exists, so the time taken does not tell
    const deviceUser = await sessions.findDeviceUser(token);
    if (!user || deviceUser !== user.id) return null;
    // a blocked account keeps no devices: unblocked, it starts from the account throttle again
    if (user.blocked) {
      await sessions.deleteUserDevices(user.id);
      return null;
    }
    return token;
  }

  /** The user of the credentials, or null; blocked users still pass here. Every attempt counts first. */
  async function checkCredentials(
    body: Static<typeof CredentialsBody> | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<UserRow | null> {
    const username = (body?.username ?? '').trim();
    const password = body?.password ?? '';
    if (!username) throw badRequest('server.noLogin');
    if (!password) throw badRequest('server.noPassword');
    const account = username.toLowerCase();
    const user = await users.findUserByEmail(account);
    const device = await knownDevice(request, user);
    const reservation = device
      ? await limiter.reserve(DEVICE_ATTEMPTS, hashToken(device), request.ip, deviceLimits)
      : await limiter.reserve(SIGN_IN_ATTEMPTS, account, request.ip, accountLimits);
    if (!reservation.ok) {
      const seconds = reservation.retryAfterSeconds;
      void reply.header('retry-after', String(seconds));
      throw new ApiError(429, 'server.tooManyAttempts', { seconds });
    }
    let valid = false;
    if (user) valid = await verifyPassword(password, user.password_hash);
    else await burnPasswordCheck(password);
    if (!valid || !user) return null;
    await reservation.release();
    return user;
  }

  return {
    checkCredentials,

    /**
     * Signs in: a session for the right credentials of an unblocked user, and the browser becomes a
     * known device of the account (a new device cookie replaces the one it sent). The browser's time
     * zone becomes the user's.
     */
    async signIn(
      body: Static<typeof CredentialsBody> | undefined,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<UserRow> {
      const user = await checkCredentials(body, request, reply);
      // Unknown e-mail and wrong password get the same answer, so accounts cannot be enumerated.
      if (!user) throw new ApiError(401, 'server.WrongLoginOrPassword');
      if (user.blocked) {
        await sessions.deleteUserDevices(user.id);
        throw new ApiError(403, 'server.userIsBlocked');
      }
      await startSession(sessions, request, reply, user.id, body?.rememberMe === true);
      // the student's days are counted in it when someone else views their statistics
      const zone = sentZone(request);
      if (zone) await sessions.setTimeZone(user.id, zone);
      const previous = deviceToken(request);
      if (previous) await sessions.deleteDevice(previous);
      setSiteCookie(request, reply, DEVICE_COOKIE, await sessions.createDevice(user.id), DEVICE_DAYS * 24 * 3600);
      return user;
    },

    async signOut(token: string | undefined): Promise<void> {
      if (token) await sessions.deleteSession(token);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
