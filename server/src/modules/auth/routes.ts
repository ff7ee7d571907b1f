import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Credentials } from '@academy/shared/contract';
import { ApiError, badRequest, ok } from '../../plugins/errors';
import { SESSION_COOKIE } from '../../plugins/session';
import { toProfile } from '../profile/service';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { createAuthRepository, REMEMBER_ME_DAYS } from './repository';

const credentialsSchema = {
  type: 'object',
  properties: {
    username: { type: 'string', maxLength: 254 },
    password: { type: 'string', maxLength: 200 },
    rememberMe: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const repository = createAuthRepository(app.db);
  const limit = app.config.signInLimit;

  /** Checks the credentials with the rate limit applied; blocked users still pass here. */
  async function checkCredentials(request: FastifyRequest<{ Body: Credentials }>) {
    const body: Partial<Credentials> = request.body ?? {};
    const username = (body.username ?? '').trim();
    const password = body.password ?? '';
    if (!username) throw badRequest('Enter your e-mail', 'noLogin');
    if (!password) throw badRequest('Enter your password', 'noPassword');
    const account = username.toLowerCase();
    const since = new Date(Date.now() - limit.windowMinutes * 60_000);
    const failures = await repository.countFailures(account, request.ip, since);
    if (failures.account >= limit.perAccount || failures.address >= limit.perAddress) {
      throw new ApiError(
        429,
        `Too many failed sign-in attempts. Wait ${limit.windowMinutes} minutes and try again.`,
        'tooManyAttempts',
      );
    }
    const user = await repository.findUserByEmail(account);
    let valid = false;
    if (user) valid = await verifyPassword(password, user.password_hash);
    else await burnPasswordCheck(password);
    if (!valid || !user) {
      await repository.recordFailure(account, request.ip);
      return null;
    }
    return user;
  }

  app.post<{ Body: Credentials }>('/token/validate_user', { schema: { body: credentialsSchema } }, async (request) =>
    ok((await checkCredentials(request)) !== null),
  );

  app.post<{ Body: Credentials }>('/token', { schema: { body: credentialsSchema } }, async (request, reply) => {
    const user = await checkCredentials(request);
    // Unknown e-mail and wrong password get the same answer, so accounts cannot be enumerated.
    if (!user) throw new ApiError(401, 'Wrong e-mail or password', 'WrongLoginOrPassword');
    if (user.blocked) throw new ApiError(403, 'Your account is blocked', 'userIsBlocked');
    await repository.clearFailures(user.email.toLowerCase());
    const remember = request.body.rememberMe === true;
    const session = await repository.createSession(user.id, remember);
    setSessionCookie(reply, session.token, remember, app.config.cookieSecure);
    return ok(toProfile(user));
  });

  app.delete('/token', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await repository.deleteSession(token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(true);
  });

  const purge = setInterval(() => void repository.purgeExpired().catch(() => undefined), 3600_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}

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
