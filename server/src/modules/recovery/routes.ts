import { Type } from 'typebox';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { requestLanguage } from '../../plugins/errors';
import { ok } from '../../common/errors';
import { currentUser, requireUser } from '../../plugins/guards';
import { sessionToken } from '../../plugins/cookies';
import { ProfileSchema } from '../profile/schemas';
import { createRecoveryRepository } from './repository';
import { EnsureQuery, LanguageParams, PasswordChangeBody, RecoveryLinkBody, ResetBody } from './schemas';
import { createRecoveryService } from './service';

const tags = ['password'];

/** Passwords: recovery by an e-mailed link (spec 2 §2.13) and the change of one's own password. */
export default async function recoveryModule(app: App): Promise<void> {
  const passwords = createRecoveryService({
    repository: createRecoveryRepository(app.db),
    users: app.users,
    sessions: app.sessions,
    limiter: app.rateLimiter,
    mail: app.mail,
    config: app.config,
  });

  app.post(
    '/api/recovery-password/send-recovery-link/:language',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Send a recovery link (the same answer whether or not the e-mail has an account)',
        tags,
        params: LanguageParams,
        body: RecoveryLinkBody,
        response: Reply(Type.Boolean()),
      },
    },
    async (request) => {
      await passwords.sendLink(request.params.language, request.body.email, request.ip);
      return ok(true);
    },
  );

  app.get(
    '/api/recovery-password/ensure',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether a recovery link is still good',
        tags,
        querystring: EnsureQuery,
        response: Reply(Type.Boolean()),
      },
    },
    async (request) => {
      await passwords.ensure(request.query.token, requestLanguage(request, request.query.locale));
      return ok(true);
    },
  );

  app.post(
    '/api/recovery-password/reset',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Set a new password with a recovery link (single use; every session ends)',
        tags,
        body: ResetBody,
        response: Reply(Type.Boolean()),
      },
    },
    async (request) => {
      await passwords.reset(request.body, requestLanguage(request, request.body.locale));
      return ok(true);
    },
  );

  app.put(
    '/api/user/profile/password',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Change one’s password (other devices are signed out)',
        tags,
        body: PasswordChangeBody,
        response: Reply(ProfileSchema),
      },
    },
    async (request) => ok(await passwords.change(currentUser(request), request.body, request.ip, sessionToken(request))),
  );
}
