import { Type } from 'typebox';
import type { LearnerRole } from '@academy/shared/contract';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { requestLanguage } from '../../plugins/errors';
import { ok } from '../../common/errors';
import { currentUser, requireRoles } from '../../plugins/guards';
import { startSession } from '../auth/service';
import { ProfileSchema } from '../profile/schemas';
import { toProfile } from '../profile/service';
import { createRegistrationRepository } from './repository';
import {
  FreeRegistrationBody,
  HashBody,
  InvitationBody,
  InvitationLink,
  LanguageParams,
  NewInvitationBody,
  TokenInfo,
} from './schemas';
import { createRegistrationService } from './service';

const tags = ['registration'];

/** Registration: free sign-up, sign-up by an invitation link, and the invitations themselves. */
export default async function registrationModule(app: App): Promise<void> {
  const sessions = app.sessions;
  const registration = createRegistrationService({
    repository: createRegistrationRepository(app.db),
    users: app.users,
    limiter: app.rateLimiter,
    mail: app.mail,
    config: app.config,
    clock: app.clock,
  });

  app.post(
    '/api/registration/free/:language',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Free registration: a paying-student account, signed in at once (remember-me)',
        tags,
        params: LanguageParams,
        body: FreeRegistrationBody,
        response: Reply(ProfileSchema),
      },
    },
    async (request, reply) => {
      const user = await registration.registerFree(request.params.language, request.body, request.ip);
      // signed in with remember-me (spec 2 §2.10)
      await startSession(sessions, request, reply, user.id, true);
      return ok(toProfile(user));
    },
  );

  const invited: Array<{ role: LearnerRole; prefix: string; who: string }> = [
    { role: 'PAY_STUDENT', prefix: '/api/registration', who: 'a student' },
    { role: 'STUDENT', prefix: '/api/registration/enrollee', who: 'an enrollee' },
  ];
  for (const { role, prefix, who } of invited) {
    app.post(
      `${prefix}/token_info`,
      {
        config: { access: 'public' },
        schema: {
          summary: `The e-mail of ${who}’s invitation link`,
          tags,
          body: HashBody,
          response: Reply(TokenInfo),
        },
      },
      async (request) => ok(await registration.tokenInfo(request.body.hash, role)),
    );
    app.post(
      prefix,
      {
        config: { access: 'public' },
        schema: {
          summary: `Registration of ${who} by an invitation link (single use)`,
          tags,
          body: InvitationBody,
          response: Reply(Type.Boolean()),
        },
      },
      async (request) => {
        await registration.registerInvited(role, request.body, requestLanguage(request));
        return ok(true);
      },
    );
  }

  app.post(
    '/api/admin/invitations',
    {
      preHandler: requireRoles(['ADMIN']),
      schema: {
        summary: 'Invite a student or an enrollee: the link is returned and sent by e-mail',
        tags,
        body: NewInvitationBody,
        response: Reply(InvitationLink),
      },
    },
    async (request) => ok(await registration.invite(currentUser(request), request.body)),
  );
}
