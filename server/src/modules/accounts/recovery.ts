import type { FastifyInstance } from 'fastify';
import { isEmail, PASSWORD_MAX, PASSWORD_MIN, RECOVERY_MINUTES, type Language } from '@academy/shared/contract';
import { ok } from '../../plugins/errors';
import { hashPassword } from '../auth/passwords';
import { createAuthRepository } from '../auth/repository';
import { recoveryMail } from '../mail/templates';
import { accountError, hashToken, newPasswordColumns, newToken, rateLimit, requestLanguage } from './support';

const RECOVERY_LIMIT = { perSubject: 3, perAddress: 10, windowMinutes: 60 };

export default async function recoveryRoutes(app: FastifyInstance): Promise<void> {
  const auth = createAuthRepository(app.db);

  /**
   * Sends a recovery link. The answer is the same whether or not the e-mail has an account (no
   * enumeration); the e-mail and the address are rate-limited.
   */
  app.post<{ Params: { language: Language }; Body: { email?: string } }>(
    '/api/recovery-password/send-recovery-link/:language',
    {
      schema: {
        params: { type: 'object', required: ['language'], properties: { language: { type: 'string', enum: ['ru', 'en'] } } },
        body: { type: 'object', properties: { email: { type: 'string', maxLength: 254 } } },
      },
    },
    async (request) => {
      const language = request.params.language;
      const email = (request.body?.email ?? '').trim().toLowerCase();
      if (!isEmail(email)) throw accountError(language, 'register.email');
      if (!(await rateLimit(app.db, 'recovery', email, request.ip, RECOVERY_LIMIT))) {
        throw accountError(language, 'register.tooMany', 429);
      }
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'email', 'blocked'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .executeTakeFirst();
      if (user && !user.blocked) {
        const { token, hash } = newToken();
        const link = `${app.config.publicUrl}/recovery-pass?token=${token}&lang=${language}`;
        await app.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('password_resets')
            .values({ token_hash: hash, user_id: user.id, expires_at: new Date(Date.now() + RECOVERY_MINUTES * 60_000) })
            .execute();
          await app.mail.enqueue(recoveryMail(language, user.email, link), trx);
        });
      }
      return ok(true);
    },
  );

  const findReset = async (token: unknown) => {
    if (typeof token !== 'string' || token.length < 20 || token.length > 100) return undefined;
    return app.db
      .selectFrom('password_resets')
      .select(['id', 'user_id'])
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
  };

  app.get<{ Querystring: { token?: string; locale?: string } }>(
    '/api/recovery-password/ensure',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { token: { type: 'string', maxLength: 200 }, locale: { type: 'string', maxLength: 5 } },
        },
      },
    },
    async (request) => {
      const language = requestLanguage(request, request.query.locale);
      if (!(await findReset(request.query.token))) throw accountError(language, 'recovery.invalidToken');
      return ok(true);
    },
  );

  /** Sets the new password with a valid link: single use, and every session of the account ends. */
  app.post<{ Body: { token?: string; password?: string; confirmPassword?: string; locale?: string } }>(
    '/api/recovery-password/reset',
    {
      schema: {
        body: {
          type: 'object',
          required: ['token', 'password', 'confirmPassword'],
          properties: {
            token: { type: 'string', maxLength: 200 },
            password: { type: 'string', maxLength: 200 },
            confirmPassword: { type: 'string', maxLength: 200 },
            locale: { type: 'string', enum: ['ru', 'en'] },
          },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { token, password = '', confirmPassword } = request.body;
      const language = requestLanguage(request, request.body.locale);
      if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) throw accountError(language, 'password.length');
      if (password !== confirmPassword) throw accountError(language, 'password.mismatch');
      const reset = await findReset(token);
      if (!reset) throw accountError(language, 'recovery.invalidToken');
      const passwordHash = await hashPassword(password);
      const done = await app.db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('password_resets')
          .set({ used_at: new Date() })
          .where('id', '=', reset.id)
          .where('used_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!taken) return null;
        return trx
          .updateTable('users')
          .set(newPasswordColumns(passwordHash))
          .where('id', '=', reset.user_id)
          .returning('email')
          .executeTakeFirstOrThrow();
      });
      if (!done) throw accountError(language, 'recovery.invalidToken');
      await auth.deleteUserSessions(reset.user_id);
      await auth.clearFailures(done.email.toLowerCase());
      return ok(true);
    },
  );
}
